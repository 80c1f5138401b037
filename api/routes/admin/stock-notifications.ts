/**
 * Back-in-stock requests for staff (spec 2 StockNotificationsList; spec 2, 3 "Stock notification request"), under
 * /v1/admin behind the staff guard:
 * - GET /stock-notifications?state=waiting|sent|cancelled (permission `stock_notifications.view`): the requests of
 *   the stock-notifications read model with their state, newest first, product names in the user's language.
 * - DELETE /stock-notifications/{id} (permission `stock_notifications.edit`, staff CSRF): CancelStockNotification on
 *   the request's stream; the event carries the signed-in user. 404 `stock_notification.not_found` (unknown id), 409
 *   `stock_notification.not_waiting` (already sent or cancelled).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cancelStockNotification, isStockNotificationStreamId } from '../../../commands/stock-notification/request-stock-notification.js';
import { listStockNotifications } from '../../../projections/stock-notifications/queries.js';
import {
  adminStockNotificationListSchema,
  adminStockNotificationParamsSchema,
  adminStockNotificationQuerySchema,
  cancelledStockNotificationSchema,
} from '../../contracts/admin-stock-notifications.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { ApiError, success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';
import { staffCsrf } from '../../plugins/staff-guard.js';

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema, 404: failureEnvelopeSchema, 409: failureEnvelopeSchema };

/** The plugin (registered by api/routes/admin/index.ts). */
export async function adminStockNotificationRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/stock-notifications',
    {
      schema: {
        summary: 'Back-in-stock requests with their state (waiting, sent, cancelled), newest first',
        tags: ['admin'],
        querystring: adminStockNotificationQuerySchema,
        response: { 200: envelopeSchema(adminStockNotificationListSchema), ...failures },
      },
      config: { permission: 'stock_notifications.view' },
    },
    async (request) => success(await listStockNotifications(deps.db as never, requestLanguage(request.query, request.headers['accept-language']), request.query.state)),
  );

  r.delete(
    '/stock-notifications/:id',
    {
      schema: {
        summary: 'Cancel a waiting back-in-stock request',
        tags: ['admin'],
        params: adminStockNotificationParamsSchema,
        querystring: adminStockNotificationQuerySchema.pick({ lang: true }),
        response: { 200: envelopeSchema(cancelledStockNotificationSchema), ...failures },
      },
      config: { permission: 'stock_notifications.edit' },
      onRequest: staffCsrf(app),
    },
    async (request) => {
      const { id } = request.params;
      if (!isStockNotificationStreamId(id)) throw new ApiError('stock_notification.not_found', 404);
      await cancelStockNotification(deps.store, id, request.commandContext());
      return success({ id, state: 'cancelled' as const });
    },
  );
}
