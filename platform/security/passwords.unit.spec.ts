import { describe, expect, it } from 'vitest';
import { hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';

describe('hashPassword / verifyPassword', () => {
  it('hashes with argon2id m=19456 KiB, t=2, p=1 and a fresh salt, and verifies only the right password', async () => {
    const a = await hashPassword('vihmavari-2026');
    const b = await hashPassword('vihmavari-2026');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(b).not.toBe(a);
    expect(await verifyPassword(a, 'vihmavari-2026')).toBe(true);
    expect(await verifyPassword(b, 'vihmavari-2026')).toBe(true);
    expect(await verifyPassword(a, 'Vihmavari-2026')).toBe(false);
    expect(await verifyPassword(a, '')).toBe(false);
  });

  it('answers false for a damaged hash instead of throwing', async () => {
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    expect(await verifyPassword('', 'x')).toBe(false);
  });

  it('verifyAgainstDummy answers false after spending about one verification', async () => {
    const hash = await hashPassword('teine-parool');
    const t0 = performance.now();
    await verifyPassword(hash, 'vale-parool');
    const real = performance.now() - t0;
    const t1 = performance.now();
    expect(await verifyAgainstDummy('vale-parool')).toBe(false);
    const dummy = performance.now() - t1;
    // Same parameters, so the same work: within a factor of 3 either way on a busy machine.
    expect(dummy).toBeGreaterThan(real / 3);
    expect(dummy).toBeLessThan(real * 3 + 20);
  });
});

describe('isCommonPassword', () => {
  it('finds the common passwords in any letter case, and not a passphrase', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword('12345678')).toBe(true);
    expect(isCommonPassword('qwerty123')).toBe(true);
    expect(isCommonPassword('vihmavari-kollane-2026')).toBe(false);
  });
});
