import { describe, expect, it } from 'vitest';
import { loginDelayMs } from './rate-limits.js';
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

describe('loginDelayMs (ASVS 6.3.1: a username failing from many addresses is slowed down, not locked)', () => {
  const delay = { freeFailures: 5, baseMs: 250, maxMs: 4000 };
  it('is 0 below the free failures, then doubles from baseMs, never above maxMs', () => {
    expect([0, 4, 5, 6, 7, 8, 9, 10, 1_000_000].map((f) => loginDelayMs(f, delay))).toEqual([0, 0, 250, 500, 1000, 2000, 4000, 4000, 4000]);
  });
});

describe('SessionRuntime without Redis (one process)', () => {
  const runtime = () => new SessionRuntime({ secret: 's'.repeat(32), idleMs: 1_000, maxAgeMs: 10_000, secure: false, loginLimit: { max: 3, windowMs: 60_000 } });

  it('refuses a (username, address) pair after its failures, and an address across usernames; never the username elsewhere', async () => {
    const r = runtime();
    for (let i = 0; i < 3; i++) expect(await r.logins.attempt('a', '1')).toMatchObject({ refused: false });
    expect(await r.logins.attempt('a', '1')).toEqual({ refused: true });
    // The same username from an address that has not failed: slowed down, not refused.
    expect(await r.logins.attempt('a', '2')).toEqual({ refused: false, delayMs: 250 });
    await r.logins.succeeded('a', '2');
    // Address 3 fails for 12 (4 x max) different usernames, then is refused for anyone.
    for (let i = 0; i < 12; i++) expect(await r.logins.attempt(`u${i}`, '3')).toMatchObject({ refused: false });
    expect(await r.logins.attempt('b', '3')).toEqual({ refused: true });
    expect(await r.logins.attempt('b', '4')).toEqual({ refused: false, delayMs: 0 });
    await r.logins.forget('a', '1');
    expect(await r.logins.attempt('a', '1')).toEqual({ refused: false, delayMs: 0 });
  });

  it('gives a right password back: a user who signs in between typos is never refused', async () => {
    const r = runtime();
    for (let i = 0; i < 10; i++) {
      expect(await r.logins.attempt('c', '5')).toMatchObject({ refused: false });
      await r.logins.succeeded('c', '5');
    }
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
