import { apiPaths } from '@redaktion/shared/client';

/** The search results, when there is something to search for. */
export const searchReads = (search: URLSearchParams) => {
  const q = search.get('q')?.trim() ?? '';
  return { results: q ? apiPaths.articles({ q, limit: 30 }) : null };
};
