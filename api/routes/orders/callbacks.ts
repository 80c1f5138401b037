/**
 * Payment provider callbacks (design brief "Side effects": callbacks are verified before they become
 * commands):
 * - POST|GET /v1/payment-callback/{providerId}: the provider's server-to-server notification (iPizza VK_AUTO=Y,
 *   a webhook): 200 `{ status }` once handled; Montonio's refund notifications come here too (
 *   {@link handleRefundCallback}): 200 `{ status: refunded | partially_refunded | pending | failed, refunded_cents }`,
 *   an unpaid order 409 `order.not_paid`, more than was paid 400 `refund.exceeds_paid`;
 * - POST|GET /payment-return/{providerId}/{token}: the shopper's browser coming back (the return URL the shop gives
 *   the provider carries the order's public token, api/routes/orders/payment.ts): 303 to /payment-success when the
 *   order is paid, else to /payment/{token} (with the order's language prefix, /en for English orders). iPizza banks
 *   also POST their server-to-server answer (VK_AUTO=Y) here (the protocol has one return address): that one is
 *   answered 200 `{ status }`. POST|GET /payment-return/{providerId} (no token) is the same for payments started
 *   before the token was in the return URL.
 *
 * The shopper always lands on a page: a browser return that is refused (bad signature, unsigned,
 * malformed, wrong amount, unknown order or provider), failed (Montonio `?error-message=` without a token) or
 * cancelled (iPizza 1911, Montonio ABANDONED) is 303 to `/payment/{token}?payment-error=<code>` (codes in
 * {@link PaymentErrorCode}; the web payment page shows the text in the route's language). A verified answer names
 * its order itself; a refused one is sent to the order of the token in the return URL's path, which the browser
 * already knew. What a refused callback claims (`PaymentProvider.claim`: iPizza VK_STAMP / VK_REF, Montonio's
 * token's merchantReference decoded unverified) is only logged and tells a bank's server call from a browser: it
 * never chooses the page, because redirecting to the public token of an order named by an unsigned claim would hand
 * anyone the token (and the order's PDF) of every order number. Without a token in the path the browser goes to
 * `/payment/unknown?payment-error=<code>`, the storefront's "We couldn't find the requested order." page, in the
 * request's language (Accept-Language). Server-to-server callbacks keep their JSON answers.
 *
 * Both verify through the port (`PaymentProvider.verify`); only a verified `paid` answer whose amount equals the
 * order total appends OrderPaid, exactly once (commands/order/record-payment.ts: duplicates decide nothing, and the
 * command id derives from the provider's transaction id). A payment arriving after the order's reservations
 * expired still records OrderPaid (the money was collected) and reserves the units again where stock allows; what
 * could not be reserved is logged for staff. A paid answer signed outside the provider's time window (`late`) is
 * recorded and logged (warn, with the order number). Unsigned, tampered, stale or malformed callbacks are logged and
 * change nothing; server-to-server they are answered 400 `payment.callback_rejected`, an amount other than the
 * total 400 `payment.amount_mismatch`, an unknown provider 404, an unknown order 404 (browsers are redirected, below).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { v5 as uuidv5 } from 'uuid';
import { recordVerifiedPayment } from '../../../commands/order/record-payment.js';
import { recordVerifiedRefund } from '../../../commands/order/record-refund.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { type PaymentCallback, PaymentCallbackRejected, type PaymentClaim, type VerifiedPayment, type VerifiedRefund } from '../../../platform/payments/port.js';
import { getProduct } from '../../../projections/catalog/queries.js';
import { getOrderView, getOrderViewByNumber, type OrderView } from '../../../projections/orders/queries.js';
import { z } from 'zod';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { paymentCallbackAnswerSchema, paymentProviderParamsSchema, paymentReturnParamsSchema, refundCallbackAnswerSchema } from '../../contracts/orders.js';
import type { ApiDeps } from '../../plugins/deps.js';
import { ApiError, success } from '../../plugins/errors.js';
import { type ApiLanguage, requestLanguage } from '../../plugins/messages.js';
import { apiLanguageOf } from './to-order.js';

const PAYMENT_COMMAND_NAMESPACE = '3f7b2a14-8c6d-4e0f-b5a9-1d2c3e4f5a6b';

/** A flat string record of query or form fields (repeated fields keep their first value). */
function flat(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const first = Array.isArray(v) ? v[0] : v;
      if (typeof first === 'string') out[k] = first;
    }
  }
  return out;
}

