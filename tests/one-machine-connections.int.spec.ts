/**
 * Connections of one `npm start` (docs/architecture.md "Connections"): the one-machine composition — a runtime of role
 * `all` and every role in it as bin/start.ts starts them (bin/runtime.ts startEveryRole: the projectors, the
 * workers with every process manager, the api) — holds at most 10 connections to its database while shoppers place
 * orders over HTTP and the projectors and process managers catch up and the mails go out. The PostgreSQL server's
 * 100 connections are shared by every replica, tool and test run: a session per projector and process manager
 * (the old advisory locks) held 52.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRuntime, type Runtime, startEveryRole } from '../bin/runtime.js';
import { importCatalog } from '../commands/catalog/import-catalog.js';
import { loadConfig } from '../platform/config.js';
import { createTestDatabase, type TestDatabase, testRedisUrl } from '../platform/testing/database.js';
import { getOrderSummary } from '../projections/orders/queries.js';
import { csrfHeadersOver } from './support/csrf.js';
import { checkoutBody, productRow } from './support/order-test-kit.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { freePort } from './support/free-port.js';

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
/** The most connections of the composition seen at once, and who held them then. */
const peak = { total: 0, byName: {} as Record<string, number> };

beforeAll(async () => {
  database = await createTestDatabase('one_machine_connections');
  sink = await startSmtpSink();
  filesDir = mkdtempSync(path.join(tmpdir(), 'one-machine-files-'));
  // Every connection to the test's database but the sampler's own, every 20 ms from before the runtime opens.
  sampler = new pg.Client({ connectionString: database.url, application_name: SAMPLER });
  await sampler.connect();
  samplingDone = (async () => {
    while (sampling) {
      const r = await sampler.query<{ application_name: string; n: number }>(
        'select application_name, count(*)::int as n from pg_stat_activity where datname = $1 and application_name <> $2 group by 1',
        [database.name, SAMPLER],
      );
      const total = r.rows.reduce((sum, row) => sum + row.n, 0);
      if (total > peak.total) Object.assign(peak, { total, byName: Object.fromEntries(r.rows.map((row) => [row.application_name, row.n])) });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
});

afterAll(async () => {
  sampling = false;
  await samplingDone.catch(() => {});
  await roles?.stop();
  await rt?.shopQueue().queue.obliterate({ force: true }).catch(() => {});
  await rt?.close();
  await sampler?.end().catch(() => {});
  await sink?.close();
  await database?.drop();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('one npm start', () => {
  it('holds at most 10 connections while orders are placed and every projector and process manager catches up', async () => {
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
    roles = await startEveryRole(runtime, () => {}, {
      admin: { username: 'admin', password: 'connections-test-password-1' },
      prepare: async () => {
        await importCatalog(runtime.store, rows, { vatRatePercent: 24, concurrency: 4, now: () => new Date().toISOString() });
      },
    });

    // Shoppers place orders over HTTP, four at a time.
    const base = `http://127.0.0.1:${port}`;
    const csrf = await csrfHeadersOver(base);
    const orderIds: string[] = [];
    await Promise.all(
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
    );
    // Every projector and process manager catches up, and the order confirmations go out through the worker.
    await roles.caughtUp();
    // The projectors read the log through the store that opens sealed personal data: the read model holds the
    // shopper's address in the clear, the stored events never do.
    for (const id of orderIds) expect((await getOrderSummary(runtime.db, id))?.client.email).toBe('mari@example.ee');
    const clear = await sql<{ n: number }>`SELECT count(*)::int AS n FROM es_events WHERE data::text LIKE '%mari@example.ee%'`.execute(runtime.db);
    expect(clear.rows[0].n).toBe(0);
    await sink.waitForAccepted(ORDERS, 90_000);

    expect(peak.total, `connections at the peak: ${JSON.stringify(peak.byName)}`).toBeGreaterThan(0);
    expect(peak.total, `connections at the peak: ${JSON.stringify(peak.byName)}`).toBeLessThanOrEqual(10);
    // No connection of its own per projector or process manager.
    expect(Object.keys(peak.byName).filter((name) => /^(projector|pm)-/.test(name))).toEqual([]);
  });
});
