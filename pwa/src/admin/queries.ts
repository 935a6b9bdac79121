import { useCallback } from 'react';
import { invalidate } from './data';
import { usePlatform } from './platform';

/**
 * The admin's reads and what a change makes stale, in one place (admin-area.md §9: kept until a change).
 * A read's key is the API path it loads, so that one key also refreshes its variants (`/api/admin/users?q=…`).
 */
export const QUERY_KEYS = {
  stats: '/api/admin/stats',
  approvals: '/api/admin/approvals/pending',
  articles: '/api/admin/articles',
  podcasts: '/api/admin/podcasts',
  series: '/api/admin/podcast-series',
  profiles: '/api/admin/people-profiles',
  journalists: '/api/admin/journalists',
  ads: '/api/admin/advertisements',
  categories: '/api/admin/categories',
  customVideos: '/api/admin/custom-videos',
  users: '/api/admin/users',
  offers: '/api/admin/offers',
  newsletter: '/api/admin/newsletter',
  newsletterSends: '/api/admin/newsletter/sends',
  sharedFeeds: '/api/admin/podcast-feeds/shared',
  config: '/api/config',
} as const;

const K = QUERY_KEYS;

/** Each kind of change: the admin reads to load again and the public answers (path prefixes) the host may keep. */
const STALE_AFTER = {
  // A save as pending opens an approval; the overview counts every item of the publication workflow.
  article: { admin: [K.articles, K.stats, K.approvals], reader: ['/api/articles'] },
  podcast: { admin: [K.podcasts, K.series, K.stats, K.approvals], reader: ['/api/podcast'] },
  profile: { admin: [K.profiles, K.stats, K.approvals], reader: ['/api/people'] },
  series: { admin: [K.series], reader: ['/api/podcast'] },
  ad: { admin: [K.ads, K.stats], reader: ['/api/advertisements'] },
  category: { admin: [K.categories], reader: ['/api/categories'] },
  customVideo: { admin: [K.customVideos], reader: ['/api/custom-videos'] },
  journalist: { admin: [K.journalists], reader: [] },
  user: { admin: [K.users], reader: [] },
  offer: { admin: [K.offers], reader: [] },
  // A queued digest joins the history; the counts are read again for the figure on the send button.
  digest: { admin: [K.newsletterSends, K.newsletter], reader: [] },
} satisfies Record<string, { admin: string[]; reader: string[] }>;

export type Change = keyof typeof STALE_AFTER;

/** After a change: the admin reads it touched load again, and the host forgets its copies of the public answers. */
export function useChanged(): (change: Change) => void {
  const { readerDataChanged } = usePlatform();
  return useCallback((change: Change) => {
    const { admin, reader } = STALE_AFTER[change];
    invalidate(...admin);
    if (reader.length > 0) readerDataChanged(reader);
  }, [readerDataChanged]);
}
