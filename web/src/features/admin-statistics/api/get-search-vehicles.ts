/**
 * GET /v1/admin/statistics/search-vehicles (spec 2 "Search keywords": the searches that named a vehicle; permission
 * statistics.view): the vehicle models of a spec range with their chosen and typed searches, zero-result searches and
 * top keywords (api/contracts/admin-statistics.ts), and the address of the same list as a CSV file.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { KEYWORD_PAGE_SIZE_MAX, type SearchVehiclesResponse, type StatisticsRangeName } from '../../../../../api/contracts/admin-statistics';
import type { Language } from '../../../lib/language';
import { staffGet } from '../../../lib/staff/session-expiry';

export interface VehicleListParams {
  range: StatisticsRangeName;
  lang: Language;
}

const query = ({ range, lang }: VehicleListParams) => new URLSearchParams({ range, lang: lang === 'en' ? 'en' : 'et' });

/** The screen reads the most searched KEYWORD_PAGE_SIZE_MAX vehicles at once and sorts and pages them itself. */
export function useSearchVehicles(params: VehicleListParams, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'statistics', 'search-vehicles', params.range],
    queryFn: async ({ signal }) =>
      (await staffGet<{ data: SearchVehiclesResponse }>(`/v1/admin/statistics/search-vehicles?${query(params)}&pageSize=${KEYWORD_PAGE_SIZE_MAX}`, signal)).body.data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}

/** The CSV export of every vehicle of the range (a plain link: the browser sends the session cookie). */
export const searchVehiclesCsvUrl = (params: VehicleListParams) => `/v1/admin/statistics/search-vehicles?${query(params)}&format=csv`;
