/**
 * `POST /v1/stock-notification` (spec 7; spec 3 "Stock notification request": user_email, product_id, quantity):
 * appends StockNotificationRequested through the RequestStockNotification command. Answers `data: true`.
 * Errors in the envelope and the user's language: 400 stock_notification.email_invalid ('Please enter a valid
 * email address', spec 5), 404 product.not_found (unknown or inaccessible product), 409 stock_notification.in_stock
 * (the product can be ordered in that quantity now, domain/stock-notification/back-in-stock.ts; the
 * dialog shows the message instead of recording a request), 409
 * stock_notification.already_submitted ('Notification already submitted', spec 8), 429 rate_limited ('Rate limit
 * exceeded. Please try again later.') after 10 requests per minute from one address.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { langQuerySchema } from '../../contracts/common.js';
import { stockNotificationBodySchema } from '../../contracts/stock-notifications.js';
import { requestStockNotification } from '../../../commands/stock-notification/request-stock-notification.js';
import { coversRequest } from '../../../domain/stock-notification/back-in-stock.js';
import { getProduct } from '../../../projections/catalog/queries.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { csrfProtected } from '../../plugins/csrf.js';
import { ApiError, success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';

/** Requests per minute per client address (spec 8 names the rate-limit message; the number is ours). */
export const STOCK_NOTIFICATION_RATE_LIMIT = 10;

const bodySchema = stockNotificationBodySchema;

/** The stock notification route as one plugin. */
export async function stockNotificationRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/v1/stock-notification',
    {
      schema: {
        summary: 'Ask to be told when a product is back in stock (spec 7)',
        tags: ['catalog'],
        body: bodySchema,
        querystring: langQuerySchema,
        response: { 200: envelopeSchema(z.literal(true)), 400: failureEnvelopeSchema, 403: failureEnvelopeSchema, 404: failureEnvelopeSchema, 409: failureEnvelopeSchema, 429: failureEnvelopeSchema },
      },
      config: { rateLimit: { max: STOCK_NOTIFICATION_RATE_LIMIT, timeWindow: 60_000 } },
      onRequest: csrfProtected(app),
    },
    async (request) => {
      const language = requestLanguage(request.query, request.headers['accept-language']);
      const now = deps.now();
      const product = await getProduct(deps.db, request.body.product_id, now);
      if (!product || product.visibility === 'inaccessible') throw new ApiError('product.not_found', 404, 'product_id');
      if (coversRequest(product, request.body.quantity ?? 1)) throw new ApiError('stock_notification.in_stock', 409, 'product_id');
      await requestStockNotification(
        deps.store,
        { productId: request.body.product_id, email: request.body.user_email, quantity: request.body.quantity ?? 1, language },
        { commandId: randomUUID(), correlationId: request.id, userId: null, now },
      );
      return success(true);
    },
  );
}
