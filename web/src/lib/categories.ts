/**
 * GET /v1/categories?lang: the category tree with product counts (spec 3 "Category"). Shared by the catalog pages
 * (tree, breadcrumbs, category URLs) and every product picture's category pictogram (components/category-pictogram),
 * the cart's included, so it lives in lib/ rather than in one feature.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryNode, Language } from '../../../api/contracts/catalog';
import { getJson, withQuery } from './api-client';

export async function getCategories(lang: Language, signal?: AbortSignal): Promise<CategoryNode[]> {
  const { body } = await getJson<{ data?: CategoryNode[] }>(withQuery('/v1/categories', { lang }), signal);
  return body.data ?? [];
}

export const categoriesQueryOptions = (lang: Language) =>
  queryOptions({
    queryKey: ['catalog', 'categories', lang] as const,
    queryFn: ({ signal }) => getCategories(lang, signal),
    staleTime: 5 * 60_000,
  });

export function useCategories(lang: Language) {
  return useQuery(categoriesQueryOptions(lang));
}
