/**
 * The analyses' api (permission statistics.view; api/contracts/admin-analytics.ts): GET
 * /v1/admin/analytics/search-conversion and /v1/admin/analytics/order-funnel for a spec range, and the addresses of
 * their CSV exports.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CONVERSION_PAGE_SIZE_MAX, type OrderFunnelResponse, type SearchConversionResponse } from '../../../../../api/contracts/admin-analytics';
import type { StatisticsRangeName } from '../../../../../api/contracts/admin-statistics';
import type { Language } from '../../../lib/language';
import { staffGet } from '../../../lib/staff/session-expiry';

export interface AnalysisParams {
  range: StatisticsRangeName;
  lang: Language;
}

const query = ({ range, lang }: AnalysisParams) => new URLSearchParams({ range, lang: lang === 'en' ? 'en' : 'et' });

/** The most searched CONVERSION_PAGE_SIZE_MAX keywords at once; the screen sorts and pages them itself. */
export function useSearchConversion(params: AnalysisParams) {
  return useQuery({
    queryKey: ['admin', 'analytics', 'search-conversion', params.range],
    queryFn: async ({ signal }) =>
      (await staffGet<{ data: SearchConversionResponse }>(`/v1/admin/analytics/search-conversion?${query(params)}&pageSize=${CONVERSION_PAGE_SIZE_MAX}`, signal)).body.data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useOrderFunnel(params: AnalysisParams) {
  return useQuery({
    queryKey: ['admin', 'analytics', 'order-funnel', params.range],
    queryFn: async ({ signal }) => (await staffGet<{ data: OrderFunnelResponse }>(`/v1/admin/analytics/order-funnel?${query(params)}`, signal)).body.data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** CSV exports (plain links: the browser sends the session cookie). */
export const searchConversionCsvUrl = (params: AnalysisParams) => `/v1/admin/analytics/search-conversion?${query(params)}&format=csv`;
export const orderFunnelCsvUrl = (params: AnalysisParams) => `/v1/admin/analytics/order-funnel?${query(params)}&format=csv`;
