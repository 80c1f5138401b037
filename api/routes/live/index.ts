/**
 * `GET /v1/live` (websocket, issue 3: stock on the product page updates live, without a reload). The page sends
 * `{"subscribe": ["<productId>", ...]}` (at most 50 ids; each message replaces the previous subscription); the
 * server pushes `{"type": "stock", "productIds": [...]}` when the catalog projection committed a stock change of a
 * subscribed product (`stock_changed` notifications, see projections/catalog/writer.ts), and the page refetches
 * the product. Malformed messages are ignored; nothing is ever written through this socket.
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { RouteOptions } from '../../deps.js';

export const MAX_LIVE_SUBSCRIPTIONS = 50;

/** The websocket route as one plugin; its subscribers are the plugin's own state. */
export async function liveRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const subscribers = new Map<WebSocket, Set<string>>();

  const onStock = (productIds: string[]) => {
    for (const [socket, ids] of subscribers) {
      const hits = productIds.filter((id) => ids.has(id));
      if (hits.length && socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'stock', productIds: hits }));
    }
  };
  deps.readModelChanges?.on('stock', onStock);
  app.addHook('onClose', async () => {
    deps.readModelChanges?.off('stock', onStock);
    for (const socket of subscribers.keys()) socket.close(1001, 'server closing');
  });

  app.get(
    '/v1/live',
    {
      websocket: true,
      schema: {
        summary: 'Websocket: send {"subscribe": [productId, ...]}, receive {"type": "stock", "productIds": [...]}',
        tags: ['catalog'],
        response: { 101: z.null().describe('Switching Protocols: the websocket') },
      },
    },
    (socket) => {
    subscribers.set(socket, new Set());
    socket.on('message', (raw) => {
      let message: unknown;
      try {
        message = JSON.parse(String(raw).slice(0, 10_000));
      } catch {
        return;
      }
      const ids = (message as { subscribe?: unknown } | null)?.subscribe;
      if (!Array.isArray(ids)) return;
      subscribers.set(socket, new Set(ids.filter((id): id is string => typeof id === 'string' && id.length <= 100).slice(0, MAX_LIVE_SUBSCRIPTIONS)));
    });
    socket.on('close', () => subscribers.delete(socket));
    },
  );
}
