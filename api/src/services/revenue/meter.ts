import type { Meter } from '@redaktion/shared';
import { stockholmMonth } from '@redaktion/shared/time';
import type { Db } from '../../db/connection.js';
import { isPostgres } from '../../db/connection.js';
import { nowIso, toIso } from '../../db/values.js';

/** What the meter says of one premium article for one reader: whether its body is open to them, and their meter. */
export interface MeterVerdict { open: boolean; meter: Meter }

/**
 * The metered paywall (contract §9 [revenue]): a signed-in reader who is not entitled reads `limit` distinct premium
 * articles a calendar month (Stockholm time) in full, and an article counted stays open for the rest of the month.
 * Counting is one row per reader, month and article: the same article never counts twice, and the reader's row is
 * locked while a new one is counted, so that two tabs opening two articles at once cannot both take the last read.
 */
export function createMeter(db: Db, limit: number) {
  const usedIn = async (trx: Db, userId: number, period: string): Promise<number> =>
    Number(((await trx('meter_reads').where({ userId, period }).count({ n: '*' }).first()) as { n: number | string } | undefined)?.n ?? 0);

  return {
    /** Whether metering is on (METER_FREE_ARTICLES > 0); off, premium is for entitled readers only. */
    enabled: limit > 0,

    /**
     * Opens a premium article for a metered reader. `spend` is false for a background refresh of something the
     * device already keeps: it opens an article counted this month and counts nothing new.
     */
    open(userId: number, articleId: number, spend: boolean, at = new Date()): Promise<MeterVerdict> {
      const period = stockholmMonth(at);
      return db.transaction(async (trx) => {
        if (spend && isPostgres(trx)) await trx('users').where({ id: userId }).forUpdate().first('id');
        const counted = Boolean(await trx('meter_reads').where({ userId, period, articleId }).first('articleId'));
        let used = await usedIn(trx, userId, period);
        const counts = !counted && spend && used < limit;
        if (counts) {
          await trx('meter_reads').insert({ userId, articleId, period, createdAt: nowIso() }).onConflict(['userId', 'period', 'articleId']).ignore();
          used += 1;
        }
        return { open: counted || counts, meter: { limit, used, remaining: Math.max(0, limit - used) } };
      });
    },

    /** A reader's meter this month without opening anything (the dashboard, a locked article's answer). */
    async meterOf(userId: number, at = new Date()): Promise<Meter> {
      const used = await usedIn(db, userId, stockholmMonth(at));
      return { limit, used, remaining: Math.max(0, limit - used) };
    },

    /** The reads an account's export lists. */
    async readsOf(userId: number): Promise<{ articleId: number; month: string; readAt: string }[]> {
      const rows: { articleId: number; period: string; createdAt: string | Date }[] = await db('meter_reads').where({ userId }).orderBy('createdAt')
        .select('articleId', 'period', 'createdAt');
      return rows.map((row) => ({ articleId: row.articleId, month: row.period, readAt: toIso(row.createdAt)! }));
    },
  };
}

export type MeterService = ReturnType<typeof createMeter>;
