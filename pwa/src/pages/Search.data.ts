import { apiPaths } from '@redaktion/shared/client';

/** The search results, when there is something to search for: articles, and episodes by their words and what is said. */
export const searchReads = (search: URLSearchParams) => {
  const q = search.get('q')?.trim() ?? '';
  return { results: q ? apiPaths.articles({ q, limit: 30 }) : null, episodes: q ? apiPaths.podcasts({ q, limit: 10 }) : null };
};
