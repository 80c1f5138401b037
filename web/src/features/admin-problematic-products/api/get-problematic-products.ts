/**
 * GET /v1/admin/products/problematic (spec 2 "Admin area": ProblematicProductsList; permission products.view): one page of one
 * kind of the problematic products list with the reasons per product and every kind's count (api/contracts/admin-problematic-products.ts).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProblematicProductsKindName, ProblematicProductsResponse } from '../../../../../api/contracts/admin-problematic-products';
import { withQuery } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';
import { STAFF_PAGE_SIZE } from '../../../components/staff/list-state';
import { staffGet } from '../../../lib/staff/session-expiry';

export interface ProblematicProductsParams {
  kind: ProblematicProductsKindName;
  /** The stale kind's N days. */
  days: number;
  /** 1-based. */
  page: number;
  lang: Language;
}

export const PROBLEMATIC_PRODUCTS_KEY = ['admin', 'problematic-products'] as const;

export async function getProblematicProducts({ kind, days, page, lang }: ProblematicProductsParams, signal?: AbortSignal): Promise<ProblematicProductsResponse> {
  const url = withQuery('/v1/admin/products/problematic', { kind, days: kind === 'stale' ? days : undefined, page, pageSize: STAFF_PAGE_SIZE, lang });
  return (await staffGet<{ data: ProblematicProductsResponse }>(url, signal)).body.data;
}

export const problematicProductsQuery = (params: ProblematicProductsParams) =>
  queryOptions({
    queryKey: [...PROBLEMATIC_PRODUCTS_KEY, params.kind, params.kind === 'stale' ? params.days : null, params.page, params.lang],
    queryFn: ({ signal }) => getProblematicProducts(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export function useProblematicProducts(params: ProblematicProductsParams) {
  return useQuery(problematicProductsQuery(params));
}
