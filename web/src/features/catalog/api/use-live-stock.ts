/**
 * Live stock on the product page (issue 3): subscribes to the product over the websocket GET /v1/live and refetches
 * the product when the server says its stock changed, so availability updates without a reload. Reconnects with a
 * growing delay (1 s to 30 s) when the connection drops; does nothing where WebSocket is unavailable.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

export function useLiveStock(productId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof WebSocket === 'undefined' || !productId) return;
    let socket: WebSocket | undefined;
    let retryMs = 1000;
    let timer: number | undefined;
    let stopped = false;
    const connect = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${scheme}://${window.location.host}/v1/live`);
      socket.onopen = () => {
        retryMs = 1000;
        socket?.send(JSON.stringify({ subscribe: [productId] }));
      };
      socket.onmessage = (message) => {
        try {
          const data = JSON.parse(String(message.data)) as { type?: string; productIds?: string[] };
          if (data.type === 'stock' && data.productIds?.includes(productId)) {
            void queryClient.invalidateQueries({ queryKey: ['catalog', 'product', productId] });
          }
        } catch {
          /* not ours */
        }
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
  }, [productId, queryClient]);
}
