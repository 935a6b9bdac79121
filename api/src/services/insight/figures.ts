import {
  INSIGHT_MAX_DAYS, INSIGHT_NOW_MINUTES, INSIGHT_SOURCES, stockholmDay,
  type InsightArticle, type InsightDay, type InsightEpisode, type InsightNow, type InsightQuery, type InsightReport,
} from '@redaktion/shared';
import type { Knex } from 'knex';
import { isPostgres, type Db } from '../../db/connection.js';
import { HttpError } from '../../errors.js';
import { ERROR_CODES } from '@redaktion/shared';
import type { Clock } from './salt.js';

/**
 * The newsroom's figures (contract §9 [insight]), made from the raw events by the recurring `insight.rollup` job and
 * read by the admin. A day's figures are made again as a whole (deleted and written in one transaction), so a run
 * that overlaps another, or one repeated, changes nothing twice. Only open days are made again: today, and a day
 * whose figures were last made before it ended. A closed day is never made again, since its raw events go after 30
 * days and the figures must outlive them.
 */

/** How often the recurring job makes the open days' figures again (a divisor of 60, as the cluster's schedule needs). */
export const INSIGHT_ROLLUP_MINUTES = 5;
const QUARTERS = [25, 50, 75, 100] as const;
/** Depths are shares sent as 0.25, 0.5, 0.75 and 1; a little below each counts as reaching it. */
const reached = (quarter: number) => quarter / 100 - 0.001;
/** The most viewed articles and most heard episodes a report lists. */
const TOP = 20;
/** Hour by hour only for a short period: a year of hours is no chart an editor reads. */
const HOURS_UP_TO_DAYS = 7;
const DAY_MS = 86_400_000;

/** Runs queries one after another, answering their results in order. */
async function inSequence<T extends unknown[]>(queries: { [K in keyof T]: () => PromiseLike<T[K]> }): Promise<T> {
  const results: unknown[] = [];
  for (const query of queries) results.push(await query());
  return results as T;
}
const periodError = (message: string) => new HttpError(400, message, ERROR_CODES.validation, [{ path: 'from', message }]);

type Counts = Record<string, unknown>;
const n = (value: unknown): number => Number(value ?? 0);
const sourceColumns = INSIGHT_SOURCES.map((source) => `source_${source}`);

/** One Stockholm day, written `YYYY-MM-DD`, and the next (noon UTC is inside the same Stockholm day all year). */
const nextDay = (day: string, by = 1): string => new Date(Date.parse(`${day}T12:00:00Z`) + by * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / DAY_MS) + 1;

