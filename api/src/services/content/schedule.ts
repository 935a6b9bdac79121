import type { Db } from '../../db/connection.js';
import { toIso } from '../../db/values.js';

/**
 * The next moment a public answer changes by itself: a scheduled item going live,
 * an ad starting or ending. Cached public answers must not outlive it.
 */
export function createSchedule(db: Db) {
  return async function nextScheduledChange(): Promise<number> {
    const now = new Date().toISOString();
    const soonest = (table: string, column: string, scoped: boolean) => {
      const query = db(table).min(`${column} as next`).where(column, '>', now);
      if (scoped) query.where('status', 'published');
      return query.first();
    };
    const rows = await Promise.all([
      soonest('articles', 'publishedAt', true),
      soonest('podcasts', 'publishedAt', true),
      soonest('people_profiles', 'publishedAt', true),
      soonest('advertisements', 'startDate', false),
      soonest('advertisements', 'endDate', false),
    ]);
    const times = rows.map((row) => toIso((row as { next?: unknown } | undefined)?.next))
      .filter((value): value is string => value !== null)
      .map((value) => new Date(value).getTime());
    return times.length > 0 ? Math.min(...times) : Number.POSITIVE_INFINITY;
  };
}