/** The callback as the port takes it: query and body as received, the real arrival time. */
function callbackOf(request: FastifyRequest): PaymentCallback {
  return {
    httpMethod: request.method === 'GET' ? 'GET' : 'POST',
    query: flat(request.query),
    body: request.body ?? {},
    // The real clock: a bank's signed time is compared with when the callback truly arrived.
    receivedAt: new Date(),
  };
}

/**
 * Why the browser came back to the payment page without a payment (`?payment-error=` of /payment/{token}; the
 * shopper always lands on a page): rejected (the answer could not be verified: the bank may have taken the money), failed (the provider reported
 * an error), cancelled (the shopper or the bank cancelled), amount_mismatch (a verified payment of another amount).
 */
export type PaymentErrorCode = 'rejected' | 'failed' | 'cancelled' | 'amount_mismatch';

/** The public token of no order: /payment/unknown is the storefront's "order not found" page. */
export const NOT_FOUND_PAYMENT_TOKEN = 'unknown';

const languagePrefix = (language: ApiLanguage) => (language === 'en' ? '/en' : '');

/**
 * Where a browser return lands: `/payment/{token}` of the order in its language (`/en/...` for English orders), with
 * `?payment-error=<code>` when given; `/payment/unknown` in the request's language when there is no order.
 */
export function paymentPagePath(view: OrderView | null, code: PaymentErrorCode | null, requestLanguageValue: ApiLanguage): string {
  const query = code ? `?payment-error=${code}` : '';
  if (!view) return `${languagePrefix(requestLanguageValue)}/payment/${NOT_FOUND_PAYMENT_TOKEN}${query}`;
  return `${languagePrefix(apiLanguageOf(view.summary.language))}/payment/${view.summary.publicToken}${query}`;
}

/**
 * Where a paid order's shopper lands: /payment-success in the order's language, naming the order by its
 * public token (`?order=`), so the page shows the order number and links to /payment/{token}.
 */
export function paymentSuccessPath(view: OrderView): string {
  return `${languagePrefix(apiLanguageOf(view.summary.language))}/payment-success?order=${encodeURIComponent(view.summary.publicToken)}`;
}

/** The payment-error code of a refused browser return. */
function errorCodeOf(error: ApiError | DomainError, claim: PaymentClaim): PaymentErrorCode {
  if (error.code === 'payment.amount_mismatch') return 'amount_mismatch';
  return claim.providerError ? 'failed' : 'rejected';
}

/**
 * Verifies a callback and records what it proves.
 * @throws ApiError payment.provider_unknown (404), payment.callback_rejected (400), order.not_found (404),
 *   payment.amount_mismatch (400)
 */
