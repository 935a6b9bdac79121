import type { Db } from '../db/connection.js';
import { toIso } from '../db/values.js';

/**
 * Fixed-window counters in the database, so that a limit holds across API processes. One upsert counts the call
 * and answers the new count, so a burst of parallel calls cannot slip past the limit.
 */
export function createRateLimit(db: Db) {
  return {
    /** Counts one call on `key`; answers the seconds to wait when the count is over `limit`, else 0. */
    async hit(key: string, limit: number, windowMs: number): Promise<number> {
      const now = Date.now();
      const closed = new Date(now - windowMs).toISOString();
      const [row] = (await db('rate_limits')
        .insert({ key, count: 1, windowStart: new Date(now).toISOString() })
        .onConflict('key')
        .merge({
          count: db.raw('CASE WHEN rate_limits.window_start <= ? THEN 1 ELSE rate_limits.count + 1 END', [closed]),
          windowStart: db.raw('CASE WHEN rate_limits.window_start <= ? THEN excluded.window_start ELSE rate_limits.window_start END', [closed]),
        })
        .returning(['count', 'windowStart'])) as { count: number; windowStart: string | Date }[];
      if (Number(row!.count) <= limit) return 0;
      return Math.max(1, Math.ceil((new Date(toIso(row!.windowStart) ?? 0).getTime() + windowMs - now) / 1000));
    },
    /** Windows older than an hour no longer matter (no limit here is longer). */
    purgeExpired: () => db('rate_limits').where('windowStart', '<', new Date(Date.now() - 3_600_000).toISOString()).delete(),
  };
}
