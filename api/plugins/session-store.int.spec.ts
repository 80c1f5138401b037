/**
 * The session stores (api/plugins/sessions.ts) on real Redis and in memory: a session destroyed by a logout stays destroyed
 * when a request that loaded it earlier saves it at its end (@fastify/session's rolling save), which would otherwise
 * sign the user back in; other sessions are written and read as before.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memorySessionStore, redisSessionStore, type SessionStore } from './sessions.js';

let redis: Redis;
const prefix = `test-session-store-${randomUUID()}:`;

const call = (fn: (cb: (e?: unknown, v?: unknown) => void) => void) =>
  new Promise<unknown>((resolve, reject) => fn((e, v) => (e ? reject(e) : resolve(v))));

beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

describe.each([
  ['Redis', () => redisSessionStore(redis, prefix, 60_000)],
  ['memory', () => memorySessionStore(60_000)],
] as [string, () => SessionStore][])('%s session store', (_name, make) => {
  it('keeps a logged-out session destroyed when a late request saves it again', async () => {
    const store = make();
    const id = randomUUID();
    const session = { staff: { userId: 'u-1', createdAt: 1, seenAt: 1 } };
    await call((cb) => store.set(id, session, cb));
    expect(await call((cb) => store.get(id, cb))).toEqual(session);
    await call((cb) => store.destroy(id, cb)); // the logout
    await call((cb) => store.set(id, { ...session, staff: { ...session.staff, seenAt: 2 } }, cb)); // a request that began before it
    expect(await call((cb) => store.get(id, cb))).toBeNull();
    // Another session is written and read as usual.
    const other = randomUUID();
    await call((cb) => store.set(other, session, cb));
    expect(await call((cb) => store.get(other, cb))).toEqual(session);
  });
});
