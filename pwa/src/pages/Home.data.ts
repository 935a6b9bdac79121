import { apiPaths } from '@redaktion/shared/client';

/**
 * The home page's reads (reader-area.md §9 counts: opinion 2, news 4, society 3, featured podcasts 4, podcasts 6,
 * interviews 1 + 6), for the page and for the server that renders it. `?hero=article` is the alternative home.
 */
export const homeReads = (search: URLSearchParams) => {
  const articleHero = search.get('hero') === 'article';
  return {
    lead: articleHero ? apiPaths.featuredArticles(1) : null,
    featured: articleHero ? apiPaths.podcasts({ limit: 4 }) : apiPaths.featuredPodcasts(4),
    opinion: apiPaths.articles({ category: 'opinion', limit: 2 }),
    news: apiPaths.articles({ category: 'news', limit: 4 }),
    third: apiPaths.articles({ category: articleHero ? 'culture' : 'society', limit: 3 }),
    podcasts: apiPaths.podcasts({ limit: 6 }),
    interviews: apiPaths.interviews(articleHero ? 3 : 7),
    // What the video hero shows (its config and the uploaded videos) and the ads: with the page, so nothing shifts.
    heroConfig: articleHero ? null : apiPaths.config,
    heroVideos: articleHero ? null : apiPaths.customVideos,
    ads: apiPaths.advertisements(),
  };
};
