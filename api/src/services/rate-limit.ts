import type { Db } from '../db/connection.js';
import { countInWindow } from './window-counter.js';

/** Fixed-window limits per key (sign-ups per client), counted in the database (`countInWindow`). */
export function createRateLimit(db: Db) {
  return {
    /** Counts one call on `key`; answers the seconds to wait when the count is over `limit`, else 0. */
    hit: (key: string, limit: number, windowMs: number): Promise<number> => countInWindow(db, 'rate_limits', 'count', key, limit, windowMs),
    /** Windows older than an hour no longer matter (no limit here is longer). */
    purgeExpired: () => db('rate_limits').where('windowStart', '<', new Date(Date.now() - 3_600_000).toISOString()).delete(),
  };
}
