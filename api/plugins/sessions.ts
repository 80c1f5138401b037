/**
 * Staff sessions (design brief "The staff side": server-side sessions shared by every api replica).
 *
 * - The session store is Redis when `SessionDeps.redis` is given (keys `<prefix>sess:<id>`, expiring after the
 *   absolute lifetime), else the process's memory (tests, one process). A small store of our own over ioredis:
 *   connect-redis 9 writes `SET key value { expiration }`, node-redis 5's call shape, which ioredis does not take.
 * - The cookie `shop_sid` is HttpOnly, SameSite=Lax, Path=/, Secure when PUBLIC_URL is https, and a browser-session
 *   cookie (no Max-Age or Expires: it goes when the browser closes; the server ends the session after `idleMs` /
 *   `maxAgeMs` whatever the cookie says, so nothing is gained by keeping it on disk); it is set only when a
 *   user signs in (`saveUninitialized: false`), and @fastify/session runs only inside the staff routes' plugin
 *   (api/routes/staff.ts), so shoppers' requests neither pay for it nor get a cookie.
 * - A session holds {@link StaffSessionData}: the user id, when it was created and last used (milliseconds since
 *   the epoch) and the CSRF secret it is bound to. It ends after `idleMs` without a staff call (default 30 min) or
 *   `maxAgeMs` after sign-in (default 12 h), whichever comes first ({@link sessionState}).
 * - Ending a user's other sessions at once: `revokeUserSessions(userId, atMs)` stores per user the time before which
 *   sessions are invalid (`<prefix>sess-revoked:<userId>`, kept for `maxAgeMs`); every staff request compares its
 *   session's `createdAt` with it. Set on a password change and a deactivation by the route that sends the command.
 * - Sign-in failures are counted in the same Redis by {@link LoginLimiter} (api/plugins/rate-limits.ts): a hard limit per
 *   (username, address) pair and per address, a bounded progressive delay per username, so nobody can lock a user
 *   out by failing on purpose (OWASP ASVS 5.0 6.1.1, 6.3.1).
 */
import { createHash, randomBytes } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import type { Redis } from 'ioredis';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits, LoginLimiter } from './rate-limits.js';

export const SESSION_COOKIE = 'shop_sid';

/** What a staff session holds (stored as JSON in the session store). Times in milliseconds since the epoch. */
export interface StaffSessionData {
  userId: string;
  createdAt: number;
  seenAt: number;
  /** SHA-256 (hex) of the `_csrf` cookie's secret at sign-in: the CSRF token is bound to this session. */
  csrf: string | null;
}

declare module 'fastify' {
  interface Session {
    staff?: StaffSessionData;
  }
}

/** Settings of the staff sessions (platform/config.ts SESSION_SECRET, SESSION_IDLE_MS, SESSION_MAX_AGE_MS). */
export interface SessionDeps {
  /** Shared store, revocations and login counters; absent: in this process only. */
  redis?: Redis;
  /** Cookie signing secret, at least 32 characters (SESSION_SECRET). */
  secret: string;
  /** Milliseconds without a staff call after which a session ends (default 30 minutes). */
  idleMs: number;
  /** Milliseconds after sign-in after which a session ends however busy (default 12 hours). */
  maxAgeMs: number;
  /** The cookie only over https (PUBLIC_URL is https). */
  secure: boolean;
  /** Prefix of every Redis key (tests use their own). Default 'shop:'. */
  keyPrefix?: string;
  /**
   * Sign-in limits (api/plugins/rate-limits.ts LoginLimits): `max` failures per (username, address) pair in `windowMs`
   * (default 5 per 15 minutes), per address across usernames, and a bounded delay per username.
   */
  loginLimit?: LoginLimits;
}

export const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;
export const DEFAULT_SESSION_MAX_AGE_MS = 12 * 60 * 60_000;

/** Settings for an app built without any (tests of other resources): a random secret, memory only. */
export function defaultSessionDeps(): SessionDeps {
  return { secret: randomBytes(32).toString('hex'), idleMs: DEFAULT_SESSION_IDLE_MS, maxAgeMs: DEFAULT_SESSION_MAX_AGE_MS, secure: false };
}

type Callback = (error?: unknown, value?: unknown) => void;

/** The @fastify/session store interface (get, set, destroy with callbacks). */
export interface SessionStore {
  get(id: string, cb: Callback): void;
  set(id: string, session: unknown, cb: Callback): void;
  destroy(id: string, cb: Callback): void;
}

/**
 * Writes a session unless its id was destroyed (KEYS[1] the session, KEYS[2] its tombstone; ARGV value, ttl ms).
 * Atomic, so a request that loaded the session before a logout cannot write it back after it.
 */
