/**
 * The payment page learns 'paid' live (live payment page): while the order is unpaid, a websocket to GET /v1/live
 * (lib/live-socket.ts, reconnecting) sends `{"order": "<publicToken>"}`; the server answers
 * `{"type": "payment", "paid": boolean}` when the order's paid state changes (at once when it is paid already;
 * api/routes/live), and the page's order is fetched again (GET /v1/payment/{token}). Returns whether the socket is
 * open now, so the page asks every 5 s only while it is not (the fallback).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { openLiveSocket } from '../../../lib/live-socket';

export function useLivePayment(token: string, enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!enabled || !token) return undefined;
    const close = openLiveSocket({
      onOpen: (socket, reopened) => {
        socket.send(JSON.stringify({ order: token }));
        socket.addEventListener('close', () => setOpen(false));
        setOpen(true);
        // The state may have changed while the socket was down.
        if (reopened) void queryClient.invalidateQueries({ queryKey: ['payment', token] });
      },
      onMessage: (data) => {
        if ((data as { type?: unknown } | null)?.type === 'payment') void queryClient.invalidateQueries({ queryKey: ['payment', token] });
      },
    });
    return () => {
      close();
      setOpen(false);
    };
  }, [enabled, token, queryClient]);
  return open;
}
