import type { AdPlacement } from '@redaktion/shared';
import type { Db } from '../../db/connection.js';
import type { AdvertisementRow } from '../../db/rows.js';
import { paginate, type Page } from './published.js';

export function createAdvertisementReads(db: Db) {
  /** Active ads inside their start and end dates: the only ones readers see, count and click. */
  const running = () => {
    const now = new Date().toISOString();
    return db('advertisements').where('active', true)
      .where((where) => where.whereNull('startDate').orWhere('startDate', '<=', now))
      .where((where) => where.whereNull('endDate').orWhere('endDate', '>', now));
  };
  return {
    running,

    async list(page: Page & { placement?: AdPlacement }): Promise<AdvertisementRow[]> {
      const query = running().orderBy('createdAt', 'desc').orderBy('id', 'desc');
      if (page.placement) query.where('placement', page.placement);
      return paginate(query, page, 100);
    },

    /** Counts one impression; false when the ad is not running. */
    countImpression: async (id: number) => (await running().where({ id }).increment('impressions', 1)) > 0,

    /** Counts one click and answers where it leads, or null when the ad is not running or has no link. */
    async countClick(id: number): Promise<string | null> {
      const ad: Pick<AdvertisementRow, 'linkUrl'> | undefined = await running().where({ id }).whereNotNull('linkUrl').first('linkUrl');
      if (!ad?.linkUrl) return null;
      await db('advertisements').where({ id }).increment('clicks', 1);
      return ad.linkUrl;
    },
  };
}
