import { apiPaths } from '@redaktion/shared/client';

/**
 * The API reads each reader route is rendered with (the server makes them before rendering; the browser
 * finds their answers in the page). Kept apart from the pages so that the route table does not pull every
 * page into the first download.
 */

/**
 * reader-area.md §9 counts: opinion 2, news 4, society 3, featured podcasts 4, podcasts 6, interviews 1 + 6.
 * The ads come with the page, so the slots above the fold do not push the content down when they arrive.
 */
export const homeData = (search: URLSearchParams) => [...homeReads(search), apiPaths.advertisements(), apiPaths.newsletterReach];

const homeReads = (search: URLSearchParams) => search.get('hero') === 'article'
  ? [apiPaths.featuredArticles(1), apiPaths.podcasts({ limit: 4 }), apiPaths.articles({ category: 'opinion', limit: 2 }),
    apiPaths.articles({ category: 'news', limit: 4 }), apiPaths.articles({ category: 'culture', limit: 3 }), apiPaths.podcasts({ limit: 6 }), apiPaths.interviews(3)]
  : [apiPaths.config, apiPaths.customVideos, apiPaths.featuredPodcasts(4), apiPaths.articles({ category: 'opinion', limit: 2 }), apiPaths.articles({ category: 'news', limit: 4 }),
    apiPaths.articles({ category: 'society', limit: 3 }), apiPaths.podcasts({ limit: 6 }), apiPaths.interviews(7)];

/** The pills of reader-area.md §2, in order. */
export const NEWS_CATEGORIES = ['politics', 'society', 'culture', 'business', 'technology'] as const;
export const PER_GROUP = 3;

export const newsData = (search: URLSearchParams) => {
  const category = search.get('category');
  return category ? [apiPaths.articles({ category, limit: 20 })] : ['news', ...NEWS_CATEGORIES].map((c) => apiPaths.articles({ category: c, limit: PER_GROUP }));
};

export const opinionData = () => [apiPaths.articles({ category: 'opinion', limit: 30 })];

export const articleData = (params: Record<string, string | undefined>) =>
  [apiPaths.article(params.id ?? ''), apiPaths.relatedArticles(params.id ?? ''), apiPaths.articleAuthor(params.id ?? ''), apiPaths.advertisements()];

export const searchData = (search: URLSearchParams) => (search.get('q')?.trim() ? [apiPaths.articles({ q: search.get('q')!.trim(), limit: 30 })] : []);
