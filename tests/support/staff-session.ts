/**
 * Staff sessions for integration specs (api/plugins/sessions.ts; design brief "The staff side"): one place for what
 * every staff api spec needs around `app.inject`.
 *
 * - {@link createStaffSessions}`(name, options)` gives a spec its own Redis key prefix (`test-<name>-<uuid>:`) and
 *   connection (REDIS_URL, opened on first use, in `beforeAll`), the {@link SessionDeps} to hand to
 *   `createShopHarness(..., { api: { sessions: sessions.deps() } })`, sign-in through POST /v1/login-session with the
 *   CSRF cookie and token, and `cleanup()` for `afterAll` (deletes the spec's keys, closes the connection).
 * - Defaults: the session secret `test-session-secret-0123456789abcdef`, 30 minutes idle, 12 hours at most, cookie
 *   not Secure, 1000 sign-in failures a minute (so the login limiter never answers 429 in a spec); each is an option.
 * - {@link registerStaff} registers staff users with their roles (commands/user/user-accounts.ts registerUser) and
 *   answers their user ids by username.
 *
 * A signed-in browser is a {@link StaffBrowser}: its CSRF cookie and token plus the `shop_sid=...` session cookie.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { expect } from 'vitest';
import { SESSION_COOKIE, type SessionDeps } from '../../api/plugins/sessions.js';
import { registerUser } from '../../commands/user/user-accounts.js';
import type { Role } from '../../domain/user/permissions.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { testRedisUrl } from '../../platform/testing/database.js';
import { csrfHeaders, type CsrfHeaders } from './csrf.js';

/** What a staff member's browser sends: the CSRF cookie and token, and the session cookie (`shop_sid=...`, or null before sign-in). */
export interface StaffBrowser {
  csrf: CsrfHeaders;
  session: string | null;
}

/** Settings that differ from the defaults (see the module's docstring); `redisUrl` defaults to REDIS_URL (testRedisUrl). */
export interface StaffSessionOptions extends Partial<Omit<SessionDeps, 'redis' | 'keyPrefix'>> {
  redisUrl?: string;
}

/** The answer of one sign-in attempt: its HTTP status and the browser (session null when it failed). */
export interface SignInAnswer {
  status: number;
  browser: StaffBrowser;
}

export interface StaffSessions {
  /** The spec's Redis key prefix, `test-<name>-<uuid>:`. */
  readonly keyPrefix: string;
  /** The spec's Redis connection (opened on first use). */
  readonly redis: Redis;
  /** Session settings for `ApiDeps.sessions`, with `over` on top (e.g. another `loginLimit` or `keyPrefix`). */
  deps(over?: Partial<SessionDeps>): SessionDeps;
  /** POST /v1/login-session (with CSRF) as `username`; expects 200 and answers the signed-in browser. */
  signIn(app: FastifyInstance, username: string, password: string): Promise<StaffBrowser>;
  /** One sign-in attempt whatever its answer (`remoteAddress`: the client address the limiter counts). */
  trySignIn(app: FastifyInstance, username: string, password: string, options?: { remoteAddress?: string; lang?: 'et' | 'en' }): Promise<SignInAnswer>;
  /** Deletes every key under the prefix (and under `otherPrefixes`), then closes the connection. After `h.close()`. */
  cleanup(...otherPrefixes: string[]): Promise<void>;
}

/** The `cookie` header of a browser: the CSRF cookie and, once signed in, the session cookie. */
export const cookieOf = (b: StaffBrowser): string => [b.csrf.cookie, b.session].filter(Boolean).join('; ');

/** The headers of a staff call: the cookies and (unless `csrf` is false) the `x-csrf-token` header. */
export const headersOf = (b: StaffBrowser, csrf = true): { cookie: string; 'x-csrf-token'?: string } => ({
  cookie: cookieOf(b),
  ...(csrf ? { 'x-csrf-token': b.csrf['x-csrf-token'] } : {}),
});

