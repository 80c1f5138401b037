/**
 * GET /v1/admin/orders (spec 2 OrderList; permission orders.view; api/contracts/admin-orders.ts): one page of
 * orders, newest first, found by number, name or business name, e-mail or phone (`q`), filtered by paid, filled,
 * placing day range (`from`/`to`, YYYY-MM-DD, both inclusive) and delivery provider, with the total over all pages.
 * The screen's URL holds the same parameters (`orderListParams`), so a list can be linked and reloaded.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_ORDER_PAGE_SIZES, type AdminOrderList } from '../../../../../api/contracts/admin-orders';
import { readPageParam, readPageSizeParam, readSearchParam } from '../../../components/staff/list-state';
import { withQuery } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';
import { staffGet } from '../../../lib/staff/session-expiry';

/** Every query of this feature starts with it; a change anywhere to an order invalidates it. */
export const ORDERS_KEY = ['admin', 'orders'] as const;
export const ORDER_LIST_KEY = [...ORDERS_KEY, 'list'] as const;

/** The list's parameters as the URL and the api name them; absent ones are the defaults. */
export interface OrderListParams {
  q: string;
  /** true: paid only, false: unpaid only, null: both. */
  paid: boolean | null;
  filled: boolean | null;
  /** Placing day YYYY-MM-DD or ''. */
  from: string;
  to: string;
  provider: string;
  page: number;
  pageSize: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const flag = (v: string | null): boolean | null => (v === '1' ? true : v === '0' ? false : null);

/** The parameters of the screen's URL; anything unknown is left at its default (hostile or stale links). */
export function orderListParams(search: URLSearchParams): OrderListParams {
  const day = (key: string) => {
    const v = search.get(key) ?? '';
    return DAY.test(v) && !Number.isNaN(Date.parse(v)) ? v : '';
  };
  const provider = search.get('provider') ?? '';
  return {
    q: readSearchParam(search),
    paid: flag(search.get('paid')),
    filled: flag(search.get('filled')),
    from: day('from'),
    to: day('to'),
    provider: /^[a-z0-9][a-z0-9_-]{0,63}$/.test(provider) ? provider : '',
    page: readPageParam(search),
    pageSize: readPageSizeParam(search, ADMIN_ORDER_PAGE_SIZES),
  };
}

/** The api's query string of `params` (defaults left out). */
export function orderListUrl(params: OrderListParams, lang: Language): string {
  const bit = (v: boolean | null) => (v === null ? null : v ? '1' : '0');
  return withQuery('/v1/admin/orders', {
    lang,
    q: params.q.trim() || null,
    paid: bit(params.paid),
    filled: bit(params.filled),
    from: params.from || null,
    to: params.to || null,
    provider: params.provider || null,
    page: params.page > 1 ? params.page : null,
    pageSize: params.pageSize === 24 ? null : params.pageSize,
  });
}

export async function getOrders(params: OrderListParams, lang: Language, signal?: AbortSignal): Promise<AdminOrderList> {
  return (await staffGet<{ data: AdminOrderList }>(orderListUrl(params, lang), signal)).body.data;
}

export const ordersQuery = (params: OrderListParams, lang: Language) =>
  queryOptions({
    queryKey: [...ORDER_LIST_KEY, lang, params],
    queryFn: ({ signal }) => getOrders(params, lang, signal),
    staleTime: 5_000,
    // The table stays while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export function useOrders(params: OrderListParams, lang: Language) {
  return useQuery(ordersQuery(params, lang));
}
