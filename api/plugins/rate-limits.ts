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
 * Spare part inquiries (POST /v1/part-inquiry) are limited like orders: per client address at onRequest and per
 * e-mail address of the form once the body is read (DEFAULT_PART_INQUIRY_LIMITS): each one sends two mails.
 *
 * The forgot-password calls use the same limiter: POST /v1/password-reset per client address and per
 * username or e-mail address asked for (counted whether or not such a user exists, so the 429 tells nothing), and
 * POST /v1/password-reset/{token} per client address.
 *
 * Sign-in (POST /v1/login-session) has limits of its own, {@link LoginLimiter} below: a per-route counter cannot
 * tell a wrong password from a right one, and the sign-in limits must never lock a user out.
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

/** Limits of POST /v1/part-inquiry (api/routes/part-inquiry): like place-order's, per address and per e-mail. */
export interface PartInquiryLimits {
  /** Per client address; default 10 per 10 minutes. */
  perIp: Limit;
  /** Per normalised e-mail address of the form; default 5 per hour. */
  perEmail: Limit;
}

export const DEFAULT_PART_INQUIRY_LIMITS: PartInquiryLimits = {
  perIp: { max: 10, windowMs: 10 * 60_000 },
  perEmail: { max: 5, windowMs: 60 * 60_000 },
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
  /** Spare part inquiry limits (defaults DEFAULT_PART_INQUIRY_LIMITS). */
  partInquiry?: Partial<PartInquiryLimits>;
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

/**
 * Limits of staff sign-in (OWASP ASVS 5.0 6.1.1 and 6.3.1: brute force and credential stuffing resisted, and no one
 * can lock another user out by failing on purpose). Three counters, each in a window of its own:
 * - per (username, address) pair: a hard limit, `max` attempts per `windowMs` (default 5 per 15 minutes), then that
 *   address gets 429 for that username until the window ends;
 * - per address across usernames (credential stuffing): `perAddress`, a hard limit too (default 4 x `max` per
 *   `windowMs`, i.e. 20 per 15 minutes);
 * - per username across addresses: never a refusal, a progressive delay (`usernameDelay`): once the username has
 *   `freeFailures` failures in the window (default `max`), each further attempt for it waits
 *   `baseMs x 2^(failures - freeFailures)` milliseconds, at most `maxMs` (default 250 ms doubling up to 4 s) before
 *   the password is checked; so the right password from an address that has not failed always gets in, at worst
 *   `maxMs` later.
 * Only failures count: an attempt is counted when it starts (atomically, so parallel attempts cannot all slip
 * under a limit) and given back when the password was right.
 */
export interface LoginLimits {
  /** Attempts per (username, address) pair in `windowMs` milliseconds. */
  max: number;
  windowMs: number;
  /** Failures per address across usernames; default `{ max: 4 * max, windowMs }`. */
  perAddress?: Limit;
  /** The per-username delay (milliseconds); default `{ freeFailures: max, baseMs: 250, maxMs: 4000 }`, in `windowMs`. */
  usernameDelay?: { freeFailures: number; baseMs: number; maxMs: number };
}

export const DEFAULT_LOGIN_LIMITS = { max: 5, windowMs: 15 * 60_000 } as const satisfies LoginLimits;

/** The per-username delay after `failures` failures in the window, in milliseconds (see {@link LoginLimits}). */
export function loginDelayMs(failures: number, delay: Required<LoginLimits>['usernameDelay']): number {
  if (failures < delay.freeFailures) return 0;
  return Math.min(delay.maxMs, delay.baseMs * 2 ** Math.min(failures - delay.freeFailures, 30));
}

/**
 * Counts the attempt (KEYS: pair, address, username; ARGV: pair max, address max, then the three windows in ms) unless
 * the pair or the address is at its limit; answers the username's failures before this attempt, or -1 when refused.
 */
const COUNT_ATTEMPT = `if tonumber(redis.call('GET', KEYS[1]) or '0') >= tonumber(ARGV[1]) or tonumber(redis.call('GET', KEYS[2]) or '0') >= tonumber(ARGV[2]) then return -1 end
local before = tonumber(redis.call('GET', KEYS[3]) or '0')
for i, k in ipairs(KEYS) do
  redis.call('INCR', k)
  if redis.call('PTTL', k) < 0 then redis.call('PEXPIRE', k, ARGV[2 + i]) end
end
return before`;

/** Gives one attempt back (KEYS: address, username) and forgets the pair (KEYS[3]). */
const GIVE_BACK = `for i = 1, 2 do
  if redis.call('DECR', KEYS[i]) <= 0 then redis.call('DEL', KEYS[i]) end
end
redis.call('DEL', KEYS[3])
return 1`;

/** What the limiter says about one sign-in attempt: refused (429), or go on after `delayMs` milliseconds. */
export type LoginAttempt = { refused: true } | { refused: false; delayMs: number };

/**
 * The sign-in limiter (see {@link LoginLimits}), counted in Redis (keys `<prefix>login:pair|ip|user:...`) so every
 * api replica counts towards one limit, else in this process (tests, one process). Usernames are passed normalised.
 */
export class LoginLimiter {
  readonly limits: Required<LoginLimits>;
  private readonly memory = new Map<string, { count: number; until: number }>();

  constructor(
    limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
    private readonly redis?: Redis,
    private readonly prefix = 'shop:',
  ) {
    this.limits = {
      max: limits.max,
      windowMs: limits.windowMs,
      perAddress: limits.perAddress ?? { max: 4 * limits.max, windowMs: limits.windowMs },
      usernameDelay: limits.usernameDelay ?? { freeFailures: limits.max, baseMs: 250, maxMs: 4000 },
    };
  }

  private keys(username: string, address: string): [pair: string, address: string, username: string] {
    return [`${this.prefix}login:pair:${address}|${username}`, `${this.prefix}login:ip:${address}`, `${this.prefix}login:user:${username}`];
  }

  /**
   * Counts an attempt of `username` from `address` before its password is checked.
   * @returns refused when the pair or the address reached its limit (nothing counted), else the delay to wait first
   */
  async attempt(username: string, address: string): Promise<LoginAttempt> {
    const keys = this.keys(username, address);
    const { max, windowMs, perAddress } = this.limits;
    const windows = [windowMs, perAddress.windowMs, windowMs];
    let before: number;
    if (this.redis) {
      before = Number(await this.redis.eval(COUNT_ATTEMPT, 3, ...keys, max, perAddress.max, ...windows));
    } else {
      const now = Date.now();
      const count = (k: string) => {
        const e = this.memory.get(k);
        return e && e.until > now ? e.count : 0;
      };
      if (count(keys[0]) >= max || count(keys[1]) >= perAddress.max) before = -1;
      else {
        before = count(keys[2]);
        if (this.memory.size > 10_000) for (const [k, e] of this.memory) if (e.until <= now) this.memory.delete(k);
        keys.forEach((k, i) => {
          const e = this.memory.get(k);
          if (e && e.until > now) e.count += 1;
          else this.memory.set(k, { count: 1, until: now + windows[i] });
        });
      }
    }
    return before < 0 ? { refused: true } : { refused: false, delayMs: loginDelayMs(before, this.limits.usernameDelay) };
  }

  /** The password was right: the attempt is not a failure (given back to the address and the username; the pair forgotten). */
  async succeeded(username: string, address: string): Promise<void> {
    const [pair, ip, user] = this.keys(username, address);
    if (this.redis) {
      await this.redis.eval(GIVE_BACK, 3, ip, user, pair);
      return;
    }
    for (const k of [ip, user]) {
      const e = this.memory.get(k);
      if (e && --e.count <= 0) this.memory.delete(k);
    }
    this.memory.delete(pair);
  }

  /** Forgets the username's failures and those of the pair (a password reset with a mailed link proves the user). */
  async forget(username: string, address: string): Promise<void> {
    const [pair, , user] = this.keys(username, address);
    if (this.redis) await this.redis.del(pair, user);
    else for (const k of [pair, user]) this.memory.delete(k);
  }
}