export function createInsightFigures(db: Db, now: Clock = () => new Date()) {
  const postgres = isPostgres(db);
  /** The UTC hour an event's time falls in, as the ISO string `insight_hours` keys by. */
  const hourOf = postgres
    ? `to_char(date_trunc('hour', at at time zone 'UTC'), 'YYYY-MM-DD"T"HH24":00:00.000Z"')`
    : `substr(at, 1, 13) || ':00:00.000Z'`;
  const distinctReadersWhere = (condition: string, bindings: unknown[] = []) =>
    db.raw(`count(distinct case when ${condition} then reader end)`, bindings as Knex.RawBinding[]);
  const quarterColumns = (prefix: 'read' | 'listen', type: string) => QUARTERS.map((quarter) =>
    distinctReadersWhere(`type = '${type}' and depth >= ?`, [reached(quarter)]).wrap('', ` as ${prefix}${quarter}`));
  // A new expression each time: knex's wrap changes the one it is given.
  const began = () => distinctReadersWhere(`type = 'listen' and depth = 0`).wrap('', ' as listen0');

  /** The figures of one day from its raw events: written in one transaction over the day's earlier figures. */
  async function rollDay(day: string): Promise<void> {
    const events = (trx: Knex.Transaction) => trx('insight_events').where({ day });
    const rolledAt = now().toISOString();
    await db.transaction(async (trx) => {
      // A day is a thirtieth of the raw table, which the planner's default costs would read whole rather than through
      // the (day, type) index: 18 s against 7 s for a day of a million events among 29 million (npm run bench:insight).
      if (postgres) await trx.raw('set local random_page_cost = 1.1');
      // One after another: the transaction is one connection.
      const [site, sources, hours, articles, articleSources, episodes, conversions, articleConversions] = await inSequence([
        () => events(trx).select(
          db.raw(`count(case when type = 'view' then 1 end) as views`), db.raw('count(distinct reader) as readers'),
          distinctReadersWhere(`type = 'listen' and depth = 0 and episode_id is not null`).wrap('', ' as listeners'),
        ).first() as Promise<Counts>,
        () => events(trx).where({ type: 'view' }).whereNotNull('source').groupBy('source').select('source', db.raw('count(*) as views')) as Promise<Counts[]>,
        () => events(trx).groupBy(db.raw(hourOf)).select(db.raw(`${hourOf} as hour`), db.raw(`count(case when type = 'view' then 1 end) as views`),
          db.raw('count(distinct reader) as readers')) as Promise<Counts[]>,
        () => events(trx).whereNotNull('article_id').whereNull('episode_id').groupBy('article_id').select(
          'article_id', db.raw(`count(case when type = 'view' then 1 end) as views`), distinctReadersWhere(`type = 'view'`).wrap('', ' as readers'),
          ...quarterColumns('read', 'read'), began(), ...quarterColumns('listen', 'listen'),
        ) as Promise<Counts[]>,
        () => events(trx).where({ type: 'view' }).whereNotNull('article_id').whereNotNull('source').groupBy('article_id', 'source')
          .select('article_id', 'source', db.raw('count(*) as views')) as Promise<Counts[]>,
        () => events(trx).whereNotNull('episode_id').groupBy('episode_id').select(
          'episode_id', db.raw(`count(case when type = 'view' then 1 end) as views`), began(), ...quarterColumns('listen', 'listen'),
        ) as Promise<Counts[]>,
        () => trx('insight_conversions').where({ day }).groupBy('stage').select('stage', db.raw('count(*) as count')) as Promise<Counts[]>,
        () => trx('insight_conversions').where({ day }).whereNotNull('article_id').groupBy('article_id', 'stage')
          .select('article_id', 'stage', db.raw('count(*) as count')) as Promise<Counts[]>,
      ]);

      const conversionsOf = (rows: Counts[]) => ({
        subscriptionsStarted: n(rows.find((row) => row.stage === 'started')?.count),
        subscriptionsCompleted: n(rows.find((row) => row.stage === 'completed')?.count),
      });
      const sourcesOf = (rows: Counts[]) => Object.fromEntries(INSIGHT_SOURCES.map((source) => [`source${source[0]!.toUpperCase()}${source.slice(1)}`,
        n(rows.find((row) => row.source === source)?.views)]));
      const quartersOf = (row: Counts, prefix: 'read' | 'listen') => Object.fromEntries(QUARTERS.map((quarter) => [`${prefix}${quarter}`, n(row[`${prefix}${quarter}`])]));

      // An article with conversions but no view that day (the reader came back another day) has its row too.
      const articleIds = new Set([...articles.map((row) => n(row.articleId)), ...articleConversions.map((row) => n(row.articleId))]);
      const articleRows = [...articleIds].map((articleId) => {
        const row = articles.find((candidate) => n(candidate.articleId) === articleId) ?? {};
        return {
          day, articleId, views: n(row.views), readers: n(row.readers), ...quartersOf(row, 'read'), listen0: n(row.listen0), ...quartersOf(row, 'listen'),
          ...sourcesOf(articleSources.filter((source) => n(source.articleId) === articleId)),
          ...conversionsOf(articleConversions.filter((conversion) => n(conversion.articleId) === articleId)),
        };
      });

      for (const table of ['insight_days', 'insight_hours', 'insight_day_articles', 'insight_day_episodes']) await trx(table).where({ day }).delete();
      await trx('insight_days').insert({
        day, views: n(site?.views), readers: n(site?.readers), listeners: n(site?.listeners), ...sourcesOf(sources), ...conversionsOf(conversions), rolledAt,
      });
      if (hours.length) await trx.batchInsert('insight_hours', hours.map((row) => ({ hour: String(row.hour), day, views: n(row.views), readers: n(row.readers) })), 500);
      if (articleRows.length) await trx.batchInsert('insight_day_articles', articleRows, 200);
      if (episodes.length) {
        await trx.batchInsert('insight_day_episodes', episodes.map((row) => ({
          day, episodeId: n(row.episodeId), views: n(row.views), listen0: n(row.listen0), ...quartersOf(row, 'listen'),
        })), 500);
      }
    });
  }

  /**
   * The recurring job: today's figures, and those of any day with raw events whose figures were made before it ended
   * (yesterday's last minutes, or days a stopped cluster missed). Answers the days made.
   */
  async function rollUp(): Promise<string[]> {
    const today = stockholmDay(now());
    // Raw events live 30 days: the days before today that may still be open are among the last 31.
    const recent = Array.from({ length: 31 }, (_, back) => nextDay(today, -(back + 1)));
    const rolled = new Map(((await db('insight_days').whereIn('day', recent).select('day', 'rolledAt')) as { day: string; rolledAt: unknown }[])
      .map((row) => [row.day, new Date(row.rolledAt as string).getTime()]));
    // A day has ended when the next one begins in Stockholm: made once after that, it is closed.
    const unclosed = recent.filter((day) => !(rolled.get(day)! >= stockholmMidnightAfter(day)));
    const hasEvents = await Promise.all(unclosed.map(async (day) => Boolean(
      await db('insight_events').where({ day }).first('id') ?? await db('insight_conversions').where({ day }).first('id'))));
    const days = [...unclosed.filter((_, index) => hasEvents[index]).sort(), today];
    for (const day of days) await rollDay(day);
    return days;
  }

  /** The first moment of the day after `day` in Stockholm, as epoch milliseconds. */
  function stockholmMidnightAfter(day: string): number {
    const next = nextDay(day);
    // Stockholm is UTC+1 or +2: the midnight is the first of these two hours that falls in the next day.
    const candidates = [22, 23].map((hour) => Date.parse(`${day}T${hour}:00:00Z`));
    return candidates.find((at) => stockholmDay(new Date(at)) === next) ?? Date.parse(`${next}T00:00:00Z`);
  }

  /** Readers in the last minutes and the pages they are on, from the raw events (the index on `at` keeps it short). */
  async function readersNow(): Promise<InsightNow> {
    const at = now();
    const since = new Date(at.getTime() - INSIGHT_NOW_MINUTES * 60_000).toISOString();
    const recent = () => db('insight_events').where('at', '>=', since);
    const [total, pages] = await Promise.all([
      recent().countDistinct({ readers: 'reader' }).first() as Promise<Counts | undefined>,
      recent().where({ type: 'view' }).groupBy('path', 'article_id', 'episode_id')
        .select('path', 'article_id', 'episode_id', db.raw('count(distinct reader) as readers'))
        .orderBy('readers', 'desc').orderBy('path').limit(TOP) as Promise<Counts[]>,
    ]);
    const titles = await titlesOf(pages.map((page) => n(page.articleId)).filter(Boolean), pages.map((page) => n(page.episodeId)).filter(Boolean));
    return {
      at: at.toISOString(), minutes: INSIGHT_NOW_MINUTES, readers: n(total?.readers),
      pages: pages.map((page) => ({
        path: String(page.path), readers: n(page.readers), articleId: page.articleId == null ? null : n(page.articleId),
        episodeId: page.episodeId == null ? null : n(page.episodeId),
        title: (page.articleId != null ? titles.articles.get(n(page.articleId)) : page.episodeId != null ? titles.episodes.get(n(page.episodeId)) : undefined) ?? null,
      })),
    };
  }

  async function titlesOf(articleIds: number[], episodeIds: number[]) {
    const [articles, episodes] = await Promise.all([
      articleIds.length ? db('articles').whereIn('id', articleIds).select('id', 'title') as Promise<{ id: number; title: string }[]> : [],
      episodeIds.length ? db('podcasts').whereIn('id', episodeIds).select('id', 'title') as Promise<{ id: number; title: string }[]> : [],
    ]);
    return {
      articles: new Map(articles.map((row) => [Number(row.id), row.title])),
      episodes: new Map(episodes.map((row) => [Number(row.id), row.title])),
    };
  }

  /** The period asked for, checked: 30 days to today by default, at most a year and a day, never backwards. */
  function periodOf(query: InsightQuery): { from: string; to: string } {
    const to = query.to ?? stockholmDay(now());
    const from = query.from ?? nextDay(to, -29);
    if (from > to) throw periodError('from must be on or before to');
    if (daysBetween(from, to) > INSIGHT_MAX_DAYS) throw periodError(`A period is at most ${INSIGHT_MAX_DAYS} days`);
    return { from, to };
  }

  const sum = (column: string) => db.raw('coalesce(sum(??), 0) as ??', [column, column]);
  const articleSums = [
    sum('views'), sum('readers'), ...QUARTERS.map((quarter) => sum(`read${quarter}`)), sum('listen0'),
    ...QUARTERS.map((quarter) => sum(`listen${quarter}`)), ...sourceColumns.map(sum), sum('subscriptions_started'), sum('subscriptions_completed'),
  ];
  const readOf = (row: Counts) => ({ 25: n(row.read25), 50: n(row.read50), 75: n(row.read75), 100: n(row.read100) });
  const listenOf = (row: Counts) => ({ began: n(row.listen0), 25: n(row.listen25), 50: n(row.listen50), 75: n(row.listen75), 100: n(row.listen100) });
  const sourcesOf = (row: Counts) => Object.fromEntries(INSIGHT_SOURCES.map((source) =>
    [source, n(row[`source${source[0]!.toUpperCase()}${source.slice(1)}`])])) as InsightArticle['sources'];

  /** A period's figures, or one article's: read from the daily figures alone, which are kept for good. */
  async function report(query: InsightQuery): Promise<InsightReport> {
    const { from, to } = periodOf(query);
    const articleId = query.articleId ?? null;
    const inPeriod = <T extends Knex.QueryBuilder>(builder: T) => builder.where('day', '>=', from).where('day', '<=', to);

    const [dayRows, hourRows, perArticle, episodes, lastRoll] = await Promise.all([
      articleId
        ? inPeriod(db('insight_day_articles').where({ articleId })).select('day', 'views', 'readers', 'listen0', 'subscriptions_started', 'subscriptions_completed') as Promise<Counts[]>
        : inPeriod(db('insight_days')).select('day', 'views', 'readers', 'listeners', 'subscriptions_started', 'subscriptions_completed', ...sourceColumns) as Promise<Counts[]>,
      !articleId && daysBetween(from, to) <= HOURS_UP_TO_DAYS ? inPeriod(db('insight_hours')).orderBy('hour').select('hour', 'views', 'readers') as Promise<Counts[]> : [],
      // Every article's sums at once (a few thousand rows for a year): the top, the converting and the site's reading
      // come from these, where three aggregations of the year took twice as long.
      inPeriod(articleId ? db('insight_day_articles').where({ articleId }) : db('insight_day_articles'))
        .groupBy('article_id').select('article_id', ...articleSums) as Promise<Counts[]>,
      articleId ? [] : inPeriod(db('insight_day_episodes')).groupBy('episode_id')
        .select('episode_id', sum('views'), sum('listen0'), ...QUARTERS.map((quarter) => sum(`listen${quarter}`)))
        .orderBy('listen0', 'desc').orderBy('views', 'desc').orderBy('episode_id').limit(TOP) as Promise<Counts[]>,
      db('insight_days').max({ at: 'rolled_at' }).first() as Promise<Counts | undefined>,
    ]);

    const topArticles = [...perArticle].sort((a, b) => n(b.views) - n(a.views) || n(a.articleId) - n(b.articleId)).slice(0, TOP);
    // The articles that brought subscriptions, however few their views.
    const converting = perArticle.filter((row) => n(row.subscriptionsStarted) + n(row.subscriptionsCompleted) > 0 && !topArticles.includes(row))
      .sort((a, b) => n(b.subscriptionsCompleted) - n(a.subscriptionsCompleted) || n(b.subscriptionsStarted) - n(a.subscriptionsStarted)).slice(0, TOP);
    const articleRows = [...topArticles, ...converting];
    const titles = await titlesOf(articleRows.map((row) => n(row.articleId)), episodes.map((row) => n(row.episodeId)));
    const byDay = new Map(dayRows.map((row) => [String(row.day), row]));
    const days: InsightDay[] = [];
    for (let day = from; day <= to; day = nextDay(day)) {
      const row = byDay.get(day) ?? {};
      days.push({
        day, views: n(row.views), readers: n(row.readers), listeners: n(articleId ? row.listen0 : row.listeners),
        subscriptionsStarted: n(row.subscriptionsStarted), subscriptionsCompleted: n(row.subscriptionsCompleted),
      });
    }
    const articles: InsightArticle[] = articleRows.map((row) => ({
      articleId: n(row.articleId), title: titles.articles.get(n(row.articleId)) ?? '(deleted)', views: n(row.views), readers: n(row.readers),
      read: readOf(row), listen: listenOf(row), sources: sourcesOf(row),
      subscriptionsStarted: n(row.subscriptionsStarted), subscriptionsCompleted: n(row.subscriptionsCompleted),
    }));
    const total = (pick: (day: InsightDay) => number) => days.reduce((all, day) => all + pick(day), 0);
    // The site's reading is the sum of its articles'; one article's sources are its own.
    const readTotals = articleId ? articles[0] : undefined;
    const siteRead = Object.fromEntries(QUARTERS.map((quarter) => [`read${quarter}`, perArticle.reduce((all, row) => all + n(row[`read${quarter}`]), 0)]));
    const sourceTotals = articleId
      ? readTotals?.sources ?? sourcesOf({})
      : sourcesOf(Object.fromEntries(sourceColumns.map((column) => {
        const key = column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
        return [key, dayRows.reduce((all, row) => all + n(row[key]), 0)];
      })));
    return {
      from, to, articleId,
      rolledAt: lastRoll?.at ? new Date(lastRoll.at as string).toISOString() : null,
      days,
      hours: hourRows.map((row) => ({ hour: String(row.hour), views: n(row.views), readers: n(row.readers) })),
      totals: {
        views: total((day) => day.views), listeners: total((day) => day.listeners),
        subscriptionsStarted: total((day) => day.subscriptionsStarted), subscriptionsCompleted: total((day) => day.subscriptionsCompleted),
        read: readTotals?.read ?? readOf(siteRead), sources: sourceTotals,
      },
      articles,
      episodes: episodes.map((row): InsightEpisode => ({
        episodeId: n(row.episodeId), title: titles.episodes.get(n(row.episodeId)) ?? '(deleted)', views: n(row.views), listen: listenOf(row),
      })),
    };
  }

  return { rollDay, rollUp, readersNow, report };
}

export type InsightFigures = ReturnType<typeof createInsightFigures>;
