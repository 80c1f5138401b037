/**
 * GET /v1/stock-notification (spec 7: "Polled every 30 s. data is a list"; api/contracts/site-summary.ts): the open
 * back-in-stock requests, newest first; its length is the Stock notifications badge. Polled every 30 s as the
 * fallback of the websocket push (./use-live-badges.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StockNotificationItem } from '../../../../../api/contracts/site-summary';
import { staffGet } from '../../../lib/staff/session-expiry';
import { BADGE_POLL_MS, BADGES_KEY } from './get-site-summary';

export async function getStockNotifications(signal?: AbortSignal): Promise<StockNotificationItem[]> {
  return (await staffGet<{ data: StockNotificationItem[] }>('/v1/stock-notification', signal)).body.data;
}

export const stockNotificationsQuery = () =>
  queryOptions({
    queryKey: [...BADGES_KEY, 'stock-notifications'],
    queryFn: ({ signal }) => getStockNotifications(signal),
    staleTime: 0,
    refetchInterval: BADGE_POLL_MS,
  });

export function useStockNotifications(enabled: boolean) {
  return useQuery({ ...stockNotificationsQuery(), enabled });
}
