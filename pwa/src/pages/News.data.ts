import { apiPaths } from '@redaktion/shared/client';

/** The pills of reader-area.md §2, in order. */
export const NEWS_CATEGORIES = ['politics', 'society', 'culture', 'business', 'technology'] as const;

/** One group of the news page: a category's newest three. */
export const groupRead = (category: string) => apiPaths.articles({ category, limit: 3 });

/** `/news` shows a group per category; `/news?category=x` that category's list. */
export const newsReads = (search: URLSearchParams) => {
  const category = search.get('category');
  return category
    ? { list: apiPaths.articles({ category, limit: 20 }), groups: [] }
    : { list: null, groups: ['news', ...NEWS_CATEGORIES].map(groupRead) };
};
