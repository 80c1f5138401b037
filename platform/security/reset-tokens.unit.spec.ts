import { describe, expect, it } from 'vitest';
import { passwordStamp, resetTokenHash, ResetTokens } from './reset-tokens.js';

describe('ResetTokens (in this process, without Redis)', () => {
  it('issues random 43-character tokens that are read, then consumed once', async () => {
    const tokens = new ResetTokens();
    const record = { userId: 'u1', passwordStamp: passwordStamp('$argon2id$v=19$m=19456,t=2,p=1$a$b') };
    const [a, b] = [await tokens.issue(record), await tokens.issue(record)];
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(resetTokenHash(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(await tokens.peek(a)).toEqual(record);
    expect(await tokens.consume(a)).toEqual(record);
    expect(await tokens.consume(a)).toBeNull();
    expect(await tokens.peek(a)).toBeNull();
    expect(await tokens.consume(b)).toEqual(record);
  });

  it('forgets a token after its lifetime and never looks up text of another shape', async () => {
    const tokens = new ResetTokens({ ttlMs: 30 });
    const token = await tokens.issue({ userId: 'u1', passwordStamp: 'x' });
    await new Promise((r) => setTimeout(r, 60));
    expect(await tokens.consume(token)).toBeNull();
    expect(await tokens.peek('../../etc')).toBeNull();
  });

  it('stamps differ for different hashes of one password (a new salt)', () => {
    expect(passwordStamp('$argon2id$...$salt1$h')).not.toBe(passwordStamp('$argon2id$...$salt2$h'));
  });
});
