/**
 * Badges pushed live (issue 10: "changes are pushed over the existing websocket to signed-in staff, and the spec's
 * 30 s polling is only the fallback"): while an admin page is open, a websocket to GET /v1/live; the server sends
 * `{ type: 'badges' }` (api/contracts/site-summary.ts `badgesPushSchema`) to signed-in staff when an order or a
 * stock notification changes the counts, and every badge query is invalidated, so a new order shows within a second
 * without a reload. Reconnects with a growing delay (1 s to 30 s); the 30 s polling covers the gaps.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BADGES_KEY } from './get-site-summary';

/** True for the push that tells staff pages to refetch their badges. */
export function isBadgesPush(raw: unknown): boolean {
  try {
    const message = JSON.parse(String(raw)) as { type?: unknown } | null;
    return message?.type === 'badges';
  } catch {
    return false;
  }
}

export function useLiveBadges(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return undefined;
    let socket: WebSocket | undefined;
    let retryMs = 1000;
    let timer: number | undefined;
    let stopped = false;
    let opened = false;
    const connect = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${scheme}://${window.location.host}/v1/live`);
      socket.onopen = () => {
        retryMs = 1000;
        // Counts may have changed while the socket was down (the first connection follows the first fetch).
        if (opened) void queryClient.invalidateQueries({ queryKey: BADGES_KEY });
        opened = true;
      };
      socket.onmessage = (message) => {
        if (isBadgesPush(message.data)) void queryClient.invalidateQueries({ queryKey: BADGES_KEY });
      };
      socket.onclose = () => {
        if (stopped) return;
        timer = window.setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, 30_000);
      };
    };
    connect();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      socket?.close();
    };
  }, [enabled, queryClient]);
}
