/**
 * The staff badges' counts (spec 7 GET /v1/site-summary, GET /v1/stock-notification; spec 2 "Admin area": the
 * menu's badges), read from projections/stock-notifications/queries.ts. Staff routes outside /v1/admin, registered
 * inside the staff scope (api/routes/staff.ts), so the session and the guard apply:
 *
 * - `GET /v1/site-summary` (permission `orders.view`): `{ unfilledOrders, openStockNotifications }`.
 * - `GET /v1/stock-notification` (permission `stock_notifications.view`): the open back-in-stock requests, newest
 *   first, with product names in the request's language.
 *
 * Both are `cache-control: no-store` (the counts change with every order); 401 without a session, 403 without the
 * permission.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listOpenStockNotifications, siteSummary } from '../../../projections/stock-notifications/queries.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { langQuerySchema } from '../../contracts/common.js';
import { siteSummarySchema, stockNotificationListSchema } from '../../contracts/site-summary.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema };

/** The badge routes (see the module comment): `app.register(badgeRoutes, { deps })` inside the staff scope. */
export async function badgeRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/site-summary',
    { schema: { summary: 'Staff badges: unfilled orders, open stock notifications (spec 7)', tags: ['session'], querystring: langQuerySchema, response: { 200: envelopeSchema(siteSummarySchema), ...failures } }, config: { permission: 'orders.view' } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return success(await siteSummary(deps.db as never));
    },
  );

  r.get(
    '/v1/stock-notification',
    { schema: { summary: 'Open back-in-stock requests, newest first (spec 7)', tags: ['session'], querystring: langQuerySchema, response: { 200: envelopeSchema(stockNotificationListSchema), ...failures } }, config: { permission: 'stock_notifications.view' } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return success(await listOpenStockNotifications(deps.db as never, requestLanguage(request.query, request.headers['accept-language'])));
    },
  );
}
