/** GET /v1/categories?lang: the category tree with product counts (spec 3 "Category"). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryNode, Language } from '../../../../../api/contracts/catalog';
import { getJson, withQuery } from '../../../lib/api-client';

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
