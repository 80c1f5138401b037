/**
 * The payment page's calls (spec 7; spec 4 "Payment page"):
 * - GET /v1/payment/{token}: `{ order, paymentMethods }`; 404 `order.not_found` ("We couldn't find the requested
 *   order.").
 * - PUT /v1/payment/{token} `{ method, name, country }`: records PaymentStarted (commands/order/start-payment.ts)
 *   and answers `{ status: 'success', data: { url } }`: a redirect provider's URL, or for a form provider (iPizza)
 *   the shop's `/v1/payment/{token}/redirect?attempt={attemptId}`, which serves the auto-submitting form. A paid
 *   order refuses (409 `order.already_paid`), an order not paid in time too (409 `order.reservation_expired`);
 *   an unknown method is 400 `payment.method_unknown`; a provider that fails to start is 502. Attempts are limited
 *   per order and per client address (api/plugins/rate-limits.ts PaymentLimits, counted in Redis like place-order's): 429
 *   `rate_limited` past either. An attempt does not extend the order's reservation (it counts from placing,
 *   workers/jobs/expire-reservations.ts).
 * - GET /v1/payment/{token}/redirect?attempt=: the form of that attempt (the provider is asked again with the same
 *   attempt id, so no second payment is created).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { langQuerySchema } from '../../contracts/common.js';
import { startPayment } from '../../../commands/order/start-payment.js';
import { findPaymentAttempt, paymentAttemptId } from '../../../commands/order/payment-attempts.js';
import type { OrderSummary } from '../../../domain/order/order-summary.js';
import { renderAutoPostForm } from '../../../platform/payments/html.js';
import type { PaymentRequest, PaymentStart } from '../../../platform/payments/port.js';
import { getOrderView, type OrderView } from '../../../projections/orders/queries.js';
import { ordersReadModel } from '../../../projections/orders/writer.js';
import { readModelApplied } from '../../../projections/read-model.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { orderTokenParamsSchema, orderWithPaymentMethodsSchema, paymentRedirectQuerySchema, startPaymentBodySchema, startPaymentDataSchema } from '../../contracts/orders.js';
import type { ApiDeps } from '../../plugins/deps.js';
import { ApiError, success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';
import { apiLanguageOf, paymentMethodsFor, toApiOrder } from './to-order.js';
import { csrfProtected } from '../../plugins/csrf.js';
import { paymentSuccessPath } from './callbacks.js';
import { DEFAULT_PAYMENT_LIMITS } from '../../plugins/rate-limits.js';
import { readModelWaitMs } from '../../plugins/read-model-wait.js';

const tokenParams = orderTokenParamsSchema;
const failure = failureEnvelopeSchema;
const langQuery = langQuerySchema;

/** How long a payment call waits for a just-placed order to reach the orders read model, in milliseconds. */
export const READ_MODEL_WAIT_MS = readModelWaitMs(2000);

/**
 * The order of a public token from the orders read model. The shopper comes to /payment/{token} right after
 * placing the order, possibly before the projector has caught up: when a well-formed token is not found and the
 * orders read model is behind the newest committed event, it is looked up again every 50 ms until the read model
 * has caught up to that event (or READ_MODEL_WAIT_MS passed). A token that is unknown while the read model is up to
 * date is "not found" at once (an unknown token used to wait the whole 2 s).
 */
