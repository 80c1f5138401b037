/**
 * GET /v1/admin/products/problematic (spec 2 ProblematicProductsList; permission products.view): one page of one
 * dashboard kind with the reasons per product and every kind's count (api/contracts/admin-product-dashboard.ts).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardKindName, DashboardResponse } from '../../../../../api/contracts/admin-product-dashboard';
import { withQuery } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';
import { STAFF_PAGE_SIZE } from '../../../components/staff/list-state';
import { staffGet } from '../../../lib/staff/session-expiry';

export interface DashboardParams {
  kind: DashboardKindName;
  /** The stale kind's N days. */
  days: number;
  /** 1-based. */
  page: number;
  lang: Language;
}

export const DASHBOARD_KEY = ['admin', 'product-dashboard'] as const;

export async function getProductDashboard({ kind, days, page, lang }: DashboardParams, signal?: AbortSignal): Promise<DashboardResponse> {
  const url = withQuery('/v1/admin/products/problematic', { kind, days: kind === 'stale' ? days : undefined, page, pageSize: STAFF_PAGE_SIZE, lang });
  return (await staffGet<{ data: DashboardResponse }>(url, signal)).body.data;
}

export const productDashboardQuery = (params: DashboardParams) =>
  queryOptions({
    queryKey: [...DASHBOARD_KEY, params.kind, params.kind === 'stale' ? params.days : null, params.page, params.lang],
    queryFn: ({ signal }) => getProductDashboard(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export function useProductDashboard(params: DashboardParams) {
  return useQuery(productDashboardQuery(params));
}
