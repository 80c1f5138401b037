/**
 * POST /v1/place-order (spec 7; spec 4 "Checkout"; spec 8 "Order placement failure"). The body is the cart lines
 * `[{ product_id, amount }]` plus the Client, Order and Delivery fields (api/contracts/orders.ts PlaceOrderBody).
 * Every submit attempt carries one `Idempotency-Key` (a uuid); an automatic retry after a network failure or a
 * gateway error (502, 503, 504) reuses it, so the server places at most one order per attempt.
 */
import type { OrderWithPaymentMethods, PlaceOrderBody } from '../../../../../api/contracts/orders';
import type { Language } from '../../../lib/language';
import { ApiError, postJsonWithHeaders, withQuery } from '../../../lib/api-client';

/** Automatic retries of one submit attempt, and the pause before each, in milliseconds. */
export const PLACE_ORDER_RETRIES = 2;
export const PLACE_ORDER_RETRY_DELAY_MS = 1000;

/** A uuid v4 from the Web Crypto random source (also where crypto.randomUUID is missing: plain-http hosts). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const retryable = (e: unknown) => e instanceof ApiError && (e.status === 0 || e.status === 502 || e.status === 503 || e.status === 504);

/**
 * Places the order; retries with the same `idempotencyKey` while the failure is retryable.
 * @returns the placed order (with public_token) and its payment methods.
 * @throws ApiError with the failure envelope in `body` (see `placeOrderFailure`).
 */
export async function placeOrder(
  body: PlaceOrderBody,
  lang: Language,
  idempotencyKey: string,
  options: { retries?: number; retryDelayMs?: number } = {},
): Promise<OrderWithPaymentMethods> {
  const retries = options.retries ?? PLACE_ORDER_RETRIES;
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await postJsonWithHeaders<{ data: OrderWithPaymentMethods }>(withQuery('/v1/place-order', { lang }), body, { 'Idempotency-Key': idempotencyKey });
      return res.body.data;
    } catch (error) {
      if (attempt >= retries || !retryable(error)) throw error;
      await new Promise((r) => setTimeout(r, options.retryDelayMs ?? PLACE_ORDER_RETRY_DELAY_MS));
    }
  }
}

/** What the checkout shows for a failed place-order (spec 8). */
export interface PlaceOrderFailure {
  /** '/cart' when the cart must change (spec 4: then only the warning toast shows and the shopper goes there). */
  redirect: string | null;
  /** Each server message, once, in order (each becomes its own toast). */
  messages: string[];
  /** Server messages per form field (`client.first_name`, `order.delivery_option`, ...). */
  fieldMessages: Record<string, string>;
}

/** Reads the failure envelope `{ message, errors: [{ code, message, field? }], redirect? }` of an ApiError. */
export function placeOrderFailure(error: unknown): PlaceOrderFailure {
  const body = (error instanceof ApiError && error.body && typeof error.body === 'object' ? error.body : {}) as {
    message?: unknown;
    errors?: unknown;
    redirect?: unknown;
  };
  const errors = Array.isArray(body.errors) ? (body.errors as { message?: unknown; field?: unknown }[]) : [];
  const messages: string[] = [];
  const fieldMessages: Record<string, string> = {};
  for (const e of errors) {
    const text = typeof e?.message === 'string' ? e.message : '';
    if (text && !messages.includes(text)) messages.push(text);
    if (text && typeof e.field === 'string' && !(e.field in fieldMessages)) fieldMessages[e.field] = text;
  }
  if (messages.length === 0 && typeof body.message === 'string' && body.message) messages.push(body.message);
  return { redirect: typeof body.redirect === 'string' ? body.redirect : null, messages, fieldMessages };
}
