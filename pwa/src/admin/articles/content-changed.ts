import { useServices } from '../../app/context';
import { PENDING_KEY } from '../Dashboard';
import { invalidate } from '../data';

export type ContentType = 'article' | 'podcast' | 'profile';

/** The overview figures' query key. */
export const STATS_KEY = '/api/admin/stats';

/** The admin list of each content type (also its query key). */
export const ADMIN_LISTS: Record<ContentType, string> = {
  article: '/api/admin/articles', podcast: '/api/admin/podcasts', profile: '/api/admin/people-profiles',
};
const READER_LISTS: Record<ContentType, string[]> = {
  article: ['/api/articles'], podcast: ['/api/podcasts', '/api/podcast-series'], profile: ['/api/people'],
};

/**
 * After an item of the publication workflow changed: its admin list, the overview figures and the approvals
 * (a save as pending opens one) load again, and so do the reader pages' lists in this tab.
 */
export function useContentChanged() {
  const { cache } = useServices();
  return (type: ContentType) => {
    invalidate(ADMIN_LISTS[type], STATS_KEY, PENDING_KEY);
    for (const path of READER_LISTS[type]) cache.invalidate(path);
  };
}
