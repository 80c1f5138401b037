/** GET /product/view/{id}?lang: one product for its page (spec 7); 404 when it is missing or inaccessible. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language, Product } from '../../../../../api/contracts/catalog';
import { ApiError, getJson, withQuery } from '../../../lib/api-client';

export async function getProduct(id: string, lang: Language, signal?: AbortSignal): Promise<Product> {
  const url = withQuery(`/product/view/${encodeURIComponent(id)}`, { lang });
  const { body } = await getJson<{ data?: Product }>(url, signal);
  if (!body.data) throw new ApiError(404, 'Product not found', 'not_found');
  return body.data;
}

export const productQueryOptions = (id: string, lang: Language) =>
  queryOptions({
    queryKey: ['catalog', 'product', id, lang] as const,
    queryFn: ({ signal }) => getProduct(id, lang, signal),
  });

export function useProduct(id: string, lang: Language) {
  return useQuery(productQueryOptions(id, lang));
}
