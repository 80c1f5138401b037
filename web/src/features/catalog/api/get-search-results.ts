/**
 * GET /v1/search?q&page&per-page&sort (spec 7): site search results with breadcrumbs; paging in the
 * x-pagination-* headers. Used by the search results screen (spec 2 "Search results page"). `pages`: the content
 * pages q finds (first page only; api/routes/search/page-results.ts).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageSearchResult, SearchResponse, SearchResult } from '../../../../../api/contracts/catalog';
import { getJson, readPagination, type Pagination } from '../../../lib/api-client';

export interface SearchPage {
  results: SearchResult[];
  pages: PageSearchResult[];
  pagination: Pagination;
  /** With a vehicle (`v=`, docs/architecture.md "Vehicle fitment"): the vehicle as the api names it, and the parts hidden for having no fitment data. */
  vehicle?: SearchResponse['vehicle'];
  hiddenUnknown?: number;
}

/** `queryString` holds q, page, per-page, sort, and v and unknown with a vehicle. */
export async function getSearchResults(queryString: string, signal?: AbortSignal): Promise<SearchPage> {
  const { body, headers } = await getJson<{ data: Pick<SearchResponse, 'results' | 'vehicle' | 'hiddenUnknown'> & { pages?: PageSearchResult[] } }>(
    `/v1/search?${queryString}`,
    signal,
  );
  const sp = new URLSearchParams(queryString);
  const results = body.data.results;
  const pagination = readPagination(headers, {
    page: Number(sp.get('page') ?? 1),
    perPage: Number(sp.get('per-page') ?? results.length),
    received: results.length,
  });
  const { vehicle, hiddenUnknown } = body.data;
  return { results, pages: body.data.pages ?? [], pagination, ...(vehicle ? { vehicle, hiddenUnknown } : {}) };
}

export const searchResultsQueryOptions = (queryString: string) =>
  queryOptions({
    queryKey: ['catalog', 'search', queryString] as const,
    queryFn: ({ signal }) => getSearchResults(queryString, signal),
  });

export function useSearchResults(queryString: string) {
  return useQuery({ ...searchResultsQueryOptions(queryString), placeholderData: keepPreviousData });
}
