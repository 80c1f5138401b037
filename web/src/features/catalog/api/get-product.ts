/**
 * GET /product/view/{id}?lang: one product for its page (spec 7); 404 when it is missing or inaccessible. Staff
 * (`frontEdit`) add `fieldsPreset=frontEdit`: the product's `staff` details, and inaccessible products too. With a
 * vehicle (`v`, its URL form; docs/architecture.md "Vehicle fitment") the answer also says whether the part fits it (`fitment`);
 * every answer carries the product's whole fitment (`fitmentApplications`).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language, Product } from '../../../../../api/contracts/catalog';
import { ApiError, getJson, withQuery } from '../../../lib/api-client';

export async function getProduct(id: string, lang: Language, signal?: AbortSignal, frontEdit = false, v: string | null = null): Promise<Product> {
  const query: Record<string, string> = frontEdit ? { lang, fieldsPreset: 'frontEdit' } : { lang };
  if (v) query.v = v;
  const url = withQuery(`/product/view/${encodeURIComponent(id)}`, query);
  const { body } = await getJson<{ data?: Product }>(url, signal);
  if (!body.data) throw new ApiError(404, 'Product not found', 'not_found');
  return body.data;
}

/** The key ends with the vehicle only when there is one, so a page without a vehicle keeps its key. */
export const productQueryOptions = (id: string, lang: Language, frontEdit = false, v: string | null = null) =>
  queryOptions({
    queryKey: (v ? ['catalog', 'product', id, lang, frontEdit, v] : ['catalog', 'product', id, lang, frontEdit]) as readonly unknown[],
    queryFn: ({ signal }) => getProduct(id, lang, signal, frontEdit, v),
  });

/** `enabled` false (the staff session not known yet): no request. */
export function useProduct(id: string, lang: Language, frontEdit = false, enabled = true, v: string | null = null) {
  return useQuery({ ...productQueryOptions(id, lang, frontEdit, v), enabled, placeholderData: (previous) => (previous?.id === id ? previous : undefined) });
}
