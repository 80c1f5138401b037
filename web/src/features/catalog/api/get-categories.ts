/** GET /v1/categories?lang: the category tree with product counts (spec 3 "Category"). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  categoryTreeResponseSchema,
  envelopeSchema,
  type CategoryNode,
  type Language,
} from '../../../../../api/contracts/catalog';
import { getJson, withQuery } from '../../../lib/api-client';

const categoryTreeEnvelope = envelopeSchema(categoryTreeResponseSchema);

export async function getCategories(lang: Language, signal?: AbortSignal): Promise<CategoryNode[]> {
  const { body } = await getJson(withQuery('/v1/categories', { lang }), categoryTreeEnvelope, signal);
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
