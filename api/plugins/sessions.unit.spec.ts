import { describe, expect, it } from 'vitest';
import { csrfBinding, DEFAULT_SESSION_IDLE_MS, DEFAULT_SESSION_MAX_AGE_MS, SessionRuntime, sessionState } from './sessions.js';

const settings = { idleMs: 1_000, maxAgeMs: 10_000 };
const at = (createdAt: number, seenAt: number) => ({ userId: 'u', createdAt, seenAt, csrf: null });

describe('sessionState (idle timeout, absolute lifetime, revocation)', () => {
  it('is valid while used within the idle time and younger than the lifetime', () => {
    expect(sessionState(at(0, 0), 999, settings, 0)).toBe('valid');
    expect(sessionState(at(0, 8_500), 9_400, settings, 0)).toBe('valid');
  });
  it('ends after the idle time, after the absolute lifetime however busy, and when created before the revocation', () => {
    expect(sessionState(at(0, 0), 1_000, settings, 0)).toBe('idle');
    expect(sessionState(at(0, 9_999), 10_000, settings, 0)).toBe('expired');
    expect(sessionState(at(5_000, 5_000), 5_100, settings, 5_001)).toBe('revoked');
    // The session that changed the password is started at the revocation time: still valid.
    expect(sessionState(at(5_001, 5_001), 5_100, settings, 5_001)).toBe('valid');
  });
  it('defaults to 30 minutes idle and 12 hours in all', () => {
    expect(DEFAULT_SESSION_IDLE_MS).toBe(1_800_000);
    expect(DEFAULT_SESSION_MAX_AGE_MS).toBe(43_200_000);
  });
});

describe('SessionRuntime without Redis (one process)', () => {
  const runtime = () => new SessionRuntime({ secret: 's'.repeat(32), idleMs: 1_000, maxAgeMs: 10_000, secure: false, loginLimit: { max: 3, windowMs: 60_000 } });

  it('blocks a key after the allowed failures and forgets it when cleared', async () => {
    const r = runtime();
    for (let i = 0; i < 2; i++) await r.recordLoginFailure(['user:a', 'ip:1']);
    expect(await r.loginBlocked(['user:a'])).toBe(false);
    await r.recordLoginFailure(['user:a', 'ip:1']);
    expect(await r.loginBlocked(['user:a'])).toBe(true);
    expect(await r.loginBlocked(['user:b', 'ip:1'])).toBe(true);
    await r.clearLoginFailures('user:a');
    expect(await r.loginBlocked(['user:a'])).toBe(false);
  });

  it('keeps revocation times per user', async () => {
    const r = runtime();
    expect(await r.revokedBefore('u')).toBe(0);
    await r.revokeUserSessions('u', 123);
    expect(await r.revokedBefore('u')).toBe(123);
  });

  it('reads no session from a missing, unsigned or forged cookie', async () => {
    const r = runtime();
    expect(await r.sessionFromCookieHeader(undefined)).toBeNull();
    expect(await r.sessionFromCookieHeader('shop_sid=abc')).toBeNull();
    expect(await r.sessionFromCookieHeader('shop_sid=abc.forged-signature')).toBeNull();
  });

  it('binds CSRF secrets by their SHA-256', () => {
    expect(csrfBinding('a')).toMatch(/^[0-9a-f]{64}$/);
    expect(csrfBinding('a')).not.toBe(csrfBinding('b'));
  });
});
