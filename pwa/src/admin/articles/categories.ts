import type { Category } from '@redaktion/shared';
import { useAdminQuery } from '../data';
import { useAdminClient } from '../platform';

/** One read of every category, active or not: the Settings editor, the article form and the lists share it. */
export const CATEGORIES_KEY = '/api/admin/categories';

export function useCategories() {
  const admin = useAdminClient();
  return useAdminQuery(CATEGORIES_KEY, admin.categories.list);
}

/** Articles refer to a category by slug; editors know it by name. */
export const categoryName = (categories: readonly Category[] | undefined, slug: string) =>
  categories?.find((category) => category.slug === slug)?.name ?? slug;
