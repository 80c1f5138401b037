/**
 * GET /v1/products?q&c&f&page&pageSize&sort&iu&lang (spec 7 "Product list"): one page of listed products with
 * facets; paging in the x-pagination-* headers. Results are cached per query string (spec 2 "Product listing").
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductListResponse } from '../../../../../api/contracts/catalog';
import { getJson, readPagination, type Pagination } from '../../../lib/api-client';

export interface ProductPage {
  list: ProductListResponse;
  pagination: Pagination;
}

/** `queryString` is the canonical query built by `toProductListQuery` (listing-params.ts). */
export async function getProducts(queryString: string, signal?: AbortSignal): Promise<ProductPage> {
  const { body, headers } = await getJson<{ data?: ProductListResponse }>(`/v1/products?${queryString}`, signal);
  const list: ProductListResponse = body.data ?? {
    results: [],
    availableFilters: [],
    leftOutSearchKeywords: [],
    appliedFiltersCount: 0,
    exactlyMatchingProductIds: [],
  };
  const sp = new URLSearchParams(queryString);
  const pagination = readPagination(headers, {
    page: Number(sp.get('page') ?? 1),
    perPage: Number(sp.get('pageSize') ?? list.results.length),
    received: list.results.length,
  });
  return { list, pagination };
}

export const productsQueryOptions = (queryString: string) =>
  queryOptions({
    queryKey: ['catalog', 'products', queryString] as const,
    queryFn: ({ signal }) => getProducts(queryString, signal),
  });

/**
 * Keeps the previous page on screen while the next one loads. Staff (`frontEdit`) add `fieldsPreset=frontEdit`
 * (each product's `staff` details); `enabled` false while the staff session is not known yet.
 */
export function useProducts(queryString: string, frontEdit = false, enabled = true) {
  const qs = frontEdit ? `${queryString}${queryString ? '&' : ''}fieldsPreset=frontEdit` : queryString;
  return useQuery({ ...productsQueryOptions(qs), placeholderData: keepPreviousData, enabled });
}
