/**
 * One-time password-reset tokens ("Forgot password: a one-time link by mail (single use, 30 minutes)").
 *
 * - A token is 32 random bytes (crypto.randomBytes), base64url: 43 characters. Only its SHA-256 (hex) is stored, as
 *   the Redis key `<prefix>pwreset:<sha256>` whose value is the {@link ResetTokenRecord} (JSON), with a TTL of
 *   `ttlMs` (default 30 minutes): a copy of Redis gives nobody a working link.
 * - `consume` is one GETDEL: of two requests (on any api replica) presenting the same token, exactly one gets the
 *   record; the token is gone after it. `peek` reads without consuming (the reset form checks the new password
 *   before spending the token, so a weak password keeps the link usable).
 * - The record keeps a stamp of the user's password hash at issue time ({@link passwordStamp}): the route refuses a
 *   token once the password changed since (another link used, an administrator set one; every new hash has a new
 *   salt), so a password change ends every older link.
 * - The worker issues tokens (workers/jobs/send-password-reset.ts) and the api consumes them, so both must use the
 *   same Redis and `prefix` (default 'shop:', as the staff sessions'). Without Redis the tokens live in this
 *   process's memory (tests and one-process set-ups only: a token issued by another process is unknown here).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/** How long a link works: 30 minutes, in milliseconds. */
export const DEFAULT_RESET_TOKEN_TTL_MS = 30 * 60_000;
/** The default key prefix, shared with the staff sessions (api/plugins/sessions.ts). */
export const DEFAULT_RESET_TOKEN_PREFIX = 'shop:';

/** What a token stands for. */
export interface ResetTokenRecord {
  userId: string;
  /** {@link passwordStamp} of the user's password hash when the token was issued. */
  passwordStamp: string;
}

/** A short fingerprint of a password hash (SHA-256 hex, 32 characters): changes with every password set. */
export const passwordStamp = (passwordHash: string): string => createHash('sha256').update(passwordHash, 'utf8').digest('hex').slice(0, 32);

export interface ResetTokenOptions {
  /** Shared store; absent: this process's memory. */
  redis?: Redis;
  /** Key prefix (tests use their own). Default 'shop:'. */
  prefix?: string;
  /** Lifetime of a token in milliseconds. Default 30 minutes. */
  ttlMs?: number;
}

/** SHA-256 (hex) of a token: the only form it is stored in. */
export const resetTokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A token as the link carries it: 43 characters of base64url. Anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const parseRecord = (raw: string | null): ResetTokenRecord | null => {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<ResetTokenRecord>;
    return typeof v.userId === 'string' && typeof v.passwordStamp === 'string' ? { userId: v.userId, passwordStamp: v.passwordStamp } : null;
  } catch {
    return null;
  }
};

/** Issues, reads and consumes reset tokens (see the module comment). */
export class ResetTokens {
  readonly ttlMs: number;
  private readonly prefix: string;
  private readonly memory = new Map<string, { value: string; until: number }>();

  constructor(private readonly options: ResetTokenOptions = {}) {
    this.ttlMs = options.ttlMs ?? DEFAULT_RESET_TOKEN_TTL_MS;
    this.prefix = options.prefix ?? DEFAULT_RESET_TOKEN_PREFIX;
  }

  private key(token: string): string {
    return `${this.prefix}pwreset:${resetTokenHash(token)}`;
  }

  /** A new random token for `record`, stored (as its hash) for `ttlMs`. @returns the token, for the link only */
  async issue(record: ResetTokenRecord): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const value = JSON.stringify({ userId: record.userId, passwordStamp: record.passwordStamp });
    if (this.options.redis) await this.options.redis.set(this.key(token), value, 'PX', this.ttlMs);
    else this.memory.set(this.key(token), { value, until: Date.now() + this.ttlMs });
    return token;
  }

  /** The record of a live token without consuming it; null when unknown, used or expired. */
  async peek(token: string): Promise<ResetTokenRecord | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    if (this.options.redis) return parseRecord(await this.options.redis.get(this.key(token)));
    return parseRecord(this.fromMemory(this.key(token), false));
  }

  /** Takes the token (atomically: GETDEL); its record, or null when unknown, used or expired. */
  async consume(token: string): Promise<ResetTokenRecord | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    if (this.options.redis) return parseRecord(await this.options.redis.getdel(this.key(token)));
    return parseRecord(this.fromMemory(this.key(token), true));
  }

  private fromMemory(key: string, remove: boolean): string | null {
    const hit = this.memory.get(key);
    if (!hit || hit.until <= Date.now()) {
      this.memory.delete(key);
      return null;
    }
    if (remove) this.memory.delete(key);
    return hit.value;
  }
}
