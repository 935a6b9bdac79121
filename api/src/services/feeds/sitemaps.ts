import { Readable } from 'node:stream';
import { SitemapIndexStream, SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import type { Db } from '../../db/connection.js';
import type { ArticleRow, Timestamp } from '../../db/rows.js';
import { toIso } from '../../db/values.js';
import { newestFirst, published } from '../content/published.js';

/** Google News takes the articles of the last two days, at most 1,000 of them. */
export const NEWS_WINDOW_HOURS = 48;
export const NEWS_LIMIT = 1000;
/** The sitemap protocol's limit per file. */
const URL_LIMIT = 50_000;

export const SITEMAPS = ['articles', 'podcasts', 'news', 'people', 'pages'] as const;
export type SitemapName = (typeof SITEMAPS)[number];

/** Reader pages that are not an item: listings, subscribing, the legal pages and the accessibility statement (both languages' addresses). */
const PAGES = ['/', '/news', '/opinion', '/podcasts', '/people', '/subscribe', '/privacy', '/terms', '/cookies', '/tillganglighet', '/accessibility'];

const render = (stream: SitemapStream | SitemapIndexStream, items: (SitemapItemLoose | { url: string; lastmod?: string })[]) =>
  streamToPromise(Readable.from(items).pipe(stream)).then((buffer) => buffer.toString('utf8'));

/** Items by their id, each with when it last changed. */
const dated = (path: string, rows: { id: number; updatedAt: Timestamp }[]): SitemapItemLoose[] =>
  rows.map((row) => ({ url: `${path}/${row.id}`, lastmod: toIso(row.updatedAt) ?? undefined }));

/** A live article changes with each entry, which leaves the article's own row (and its editors' ETag) as it was. */
type SitemapArticle = Pick<ArticleRow, 'id' | 'title' | 'publishedAt' | 'updatedAt'> & { entriesChangedAt: Timestamp | null };
const lastChange = (row: SitemapArticle): Timestamp => {
  const entries = toIso(row.entriesChangedAt);
  const own = toIso(row.updatedAt) ?? '';
  return entries && entries > own ? entries : own;
};

/** The sitemap index and its sitemaps (sitemaps.org 0.9, Google News 0.9), through the `sitemap` library. */
export function createSitemaps(db: Db) {
  const articles = () => newestFirst(published(db('articles').select('articles.id', 'articles.title', 'articles.publishedAt', 'articles.updatedAt',
    db.raw("CASE WHEN articles.kind = 'live' THEN (SELECT max(e.updated_at) FROM live_entries e WHERE e.article_id = articles.id) END AS entries_changed_at")),
  'articles'), 'articles');

  async function urls(name: SitemapName): Promise<SitemapItemLoose[]> {
    switch (name) {
      case 'articles':
        return dated('/article', ((await articles().limit(URL_LIMIT)) as SitemapArticle[]).map((row) => ({ id: row.id, updatedAt: lastChange(row) })));
      case 'news': {
        const since = new Date(Date.now() - NEWS_WINDOW_HOURS * 3_600_000).toISOString();
        // A live article is news for as long as its coverage is live, however long ago it began (contract §9 [live]).
        const rows = (await articles().where((where) => where.where('articles.publishedAt', '>=', since)
          .orWhere((live) => live.where('articles.kind', 'live').where('articles.liveStatus', 'live'))).limit(NEWS_LIMIT)) as SitemapArticle[];
        return rows.map((row) => ({
          url: `/article/${row.id}`,
          lastmod: toIso(lastChange(row)) ?? undefined,
          news: {
            publication: { name: 'Redaktion', language: 'sv' },
            publication_date: toIso(row.publishedAt) ?? '',
            title: row.title,
          },
        }));
      }
      case 'podcasts':
        return [
          ...dated('/podcast-series', await db('podcastSeries').where({ active: true }).orderBy('id').select('id', 'updatedAt')),
          ...dated('/podcast', await newestFirst(published(db('podcasts').select('podcasts.id', 'podcasts.updatedAt'), 'podcasts'), 'podcasts').limit(URL_LIMIT)),
        ];
      case 'people':
        return [
          ...dated('/people', await newestFirst(published(db('peopleProfiles').select('peopleProfiles.id', 'peopleProfiles.updatedAt'), 'peopleProfiles'), 'peopleProfiles')),
          ...dated('/journalists', await db('journalists').where({ active: true }).orderBy('id').select('id', 'updatedAt')),
        ];
      case 'pages':
        return PAGES.map((url) => ({ url }));
    }
  }

  return {
    index: (origin: string) => render(new SitemapIndexStream(), SITEMAPS.map((name) => ({ url: `${origin}/sitemap-${name}.xml` }))),

    page: async (name: SitemapName, origin: string) =>
      render(new SitemapStream({ hostname: origin, xmlns: { news: name === 'news', image: false, video: false, xhtml: false } }), await urls(name)),
  };
}

export type Sitemaps = ReturnType<typeof createSitemaps>;
