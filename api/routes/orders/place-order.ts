/**
 * POST /v1/place-order (spec 7; spec 4 "Checkout"; spec 5 "Checkout", "Quantity and stock", "Other rules: VAT").
 *
 * Parses the body (contract api/contracts/orders.ts: 400 `request.invalid` per field, e.g. `items.0.amount`),
 * calls the checkout use case (commands/order/place-order-from-cart.ts, which checks every spec 5 rule again and
 * prices every row from the catalog) and maps its answer: 200 `{ order, paymentMethods }`, or its DomainError in
 * the envelope through api/plugins/errors.ts (`order.empty` 400; one error per field 400; `order.not_accepted` with
 * `redirect: '/cart'` and one error per cart line `items.<i>`: 400, or 409 when a line was reserved away meanwhile;
 * 409 `order.reserve_share_exceeded` per line `items.<i>` when the client address would hold more than its share of
 * a product's stock in unpaid orders, api/routes/orders/reserve-share.ts).
 *
 * Header Idempotency-Key (api/plugins/idempotency.ts): a retried request gets the same order and a byte-identical body;
 * the order id is derived from the key, so even a retry after a crash places no second order.
 * Rate limits (api/plugins/rate-limits.ts): per client address and per e-mail; 429 `rate_limited`.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { v5 as uuidv5 } from 'uuid';
import { type CartCheckout, placeOrderFromCart } from '../../../commands/order/place-order-from-cart.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { noRefunds } from '../../../domain/order/order-summary.js';
import { orderWithPaymentMethodsSchema, placeOrderBodySchema, placeOrderFailureSchema } from '../../contracts/orders.js';
import { envelopeSchema } from '../../contracts/catalog.js';
import type { ApiDeps } from '../../plugins/deps.js';
import { ApiError, errorAnswer, failureAnswer } from '../../plugins/errors.js';
import { idempotencyKeyOf, requestHash, withIdempotency } from '../../plugins/idempotency.js';
import { type ApiLanguage, requestLanguage } from '../../plugins/messages.js';
import { catalogPricesOf, deliveryLocationsOf, orderNumbersOf } from '../../plugins/order-ports.js';
import { DEFAULT_PLACE_ORDER_LIMITS, orderEmailOf } from '../../plugins/rate-limits.js';
import { paymentMethodsFor, toApiOrder } from './to-order.js';
import { loadAggregate } from '../../../commands/shared/load-aggregate.js';
import { reservedFor, stockDecider, toStockStreamId, totalOnHand } from '../../../domain/stock/stock.js';
import { DEFAULT_RESERVE_SHARE_HOLD_MS, DEFAULT_RESERVE_SHARE_PERCENT, reserveShareOf } from './reserve-share.js';
import { csrfProtected } from '../../plugins/csrf.js';
import { shopperSessionOf } from '../../plugins/shopper-session.js';

const ORDER_ID_NAMESPACE = '9a3c1d52-6f0e-4b8a-a1f7-3c2d9e4b5a60';

interface Answer {
  status: number;
  payload: unknown;
}

/** The answer of one place-order request (no I/O on the reply: the idempotency layer stores it). */
async function answer(deps: ApiDeps, request: FastifyRequest, headerLanguage: ApiLanguage, key: string | undefined): Promise<Answer> {
  const parsed = placeOrderBodySchema.safeParse(request.body);
  if (!parsed.success) {
    return failureAnswer(headerLanguage, 400, parsed.error.issues.map((i) => ({ code: 'request.invalid', field: i.path.join('.') || undefined })));
  }
  const { items, client, order, delivery, language: bodyLanguage } = parsed.data;
  const language: ApiLanguage = bodyLanguage ? (bodyLanguage === 'et' ? 'et' : 'en') : headerLanguage;
  const input: CartCheckout = {
    orderId: key ? uuidv5(`place-order:${key}`, ORDER_ID_NAMESPACE) : randomUUID(),
    language,
    items: items.map((i) => ({ productId: i.product_id, amount: i.amount })),
    client: {
      type: client.client_type,
      firstName: client.first_name,
      lastName: client.last_name,
      businessName: client.business_name,
      email: client.email,
      phone: client.phone,
      vatRegNr: client.vat_reg_nr,
    },
    deliveryProvider: order.delivery_provider,
    deliveryOption: order.delivery_option,
    shortContactAddress: order.short_contact_address,
    comment: order.delivery_user_comment,
    termsAccepted: order.accept_terms,
    address: { country: delivery.country, street: delivery.street, apartment: delivery.apartment, city: delivery.city, state: delivery.state, areaCode: delivery.area_code },
  };
  const commandId = key ? uuidv5(`place-order-command:${key}`, ORDER_ID_NAMESPACE) : randomUUID();
  try {
    const placed = await placeOrderFromCart(
      {
        store: deps.store,
        catalog: catalogPricesOf(deps.db),
        locations: deliveryLocationsOf(deps.db),
        orderNumbers: orderNumbersOf(deps.db),
        vatRatePercent: deps.vatRatePercent ?? 24,
        reserveShare: reserveShareOf(deps.db, request.ip, {
          percent: deps.reserveShare?.percent ?? DEFAULT_RESERVE_SHARE_PERCENT,
          holdMs: deps.reserveShare?.holdMs ?? DEFAULT_RESERVE_SHARE_HOLD_MS,
          now: deps.now(),
          wholeStock: async (productId) => {
            const { state } = await loadAggregate(deps.store, toStockStreamId(productId), stockDecider);
            return totalOnHand(state) + Object.keys(state.reservations).reduce((units, orderId) => units + reservedFor(state, orderId), 0);
          },
        }),
      },
      input,
      { commandId, correlationId: request.id, userId: null, now: deps.now(), shopperSession: shopperSessionOf(request) },
      // A random order id (no key) is new for sure; a key's order id may exist from an earlier attempt.
      { mayExist: key !== undefined },
    );
    const { reservations, ...rest } = placed;
    const summary = { ...rest, isPaid: false, paidAt: null, ...noRefunds() };
    const reservation = reservations.length ? 'held' : 'none';
    return { status: 200, payload: { success: true, status: 'success', data: { order: toApiOrder(summary, reservation), paymentMethods: paymentMethodsFor(deps.payments, summary, reservation, deps.publicUrl) } } };
  } catch (error) {
    // A domain answer is stored with the key; anything else is not (the retry tries again).
    if (error instanceof DomainError) return errorAnswer(error, request, language);
    throw error;
  }
}

