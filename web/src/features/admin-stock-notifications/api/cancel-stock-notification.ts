/**
 * DELETE /v1/admin/stock-notifications/{id} (permission stock_notifications.edit): cancels a waiting
 * back-in-stock request. On success the list and the shell's badges are refetched (the badge key is the shell's
 * ['staff', 'badges'], named here rather than imported: features do not import each other; the websocket's
 * `{ type: 'badges' }` push after the projection refreshes them too).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteJson, withQuery } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';
import { staffCall } from '../../../lib/staff/session-expiry';
import { STOCK_NOTIFICATIONS_KEY } from './get-stock-notifications';

const BADGES_KEY = ['staff', 'badges'] as const;

/** Cancels request `id`; errors (ApiError) carry the server's message in `lang`. */
export async function cancelStockNotification({ id, lang }: { id: string; lang: Language }): Promise<void> {
  await staffCall(() => deleteJson(withQuery(`/v1/admin/stock-notifications/${encodeURIComponent(id)}`, { lang })));
}

export function useCancelStockNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelStockNotification,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: STOCK_NOTIFICATIONS_KEY }), queryClient.invalidateQueries({ queryKey: BADGES_KEY })]);
    },
  });
}
