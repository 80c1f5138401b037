/**
 * One product's vehicle fitment for ProductEdit's Fitment section: GET /v1/admin/products/{id}/fitment (products.view)
 * and PUT with add / remove / mode and the reason (products.edit; api/routes/admin/fitment.ts). A save refetches the
 * fitment and the product's audit timeline. Errors: ApiError with the server's message in the user's language.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationInputDto, ProductFitmentAdmin } from '../../../../../api/contracts/admin-fitment';
import { withQuery } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';
import { staffGet, staffPut } from '../../../lib/staff/session-expiry';

export const productFitmentKey = (id: string) => ['staff', 'product-fitment', id] as const;

export function useProductFitment(id: string, lang: Language) {
  return useQuery({
    queryKey: productFitmentKey(id),
    queryFn: async ({ signal }) => (await staffGet<{ data: ProductFitmentAdmin }>(withQuery(`/v1/admin/products/${encodeURIComponent(id)}/fitment`, { lang }), signal)).body.data,
  });
}

export interface FitmentSave {
  mode?: ProductFitmentAdmin['mode'];
  add?: ApplicationInputDto[];
  remove?: ApplicationInputDto[];
  reason: string;
}

export function useSaveProductFitment(id: string, lang: Language) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: FitmentSave) => (await staffPut<{ data: ProductFitmentAdmin }>(withQuery(`/v1/admin/products/${encodeURIComponent(id)}/fitment`, { lang }), change)).body.data,
    onSuccess: async (saved) => {
      queryClient.setQueryData(productFitmentKey(id), saved);
      await queryClient.invalidateQueries({ queryKey: ['staff', 'history', `product-${id}`] });
    },
  });
}
