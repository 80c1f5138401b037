/**
 * `GET /v1/live` (websocket: stock on the product page updates live, without a reload). The page sends
 * `{"subscribe": ["<productId>", ...]}` (at most 50 ids; each message replaces the previous subscription) and gets
 * `{"type": "subscribed", "productIds": [...]}` once it holds (likewise `{"type": "subscribed", "content": true}` for
 * live content): a push committed after that reaches the page, so a client or a test can wait for it; the
 * server pushes `{"type": "stock", "productIds": [...]}` when the catalog projection committed a stock change of a
 * subscribed product (`stock_changed` notifications, see projections/catalog/writer.ts), and the page refetches
 * the product. Malformed messages are ignored; nothing is ever written through this socket.
 *
 * Staff badges: a socket whose upgrade request carried a valid staff session (api/plugins/sessions.ts
 * `sessionFromCookieHeader`) also gets `{"type": "badges"}` whenever the orders or stock-notifications read model
 * changed (`rm_changed` 'orders' / 'stock_notifications'), and the admin page refetches GET /v1/site-summary and GET
 * /v1/stock-notification; their 30 s polling is only the fallback. Hints within 25 ms (BADGE_COALESCE_MS) are sent
 * once. The session is checked again before each push (one store read per staff socket): a socket whose session
 * ended (logout, idle, revoked) gets no more hints.
 *
 * Payment pages (live payment page): the page of an order sends `{"order": "<publicToken>"}` (one order per socket; a
 * later message replaces it) and gets `{"type": "payment", "paid": true|false}` when that order's paid state differs
 * from what the socket was last told (at once when it is already paid), read from the orders read model after each
 * `rm_changed` 'orders' (coalesced like the badges). Only the socket that names a token hears about it, and the
 * message carries nothing but the flag: the page then reads GET /v1/payment/{token} as before. Its 5 s polling is
 * only the fallback while the socket is down.
 *
 * Live content (architecture "Live content"): a storefront page sends `{"content": true}` and gets `{"type":
 * "content", "pages": [...], "site": [...]}` when a page, the menu or the global fields changed for guests
 * (./live-content.ts); it refetches what it shows.
 *
 * Origin (cross-site websocket hijacking: a page of another site opening the socket with the staff cookie): an
 * upgrade whose Origin is not the shop's own answers 403 in the envelope before any upgrade ({@link liveOriginAllowed}:
 * the origin of PUBLIC_URL; without one, tests only, the request's own Host). An upgrade without Origin is accepted:
 * browsers always send Origin on a websocket upgrade, so its absence means a non-browser client (a script, a
 * monitoring probe), which could forge any Origin anyway; such a client holds no browser's cookie by accident.
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { RouteOptions } from '../../plugins/deps.js';
import { failureAnswer } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';
import type { SessionRuntime } from '../../plugins/sessions.js';
import { ContentPushes } from './live-content.js';
import { PAID_LOOKUP_CHUNK, paidByToken, PUBLIC_TOKEN_PATTERN } from './live-payments.js';

export const MAX_LIVE_SUBSCRIPTIONS = 50;

/**
 * Whether a websocket upgrade's Origin header may open /v1/live (see the module comment): absent (a non-browser
 * client), or equal to the origin of `publicUrl` (scheme, host and port); without `publicUrl`, equal to
 * `http(s)://<host>` of the request's Host header.
 */
export function liveOriginAllowed(origin: string | undefined, publicUrl: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  if (publicUrl) {
    try {
      return origin === new URL(publicUrl).origin;
    } catch {
      return false;
    }
  }
  return !!host && (origin === `http://${host}` || origin === `https://${host}`);
}
/** What staff sockets receive when a badge's read model changed. */
/** Hints within this many milliseconds are sent as one push (a placed order changes the orders read model twice). */
export const BADGE_COALESCE_MS = 25;
export const BADGES_MESSAGE = JSON.stringify({ type: 'badges' });

