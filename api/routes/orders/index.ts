/**
 * The order and payment routes as one Fastify plugin: POST /v1/place-order, GET|PUT /v1/payment/{token} and its
 * form redirect, the payment callbacks (POST|GET /v1/payment-callback/{providerId}, POST|GET
 * /payment-return/{providerId}[/{token}]) and GET /order/download/{token}. Registers the urlencoded body parser
 * (@fastify/formbody: iPizza banks POST forms) unless the app already has one.
 *
 *   await app.register(orderRoutes, { deps });
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../plugins/deps.js';
import { paymentCallbackRoutes } from './callbacks.js';
import { orderDownloadRoutes } from './download.js';
import { paymentRoutes } from './payment.js';
import { placeOrderRoute } from './place-order.js';

export async function orderRoutes(app: FastifyInstance, options: RouteOptions): Promise<void> {
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody);
  placeOrderRoute(app, options.deps);
  paymentRoutes(app, options.deps);
  paymentCallbackRoutes(app, options.deps);
  orderDownloadRoutes(app, options.deps);
}
