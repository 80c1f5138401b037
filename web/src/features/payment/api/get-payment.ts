/**
 * GET /v1/payment/{token} (spec 7; spec 4 "Payment page"): the order and, while it is unpaid, its payment
 * methods. 404 `order.not_found` when no order has this public token.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderWithPaymentMethods } from '../../../../../api/contracts/orders';
import type { Language } from '../../../lib/language';
import { getJson, withQuery } from '../../../lib/api-client';

export async function getPayment(token: string, lang: Language, signal?: AbortSignal): Promise<OrderWithPaymentMethods> {
  const { body } = await getJson<{ data: OrderWithPaymentMethods }>(withQuery(`/v1/payment/${encodeURIComponent(token)}`, { lang }), signal);
  return body.data;
}

export const paymentQueryOptions = (token: string, lang: Language) =>
  queryOptions({
    queryKey: ['payment', token, lang] as const,
    queryFn: ({ signal }) => getPayment(token, lang, signal),
    staleTime: 0,
  });

/**
 * How often an unpaid order is asked again, in milliseconds, so ' - paid' shows when the bank's call arrives: the
 * fallback while the live socket is down (live payment page: ./use-live-payment.ts pushes 'paid').
 */
export const UNPAID_REFRESH_MS = 5000;
/** While the live socket is open, an unpaid order is still asked this often (a push lost with a replica's restart). */
export const UNPAID_LIVE_REFRESH_MS = 60_000;

/**
 * The order of `token`; `initial` (the router state passed by checkout) is shown without a request. While the
 * order is unpaid and the page is visible it is fetched again every UNPAID_REFRESH_MS, or every
 * UNPAID_LIVE_REFRESH_MS while `live` (the websocket that pushes 'paid' is open).
 */
export function usePayment(token: string, lang: Language, initial: OrderWithPaymentMethods | undefined, live = false) {
  return useQuery({
    ...paymentQueryOptions(token, lang),
    initialData: initial,
    staleTime: initial ? 30_000 : 0,
    refetchInterval: (query) => (query.state.data && !query.state.data.order.isPaid ? (live ? UNPAID_LIVE_REFRESH_MS : UNPAID_REFRESH_MS) : false),
  });
}
