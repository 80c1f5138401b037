/**
 * The sell-through and reorder api (api/contracts/admin-reorder.ts): GET /v1/admin/analytics/sell-through and
 * /v1/admin/analytics/reorder-suggestions for a spec range (and service level), the purchase lists, accepting
 * suggestions in bulk (POST /v1/admin/purchase-lists), and the addresses of the CSV exports.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePurchaseListBody, PurchaseListData, PurchaseListSummaryRow, ReorderResponse, SellThroughResponse, ServiceLevelValue } from '../../../../../api/contracts/admin-reorder';
import { staffGet, staffPost } from '../../../lib/staff/session-expiry';
import type { AnalysisParams } from './get-analytics';

const query = ({ range, lang }: AnalysisParams) => new URLSearchParams({ range, lang: lang === 'en' ? 'en' : 'et' });
const PURCHASE_LISTS_KEY = ['admin', 'purchase-lists'] as const;

export function useSellThrough(params: AnalysisParams) {
  return useQuery({
    queryKey: ['admin', 'analytics', 'sell-through', params.range],
    queryFn: async ({ signal }) => (await staffGet<{ data: SellThroughResponse }>(`/v1/admin/analytics/sell-through?${query(params)}`, signal)).body.data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useReorderSuggestions(params: AnalysisParams & { serviceLevel: ServiceLevelValue }) {
  return useQuery({
    queryKey: ['admin', 'analytics', 'reorder-suggestions', params.range, params.serviceLevel, params.lang],
    queryFn: async ({ signal }) =>
      (await staffGet<{ data: ReorderResponse }>(`/v1/admin/analytics/reorder-suggestions?${query(params)}&serviceLevel=${params.serviceLevel}`, signal)).body.data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function usePurchaseLists() {
  return useQuery({
    queryKey: PURCHASE_LISTS_KEY,
    queryFn: async ({ signal }) => (await staffGet<{ data: { lists: PurchaseListSummaryRow[] } }>('/v1/admin/purchase-lists', signal)).body.data.lists,
    staleTime: 10_000,
  });
}

/** Accepts suggestions in bulk: one purchase list (the server computes the quantities again). */
export function useAcceptSuggestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreatePurchaseListBody) => (await staffPost<{ data: PurchaseListData }>('/v1/admin/purchase-lists', body)).body.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PURCHASE_LISTS_KEY }),
  });
}

/** CSV exports (plain links: the browser sends the session cookie). */
export const sellThroughCsvUrl = (params: AnalysisParams) => `/v1/admin/analytics/sell-through?${query(params)}&format=csv`;
export const reorderCsvUrl = (params: AnalysisParams & { serviceLevel: ServiceLevelValue }) => `/v1/admin/analytics/reorder-suggestions?${query(params)}&serviceLevel=${params.serviceLevel}&format=csv`;
export const purchaseListCsvUrl = (id: string, lang: AnalysisParams['lang']) => `/v1/admin/purchase-lists/${encodeURIComponent(id)}?format=csv&lang=${lang === 'en' ? 'en' : 'et'}`;
