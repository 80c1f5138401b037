/**
 * Rate limits of POST /v1/place-order (issue 9; spec 7/8 "Rate limit exceeded. Please try again later."): a burst
 * of well-formed orders would hold stock for ORDER_RESERVATION_TTL_MS and queue a mail each. Two limits, both
 * through @fastify/rate-limit:
 * - per client address (`request.ip`; behind a proxy set Fastify's trustProxy), counted at onRequest;
 * - per e-mail address of the order's client (trimmed, lower-cased), counted at preHandler once the body is parsed;
 *   a body without an e-mail is not counted here (it fails validation anyway).
 * Counters live in Redis when `redis` is given (every api replica counts towards the same limit), else in the
 * process (tests, one-process set-ups). An exceeded limit answers 429 `rate_limited` in the envelope, in the
 * request's language (api/errors.ts).
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

export interface RateLimitDeps {
  /** Shared counters (ioredis); absent: counted in this process only. */
  redis?: Redis;
  /** Prefix of the Redis keys (tests use their own). Default 'shop-rate-limit:'. */
  nameSpace?: string;
  placeOrder?: Partial<PlaceOrderLimits>;
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

/** The e-mail a place-order body names, trimmed and lower-cased; null when there is none. */
export function orderEmailOf(body: unknown): string | null {
  const client = typeof body === 'object' && body !== null ? (body as { client?: unknown }).client : undefined;
  const email = typeof client === 'object' && client !== null ? (client as { email?: unknown }).email : undefined;
  if (typeof email !== 'string') return null;
  const normalised = email.trim().toLowerCase();
  return normalised && normalised.length <= 320 ? normalised : null;
}
