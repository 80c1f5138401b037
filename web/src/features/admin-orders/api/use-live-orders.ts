/**
 * Order screens follow changes made elsewhere (live payment page: "staff lists update when an order is placed, paid or
 * filled in another window"). The admin shell keeps a websocket to GET /v1/live; the server sends `{type: 'badges'}`
 * to signed-in staff sockets whenever the orders read models commit a change (a placed, paid, filled or edited order;
 * api/routes/live), and the shell refetches the badge counts (`['staff', 'badges', 'site-summary']`), with its 30 s
 * polling as the fallback. This hook rides on that refetch instead of opening a second socket: each time the
 * site summary arrives anew, the order queries under `queryKey` are invalidated, so the open list (or the open order)
 * reloads within a moment. The hint carries no order data: what changed is read again through the staff api.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';

/** The shell's badge query (features/admin-shell/api/get-site-summary.ts; features do not import each other). */
const SITE_SUMMARY_KEY = ['staff', 'badges', 'site-summary'] as const;

const startsWith = (key: QueryKey, prefix: readonly unknown[]) => prefix.every((part, i) => key[i] === part);

/** Invalidates the queries under `queryKey` whenever the shell's badge counts are fetched again (see module). */
export function useRefreshOnOrderChanges(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    const prefix = JSON.parse(key) as unknown[];
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (!startsWith(event.query.queryKey, SITE_SUMMARY_KEY)) return;
      void queryClient.invalidateQueries({ queryKey: prefix });
    });
  }, [queryClient, key]);
}
