import type { Knex } from 'knex';
import { ENTITLED_SUBSCRIPTION_STATUSES } from '@redaktion/shared';
import type { Db } from '../../db/connection.js';
import { toCount } from '../../db/values.js';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export interface Trend {
  thisWeek: number;
  lastWeek: number;
}

/** The overview cards, counted in the database: totals and what was added this week against the week before. */
export function createStats(db: Db) {
  /** Rows of a table, or of a query, made this week and the week before, by the time in `column`. */
  async function trend(from: string | (() => Knex.QueryBuilder), column = 'createdAt'): Promise<Trend> {
    const now = Date.now();
    const since = (ms: number) => new Date(now - ms).toISOString();
    // A sum is null over no rows, and text on PostgreSQL.
    const row: { thisWeek: number | string | null; lastWeek: number | string | null } = await (typeof from === 'string' ? db(from) : from())
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
    const [meteredReads, giftOpens, conversions] = await Promise.all([
      trend('meter_reads'),
      trend('gift_link_opens'),
      // A checkout that completed: a pass paid for, or a subscription that is active or trialing now.
      trend(() => db('checkouts').join('users', 'users.id', 'checkouts.userId').leftJoin('passes', 'passes.paymentIntentId', 'checkouts.stripeId')
        .where((completed) => completed.where('checkouts.kind', 'pass').whereNotNull('passes.paymentIntentId').whereNull('passes.refundedAt')
          .orWhere((subscription) => subscription.where('checkouts.kind', 'subscription').whereIn('users.subscriptionStatus', [...ENTITLED_SUBSCRIPTION_STATUSES]))),
      'checkouts.createdAt'),
    ]);
    return {
      articles: { total: articlesTotal, published: articlesPublished, ...articleTrend },
      podcasts: { total: podcastsTotal, published: podcastsPublished, ...podcastTrend },
      advertisements: { active: activeAds },
      approvals: { pending: pendingReviews },
      users: { total: users, ...userTrend },
      // Reader revenue (contract §9 [revenue]): registrations are the users' trend.
      revenue: { meteredReads, giftOpens, conversions },
    };
  };
}
