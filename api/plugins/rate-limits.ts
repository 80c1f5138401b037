/**
 * Rate limits of POST /v1/place-order (spec 7/8 "Rate limit exceeded. Please try again later."): a burst
 * of well-formed orders would hold stock for ORDER_RESERVATION_TTL_MS and queue a mail each. Two limits, both
 * through @fastify/rate-limit:
 * - per client address (`request.ip`; behind a proxy set Fastify's trustProxy), counted at onRequest;
 * - per e-mail address of the order's client (trimmed, lower-cased), counted at preHandler once the body is parsed;
 *   a body without an e-mail is not counted here (it fails validation anyway).
 * Counters live in Redis when `redis` is given (every api replica counts towards the same limit), else in the
 * process (tests, one-process set-ups). An exceeded limit answers 429 `rate_limited` in the envelope, in the
 * request's language (api/plugins/errors.ts).
 *
 * Payment attempts (PUT /v1/payment/{token}) are limited the same way, per order (its public token) and per client
 * address: each attempt asks a provider to start a payment, and unlimited attempts by anyone holding the CSRF token
 * used to keep an unpaid order's stock reserved.
 *
 * The forgot-password calls use the same limiter: POST /v1/password-reset per client address and per
 * username or e-mail address asked for (counted whether or not such a user exists, so the 429 tells nothing), and
 * POST /v1/password-reset/{token} per client address.
 */
import type { Redis } from 'ioredis';

/** One limit: at most `max` requests per `windowMs` milliseconds. */
export interface Limit {
  max: number;
  windowMs: number;
}

export interface PlaceOrderLimits {
  /** Per client address; default 10 per 10 minutes. */
  perIp: Limit;
  /** Per normalised e-mail address in the body; default 5 per hour. */
  perEmail: Limit;
}

/** Limits of PUT /v1/payment/{token} (api/routes/orders/payment.ts). */
export interface PaymentLimits {
  /** Payment attempts per order (public token); default 10 per hour. */
  perOrder: Limit;
  /** Payment attempts per client address; default 30 per 10 minutes. */
  perIp: Limit;
}

export const DEFAULT_PAYMENT_LIMITS: PaymentLimits = {
  perOrder: { max: 10, windowMs: 60 * 60_000 },
  perIp: { max: 30, windowMs: 10 * 60_000 },
};

/** Limits of the forgot-password calls (api/routes/session/password-reset.ts). */
export interface PasswordResetLimits {
  /** Requests for a link per client address; default 10 per 15 minutes. */
  perIp: Limit;
  /** Requests for a link per username or e-mail address asked for (trimmed, lower-cased); default 3 per 15 minutes. */
  perName: Limit;
  /** Attempts to set a new password with a link, per client address; default 20 per 15 minutes. */
  resetPerIp: Limit;
}

export const DEFAULT_PASSWORD_RESET_LIMITS: PasswordResetLimits = {
  perIp: { max: 10, windowMs: 15 * 60_000 },
  perName: { max: 3, windowMs: 15 * 60_000 },
  resetPerIp: { max: 20, windowMs: 15 * 60_000 },
};

export interface RateLimitDeps {
  /** Shared counters (ioredis); absent: counted in this process only. */
  redis?: Redis;
  /** Prefix of the Redis keys (tests use their own). Default 'shop-rate-limit:'. */
  nameSpace?: string;
  placeOrder?: Partial<PlaceOrderLimits>;
  /** Payment attempt limits (defaults DEFAULT_PAYMENT_LIMITS). */
  payment?: Partial<PaymentLimits>;
  /** Forgot-password limits (defaults DEFAULT_PASSWORD_RESET_LIMITS). */
  passwordReset?: Partial<PasswordResetLimits>;
}

export const DEFAULT_PLACE_ORDER_LIMITS: PlaceOrderLimits = {
  perIp: { max: 10, windowMs: 10 * 60_000 },
  perEmail: { max: 5, windowMs: 60 * 60_000 },
};

const positive = (raw: string | undefined, fallback: number) => {
  const n = raw !== undefined && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : fallback;
};

/**
 * The limits from the environment: PLACE_ORDER_LIMIT_PER_IP (count), PLACE_ORDER_LIMIT_PER_IP_WINDOW_MS,
 * PLACE_ORDER_LIMIT_PER_EMAIL, PLACE_ORDER_LIMIT_PER_EMAIL_WINDOW_MS; a missing or malformed value takes the
 * default (DEFAULT_PLACE_ORDER_LIMITS).
 */
export function placeOrderLimitsFromEnv(env: NodeJS.ProcessEnv): PlaceOrderLimits {
  const d = DEFAULT_PLACE_ORDER_LIMITS;
  return {
    perIp: { max: positive(env.PLACE_ORDER_LIMIT_PER_IP, d.perIp.max), windowMs: positive(env.PLACE_ORDER_LIMIT_PER_IP_WINDOW_MS, d.perIp.windowMs) },
    perEmail: { max: positive(env.PLACE_ORDER_LIMIT_PER_EMAIL, d.perEmail.max), windowMs: positive(env.PLACE_ORDER_LIMIT_PER_EMAIL_WINDOW_MS, d.perEmail.windowMs) },
  };
}

/**
 * The payment attempt limits from the environment: PAYMENT_LIMIT_PER_ORDER (count), PAYMENT_LIMIT_PER_ORDER_WINDOW_MS,
 * PAYMENT_LIMIT_PER_IP, PAYMENT_LIMIT_PER_IP_WINDOW_MS; a missing or malformed value takes the default
 * (DEFAULT_PAYMENT_LIMITS).
 */
export function paymentLimitsFromEnv(env: NodeJS.ProcessEnv): PaymentLimits {
  const d = DEFAULT_PAYMENT_LIMITS;
  return {
    perOrder: { max: positive(env.PAYMENT_LIMIT_PER_ORDER, d.perOrder.max), windowMs: positive(env.PAYMENT_LIMIT_PER_ORDER_WINDOW_MS, d.perOrder.windowMs) },
    perIp: { max: positive(env.PAYMENT_LIMIT_PER_IP, d.perIp.max), windowMs: positive(env.PAYMENT_LIMIT_PER_IP_WINDOW_MS, d.perIp.windowMs) },
  };
}

/** The e-mail a place-order body names, trimmed and lower-cased; null when there is none. */
export function orderEmailOf(body: unknown): string | null {
  const client = typeof body === 'object' && body !== null ? (body as { client?: unknown }).client : undefined;
  const email = typeof client === 'object' && client !== null ? (client as { email?: unknown }).email : undefined;
  if (typeof email !== 'string') return null;
  const normalised = email.trim().toLowerCase();
  return normalised && normalised.length <= 320 ? normalised : null;
}
