/**
 * GET /v1/admin/products (spec 2 ProductList; permission products.view; api/contracts/admin-products.ts): one page
 * of products found by part number or name, filtered and sorted (spec 9 back-office sorts), with the total and the
 * warehouses (the stock columns). The screen's URL holds the same parameters (`listParams`).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ADMIN_PRODUCT_PAGE_SIZES,
  ADMIN_PRODUCT_SORTS,
  ADMIN_STOCK_STATES,
  AVAILABILITY_POLICY_VALUES,
  PRODUCT_VISIBILITY_STATES,
  type AdminProductList,
  type AdminProductSort,
  type AdminStockState,
} from '../../../../../api/contracts/admin-products';
import { readChoiceParam, readPageParam, readPageSizeParam, readSearchParam } from '../../../components/staff/list-state';
import { withQuery } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';
import { staffGet } from '../../../lib/staff/session-expiry';

export const PRODUCT_LIST_KEY = ['admin', 'products', 'list'] as const;

/** The list's parameters as the URL and the api name them; absent ones are the defaults. */
export interface ProductListParams {
  q: string;
  category: string | null;
  policy: (typeof AVAILABILITY_POLICY_VALUES)[number] | null;
  visibility: (typeof PRODUCT_VISIBILITY_STATES)[number] | null;
  stock: AdminStockState | null;
  noImage: boolean;
  noCategory: boolean;
  sort: AdminProductSort;
  page: number;
  pageSize: number;
}

/** The parameters of the screen's URL; anything unknown is left at its default (hostile or stale links). */
export function listParams(search: URLSearchParams): ProductListParams {
  const category = search.get('category');
  return {
    q: readSearchParam(search),
    category: category && /^[0-9a-fA-F-]{36}$/.test(category) ? category : null,
    policy: readChoiceParam(search, 'policy', AVAILABILITY_POLICY_VALUES),
    visibility: readChoiceParam(search, 'visibility', PRODUCT_VISIBILITY_STATES),
    stock: readChoiceParam(search, 'stock', ADMIN_STOCK_STATES),
    noImage: search.get('noImage') === '1',
    noCategory: search.get('noCategory') === '1',
    sort: readChoiceParam(search, 'sort', ADMIN_PRODUCT_SORTS) ?? 'newest',
    page: readPageParam(search),
    pageSize: readPageSizeParam(search, ADMIN_PRODUCT_PAGE_SIZES),
  };
}

export async function getProducts(params: ProductListParams, lang: Language, signal?: AbortSignal): Promise<AdminProductList> {
  const url = withQuery('/v1/admin/products', {
    lang,
    q: params.q.trim() || null,
    category: params.category,
    policy: params.policy,
    visibility: params.visibility,
    stock: params.stock,
    noImage: params.noImage ? '1' : null,
    noCategory: params.noCategory ? '1' : null,
    sort: params.sort === 'newest' ? null : params.sort,
    page: params.page > 1 ? params.page : null,
    pageSize: params.pageSize === 24 ? null : params.pageSize,
  });
  return (await staffGet<{ data: AdminProductList }>(url, signal)).body.data;
}

export const productsQuery = (params: ProductListParams, lang: Language) =>
  queryOptions({
    queryKey: [...PRODUCT_LIST_KEY, lang, params],
    queryFn: ({ signal }) => getProducts(params, lang, signal),
    staleTime: 5_000,
    // The table stays while the next page or filter loads (no jump to a spinner on every key).
    placeholderData: keepPreviousData,
  });

export function useProducts(params: ProductListParams, lang: Language) {
  return useQuery(productsQuery(params, lang));
}
