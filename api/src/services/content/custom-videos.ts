import type { Db } from '../../db/connection.js';
import { paginate, type Page } from './published.js';

export function createCustomVideoReads(db: Db) {
  return {
    /** Active videos by priority, then newest. */
    list: (page: Page) =>
      paginate(db('custom_videos').where('active', true)
        .orderBy('priority', 'desc').orderBy('createdAt', 'desc').orderBy('id', 'desc'), page),
    bySlug: (slug: string) => db('custom_videos').where({ slug, active: true }).first(),
  };
}
