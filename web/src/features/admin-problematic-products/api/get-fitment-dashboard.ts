/**
 * GET /v1/admin/fitment/dashboard (products.view; api/routes/admin/fitment.ts): the product dashboard's fitment tabs —
 * products without fitment data, products whose applications fit nothing in the vehicle reference — with both counts.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FitmentDashboard, FitmentDashboardKindName } from '../../../../../api/contracts/admin-fitment';
import { STAFF_PAGE_SIZE } from '../../../components/staff/list-state';
import { withQuery } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';
import { staffGet } from '../../../lib/staff/session-expiry';

export function useFitmentDashboard(params: { kind: FitmentDashboardKindName; page: number; lang: Language }) {
  return useQuery({
    queryKey: ['admin', 'problematic-products', 'fitment', params.kind, params.page, params.lang],
    queryFn: async ({ signal }) =>
      (await staffGet<{ data: FitmentDashboard }>(withQuery('/v1/admin/fitment/dashboard', { kind: params.kind, page: params.page, pageSize: STAFF_PAGE_SIZE, lang: params.lang }), signal)).body.data,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
