/**
 * Idempotency keys on real PostgreSQL (api/plugins/idempotency.ts): stored answers replayed byte for byte, another request
 * with the same key refused, concurrent duplicates run once, failures and 5xx not stored, abandoned keys taken over.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../platform/db/database.js';
import { migrate } from '../../platform/db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../../platform/testing/database.js';
import { ApiError } from './errors.js';
import { canonicalJson, idempotencyKeyOf, requestHash, withIdempotency } from './idempotency.js';

let database: TestDatabase;
let db: Database;
const answer = (body: string, statusCode = 200) => ({ statusCode, contentType: 'application/json', body });

beforeAll(async () => {
  database = await createTestDatabase('idempotency');
  db = createDatabase(database.url, { max: 12 });
  await migrate(db);
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe('withIdempotency', () => {
  it('runs once and replays the stored answer', async () => {
    const key = randomUUID();
    let runs = 0;
    const first = await withIdempotency(db, 's', key, 'h1', async () => answer(`{"n":${++runs}}`, 201));
    const second = await withIdempotency(db, 's', key, 'h1', async () => answer(`{"n":${++runs}}`));
    expect(first).toEqual({ ...answer('{"n":1}', 201), replayed: false });
    expect(second).toEqual({ ...answer('{"n":1}', 201), replayed: true });
    expect(runs).toBe(1);
  });

  it('keys are scoped: the same key in another scope is another request', async () => {
    const key = randomUUID();
    await withIdempotency(db, 'a', key, 'h', async () => answer('a'));
    expect((await withIdempotency(db, 'b', key, 'other', async () => answer('b'))).body).toBe('b');
  });

  it('refuses the same key with another request hash: idempotency.key_reused (409)', async () => {
    const key = randomUUID();
    await withIdempotency(db, 's', key, 'h1', async () => answer('x'));
    await expect(withIdempotency(db, 's', key, 'h2', async () => answer('y'))).rejects.toMatchObject({ code: 'idempotency.key_reused', statusCode: 409 });
  });

  it('concurrent duplicates: one run, every caller gets its answer', async () => {
    const key = randomUUID();
    let runs = 0;
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        withIdempotency(db, 's', key, 'h', async () => {
          runs++;
          await new Promise((r) => setTimeout(r, 100));
          return answer('once');
        }),
      ),
    );
    expect(runs).toBe(1);
    expect(results.map((r) => r.body)).toEqual(Array(12).fill('once'));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
  });

  it('a duplicate that waits too long gets idempotency.in_progress (409)', async () => {
    const key = randomUUID();
    const slow = withIdempotency(db, 's', key, 'h', () => new Promise((r) => setTimeout(() => r(answer('slow')), 400)));
    await new Promise((r) => setTimeout(r, 50));
    await expect(withIdempotency(db, 's', key, 'h', async () => answer('dup'), { waitMs: 100 })).rejects.toMatchObject({ code: 'idempotency.in_progress' });
    expect((await slow).body).toBe('slow');
  });

  it('does not store a thrown error or a 5xx answer: the retry runs again', async () => {
    const key = randomUUID();
    await expect(withIdempotency(db, 's', key, 'h', async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect((await withIdempotency(db, 's', key, 'h', async () => answer('x', 503))).statusCode).toBe(503);
    expect((await withIdempotency(db, 's', key, 'h', async () => answer('ok'))).body).toBe('ok');
  });

  it('takes over a key left processing by a crashed process after staleMs', async () => {
    const key = randomUUID();
    await sql`insert into api_idempotency_keys (key, request_hash, status, locked_at) values (${`s:${key}`}, 'h', 'processing', now() - interval '2 minutes')`.execute(db);
    expect((await withIdempotency(db, 's', key, 'h', async () => answer('resumed'), { staleMs: 60_000 })).body).toBe('resumed');
  });

  it('runs every time without a key', async () => {
    let runs = 0;
    await withIdempotency(db, 's', undefined, 'h', async () => answer(String(++runs)));
    await withIdempotency(db, 's', undefined, 'h', async () => answer(String(++runs)));
    expect(runs).toBe(2);
  });
});

describe('keys and hashes', () => {
  it('accepts printable keys up to 255 characters, refuses others with idempotency.key_invalid', () => {
    expect(idempotencyKeyOf(undefined)).toBeUndefined();
    expect(idempotencyKeyOf('abc-123')).toBe('abc-123');
    for (const bad of ['', 'a b', 'x'.repeat(256), 'ä']) {
      expect(() => idempotencyKeyOf(bad)).toThrow(ApiError);
    }
  });

  it('hashes equal bodies equally whatever the key order, and different bodies differently', () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: 1 }] })).toBe('{"a":[{"x":1,"y":2}],"b":1}');
    expect(requestHash('POST', '/p', { a: 1, b: 2 })).toBe(requestHash('POST', '/p', { b: 2, a: 1 }));
    expect(requestHash('POST', '/p', { a: 1 })).not.toBe(requestHash('POST', '/p', { a: 2 }));
  });
});
