/**
 * Connections of one `npm start` (docs/architecture.md "Connections"): the one-machine composition — a runtime of role
 * `all` and every role in it as bin/start.ts starts them (bin/runtime.ts startEveryRole: the projectors, the
 * workers with every process manager, the api) — holds at most 9 connections to its database while shoppers place
 * orders over HTTP, an open page gets its stock and content pushes over GET /v1/live, and the projectors and process
 * managers catch up and the mails go out. Each role is held to its own bound, seen at any moment (not only at the
 * total's peak): the pool `shop-all` POOL_SIZE.all (5), the daemon pool `shop-all-daemon` DAEMON_POOL_SIZE.all (3)
 * and ONE LISTEN connection `shop-all-listen` carrying the event store's wake-ups and the api's read-model, stock and
 * content hints (two before: `shop-listen` and `shop-api-listen`); no other connection. The PostgreSQL server's 100
 * connections are shared by every replica, tool and test run: a session per projector and process manager (the old
 * advisory locks) held 52.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DAEMON_POOL_SIZE, openRuntime, POOL_SIZE, type Runtime, startEveryRole } from '../bin/runtime.js';
import { importCatalog } from '../commands/catalog/import-catalog.js';
import { setGlobalFields } from '../commands/site/set-global-fields.js';
import { loadConfig } from '../platform/config.js';
import { createTestDatabase, type TestDatabase, testRedisUrl } from '../platform/testing/database.js';
import { getOrderSummary } from '../projections/orders/queries.js';
import { csrfHeadersOver } from './support/csrf.js';
import { checkoutBody, productRow } from './support/order-test-kit.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { freePort } from './support/free-port.js';
import { patience } from './support/patience.js';

const SAMPLER = 'test-connections-sampler';
const ORDERS = 12;

let database: TestDatabase;
let sink: SmtpSink;
let sampler: pg.Client;
let rt: Runtime | undefined;
let roles: Awaited<ReturnType<typeof startEveryRole>> | undefined;
let filesDir: string;
let sampling = true;
let samplingDone: Promise<void> = Promise.resolve();
/** Why the sampling stopped early (its connection lost), if it did: the bounds below are then unproven. */
let samplingFailed: unknown;
/** The most connections of the composition seen at once, and who held them then. */
const peak = { total: 0, byName: {} as Record<string, number> };
/** The most connections of each application_name seen at once, over every sample. */
const maxByName: Record<string, number> = {};
/** The composition's connections at the last sample: what each one is doing (a step that does not finish names them). */
let lastActivity: { application_name: string; state: string | null; wait: string | null; xact_ms: number | null; query: string }[] = [];
/** What the roles logged (a projector restarting says why here). */
const logged: string[] = [];

/**
 * Waits for one step of the scenario for at most `ms` (scaled by patience); past that, fails naming the step with
 * the roles' last log lines and every connection's state, wait event and statement at the last sample, so a step
 * that hangs under load says what it waited on instead of running into the test's timeout.
 */
async function step<T>(name: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = patience(ms);
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `${name}: not done in ${limit} ms\nlog: ${JSON.stringify(logged.slice(-20))}\nconnections: ${JSON.stringify(lastActivity, null, 1)}`,
          ),
        ),
      limit,
    );
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

