/**
 * Payment provider callbacks (issue 4; design brief "Side effects": callbacks are verified before they become
 * commands):
 * - POST|GET /v1/payment-callback/{providerId}: the provider's server-to-server notification (iPizza VK_AUTO=Y,
 *   a webhook): 200 `{ status }` once handled;
 * - POST|GET /payment-return/{providerId}: the shopper's browser coming back: 303 to /payment-success when the
 *   order is paid, else to /payment/{token}. iPizza banks also POST their server-to-server answer (VK_AUTO=Y) here
 *   (the protocol has one return address): that one is answered 200 `{ status }`.
 *
 * Both verify through the port (`PaymentProvider.verify`); only a verified `paid` answer whose amount equals the
 * order total appends OrderPaid, exactly once (commands/order/record-payment.ts: duplicates decide nothing, and the
 * command id derives from the provider's transaction id). A payment arriving after the order's reservations
 * expired still records OrderPaid (the money was collected) and reserves the units again where stock allows; what
 * could not be reserved is logged for staff. Unsigned, tampered, stale or malformed callbacks are
 * answered 400 `payment.callback_rejected`, logged, and change nothing; an amount other than the total is 400
 * `payment.amount_mismatch`; an unknown provider 404, an unknown order 404.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { v5 as uuidv5 } from 'uuid';
import { recordVerifiedPayment } from '../../../commands/order/record-payment.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { PaymentCallbackRejected, type VerifiedPayment } from '../../../platform/payments/port.js';
import { getProduct } from '../../../projections/catalog/queries.js';
import { getOrderViewByNumber, type OrderView } from '../../../projections/orders/queries.js';
import { z } from 'zod';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { paymentCallbackAnswerSchema, paymentProviderParamsSchema } from '../../contracts/orders.js';
import type { ApiDeps } from '../../deps.js';
import { ApiError, success } from '../../errors.js';

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
    verified = await provider.verify({
      httpMethod: request.method === 'GET' ? 'GET' : 'POST',
      query: flat(request.query),
      body: request.body ?? {},
      // The real clock: a bank's signed time is compared with when the callback truly arrived.
      receivedAt: new Date(),
    });
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

export function paymentCallbackRoutes(app: FastifyInstance, deps: ApiDeps): void {
  const notification = async (request: FastifyRequest<{ Params: { providerId: string } }>) => {
    const { verified } = await handlePaymentCallback(deps, request, request.params.providerId);
    return success({ status: verified.status });
  };
  const params = paymentProviderParamsSchema;
  const failure = failureEnvelopeSchema;
  const answered = envelopeSchema(paymentCallbackAnswerSchema);
  const notificationSchema = {
    summary: "A payment provider's server-to-server notification (signed; verified before it counts)",
    tags: ['payments'],
    params,
    response: { 200: answered, 400: failure, 404: failure },
  };
  app.post('/v1/payment-callback/:providerId', { schema: notificationSchema }, notification);
  app.get('/v1/payment-callback/:providerId', { schema: notificationSchema }, notification);

  const browserReturn = async (request: FastifyRequest<{ Params: { providerId: string } }>, reply: FastifyReply) => {
    const { view, verified, paid } = await handlePaymentCallback(deps, request, request.params.providerId);
    // iPizza banks call the same return address server-to-server (VK_AUTO=Y): answer them, redirect browsers.
    if (verified.serverToServer) return success({ status: verified.status });
    return reply.redirect(paid ? '/payment-success' : `/payment/${view.summary.publicToken}`, 303);
  };
  const returnSchema = {
    summary: "The shopper's browser back from the payment provider: 303 to the payment or success page",
    tags: ['payments'],
    params,
    response: { 200: answered, 303: z.null().describe('Redirect to /payment-success or /payment/{token}'), 400: failure, 404: failure },
  };
  app.post('/payment-return/:providerId', { schema: returnSchema }, browserReturn);
  app.get('/payment-return/:providerId', { schema: returnSchema }, browserReturn);
}
