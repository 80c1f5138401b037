/**
 * POST /v1/admin/products/{id}/stock (permission stock.edit; spec 5 stock update input): '+10' adds,
 * '-10' subtracts, '10' overwrites (count) in one warehouse, with an optional reason. On success the product's
 * stock in every cached ProductList page is replaced by the answer at once (the read model follows a moment later),
 * its stock history and audit timeline are refetched. Errors: ApiError whose message is the server's, in the
 * user's language (e.g. 'Only 4 in stock in Tallinn: cannot take 10. ...').
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProductList, AdminStockUpdateResult } from '../../../../../api/contracts/admin-products';
import { withQuery } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';
import { staffPost } from '../../../lib/staff/session-expiry';
import { PRODUCT_LIST_KEY } from './get-products';
import { STOCK_HISTORY_KEY } from './get-stock-history';

export interface StockUpdate {
  productId: string;
  warehouse: string;
  input: string;
  reason?: string;
  lang: Language;
}

export async function updateStock({ productId, warehouse, input, reason, lang }: StockUpdate): Promise<AdminStockUpdateResult> {
  const body = { warehouse, input, ...(reason?.trim() ? { reason: reason.trim() } : {}) };
  return (await staffPost<{ data: AdminStockUpdateResult }>(withQuery(`/v1/admin/products/${encodeURIComponent(productId)}/stock`, { lang }), body)).body.data;
}

export function useUpdateStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStock,
    onSuccess: async (result) => {
      const available = Object.fromEntries(result.stock.map((s) => [s.warehouse, s.available]));
      queryClient.setQueriesData<AdminProductList>({ queryKey: PRODUCT_LIST_KEY }, (list) =>
        list
          ? {
              ...list,
              products: list.products.map((p) =>
                p.id === result.productId ? { ...p, stock: { ...p.stock, ...available }, stockTotal: Object.values({ ...p.stock, ...available }).reduce((a, b) => a + b, 0) } : p,
              ),
            }
          : list,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...STOCK_HISTORY_KEY, result.productId] }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'history', `stock-${result.productId}`] }),
      ]);
    },
  });
}
