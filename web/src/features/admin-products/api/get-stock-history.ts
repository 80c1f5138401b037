/**
 * GET /v1/admin/products/{id}/stock-history?warehouse=&page= (stock history per product and warehouse;
 * permission products.view): the product's stock movements newest first, 50 a page, with who (staff username, the
 * order's number, the system) and the reason.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStockHistory } from '../../../../../api/contracts/admin-products';
import { withQuery } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';
import { staffGet } from '../../../lib/staff/session-expiry';

export const STOCK_HISTORY_KEY = ['admin', 'products', 'stock-history'] as const;

export async function getStockHistory(productId: string, warehouse: string | null, page: number, lang: Language, signal?: AbortSignal): Promise<AdminStockHistory> {
  const url = withQuery(`/v1/admin/products/${encodeURIComponent(productId)}/stock-history`, { lang, warehouse, page: page > 1 ? page : null });
  return (await staffGet<{ data: AdminStockHistory }>(url, signal)).body.data;
}

export const stockHistoryQuery = (productId: string, warehouse: string | null, page: number, lang: Language) =>
  queryOptions({
    queryKey: [...STOCK_HISTORY_KEY, productId, warehouse ?? 'all', page, lang],
    queryFn: ({ signal }) => getStockHistory(productId, warehouse, page, lang, signal),
    staleTime: 2_000,
    placeholderData: keepPreviousData,
  });

export function useStockHistory(productId: string, warehouse: string | null, page: number, lang: Language) {
  return useQuery(stockHistoryQuery(productId, warehouse, page, lang));
}
