import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';

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

  it('verifyAgainstDummy answers false after the same work as one verification: its hash has the same parameters', async () => {
    // The same argon2id parameters (memory, passes, lanes, output length) mean the same work; measured time would
    // only test the machine's load.
    const params = (phc: string) => phc.split('$').slice(1, 4).join('$') + `:${phc.split('$')[5]?.length}`;
    const hash = await hashPassword('teine-parool');
    expect(params(DUMMY_HASH)).toBe(params(hash));
    expect(await verifyPassword(DUMMY_HASH, 'vale-parool')).toBe(false);
    expect(await verifyAgainstDummy('vale-parool')).toBe(false);
    expect(await verifyAgainstDummy('')).toBe(false);
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
