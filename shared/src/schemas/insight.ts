import { z } from 'zod';
import { MAX_ID } from '../constants.js';

/**
 * What the reader app reports for the newsroom's figures (contract §9 [insight]): `POST /api/collect`, sent with
 * `navigator.sendBeacon`. Nothing in it names the reader: no id, no cookie, nothing kept on the device.
 */

export const INSIGHT_EVENT_TYPES = ['view', 'read', 'listen', 'subscribe_start'] as const;
export type InsightEventType = (typeof INSIGHT_EVENT_TYPES)[number];

const id = (what: string) => z.number({ error: `${what} must be an id` }).int({ error: `${what} must be an id` })
  .positive({ error: `${what} must be an id` }).max(MAX_ID, { error: `${what} must be an id` });

export const insightEventSchema = z.object({
  type: z.enum(INSIGHT_EVENT_TYPES, { error: 'type must be view, read, listen or subscribe_start' }),
  path: z.string({ error: 'path must be the page\'s path, starting with /' }).max(2000, { error: 'path is too long' })
    .regex(/^\/(?!\/)/, { error: 'path must be the page\'s path, starting with /' }).describe("The page's path; the query and fragment are dropped (but `ref`)"),
  referrer: z.string({ error: 'referrer must be a URL' }).max(2000, { error: 'referrer is too long' }).optional()
    .describe("document.referrer; only its host is kept"),
  articleId: id('articleId').optional(),
  episodeId: id('episodeId').optional(),
  depth: z.number({ error: 'depth must be a share between 0 and 1' }).min(0, { error: 'depth must be a share between 0 and 1' })
    .max(1, { error: 'depth must be a share between 0 and 1' }).optional().describe('How far down the article was read (read), or how much of the episode was heard (listen), 0–1'),
  seconds: z.number({ error: 'seconds must be a number of seconds' }).min(0, { error: 'seconds must be 0 or more' })
    .max(86_400, { error: 'seconds is at most a day' }).optional().describe('Seconds spent reading or listening'),
}).meta({ id: 'InsightEvent' });
export type InsightEvent = z.infer<typeof insightEventSchema>;

/**
 * The newsroom's figures as the admin reads them (contract §9 [insight]): `GET /api/admin/insights/now`,
 * `GET /api/admin/insights?from&to[&articleId]` and its CSV. Days are Stockholm days; unique readers are counted within
 * a day (a reader is a new one the next day), so no figure adds them across days.
 */
export const INSIGHT_SOURCES = ['search', 'social', 'newsletter', 'push', 'other', 'direct'] as const;
export type InsightSource = (typeof INSIGHT_SOURCES)[number];
/** The longest period one call reads: a year and a day (a leap year's whole). */
export const INSIGHT_MAX_DAYS = 367;
/** How far back "now" looks. */
export const INSIGHT_NOW_MINUTES = 5;

const count = z.number().int().nonnegative();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Dates are YYYY-MM-DD' })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), { error: 'Dates are YYYY-MM-DD' });
/** Readers reaching each quarter: of an article's text (read), of an episode or a read-aloud (listen, 0 is "began"). */
const quarters = z.object({ 25: count, 50: count, 75: count, 100: count });
const listening = z.object({ began: count, 25: count, 50: count, 75: count, 100: count });
const sources = z.object(Object.fromEntries(INSIGHT_SOURCES.map((source) => [source, count])) as Record<InsightSource, typeof count>);

export const insightQuerySchema = z.object({
  from: day.optional().describe('First day, Stockholm time (default: 29 days before `to`)'),
  to: day.optional().describe('Last day, Stockholm time (default: today)'),
  articleId: z.coerce.number({ error: 'articleId must be an id' }).int({ error: 'articleId must be an id' })
    .positive({ error: 'articleId must be an id' }).max(MAX_ID, { error: 'articleId must be an id' }).optional()
    .describe("One article's figures (its editor's panel)"),
}).meta({ id: 'InsightQuery' });
export type InsightQuery = z.infer<typeof insightQuerySchema>;

export const insightNowSchema = z.object({
  at: z.string().describe('When these were counted'),
  minutes: z.number().int().describe('How far back: readers seen in these last minutes'),
  readers: count,
  pages: z.array(z.object({ path: z.string(), readers: count, articleId: z.number().int().nullable(), episodeId: z.number().int().nullable(), title: z.string().nullable() })),
}).meta({ id: 'InsightNow' });
export type InsightNow = z.infer<typeof insightNowSchema>;

export const insightDaySchema = z.object({
  day: z.string(),
  views: count,
  readers: count.describe('Unique readers that day'),
  listeners: count.describe('Readers who began an episode that day'),
  subscriptionsStarted: count,
  subscriptionsCompleted: count,
});
export const insightArticleSchema = z.object({
  articleId: z.number().int(),
  title: z.string().describe('The title now (an article deleted since is "(deleted)")'),
  views: count,
  readers: count.describe('Sum of each day\'s unique readers'),
  read: quarters.describe('Readers reaching each quarter of the text, summed over the days'),
  listen: listening.describe("The article's read-aloud"),
  sources,
  subscriptionsStarted: count,
  subscriptionsCompleted: count,
});
export const insightEpisodeSchema = z.object({
  episodeId: z.number().int(),
  title: z.string(),
  views: count,
  listen: listening,
});

export const insightReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  articleId: z.number().int().nullable(),
  /** When the figures were last made from the raw events (the recurring job, every few minutes); null before the first. */
  rolledAt: z.string().nullable(),
  days: z.array(insightDaySchema),
  /** Hour by hour (UTC hours), for a period of at most 7 days; empty for one article. */
  hours: z.array(z.object({ hour: z.string(), views: count, readers: count })),
  totals: z.object({ views: count, listeners: count, subscriptionsStarted: count, subscriptionsCompleted: count, read: quarters, sources }),
  /** The most viewed articles (the one asked for, with `articleId`), with read depth, read-aloud and conversions. */
  articles: z.array(insightArticleSchema),
  /** The most heard episodes, with listen-through; empty for one article. */
  episodes: z.array(insightEpisodeSchema),
}).meta({ id: 'InsightReport' });
export type InsightReport = z.infer<typeof insightReportSchema>;
export type InsightDay = z.infer<typeof insightDaySchema>;
export type InsightArticle = z.infer<typeof insightArticleSchema>;
export type InsightEpisode = z.infer<typeof insightEpisodeSchema>;