/** The websocket route as one plugin; its subscribers are the plugin's own state. */
export async function liveRoutes(app: FastifyInstance, { deps, sessions }: RouteOptions & { sessions?: SessionRuntime }): Promise<void> {
  const subscribers = new Map<WebSocket, Set<string>>();
  /** Staff sockets and the Cookie header of their upgrade request (rechecked before each push). */
  const staffSockets = new Map<WebSocket, string>();
  let badgeTimer: NodeJS.Timeout | null = null;
  const pushBadges = async () => {
    for (const [socket, cookie] of staffSockets) {
      // A session that ended since (logout, idle, revoked) gets no more hints; the socket stays a shopper's.
      const staff = await sessions?.sessionFromCookieHeader(cookie).catch(() => null);
      if (!staff) staffSockets.delete(socket);
      else if (socket.readyState === socket.OPEN) socket.send(BADGES_MESSAGE);
    }
  };
  const onBadges = () => {
    if (badgeTimer || staffSockets.size === 0) return;
    badgeTimer = setTimeout(() => {
      badgeTimer = null;
      void pushBadges();
    }, BADGE_COALESCE_MS);
  };
  deps.readModelChanges?.on('orders', onBadges);
  // The unfilled-orders badge counts the admin orders read model (filled / unfilled).
  deps.readModelChanges?.on('admin_orders', onBadges);
  deps.readModelChanges?.on('stock_notifications', onBadges);

  /** Payment pages: the order each watches and the paid state it was last told (null: nothing told yet). */
  const orderWatchers = new Map<WebSocket, { token: string; paid: boolean | null }>();
  let paymentTimer: NodeJS.Timeout | null = null;
  let paymentRun: Promise<void> = Promise.resolve();
  const pushPayments = async () => {
    if (!orderWatchers.size) return;
    const tokens = [...new Set([...orderWatchers.values()].map((w) => w.token))];
    const states = new Map<string, boolean>();
    for (let i = 0; i < tokens.length; i += PAID_LOOKUP_CHUNK) for (const [t, paid] of await paidByToken(deps.db, tokens.slice(i, i + PAID_LOOKUP_CHUNK))) states.set(t, paid);
    for (const [socket, watch] of orderWatchers) {
      const paid = states.get(watch.token);
      if (paid === undefined || paid === watch.paid) continue;
      const first = watch.paid === null;
      watch.paid = paid;
      if (first && !paid) continue; // the page shows an unpaid order already
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'payment', paid }));
    }
  };
  /** Runs one check after the current one (never two at once), logging a failure. */
  const checkPayments = () => {
    paymentRun = paymentRun.then(pushPayments).catch((e: unknown) => app.log.warn({ err: e }, 'live: payment state lookup failed'));
  };
  const onOrders = () => {
    if (paymentTimer || orderWatchers.size === 0) return;
    paymentTimer = setTimeout(() => {
      paymentTimer = null;
      checkPayments();
    }, BADGE_COALESCE_MS);
  };
  deps.readModelChanges?.on('orders', onOrders);

  const onStock = (productIds: string[]) => {
    for (const [socket, ids] of subscribers) {
      const hits = productIds.filter((id) => ids.has(id));
      if (hits.length && socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'stock', productIds: hits }));
    }
  };
  deps.readModelChanges?.on('stock', onStock);
  const content = new ContentPushes();
  deps.readModelChanges?.on('content', content.onChanges);
  app.addHook('onClose', async () => {
    deps.readModelChanges?.off('stock', onStock);
    deps.readModelChanges?.off('content', content.onChanges);
    content.close();
    deps.readModelChanges?.off('orders', onBadges);
    deps.readModelChanges?.off('admin_orders', onBadges);
    deps.readModelChanges?.off('stock_notifications', onBadges);
    deps.readModelChanges?.off('orders', onOrders);
    if (badgeTimer) clearTimeout(badgeTimer);
    if (paymentTimer) clearTimeout(paymentTimer);
    for (const socket of subscribers.keys()) socket.close(1001, 'server closing');
  });

  app.get(
    '/v1/live',
    {
      websocket: true,
      schema: {
        summary:
          'Websocket: send {"subscribe": [productId, ...]}, receive {"type": "subscribed", "productIds": [...]} (the acknowledgement) then {"type": "stock", "productIds": [...]}; send {"order": publicToken}, receive {"type": "payment", "paid": boolean}; send {"content": true}, receive {"type": "subscribed", "content": boolean} then {"type": "content", "pages": [pageId, ...], "site": ["menu" | "fields", ...]}; staff sessions also receive {"type": "badges"}',
        tags: ['catalog'],
        response: { 101: z.null().describe('Switching Protocols: the websocket'), 403: z.any().describe('Origin is not the shop\'s own (the failure envelope)') },
      },
      // Before the upgrade: a foreign Origin gets 403 and no socket (cross-site websocket hijacking).
      onRequest: async (request, reply) => {
        if (liveOriginAllowed(request.headers.origin, deps.publicUrl, request.headers.host)) return;
        request.log.info({ origin: request.headers.origin }, 'live: upgrade from a foreign origin refused');
        const answer = failureAnswer(requestLanguage(request.query, request.headers['accept-language']), 403, [{ code: 'request.origin_forbidden' }]);
        return reply.code(403).send(answer.payload);
      },
    },
    (socket, request) => {
    subscribers.set(socket, new Set());
    if (sessions && request.headers.cookie?.includes('shop_sid=')) {
      const cookie = request.headers.cookie;
      sessions
        .sessionFromCookieHeader(cookie)
        .then((staff) => {
          if (staff && socket.readyState === socket.OPEN) staffSockets.set(socket, cookie);
        })
        .catch((e: unknown) => request.log.warn({ err: e }, 'live: staff session lookup failed'));
    }
    socket.on('message', (raw) => {
      let message: unknown;
      try {
        message = JSON.parse(String(raw).slice(0, 10_000));
      } catch {
        return;
      }
      if (content.message(socket, message)) return;
      const token = (message as { order?: unknown } | null)?.order;
      if (typeof token === 'string' && PUBLIC_TOKEN_PATTERN.test(token)) {
        orderWatchers.set(socket, { token, paid: null });
        checkPayments();
        return;
      }
      const ids = (message as { subscribe?: unknown } | null)?.subscribe;
      if (!Array.isArray(ids)) return;
      const subscription = new Set(ids.filter((id): id is string => typeof id === 'string' && id.length <= 100).slice(0, MAX_LIVE_SUBSCRIPTIONS));
      subscribers.set(socket, subscription);
      // The acknowledgement: stock pushes for these ids reach this socket from here on.
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'subscribed', productIds: [...subscription] }));
    });
    socket.on('close', () => {
      subscribers.delete(socket);
      staffSockets.delete(socket);
      orderWatchers.delete(socket);
      content.remove(socket);
    });
    },
  );
}
