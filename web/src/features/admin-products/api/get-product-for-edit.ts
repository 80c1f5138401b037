/**
 * GET /v1/admin/products/{id} (spec 2 ProductEdit; permission products.view): every field of one product read from
 * its stream, with the stream `version` the save sends back (api/contracts/admin-products.ts `AdminProduct`; money in
 * euro cents). 404 `product.not_found` when there is none.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminProduct } from '../../../../../api/contracts/admin-products';
import { staffGet } from '../../../lib/staff/session-expiry';

/** Query keys of ProductEdit's product; a save or a reload refreshes `['admin', 'products', 'edit', id]`. */
export const productEditKey = (id: string) => ['admin', 'products', 'edit', id] as const;

export async function getProductForEdit(id: string, signal?: AbortSignal): Promise<AdminProduct> {
  return (await staffGet<{ data: AdminProduct }>(`/v1/admin/products/${encodeURIComponent(id)}`, signal)).body.data;
}

export const productForEditQuery = (id: string) => queryOptions({ queryKey: productEditKey(id), queryFn: ({ signal }) => getProductForEdit(id, signal), staleTime: 0 });

export function useProductForEdit(id: string | undefined) {
  return useQuery({ ...productForEditQuery(id ?? ''), enabled: id !== undefined });
}
