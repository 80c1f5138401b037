/**
 * GET /order/download/{token} when the database cannot take the query: the pool's new connection refused with
 * "sorry, too many clients already" (SQLSTATE 53300, max_connections reached by every role's pools under load; seen
 * by these very tests on a busy machine) or a server that cannot be reached. Both used to answer 500; now 503
 * `server_busy` in the envelope, in the request's language, with Retry-After; a reachable database answers 404.
 */
import { Kysely, PostgresDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database, isDatabaseUnavailable } from '../../../platform/db/database.js';
import { createShopHarness, type ShopHarness } from '../../../tests/support/shop-harness.js';

let h: ShopHarness;
const token = 'a'.repeat(32);

/** A database whose every new connection is refused as PostgreSQL refuses one past max_connections. */
function refusingDatabase(): Database {
  const tooMany = () => Object.assign(new Error('sorry, too many clients already'), { code: '53300', severity: 'FATAL' });
  return new Kysely({ dialect: new PostgresDialect({ pool: { connect: async () => Promise.reject(tooMany()), end: async () => {} } as never }) });
}

beforeAll(async () => {
  h = await createShopHarness('order_download_busy');
});
afterAll(async () => {
  await h?.close();
});

describe('GET /order/download/{32 x a}', () => {
  it('answers 404 when the database answers', async () => {
    const res = await h.app.inject(`/order/download/${token}?lang=en`);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe('order.not_found');
  });

  it('answers 503 server_busy with Retry-After, not 500, when PostgreSQL refuses the connection (too many clients)', async () => {
    const app = await h.replica({ db: refusingDatabase() });
    const res = await app.inject(`/order/download/${token}?lang=en`);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.json()).toEqual({
      success: false,
      status: 'failure',
      message: 'The server is busy right now. Please try again in a few seconds.',
      errors: [{ code: 'server_busy', message: 'The server is busy right now. Please try again in a few seconds.' }],
    });
    expect((await app.inject(`/order/download/${token}`)).json().errors[0].message).toBe('Server on hetkel hõivatud. Palun proovige mõne sekundi pärast uuesti.');
  });

  it('answers 503 when the database cannot be reached at all', async () => {
    const unreachable = createDatabase('postgres://postgres@127.0.0.1:1/none');
    try {
      const app = await h.replica({ db: unreachable });
      expect((await app.inject(`/order/download/${token}`)).statusCode).toBe(503);
    } finally {
      await unreachable.destroy();
    }
  });

  it('tells a database that is unavailable for a moment from a query that is wrong', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('sorry, too many clients already'), { code: '53300' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('invalid byte sequence'), { code: '22021' }))).toBe(false);
    expect(isDatabaseUnavailable('text')).toBe(false);
  });
});
