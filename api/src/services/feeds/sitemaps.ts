import { Readable } from 'node:stream';
import { SitemapIndexStream, SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import type { Db } from '../../db/connection.js';
import { toIso } from '../../db/values.js';
import { newestFirst, published } from '../content/published.js';

type Row = Record<string, unknown>;

/** Google News takes the articles of the last two days, at most 1,000 of them. */
export const NEWS_WINDOW_HOURS = 48;
export const NEWS_LIMIT = 1000;
/** The sitemap protocol's limit per file. */
const URL_LIMIT = 50_000;

export const SITEMAPS = ['articles', 'podcasts', 'news', 'people', 'pages'] as const;
export type SitemapName = (typeof SITEMAPS)[number];

/** Reader pages that are not an item: listings, subscribing and the legal pages. */
const PAGES = ['/', '/news', '/opinion', '/podcasts', '/people', '/subscribe', '/privacy', '/terms', '/cookies'];

const render = (stream: SitemapStream | SitemapIndexStream, items: (SitemapItemLoose | { url: string; lastmod?: string })[]) =>
  streamToPromise(Readable.from(items).pipe(stream)).then((buffer) => buffer.toString('utf8'));

const lastmod = (row: Row) => toIso(row.updatedAt ?? row.publishedAt) ?? undefined;

/** The sitemap index and its sitemaps (sitemaps.org 0.9, Google News 0.9), through the `sitemap` library. */
export function createSitemaps(db: Db) {
  const articles = () => newestFirst(published(db('articles').select('articles.id', 'articles.title', 'articles.publishedAt', 'articles.updatedAt'), 'articles'), 'articles');

  async function urls(name: SitemapName): Promise<SitemapItemLoose[]> {
    switch (name) {
      case 'articles':
        return ((await articles().limit(URL_LIMIT)) as Row[]).map((row) => ({ url: `/article/${String(row.id)}`, lastmod: lastmod(row) }));
      case 'news': {
        const since = new Date(Date.now() - NEWS_WINDOW_HOURS * 3_600_000).toISOString();
        const rows = (await articles().where('articles.publishedAt', '>=', since).limit(NEWS_LIMIT)) as Row[];
        return rows.map((row) => ({
          url: `/article/${String(row.id)}`,
          news: {
            publication: { name: 'Redaktion', language: 'sv' },
            publication_date: toIso(row.publishedAt) ?? '',
            title: String(row.title),
          },
        }));
      }
      case 'podcasts': {
        const series = (await db('podcastSeries').where({ active: true }).orderBy('id').select('id', 'updatedAt')) as Row[];
        const episodes = (await newestFirst(published(db('podcasts').select('podcasts.id', 'podcasts.publishedAt', 'podcasts.updatedAt'), 'podcasts'), 'podcasts').limit(URL_LIMIT)) as Row[];
        return [
          ...series.map((row) => ({ url: `/podcast-series/${String(row.id)}`, lastmod: lastmod(row) })),
          ...episodes.map((row) => ({ url: `/podcast/${String(row.id)}`, lastmod: lastmod(row) })),
        ];
      }
      case 'people': {
        const people = (await newestFirst(published(db('peopleProfiles').select('peopleProfiles.id', 'peopleProfiles.publishedAt', 'peopleProfiles.updatedAt'), 'peopleProfiles'), 'peopleProfiles')) as Row[];
        const journalists = (await db('journalists').where({ active: true }).orderBy('id').select('id', 'updatedAt')) as Row[];
        return [
          ...people.map((row) => ({ url: `/people/${String(row.id)}`, lastmod: lastmod(row) })),
          ...journalists.map((row) => ({ url: `/journalists/${String(row.id)}`, lastmod: lastmod(row) })),
        ];
      }
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
