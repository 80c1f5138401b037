/**
 * Live stock on the product page: subscribes to the product over the websocket GET /v1/live and refetches
 * the product when the server says its stock changed, so availability updates without a reload (the tab's one socket,
 * shared with the live content, and its reconnection: lib/live-socket.ts).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { openLiveSocket } from '../../../lib/live-socket';

export function useLiveStock(productId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!productId) return undefined;
    return openLiveSocket({
      onOpen: (socket) => socket.send(JSON.stringify({ subscribe: [productId] })),
      // The tab's one socket stays open for the live content: withdraw this product's subscription.
      onLeave: (socket) => socket.send(JSON.stringify({ subscribe: [] })),
      onMessage: (data) => {
        const push = data as { type?: string; productIds?: string[] } | null;
        if (push?.type === 'stock' && push.productIds?.includes(productId)) {
          void queryClient.invalidateQueries({ queryKey: ['catalog', 'product', productId] });
        }
      },
    });
  }, [productId, queryClient]);
}
