import type { Article, Author, CustomVideo, Episode, LiveEntries, PersonProfile, PodcastSeries } from '@redaktion/shared';
import { liveReads } from '../pages/live/live.data';
import { apiPaths } from '@redaktion/shared/client';
import type { ApiCache } from '../data/api-cache';
import { escapeHtml, scriptJson } from './html-text';
import {
  journalist, liveBlogPosting, newsArticle, organization, personProfile, podcastEpisode, podcastSeries, videoObject, webSite, type StructuredData,
} from './structured-data';

/**
 * What search engines and link previews read beyond a page's title, from the data the page was rendered
 * with: JSON-LD, an article's Open Graph times and section, and the robots rule. Only the server renderer
 * imports this, so none of it reaches the reader's download.
 */
export interface Seo {
  structuredData?: StructuredData[];
  article?: { publishedTime: string | null; modifiedTime: string; section: string };
  robots?: string;
}

type Params = Record<string, string | undefined>;
type SeoOf = (params: Params, cache: ApiCache, origin: string) => Seo;

const subject = <T,>(cache: ApiCache, path: string) => cache.get(path)?.data as T | undefined;

/** Pages of one's own account (and the admin area) are no search result. */
const NOINDEX: Seo = { robots: 'noindex, nofollow' };

/** Large image previews in Google Discover and search need this permission (developers.google.com/search/docs/appearance/google-discover). */
const ARTICLE_ROBOTS = 'index, follow, max-image-preview:large';

const home: SeoOf = (_p, _c, origin) => ({ structuredData: [organization(origin), webSite(origin)] });

/** By route path, as in the route table. */
export const seoByRoute: Record<string, SeoOf> = {
  '/': home,
  '/home': home,
  '/article/:id': (p, c, origin) => {
    const article = subject<Article>(c, apiPaths.article(p.id ?? ''));
    if (!article) return {};
    const author = subject<Author>(c, apiPaths.articleAuthor(p.id ?? ''));
    return {
      robots: ARTICLE_ROBOTS,
      structuredData: [article.kind === 'live'
        ? liveBlogPosting(origin, article, author, subject<LiveEntries>(c, liveReads(article.id).entries))
        : newsArticle(origin, article, author)],
      article: { publishedTime: article.publishedAt, modifiedTime: article.updatedAt, section: article.category },
    };
  },
  '/podcast/:id': (p, c, origin) => {
    const episode = subject<Episode>(c, apiPaths.podcast(p.id ?? ''));
    return episode ? { structuredData: [podcastEpisode(origin, episode)] } : {};
  },
  '/podcast-series/:id': (p, c, origin) => {
    const series = subject<PodcastSeries>(c, apiPaths.series(p.id ?? ''));
    return series ? { structuredData: [podcastSeries(origin, series)] } : {};
  },
  '/people/:id': (p, c, origin) => {
    const profile = subject<PersonProfile>(c, apiPaths.person(p.id ?? ''));
    return profile ? { structuredData: [personProfile(origin, profile)] } : {};
  },
  '/journalists/:id': (p, c, origin) => {
    const author = subject<Author>(c, apiPaths.journalist(p.id ?? ''));
    return author ? { structuredData: [journalist(origin, author)] } : {};
  },
  '/watch/:videoId': (p, c, origin) => {
    const video = subject<CustomVideo>(c, apiPaths.customVideo(p.videoId ?? ''));
    return video ? { structuredData: [videoObject(origin, video)] } : {};
  },
  // A results page for any words anyone types: crawlers may follow its links but not index it.
  '/search': () => ({ robots: 'noindex, follow' }),
  '/preview/:token': () => NOINDEX,
  '/auth': () => NOINDEX,
  '/forgot-password': () => NOINDEX,
  '/reset-password': () => NOINDEX,
  '/dashboard/*': () => NOINDEX,
  '/subscription/success': () => NOINDEX,
  '/admin/*': () => NOINDEX,
};

/**
 * Parameters that only say where a visitor came from, and a gift link's token (the plain article is canonical, and the
 * token goes nowhere a page repeats its address): a canonical address never carries them.
 */
const NOT_CANONICAL = /^(utm_.+|fbclid|gclid|dclid|gbraid|wbraid|msclkid|mc_cid|mc_eid|igshid|_ga|_gl|ref|gift)$/i;

export function canonicalUrl(origin: string, url: URL): string {
  const search = new URLSearchParams([...url.searchParams].filter(([key]) => !NOT_CANONICAL.test(key)));
  const query = search.toString();
  return `${origin}${url.pathname}${query ? `?${query}` : ''}`;
}

/** The <head> tags for a page's Seo: robots, Open Graph article times and section, JSON-LD. */
export function seoTags(seo: Seo): string {
  return [
    seo.robots ? `<meta name="robots" content="${escapeHtml(seo.robots)}">` : '',
    seo.article?.publishedTime ? `<meta property="article:published_time" content="${escapeHtml(seo.article.publishedTime)}">` : '',
    seo.article ? `<meta property="article:modified_time" content="${escapeHtml(seo.article.modifiedTime)}">` : '',
    seo.article ? `<meta property="article:section" content="${escapeHtml(seo.article.section)}">` : '',
    ...(seo.structuredData ?? []).map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ].join('');
}
