/**
 * GET /v1/admin/statistics/search-keywords (spec 2 StatisticsList; permission statistics.view): the keywords of a
 * spec range with their counts and the searches per day (api/contracts/admin-statistics.ts), and the address of the
 * same list as a CSV file.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { KEYWORD_PAGE_SIZE_MAX, type SearchKeywordsResponse, type StatisticsRangeName } from '../../../../../api/contracts/admin-statistics';
import type { Language } from '../../../lib/language';
import { staffGet } from '../../../lib/staff/session-expiry';

export interface KeywordListParams {
  range: StatisticsRangeName;
  zeroOnly: boolean;
  /** Only the keywords of searches that named a vehicle (`vehicle=1`). */
  vehicleOnly: boolean;
  lang: Language;
}

const query = ({ range, zeroOnly, vehicleOnly, lang }: KeywordListParams) =>
  new URLSearchParams({ range, ...(zeroOnly ? { zero: '1' } : {}), ...(vehicleOnly ? { vehicle: '1' } : {}), lang: lang === 'en' ? 'en' : 'et' });

/** The screen reads the most searched KEYWORD_PAGE_SIZE_MAX keywords at once and sorts and pages them itself. */
export function useSearchKeywords(params: KeywordListParams) {
  return useQuery({
    queryKey: ['admin', 'statistics', 'search-keywords', params.range, params.zeroOnly, params.vehicleOnly],
    queryFn: async ({ signal }) =>
      (await staffGet<{ data: SearchKeywordsResponse }>(`/v1/admin/statistics/search-keywords?${query(params)}&pageSize=${KEYWORD_PAGE_SIZE_MAX}`, signal)).body.data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The CSV export of every keyword of the range (a plain link: the browser sends the session cookie). */
export const searchKeywordsCsvUrl = (params: KeywordListParams) => `/v1/admin/statistics/search-keywords?${query(params)}&format=csv`;
