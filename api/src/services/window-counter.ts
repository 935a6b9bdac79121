import type { Db } from '../db/connection.js';
import type { Timestamp } from '../db/rows.js';
import { toIso } from '../db/values.js';

/**
 * Counts one event on `key` in a fixed window and answers the seconds to wait when the count is over `limit`, else 0.
 * One upsert counts and answers the new count, so a burst of parallel calls cannot slip past the limit, and the
 * counter lives in the database, so the limit holds across API processes.
 */
export async function countInWindow(
  db: Db, table: string, column: string, key: string, limit: number, windowMs: number,
): Promise<number> {
  const now = Date.now();
  const closed = new Date(now - windowMs).toISOString();
  const [row] = (await db(table)
    .insert({ key, [column]: 1, windowStart: new Date(now).toISOString() })
    .onConflict('key')
    .merge({
      [column]: db.raw(`CASE WHEN ??.window_start <= ? THEN 1 ELSE ??.?? + 1 END`, [table, closed, table, column]),
      windowStart: db.raw('CASE WHEN ??.window_start <= ? THEN excluded.window_start ELSE ??.window_start END', [table, closed, table]),
    })
    .returning([column, 'windowStart'])) as ({ windowStart: Timestamp } & Record<typeof column, number>)[];
  if (Number(row![column]) <= limit) return 0;
  return Math.max(1, Math.ceil((new Date(toIso(row!.windowStart) ?? 0).getTime() + windowMs - now) / 1000));
}
