import type { Db } from '../../db/connection.js';
import { toCount } from '../../db/values.js';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export interface Trend {
  thisWeek: number;
  lastWeek: number;
}

/** The overview cards, counted in the database: totals and what was added this week against the week before. */
export function createStats(db: Db) {
  async function trend(table: string, column = 'createdAt'): Promise<Trend> {
    const now = Date.now();
    const since = (ms: number) => new Date(now - ms).toISOString();
    // A sum is null over no rows, and text on PostgreSQL.
    const row: { thisWeek: number | string | null; lastWeek: number | string | null } = await db(table)
      .select(
        db.raw(`sum(case when ?? >= ? then 1 else 0 end) as this_week`, [column, since(WEEK_MS)]),
        db.raw(`sum(case when ?? >= ? and ?? < ? then 1 else 0 end) as last_week`, [column, since(2 * WEEK_MS), column, since(WEEK_MS)]),
      ).first();
    return { thisWeek: Number(row.thisWeek ?? 0), lastWeek: Number(row.lastWeek ?? 0) };
  }

  const count = async (query: ReturnType<Db>) => toCount(await query.count('* as count').first());

  return async function stats() {
    const now = new Date().toISOString();
    const [articlesTotal, articlesPublished, podcastsTotal, podcastsPublished, activeAds, pendingReviews, users,
      articleTrend, podcastTrend, userTrend] = await Promise.all([
      count(db('articles')),
      count(db('articles').where({ status: 'published' }).where('publishedAt', '<=', now)),
      count(db('podcasts')),
      count(db('podcasts').where({ status: 'published' }).where('publishedAt', '<=', now)),
      count(db('advertisements').where({ active: true })
        .where((w) => w.whereNull('startDate').orWhere('startDate', '<=', now))
        .where((w) => w.whereNull('endDate').orWhere('endDate', '>', now))),
      count(db('content_approvals').where({ status: 'pending' })),
      count(db('users')),
      trend('articles'),
      trend('podcasts'),
      trend('users'),
    ]);
    return {
      articles: { total: articlesTotal, published: articlesPublished, ...articleTrend },
      podcasts: { total: podcastsTotal, published: podcastsPublished, ...podcastTrend },
      advertisements: { active: activeAds },
      approvals: { pending: pendingReviews },
      users: { total: users, ...userTrend },
    };
  };
}