export async function handlePaymentCallback(deps: ApiDeps, request: FastifyRequest, providerId: string): Promise<{ view: OrderView; verified: VerifiedPayment; paid: boolean }> {
  const provider = deps.payments?.provider(providerId);
  if (!provider) throw new ApiError('payment.provider_unknown', 404);
  let verified: VerifiedPayment;
  try {
    verified = await provider.verify(callbackOf(request));
  } catch (error) {
    if (error instanceof PaymentCallbackRejected) {
      request.log.warn({ providerId, reason: error.reason, detail: error.message }, 'payment callback rejected');
      throw new ApiError('payment.callback_rejected', 400);
    }
    throw error;
  }
  const view = await getOrderViewByNumber(deps.db, verified.orderNumber);
  if (!view) {
    request.log.warn({ providerId, orderNumber: verified.orderNumber }, 'payment callback for an unknown order');
    throw new ApiError('order.not_found', 404);
  }
  if (verified.status === 'paid' && verified.late) {
    // Recorded all the same (the bank holds the money); logged so staff see answers that came late.
    request.log.warn({ providerId, orderNumber: verified.orderNumber, signedAt: verified.signedAt, serverToServer: verified.serverToServer }, 'late paid answer: signed outside the time window, recorded');
  }
  if (verified.status === 'pending') return { view, verified, paid: view.summary.isPaid };
  const commandId = uuidv5(`${providerId}/${verified.transactionId}/${verified.status}/${view.summary.orderId}`, PAYMENT_COMMAND_NAMESPACE);
  try {
    const now = deps.now();
    const { reservedAgain } = await recordVerifiedPayment(
      deps.store,
      { orderId: view.summary.orderId, providerId, transactionId: verified.transactionId, status: verified.status, amountCents: verified.amountCents, currency: verified.currency },
      { commandId, correlationId: request.id, userId: null, now },
      async (productId) => {
        const p = await getProduct(deps.db, productId, now);
        return p ? { policy: p.doc.policy, deliveryDays: p.doc.delivery_days } : null;
      },
    );
    const short = reservedAgain.filter((r) => !r.reserved);
    if (short.length) request.log.warn({ orderNumber: verified.orderNumber, short }, 'paid after its reservations expired: some items could not be reserved again');
  } catch (error) {
    if (error instanceof DomainError && error.code === 'payment.amount_mismatch') {
      request.log.warn({ providerId, orderNumber: verified.orderNumber, amountCents: verified.amountCents, totalCents: view.summary.totalCents }, 'payment amount does not match the order');
      throw new ApiError('payment.amount_mismatch', 400);
    }
    throw error;
  }
  return { view, verified, paid: verified.status === 'paid' || view.summary.isPaid };
}

/** The answer to a refund notification (contracts: refundCallbackAnswerSchema). */
type RefundAnswer = { status: 'refunded' | 'partially_refunded' | 'pending' | 'failed'; refunded_cents: number };

/**
 * A refund notification (Montonio `refundToken` in the body, or `?refund-token=`), verified through the
 * port (`PaymentProvider.verifyRefund`; amounts from the signed token only), recorded as OrderRefunded once per
 * refund id (commands/order/record-refund.ts). A succeeded refund answers the order's state after it (refunded /
 * partially_refunded) with its refunded total in euro cents, also for a redelivery, which appends nothing; a pending
 * or failed one is logged and records nothing.
 * @returns null when the callback is no refund notification (the caller verifies it as a payment)
 * @throws ApiError payment.callback_rejected (400: unsigned, badly signed, expired, malformed), order.not_found (404);
 *   DomainError order.not_paid (409), refund.exceeds_paid and refund.amount_invalid (400)
 */
export async function handleRefundCallback(deps: ApiDeps, request: FastifyRequest, providerId: string): Promise<RefundAnswer | null> {
  const provider = deps.payments?.provider(providerId);
  if (!provider?.verifyRefund) return null;
  let refund: VerifiedRefund | null;
  try {
    refund = await provider.verifyRefund(callbackOf(request));
  } catch (error) {
    if (error instanceof PaymentCallbackRejected) {
      request.log.warn({ providerId, reason: error.reason, detail: error.message }, 'refund notification rejected');
      throw new ApiError('payment.callback_rejected', 400);
    }
    throw error;
  }
  if (!refund) return null;
  const view = await getOrderViewByNumber(deps.db, refund.orderNumber);
  if (!view) {
    request.log.warn({ providerId, orderNumber: refund.orderNumber, refundId: refund.refundId }, 'refund notification for an unknown order');
    throw new ApiError('order.not_found', 404);
  }
  try {
    const recorded = await recordVerifiedRefund(
      deps.store,
      { orderId: view.summary.orderId, providerId, refundId: refund.refundId, amountCents: refund.amountCents, currency: refund.currency, status: refund.status },
      { correlationId: request.id, userId: null, now: deps.now() },
    );
    if (recorded.refund) {
      const r = recorded.refund;
      request.log.info({ providerId, orderNumber: refund.orderNumber, refundId: r.refundId, amountCents: r.amountCents, refundedTotalCents: r.refundedTotalCents, duplicate: !recorded.appended }, 'refund recorded');
      return { status: r.fully ? 'refunded' : 'partially_refunded', refunded_cents: r.refundedTotalCents };
    }
  } catch (error) {
    if (error instanceof DomainError) {
      request.log.warn({ providerId, orderNumber: refund.orderNumber, refundId: refund.refundId, amountCents: refund.amountCents, code: error.code }, 'refund notification refused');
    }
    throw error;
  }
  // Pending or failed: nothing recorded (a later notification of the same refund id may still succeed).
  request.log.info({ providerId, orderNumber: refund.orderNumber, refundId: refund.refundId, providerStatus: refund.providerStatus }, 'refund not through yet or failed: nothing recorded');
  return { status: refund.status === 'failed' ? 'failed' : 'pending', refunded_cents: view.summary.refundedCents };
}

