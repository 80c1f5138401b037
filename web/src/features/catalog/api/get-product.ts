/**
 * GET /product/view/{id}?lang: one product for its page (spec 7); 404 when it is missing or inaccessible. Staff
 * (`frontEdit`) add `fieldsPreset=frontEdit`: the product's `staff` details, and inaccessible products too.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language, Product } from '../../../../../api/contracts/catalog';
import { ApiError, getJson, withQuery } from '../../../lib/api-client';

export async function getProduct(id: string, lang: Language, signal?: AbortSignal, frontEdit = false): Promise<Product> {
  const url = withQuery(`/product/view/${encodeURIComponent(id)}`, frontEdit ? { lang, fieldsPreset: 'frontEdit' } : { lang });
  const { body } = await getJson<{ data?: Product }>(url, signal);
  if (!body.data) throw new ApiError(404, 'Product not found', 'not_found');
  return body.data;
}

export const productQueryOptions = (id: string, lang: Language, frontEdit = false) =>
  queryOptions({
    queryKey: ['catalog', 'product', id, lang, frontEdit] as const,
    queryFn: ({ signal }) => getProduct(id, lang, signal, frontEdit),
  });

/** `enabled` false (the staff session not known yet): no request. */
export function useProduct(id: string, lang: Language, frontEdit = false, enabled = true) {
  return useQuery({ ...productQueryOptions(id, lang, frontEdit), enabled });
}
