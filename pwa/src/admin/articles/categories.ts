import type { Category } from '@redaktion/shared';
import { useAdminQuery } from '../data';
import { useAdminClient } from '../platform';
import { QUERY_KEYS } from '../queries';

export function useCategories() {
  const admin = useAdminClient();
  return useAdminQuery(QUERY_KEYS.categories, admin.categories.list);
}

/** Articles refer to a category by slug; editors know it by name. */
export const categoryName = (categories: readonly Category[] | undefined, slug: string) =>
  categories?.find((category) => category.slug === slug)?.name ?? slug;
