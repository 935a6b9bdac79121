import type { Db } from '../../db/connection.js';
import type { CustomVideoRow } from '../../db/rows.js';
import { paginate, type Page } from './published.js';

export function createCustomVideoReads(db: Db) {
  return {
    /** Active videos by priority, then newest. */
    list: async (page: Page): Promise<CustomVideoRow[]> =>
      paginate(db('custom_videos').where('active', true)
        .orderBy('priority', 'desc').orderBy('createdAt', 'desc').orderBy('id', 'desc'), page),
    bySlug: async (slug: string): Promise<CustomVideoRow | undefined> => db('custom_videos').where({ slug, active: true }).first(),
  };
}
