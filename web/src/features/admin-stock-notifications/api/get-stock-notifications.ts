/**
 * GET /v1/admin/stock-notifications?state= (spec 2 StockNotificationsList; permission stock_notifications.view):
 * the back-in-stock requests with their state (api/contracts/admin-stock-notifications.ts), newest first, product
 * names in the page's language; every state when `state` is null.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStockNotification } from '../../../../../api/contracts/admin-stock-notifications';
import { withQuery } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';
import { staffGet } from '../../../lib/staff/session-expiry';

export type StockNotificationState = AdminStockNotification['state'];

export const STOCK_NOTIFICATIONS_KEY = ['admin', 'stock-notifications'] as const;

export async function getStockNotifications(state: StockNotificationState | null, lang: Language, signal?: AbortSignal): Promise<AdminStockNotification[]> {
  return (await staffGet<{ data: AdminStockNotification[] }>(withQuery('/v1/admin/stock-notifications', { state, lang }), signal)).body.data;
}

export const stockNotificationsQuery = (state: StockNotificationState | null, lang: Language) =>
  queryOptions({ queryKey: [...STOCK_NOTIFICATIONS_KEY, state ?? 'all', lang], queryFn: ({ signal }) => getStockNotifications(state, lang, signal), staleTime: 5_000 });

export function useStockNotificationList(state: StockNotificationState | null, lang: Language) {
  return useQuery(stockNotificationsQuery(state, lang));
}
