/**
 * GET /v1/site-summary (spec 7: "Polled every 30 s. data.unfilledOrders"; api/contracts/site-summary.ts): the count
 * behind the Orders badge. Refetched every 30 s as the fallback; the websocket push (./use-live-badges.ts)
 * invalidates it at once when an order arrives.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteSummary } from '../../../../../api/contracts/site-summary';
import { staffGet } from '../../../lib/staff/session-expiry';

/** Every badge query starts with this key: the push invalidates them together. */
export const BADGES_KEY = ['staff', 'badges'] as const;
/** Spec 9: "Counters refresh every 30 s." */
export const BADGE_POLL_MS = 30_000;

export async function getSiteSummary(signal?: AbortSignal): Promise<SiteSummary> {
  return (await staffGet<{ data: SiteSummary }>('/v1/site-summary', signal)).body.data;
}

export const siteSummaryQuery = () =>
  queryOptions({ queryKey: [...BADGES_KEY, 'site-summary'], queryFn: ({ signal }) => getSiteSummary(signal), staleTime: 0, refetchInterval: BADGE_POLL_MS });

export function useSiteSummary(enabled: boolean) {
  return useQuery({ ...siteSummaryQuery(), enabled });
}