beforeAll(async () => {
  database = await createTestDatabase('one_machine_connections');
  sink = await startSmtpSink();
  filesDir = mkdtempSync(path.join(tmpdir(), 'one-machine-files-'));
  // Every connection to the test's database but the sampler's own, every 20 ms from before the runtime opens. Client
  // backends only: a parallel query's workers carry their leader's application_name but are no connections.
  sampler = new pg.Client({ connectionString: database.url, application_name: SAMPLER });
  // A lost sampler connection (a server restart) ends the sampling; the test then fails on `samplingFailed`.
  sampler.on('error', (error) => (samplingFailed ??= error));
  await sampler.connect();
  samplingDone = (async () => {
    while (sampling) {
      const activity = await sampler.query<(typeof lastActivity)[number]>(
        `select application_name, state, wait_event_type || ':' || wait_event as wait,
                (extract(epoch from clock_timestamp() - xact_start) * 1000)::int as xact_ms, left(query, 200) as query
           from pg_stat_activity where datname = $1 and application_name <> $2 and backend_type = 'client backend'`,
        [database.name, SAMPLER],
      );
      lastActivity = activity.rows;
      const byName: Record<string, number> = {};
      for (const row of activity.rows) byName[row.application_name] = (byName[row.application_name] ?? 0) + 1;
      const total = activity.rows.length;
      for (const [name, n] of Object.entries(byName)) maxByName[name] = Math.max(maxByName[name] ?? 0, n);
      if (total > peak.total) Object.assign(peak, { total, byName });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })().catch((error: unknown) => {
    samplingFailed ??= error;
  });
});

afterAll(async () => {
  sampling = false;
  await samplingDone;
  // Bounded, so that a stop that hangs fails the hook with what was stuck instead of running into its timeout.
  await step('stopping the roles', 60_000, roles?.stop() ?? Promise.resolve());
  await rt?.shopQueue().queue.obliterate({ force: true }).catch(() => {});
  await rt?.close();
  await sampler?.end().catch(() => {});
  await sink?.close();
  await database?.drop();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('one npm start', () => {
  it('holds at most 9 connections, each role within its bound and one LISTEN connection, while orders are placed, pushes reach an open page and everything catches up', async () => {
    const port = await freePort();
    process.env.PLACE_ORDER_LIMIT_PER_IP = '100000';
    process.env.PLACE_ORDER_LIMIT_PER_EMAIL = '100000';
    const config = loadConfig(
      {
        ...process.env,
        DATABASE_URL: database.url,
        REDIS_URL: testRedisUrl(),
        PORT: String(port),
        HOST: '127.0.0.1',
        SMTP_URL: sink.url,
        MAIL_CATCHER: 'off',
        SESSION_SECRET: 'x'.repeat(40),
        FILES_DIR: filesDir,
        OMNIVA_LOCATIONS_URL: '',
        ITELLA_EE_LOCATIONS_URL: '',
        ITELLA_FI_LOCATIONS_URL: '',
      },
      'one-machine',
    );
    rt = await openRuntime(config, 'all', { queuePrefix: `test-one-machine-${randomUUID().slice(0, 8)}` });
    const runtime = rt;
    const rows = Array.from({ length: 5 }, (_, i) => productRow(`CONN-${i}`, { grossCents: 1500 + i, stock: 1000 }));
    roles = await step('starting every role', 45_000, startEveryRole(runtime, (line) => logged.push(`${new Date().toISOString()} ${line}`), {
      admin: { username: 'admin', password: 'connections-test-password-1' },
      prepare: async () => {
        await importCatalog(runtime.store, rows, { vatRatePercent: 24, concurrency: 4, now: () => new Date().toISOString() });
      },
    }));

    // An open product page: the live socket asks for the stock of the first product and for content changes.
    const base = `http://127.0.0.1:${port}`;
    const pushes: { type?: string }[] = [];
    const live = new WebSocket(`ws://127.0.0.1:${port}/v1/live`);
    live.on('message', (m) => pushes.push(JSON.parse(String(m)) as { type?: string }));
    await new Promise((resolve, reject) => live.once('open', resolve).once('error', reject));
    live.send(JSON.stringify({ subscribe: [rows[0].productId] }));
    live.send(JSON.stringify({ content: true }));
    await new Promise<void>((resolve) => {
      live.once('pong', () => resolve());
      live.ping();
    });

    // Shoppers place orders over HTTP, four at a time.
    const csrf = await csrfHeadersOver(base);
    const orderIds: string[] = [];
    await step('placing the orders', 30_000, Promise.all(
      Array.from({ length: 4 }, async (_, shopper) => {
        for (let i = shopper; i < ORDERS; i += 4) {
          const res = await fetch(`${base}/v1/place-order`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), ...csrf },
            body: JSON.stringify(checkoutBody([{ product_id: rows[i % rows.length].productId, amount: 1 }])),
          });
          expect(res.status).toBe(200);
          orderIds.push(((await res.json()) as { data: { order: { id: string } } }).data.order.id);
        }
      }),
    ));
    // Every projector and process manager catches up, and the order confirmations go out through the worker.
    await step('the projectors and process managers catching up', 30_000, roles.caughtUp());
    // The projectors read the log through the store that opens sealed personal data: the read model holds the
    // shopper's address in the clear, the stored events never do.
    for (const id of orderIds) expect((await getOrderSummary(runtime.db, id))?.client.email).toBe('mari@example.ee');
    const clear = await sql<{ n: number }>`SELECT count(*)::int AS n FROM es_events WHERE data::text LIKE '%mari@example.ee%'`.execute(runtime.db);
    expect(clear.rows[0].n).toBe(0);
    await sink.waitForAccepted(ORDERS, 90_000);
    // A global field saved: the content hint travels the same LISTEN connection as the stock hints of the orders.
    await setGlobalFields(runtime.store, { fields: { phone: { et: '+372 5000 9999', en: '+372 5000 9999' } } }, { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: new Date().toISOString() });
    await expect.poll(() => [pushes.some((p) => p.type === 'stock'), pushes.some((p) => p.type === 'content')], { timeout: patience(10_000) }).toEqual([true, true]);
    live.close();

    expect(samplingFailed, 'the sampling of pg_stat_activity stopped early').toBeUndefined();
    const seen = `connections at the peak: ${JSON.stringify(peak.byName)}; most per name: ${JSON.stringify(maxByName)}`;
    expect(peak.total, seen).toBeGreaterThan(0);
    expect(peak.total, seen).toBeLessThanOrEqual(POOL_SIZE.all + DAEMON_POOL_SIZE.all + 1);
    // Each role within its own bound, and nothing else (no connection of its own per projector, process manager,
    // subscription or listener).
    expect(Object.keys(maxByName).sort(), seen).toEqual(['shop-all', 'shop-all-daemon', 'shop-all-listen']);
    expect(maxByName['shop-all'], seen).toBeLessThanOrEqual(POOL_SIZE.all);
    expect(maxByName['shop-all-daemon'], seen).toBeLessThanOrEqual(DAEMON_POOL_SIZE.all);
    expect(maxByName['shop-all-listen'], seen).toBe(1);
  });
});
