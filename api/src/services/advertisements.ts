import type { AdPlacement } from '@redaktion/shared';
import type { Db } from '../db/connection.js';
import { paginate, type Page } from './published.js';

export function createAdvertisementReads(db: Db) {
  return {
    /** Active ads inside their start and end dates. */
    list(page: Page & { placement?: AdPlacement }) {
      const now = new Date().toISOString();
      const query = db('advertisements').where('active', true)
        .where((where) => where.whereNull('startDate').orWhere('startDate', '<=', now))
        .where((where) => where.whereNull('endDate').orWhere('endDate', '>', now))
        .orderBy('createdAt', 'desc').orderBy('id', 'desc');
      if (page.placement) query.where('placement', page.placement);
      return paginate(query, page, 100);
    },
  };
}
