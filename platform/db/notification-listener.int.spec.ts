/**
 * The process's one LISTEN connection (platform/db/notification-listener.ts) on real PostgreSQL: several channels
 * and handlers share ONE connection, each handler gets its own channel's payloads only, a handler that left gets
 * nothing, and after the connection is killed (pg_terminate_backend) it comes back with every channel LISTENed again.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patience } from '../../tests/support/patience.js';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { createNotificationListener, type NotificationListener } from './notification-listener.js';

const NAME = 'test-notification-listener';
let database: TestDatabase;
let admin: pg.Client;
let listener: NotificationListener;
const errors: Error[] = [];

beforeAll(async () => {
  database = await createTestDatabase('notification_listener');
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  listener = createNotificationListener(database.url, { applicationName: NAME, onError: (e) => errors.push(e), reconnectMs: 50 });
});

afterAll(async () => {
  await listener?.close();
  await admin?.end();
  await database?.drop();
});

const connections = async () =>
  (await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = $2', [database.name, NAME])).rows[0]!.n;
const notify = (channel: string, payload: string) => admin.query('select pg_notify($1, $2)', [channel, payload]);

describe('one LISTEN connection, dispatched by channel', () => {
  it('opens nothing before the first listen, then one connection for every channel and handler', async () => {
    expect(await connections()).toBe(0);
    const got: Record<string, string[]> = { a: [], b: [], c: [] };
    const stopA = await listener.listen('rm_changed', (p) => got.a!.push(p));
    await listener.listen('stock_changed', (p) => got.b!.push(p));
    const stopC = await listener.listen('stock_changed', (p) => got.c!.push(p));
    expect(await connections()).toBe(1);

    await notify('rm_changed', 'catalog');
    await notify('stock_changed', 'p1,p2');
    await notify('content_changed', 'menu');
    await expect.poll(() => [got.a, got.b, got.c], { timeout: patience(2000) }).toEqual([['catalog'], ['p1,p2'], ['p1,p2']]);

    stopC();
    stopA();
    await notify('stock_changed', 'p3');
    await notify('rm_changed', 'orders');
    await expect.poll(() => got.b, { timeout: patience(2000) }).toEqual(['p1,p2', 'p3']);
    expect(got.a).toEqual(['catalog']);
    expect(got.c).toEqual(['p1,p2']);
    expect(await connections()).toBe(1);
  });

  it('reconnects after the connection is killed and LISTENs on every channel again', async () => {
    const got: string[] = [];
    await listener.listen('content_changed', (p) => got.push(p));
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2', [database.name, NAME]);
    await expect.poll(() => errors.length, { timeout: patience(5000) }).toBeGreaterThan(0);
    // Back: a notification sent now arrives (sent again until it does, since it is lost while reconnecting).
    await expect
      .poll(
        async () => {
          await notify('content_changed', 'fields');
          return got.includes('fields');
        },
        { timeout: patience(5000), interval: 100 },
      )
      .toBe(true);
    expect(await connections()).toBe(1);
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    await expect(listener.listen('x; drop table t', () => {})).rejects.toThrow(/not a channel name/);
  });
});
