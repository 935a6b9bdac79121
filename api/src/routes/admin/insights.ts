import { insightNowSchema, insightQuerySchema, insightReportSchema, type InsightReport } from '@redaktion/shared';
import { stringify } from 'csv-stringify/sync';
import type { InsightFigures } from '../../services/insight/figures.js';
import { endpoint } from '../../http/endpoint.js';

const QUARTERS = ['25', '50', '75', '100'] as const;

/**
 * The report as one CSV table a spreadsheet opens: a row per day, then per article, then per episode, each row saying
 * which it is; columns that do not apply to a row are left empty.
 */
function reportCsv(report: InsightReport): string {
  const header = ['row', 'day', 'id', 'title', 'views', 'readers', 'listeners', ...QUARTERS.map((q) => `read ${q}%`),
    'listen began', ...QUARTERS.map((q) => `listen ${q}%`), 'search', 'social', 'newsletter', 'push', 'other sites', 'direct',
    'subscriptions started', 'subscriptions completed'];
  const blank = (count: number) => Array<string>(count).fill('');
  const rows = [
    ...report.days.map((day) => ['day', day.day, '', '', day.views, day.readers, day.listeners, ...blank(4), ...blank(5), ...blank(6),
      day.subscriptionsStarted, day.subscriptionsCompleted]),
    ...report.articles.map((article) => ['article', '', article.articleId, article.title, article.views, article.readers, '',
      ...QUARTERS.map((q) => article.read[q]), article.listen.began, ...QUARTERS.map((q) => article.listen[q]),
      article.sources.search, article.sources.social, article.sources.newsletter, article.sources.push, article.sources.other, article.sources.direct,
      article.subscriptionsStarted, article.subscriptionsCompleted]),
    ...report.episodes.map((episode) => ['episode', '', episode.episodeId, episode.title, episode.views, '', '', ...blank(4),
      episode.listen.began, ...QUARTERS.map((q) => episode.listen[q]), ...blank(6), '', '']),
  ];
  return stringify([header, ...rows]);
}

/** The newsroom's figures for staff (contract §9 [insight]): now, a period or one article's, and the same as CSV. */
export const insightAdminEndpoints = (figures: InsightFigures) => [
  endpoint({
    method: 'get', path: '/api/admin/insights/now', tag: 'Admin: insights', access: 'admin',
    summary: 'Readers in the last 5 minutes and the pages they are on, from the raw events (no one named: readers are the day\'s hashes)',
    response: insightNowSchema,
    handle: () => figures.readersNow(),
  }),
  endpoint({
    method: 'get', path: '/api/admin/insights', tag: 'Admin: insights', access: 'admin',
    summary: 'A period\'s figures, Stockholm days (default the last 30): per day views, unique readers and listeners; hour by hour up to 7 days; '
      + 'top articles with read depth, read-aloud and conversions; top episodes with listen-through; sources grouped. With `articleId`, that '
      + 'article\'s. Made every few minutes from the raw events (`rolledAt` says when)',
    query: insightQuerySchema, response: insightReportSchema,
    handle: (_ctx, { query }) => figures.report(query),
  }),
  endpoint({
    method: 'get', path: '/api/admin/insights.csv', tag: 'Admin: insights', access: 'admin',
    summary: 'The same figures as CSV (UTF-8, a row per day, article and episode), as a download',
    query: insightQuerySchema, produces: 'text/csv',
    handle: async (ctx, { query }) => {
      const report = await figures.report(query);
      ctx.set('Content-Disposition', `attachment; filename="redaktion-insights-${report.from}-${report.to}${report.articleId ? `-article-${report.articleId}` : ''}.csv"`);
      ctx.type = 'text/csv; charset=utf-8';
      // A byte order mark, so that Excel reads the Swedish letters as UTF-8.
      return `\uFEFF${reportCsv(report)}`;
    },
  }),
];