export function paymentCallbackRoutes(app: FastifyInstance, deps: ApiDeps): void {
  const notification = async (request: FastifyRequest<{ Params: { providerId: string } }>) => {
    const refund = await handleRefundCallback(deps, request, request.params.providerId);
    if (refund) return success(refund);
    const { verified } = await handlePaymentCallback(deps, request, request.params.providerId);
    return success({ status: verified.status });
  };
  const params = paymentProviderParamsSchema;
  const failure = failureEnvelopeSchema;
  const answered = envelopeSchema(paymentCallbackAnswerSchema);
  const notificationSchema = {
    summary: "A payment provider's server-to-server notification of a payment or a refund (signed; verified before it counts)",
    tags: ['payments'],
    params,
    response: { 200: envelopeSchema(z.union([refundCallbackAnswerSchema, paymentCallbackAnswerSchema])), 400: failure, 404: failure, 409: failure },
  };
  app.post('/v1/payment-callback/:providerId', { schema: notificationSchema }, notification);
  app.get('/v1/payment-callback/:providerId', { schema: notificationSchema }, notification);

  const browserReturn = async (request: FastifyRequest<{ Params: { providerId: string; token?: string } }>, reply: FastifyReply) => {
    const { providerId, token } = request.params;
    let outcome: Awaited<ReturnType<typeof handlePaymentCallback>>;
    try {
      outcome = await handlePaymentCallback(deps, request, providerId);
    } catch (error) {
      if (!(error instanceof ApiError || error instanceof DomainError)) throw error;
      // The shopper lands on a page; a bank's own server call (VK_AUTO=Y) keeps its JSON answer.
      const claim: PaymentClaim = deps.payments?.provider(providerId)?.claim?.(callbackOf(request)) ?? { orderNumber: null, serverToServer: false };
      if (claim.serverToServer) throw error;
      // The page of the token the browser brought in the return URL; the claim is not trusted to name one.
      const view = token ? await getOrderView(deps.db, { publicToken: token }) : null;
      const code = errorCodeOf(error, claim);
      request.log.warn(
        { providerId, code, claimedOrderNumber: claim.orderNumber, orderNumber: view?.summary.number ?? null, providerError: claim.providerError },
        'payment return refused: the shopper is sent to the payment page',
      );
      return reply.redirect(paymentPagePath(view, code, requestLanguage(request.query, request.headers['accept-language'])), 303);
    }
    const { view, verified, paid } = outcome;
    // iPizza banks call the same return address server-to-server (VK_AUTO=Y): answer them, redirect browsers.
    if (verified.serverToServer) return success({ status: verified.status });
    if (paid) return reply.redirect(paymentSuccessPath(view), 303);
    return reply.redirect(paymentPagePath(view, verified.status === 'cancelled' ? 'cancelled' : null, 'et'), 303);
  };
  const returnSchema = {
    summary: "The shopper's browser back from the payment provider: 303 to the success page, the order's payment page (with ?payment-error= when refused, failed or cancelled) or the not-found page",
    tags: ['payments'],
    params,
    response: {
      200: answered,
      303: z.null().describe('Redirect to /payment-success?order={token}, /payment/{token}[?payment-error=rejected|failed|cancelled|amount_mismatch] or /payment/unknown?payment-error=...'),
      400: failure,
      404: failure,
    },
  };
  const returnWithTokenSchema = { ...returnSchema, params: paymentReturnParamsSchema };
  app.post('/payment-return/:providerId', { schema: returnSchema }, browserReturn);
  app.get('/payment-return/:providerId', { schema: returnSchema }, browserReturn);
  app.post('/payment-return/:providerId/:token', { schema: returnWithTokenSchema }, browserReturn);
  app.get('/payment-return/:providerId/:token', { schema: returnWithTokenSchema }, browserReturn);
}