const SET_UNLESS_DESTROYED = `if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

/**
 * Redis store: one key per session, expiring `ttlMs` after the last write. A destroyed id leaves a tombstone for
 * `ttlMs`, and a write to it is ignored: @fastify/session saves a rolling session at the end of every request, so a
 * request still running when the same session logs out (a badge call, a websocket upgrade) would otherwise write
 * the session back and undo the logout (a logout destroys the session for good).
 */
export function redisSessionStore(redis: Redis, prefix: string, ttlMs: number): SessionStore {
  const key = (id: string) => `${prefix}sess:${id}`;
  const tomb = (id: string) => `${prefix}sess-destroyed:${id}`;
  return {
    get: (id, cb) => {
      redis.get(key(id)).then((v) => cb(null, v ? JSON.parse(v) : null), (e) => cb(e));
    },
    set: (id, session, cb) => {
      redis.eval(SET_UNLESS_DESTROYED, 2, key(id), tomb(id), JSON.stringify(session), String(ttlMs)).then(() => cb(null), (e) => cb(e));
    },
    destroy: (id, cb) => {
      redis
        .multi()
        .del(key(id))
        .set(tomb(id), '1', 'PX', ttlMs)
        .exec()
        .then(() => cb(null), (e) => cb(e));
    },
  };
}

/** Memory store (one process): entries expire `ttlMs` after the last write; destroyed ids stay destroyed (see above). */
export function memorySessionStore(ttlMs: number): SessionStore {
  const sessions = new Map<string, { value: string; until: number }>();
  const destroyed = new Map<string, number>();
  return {
    get: (id, cb) => {
      const hit = sessions.get(id);
      if (hit && hit.until <= Date.now()) sessions.delete(id);
      cb(null, hit && hit.until > Date.now() ? JSON.parse(hit.value) : null);
    },
    set: (id, session, cb) => {
      const gone = destroyed.get(id);
      if (gone !== undefined && gone > Date.now()) return cb(null);
      destroyed.delete(id);
      sessions.set(id, { value: JSON.stringify(session), until: Date.now() + ttlMs });
      cb(null);
    },
    destroy: (id, cb) => {
      sessions.delete(id);
      const now = Date.now();
      if (destroyed.size > 10_000) for (const [old, until] of destroyed) if (until <= now) destroyed.delete(old);
      destroyed.set(id, now + ttlMs);
      cb(null);
    },
  };
}

/** Why a stored session is not valid any more; 'valid' when it is. */
export type SessionState = 'valid' | 'idle' | 'expired' | 'revoked';

/**
 * Whether a staff session may be used at `now` (milliseconds): not idle longer than `idleMs`, not older than
 * `maxAgeMs`, not created before the user's revocation time (`revokedBefore`, 0 when none).
 */
export function sessionState(data: StaffSessionData, now: number, settings: Pick<SessionDeps, 'idleMs' | 'maxAgeMs'>, revokedBefore: number): SessionState {
  if (data.createdAt < revokedBefore) return 'revoked';
  if (now - data.createdAt >= settings.maxAgeMs) return 'expired';
  if (now - data.seenAt >= settings.idleMs) return 'idle';
  return 'valid';
}

/** SHA-256 hex of a CSRF secret (what the session keeps of it). */
export const csrfBinding = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * The session side every replica shares: the store, revocations, sign-in failure counters, and reading a session
 * from a raw Cookie header (the websocket's upgrade request, which @fastify/session does not see).
 */
export class SessionRuntime {
  readonly store: SessionStore;
  /** Sign-in limits (api/plugins/rate-limits.ts LoginLimiter), counted in the same Redis under the same prefix. */
  readonly logins: LoginLimiter;
  private readonly prefix: string;
  private readonly signer: Signer;
  private readonly revokedInMemory = new Map<string, number>();

  constructor(readonly settings: SessionDeps) {
    this.prefix = settings.keyPrefix ?? 'shop:';
    this.logins = new LoginLimiter(settings.loginLimit ?? DEFAULT_LOGIN_LIMITS, settings.redis, this.prefix);
    this.signer = new Signer(settings.secret);
    this.store = settings.redis ? redisSessionStore(settings.redis, this.prefix, settings.maxAgeMs) : memorySessionStore(settings.maxAgeMs);
  }

  /** Sessions of `userId` created before `atMs` (milliseconds since the epoch) end at once, on every replica. */
  async revokeUserSessions(userId: string, atMs: number): Promise<void> {
    if (this.settings.redis) await this.settings.redis.set(`${this.prefix}sess-revoked:${userId}`, String(atMs), 'PX', this.settings.maxAgeMs);
    else this.revokedInMemory.set(userId, atMs);
  }

  /** The time before which `userId`'s sessions are invalid (0: none revoked). */
  async revokedBefore(userId: string): Promise<number> {
    if (!this.settings.redis) return this.revokedInMemory.get(userId) ?? 0;
    const v = await this.settings.redis.get(`${this.prefix}sess-revoked:${userId}`);
    return v ? Number(v) : 0;
  }

  /**
   * The valid staff session named by a Cookie header, or null (no cookie, bad signature, unknown, idle, expired or
   * revoked). Used by the websocket, whose upgrade request does not pass through @fastify/session.
   */
  async sessionFromCookieHeader(header: string | undefined, now = Date.now()): Promise<StaffSessionData | null> {
    const raw = header
      ?.split(';')
      .map((p) => p.trim())
      .find((p) => p.startsWith(`${SESSION_COOKIE}=`))
      ?.slice(SESSION_COOKIE.length + 1);
    if (!raw) return null;
    const unsigned = this.signer.unsign(decodeURIComponent(raw));
    if (!unsigned.valid || !unsigned.value) return null;
    const stored = await new Promise<{ staff?: StaffSessionData } | null>((resolve) => this.store.get(unsigned.value!, (e, v) => resolve(e ? null : (v as { staff?: StaffSessionData } | null))));
    const staff = stored?.staff;
    if (!staff) return null;
    return sessionState(staff, now, this.settings, await this.revokedBefore(staff.userId)) === 'valid' ? staff : null;
  }
}