/** A browser with a CSRF cookie and token but no session (an anonymous caller of staff routes). */
export async function anonymousBrowser(app: FastifyInstance): Promise<StaffBrowser> {
  return { csrf: await csrfHeaders(app), session: null };
}

/** The `shop_sid=...` pair of a response's Set-Cookie headers, or null. */
function sessionCookieOf(setCookie: string | string[] | undefined): string | null {
  return ([] as string[]).concat(setCookie ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`))?.split(';')[0] ?? null;
}

/** One sign-in attempt on a browser of its own (POST /v1/login-session with CSRF), whatever its answer. */
export async function trySignInStaff(app: FastifyInstance, username: string, password: string, options: { remoteAddress?: string; lang?: 'et' | 'en' } = {}): Promise<SignInAnswer> {
  const browser = await anonymousBrowser(app);
  const res = await app.inject({
    method: 'POST',
    url: `/v1/login-session${options.lang ? `?lang=${options.lang}` : ''}`,
    headers: { ...headersOf(browser), 'content-type': 'application/json' },
    payload: { username, password },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  browser.session = sessionCookieOf(res.headers['set-cookie'] as string | string[] | undefined);
  return { status: res.statusCode, browser };
}

/** Signs `username` in on a browser of its own; expects 200 and a session cookie. Any app (its own sessions or Redis). */
export async function signInStaff(app: FastifyInstance, username: string, password: string): Promise<StaffBrowser> {
  const { status, browser } = await trySignInStaff(app, username, password);
  expect(status, `sign-in of ${username}`).toBe(200);
  expect(browser.session, `session cookie of ${username}`).not.toBeNull();
  return browser;
}

/**
 * Staff sessions of one spec, named `name` (its Redis keys: `test-<name>-<uuid>:...`). Call `deps()` (or read
 * `redis`) in `beforeAll`, `cleanup()` in `afterAll` after the harness closed.
 */
export function createStaffSessions(name: string, options: StaffSessionOptions = {}): StaffSessions {
  const { redisUrl, ...settings } = options;
  const keyPrefix = `test-${name}-${randomUUID()}:`;
  let redis: Redis | null = null;
  const connection = () => (redis ??= new Redis(redisUrl ?? testRedisUrl(), { maxRetriesPerRequest: 1 }));
  return {
    keyPrefix,
    get redis() {
      return connection();
    },
    deps: (over = {}) => ({
      redis: connection(),
      keyPrefix,
      secret: 'test-session-secret-0123456789abcdef',
      idleMs: 30 * 60_000,
      maxAgeMs: 12 * 3_600_000,
      secure: false,
      loginLimit: { max: 1000, windowMs: 60_000 },
      ...settings,
      ...over,
    }),
    trySignIn: trySignInStaff,
    signIn: signInStaff,
    async cleanup(...otherPrefixes) {
      if (!redis) return;
      for (const prefix of [keyPrefix, ...otherPrefixes]) {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length) await redis.del(...keys);
      }
      await redis.quit();
      redis = null;
    },
  };
}

/** A staff user to register: username, roles and, optionally, an e-mail address. */
export type StaffUser = readonly [username: string, roles: readonly Role[]] | { username: string; roles: readonly Role[]; email?: string | null };

/**
 * Registers `users` with `password` (commands/user/user-accounts.ts registerUser; each its own command id, no acting
 * user, at `now`, an ISO instant). Answers the user ids by username. Raises what registerUser raises (a weak password).
 */
export async function registerStaff(store: EventStore, users: readonly StaffUser[], options: { password: string; now: string }): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  const correlationId = randomUUID();
  for (const user of users) {
    const { username, roles, email } = 'username' in user ? user : { username: user[0], roles: user[1], email: undefined };
    const ctx = { commandId: randomUUID(), correlationId, userId: null, now: options.now };
    const input = { username, password: options.password, confirm: options.password, roles: [...roles], ...(email === undefined ? {} : { email }) };
    ids[username] = (await registerUser(store, input, ctx, { usernameTaken: async () => false })).userId;
  }
  return ids;
}