/**
 * Registers POST /v1/place-order on the orders plugin (api/routes/orders/index.ts): CSRF and the per-address limit
 * at onRequest, the per-e-mail limit at preHandler (ApiDeps.rateLimits, defaults DEFAULT_PLACE_ORDER_LIMITS).
 */
export function placeOrderRoute(app: FastifyInstance, deps: ApiDeps): void {
  const limits = { ...DEFAULT_PLACE_ORDER_LIMITS, ...deps.rateLimits?.placeOrder };
  // Per e-mail: counted once the body is parsed (createRateLimit: the per-address limiter already ran on this request).
  const perEmail = app.createRateLimit({ max: limits.perEmail.max, timeWindow: limits.perEmail.windowMs, keyGenerator: (request) => `place-order-email:${orderEmailOf(request.body)}`, allowList: (request) => orderEmailOf(request.body) === null });
  const failure = placeOrderFailureSchema;
  app.post(
    '/v1/place-order',
    {
      schema: {
        summary: 'Place an order (spec 7 POST /v1/place-order)',
        tags: ['orders'],
        body: placeOrderBodySchema,
        response: { 200: envelopeSchema(orderWithPaymentMethodsSchema), 400: failure, 403: failure, 409: failure, 429: failure, 500: failure },
      },
      // The body is validated inside the idempotent answer (its 400 is stored with the key and names the nested
      // field): the schema here documents it (OpenAPI) and validates nothing.
      validatorCompiler: () => (value: unknown) => ({ value }),
      onRequest: [csrfProtected(app), app.rateLimit({ max: limits.perIp.max, timeWindow: limits.perIp.windowMs, keyGenerator: (request) => `place-order-ip:${request.ip}` })],
      preHandler: async (request) => {
        const counted = await perEmail(request);
        if (!counted.isAllowed && counted.isExceeded) throw new ApiError('rate_limited', 429);
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const language = requestLanguage(request.query, request.headers['accept-language']);
      const result = await withIdempotency(deps.db, 'place-order', key, requestHash('POST', '/v1/place-order', request.body ?? null), async () => {
        const a = await answer(deps, request, language, key);
        return { statusCode: a.status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(a.payload) };
      });
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.statusCode as 200).type(result.contentType).send(result.body);
    },
  );
}
