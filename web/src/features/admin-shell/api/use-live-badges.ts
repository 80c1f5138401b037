/**
 * Badges pushed live ("changes are pushed over the existing websocket to signed-in staff, and the spec's
 * 30 s polling is only the fallback"): while an admin page is open, a websocket to GET /v1/live; the server sends
 * `{ type: 'badges' }` (api/contracts/site-summary.ts `badgesPushSchema`) to signed-in staff when an order or a
 * stock notification changes the counts, and every badge query is invalidated, so a new order shows within a second
 * without a reload. The socket reconnects with a growing delay (lib/live-socket.ts); the 30 s polling covers the
 * gaps.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { openLiveSocket } from '../../../lib/live-socket';
import { BADGES_KEY } from './get-site-summary';

export function useLiveBadges(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return undefined;
    return openLiveSocket({
      // Counts may have changed while the socket was down (the first connection follows the first fetch).
      onOpen: (_socket, reopened) => {
        if (reopened) void queryClient.invalidateQueries({ queryKey: BADGES_KEY });
      },
      onMessage: (data) => {
        if ((data as { type?: unknown } | null)?.type === 'badges') void queryClient.invalidateQueries({ queryKey: BADGES_KEY });
      },
      // A fresh socket: the server knows staff by the cookie of the upgrade request, and the tab's socket may have
      // been opened before the sign-in (lib/live-socket.ts).
    }, { fresh: true });
  }, [enabled, queryClient]);
}