export async function findOrderByToken(deps: ApiDeps, token: string, waitMs = READ_MODEL_WAIT_MS): Promise<OrderView | null> {
  const first = await getOrderView(deps.db, { publicToken: token });
  if (first || !/^[A-Za-z0-9_-]{32,128}$/.test(token)) return first;
  const until = Date.now() + waitMs;
  const target = await deps.store.newestCommittedCheckpoint();
  for (;;) {
    const caughtUp = await readModelApplied(deps.db, deps.store, ordersReadModel, target).catch(() => false);
    const view = await getOrderView(deps.db, { publicToken: token });
    if (view || caughtUp || Date.now() >= until) return view;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Absolute base URL for provider URLs: ApiDeps.publicUrl, else the request's scheme and host. */
export function baseUrl(deps: ApiDeps, request: FastifyRequest): string {
  return (deps.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}

/**
 * The provider request of one attempt (amount in euro cents). The return URL is
 * `/payment-return/{providerId}/{publicToken}` (api/routes/orders/callbacks.ts), the notification URL
 * `/v1/payment-callback/{providerId}`.
 */
export function paymentRequest(summary: OrderSummary, methodId: string, providerId: string, attemptId: string, base: string): PaymentRequest {
  const language = apiLanguageOf(summary.language);
  return {
    methodId,
    orderId: summary.orderId,
    orderNumber: summary.number,
    publicToken: summary.publicToken,
    amountCents: summary.totalCents,
    currency: 'EUR',
    description: language === 'et' ? `Tellimus ${summary.number}` : `Order ${summary.number}`,
    language,
    customerEmail: summary.client.email,
    // The order's public token in the path: a refused browser return can land on the shopper's own
    // order page without trusting anything the bank or an attacker put in the answer.
    returnUrl: `${base}/payment-return/${providerId}/${summary.publicToken}`,
    notificationUrl: `${base}/v1/payment-callback/${providerId}`,
    attemptId,
  };
}

async function startWithProvider(start: () => Promise<PaymentStart>, request: FastifyRequest): Promise<PaymentStart> {
  try {
    return await start();
  } catch (error) {
    request.log.error({ err: error }, 'payment provider failed to start a payment');
    throw new ApiError('payment.provider_failed', 502);
  }
}

export function paymentRoutes(app: FastifyInstance, deps: ApiDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const limits = { ...DEFAULT_PAYMENT_LIMITS, ...deps.rateLimits?.payment };
  // Per address and per order, at onRequest after the CSRF check (the path's token is known once routed). Only one
  // app.rateLimit hook runs per request, so the second limit counts through createRateLimit (as place-order's
  // per-e-mail limit does).
  const tokenOf = (request: FastifyRequest) => String((request.params as { token?: unknown }).token ?? '').slice(0, 200);
  const perIp = app.rateLimit({ max: limits.perIp.max, timeWindow: limits.perIp.windowMs, keyGenerator: (request) => `payment-ip:${request.ip}` });
  const perOrderCount = app.createRateLimit({ max: limits.perOrder.max, timeWindow: limits.perOrder.windowMs, keyGenerator: (request) => `payment-order:${tokenOf(request)}` });
  const perOrder = async (request: FastifyRequest) => {
    const counted = await perOrderCount(request);
    if (!counted.isAllowed && counted.isExceeded) throw new ApiError('rate_limited', 429);
  };

  typed.get('/v1/payment/:token', { schema: { summary: 'An order and its payment methods (spec 7; personal data: no-store)', tags: ['payments'], params: tokenParams, querystring: langQuery, response: { 200: envelopeSchema(orderWithPaymentMethodsSchema), 400: failure, 404: failure } } }, async (request, reply) => {
    // Personal data: never kept by a browser or proxy cache, the 404 neither.
    reply.header('cache-control', 'no-store');
    const view = await findOrderByToken(deps, request.params.token);
    if (!view) throw new ApiError('order.not_found', 404);
    return success({ order: toApiOrder(view.summary, view.reservation), paymentMethods: paymentMethodsFor(deps.payments, view.summary, view.reservation, deps.publicUrl) });
  });

  typed.put(
    '/v1/payment/:token',
    {
      schema: { summary: 'Start a payment with the chosen method (spec 7)', tags: ['payments'], params: tokenParams, querystring: langQuery, body: startPaymentBodySchema, response: { 200: envelopeSchema(startPaymentDataSchema), 400: failure, 404: failure, 409: failure, 429: failure, 502: failure } },
      onRequest: [csrfProtected(app), perIp, perOrder],
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const view = await findOrderByToken(deps, request.params.token);
      if (!view) throw new ApiError('order.not_found', 404);
      const { summary } = view;
      const provider = deps.payments?.providerOfMethod(request.body.method);
      if (!provider) throw new ApiError('payment.method_unknown', 400, 'method');
      const commandId = randomUUID();
      // The attempt id is the PaymentStarted event's id (platform/payments/port.ts PaymentRequest.attemptId).
      const attemptId = paymentAttemptId(commandId, summary.orderId);
      await startPayment(
        deps.store,
        { orderId: summary.orderId, methodId: request.body.method, providerId: provider.id, attemptId },
        { commandId, correlationId: request.id, userId: null, now: deps.now() },
      );
      const start = await startWithProvider(() => provider.start(paymentRequest(summary, request.body.method, provider.id, attemptId, baseUrl(deps, request))), request);
      const url = start.kind === 'redirect' ? start.url : `/v1/payment/${summary.publicToken}/redirect?attempt=${attemptId}`;
      return success({ url });
    },
  );

  typed.get(
    '/v1/payment/:token/redirect',
    {
      schema: {
        summary: "The auto-submitting form of a payment attempt (iPizza), or 303 to the provider",
        tags: ['payments'],
        params: tokenParams,
        querystring: paymentRedirectQuerySchema,
        response: {
          200: { description: 'HTML form posting to the bank', content: { 'text/html': { schema: z.string() } } },
          303: z.null().describe('Redirect to the provider or /payment-success?order={token}'),
          400: failure,
          404: failure,
          502: failure,
        },
      },
    },
    async (request, reply) => {
      const view = await findOrderByToken(deps, request.params.token);
      if (!view) throw new ApiError('order.not_found', 404);
      if (view.summary.isPaid) return reply.redirect(paymentSuccessPath(view), 303);
      // The attempt from the order stream itself: the read model may not have projected it yet.
      const started = await findPaymentAttempt(deps.store, view.summary.orderId, request.query.attempt);
      const provider = started && deps.payments?.provider(started.providerId);
      if (!started || !provider) throw new ApiError('order.not_found', 404);
      const start = await startWithProvider(
        () => provider.start(paymentRequest(view.summary, started.methodId, provider.id, started.attemptId, baseUrl(deps, request))),
        request,
      );
      if (start.kind === 'redirect') return reply.redirect(start.url, 303);
      const language = request.query.lang ? requestLanguage(request.query, undefined) : apiLanguageOf(view.summary.language);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderAutoPostForm(start, language));
    },
  );
}
