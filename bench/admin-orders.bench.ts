/**
 * OrderList and OrderEdit figures (OrderList p95 with 100,000 orders; edit-order p95 under 16
 * concurrent staff). Run: `npx tsx bench/admin-orders.bench.ts` (env: ORDERS default 100000, LIST_REQUESTS 2000,
 * CONNECTIONS 10, STAFF 16, EDITS per staff 25).
 *
 * 1. Database `shop_bench_orders` on the local PostgreSQL server (reused when it already holds ORDERS orders): ORDERS
 *    orders generated as events and bulk-appended straight into the event store's tables in batches of 1000
 *    (OrderPlaced with a private or business client, courier or parcel machine, 1-3 rows, one day per 100 orders
 *    back from 2026-11-20; every third marked paid by staff, every fifth filled, every seventh with a payment
 *    attempt); the admin orders read model projected from them (the time is printed).
 * 2. The api in this process on 127.0.0.1 with staff sessions in the local Redis; LIST_REQUESTS signed-in GET
 *    /v1/admin/orders, CONNECTIONS at a time, each a seeded random mix of no filter, paid / filled, provider, a day
 *    range, a search by number, name, e-mail or phone, and a page 1-5; then as many GET /health the same way.
 * 3. STAFF staff members at once, each saving their own order EDITS times through PUT /v1/admin/orders/{id} with the
 *    version they read: the quantity of a limited-stock product row going 1 -> 2 -> 1 (a stock raise or release
 *    under the edit lease), and a comment-only save between (no stock step).
 * Prints p50 / p95 / p99 in ms. Figures only; it never fails on time. The load generator shares the process (and the
 * machine's 2 cores) with the api and PostgreSQL, so the figures are upper bounds.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { buildApp } from '../api/app.js';
import { listenReadModelChanges } from '../api/plugins/read-model-changes.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { importCatalog } from '../commands/catalog/import-catalog.js';
import { SearchRecorder } from '../commands/catalog/record-search.js';
import { placeOrder } from '../commands/order/place-order.js';
import { registerUser } from '../commands/user/user-accounts.js';
import { createDatabase, type Database } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import { PostgresEventStore } from '../platform/event-store/postgres.js';
import { adminOrdersReadModel } from '../projections/admin-orders/writer.js';
import { catalogReadModel } from '../projections/catalog/writer.js';
import { ensureReadModel, runProjector } from '../projections/read-model.js';
import { READ_MODELS } from '../projections/read-models.js';
import { usersReadModel } from '../projections/users/writer.js';
import { productRow } from '../tests/support/order-test-kit.js';
import { benchDatabaseUrl, fmt, percentile, printTable } from './support.js';

const ORDERS = Number(process.env.ORDERS ?? 100_000);
const LIST_REQUESTS = Number(process.env.LIST_REQUESTS ?? 2_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const STAFF = Number(process.env.STAFF ?? 16);
const EDITS = Number(process.env.EDITS ?? 25);
const DB_NAME = process.env.BENCH_ORDERS_DB ?? 'shop_bench_orders';
const PASSWORD = 'Bench-Orders-2026!q';
const FIRST_NUMBER = 100_001;

/** A small seeded random generator (mulberry32), so every run asks the same requests. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Mari', 'Jaan', 'Kati', 'Peeter', 'Liis', 'Toomas', 'Anu', 'Rein', 'Kadri', 'Margus'];
const LAST = ['Tamm', 'Saar', 'Sepp', 'Mägi', 'Kask', 'Kukk', 'Rebane', 'Ilves', 'Pärn', 'Lepik'];
const uuidOf = (n: number, prefix: string) => `${prefix}${n.toString(16).padStart(12, '0')}`;

/** The events of generated order `i` (0-based): OrderPlaced, then maybe a payment attempt, staff paid, filled. */
function orderEvents(i: number) {
  const orderId = uuidOf(i, 'b0000000-0000-4000-8000-');
  const placedAt = new Date(Date.UTC(2026, 10, 20, 18, 0, 0) - Math.floor(i / 100) * 86_400_000 - (i % 100) * 60_000).toISOString();
  const business = i % 11 === 0;
  const first = FIRST[i % FIRST.length];
  const last = LAST[Math.floor(i / 10) % LAST.length];
  const rows = Array.from({ length: 1 + (i % 3) }, (_, r) => {
    const quantity = 1 + ((i + r) % 4);
    const unitPriceCents = 500 + ((i * 7 + r * 13) % 9000);
    return { productId: uuidOf((i + r) % 5000, 'a0000000-0000-4000-8000-'), code: `P-${(i + r) % 5000}`, name: `Toode ${(i + r) % 5000}`, quantity, unit: 'pcs', unitPriceCents, lineTotalCents: unitPriceCents * quantity };
  });
  const totalCents = rows.reduce((a, r) => a + r.lineTotalCents, 0);
  const netTotalCents = Math.round((totalCents * 100) / 124);
  const parcel = i % 3 === 0;
  const events: { type: string; data: object; time: string; userId: string | null }[] = [
    {
      type: 'OrderPlaced',
      time: placedAt,
      userId: null,
      data: {
        orderId, number: FIRST_NUMBER + i, publicToken: `bench${String(i).padStart(12, '0')}${'x'.repeat(20)}`, placedAt, language: i % 4 === 0 ? 'en-US' : 'et',
        client: { type: business ? 'business' : 'private', firstName: first, lastName: last, businessName: business ? `${last} Auto OÜ` : '', email: `${first.toLowerCase()}.${last.toLowerCase()}${i}@example.ee`, phone: `+372 5${String(i).padStart(7, '0')}`, vatRegNr: business ? `EE${100000000 + i}` : '' },
        shortContactAddress: business ? 'Pikk 1' : '', comment: '',
        delivery: parcel
          ? { providerId: i % 2 ? 'omniva-parcel' : 'itella-ee-parcel', providerName: 'Pakiautomaat', optionId: String(9000 + (i % 50)), optionName: `Automaat ${i % 50}`, address: null }
          : { providerId: 'omniva-courier', providerName: 'Kuller', optionId: null, optionName: null, address: { street: `Pikk ${i % 90}`, apartment: '', city: 'Tallinn', state: 'Harjumaa', areaCode: '10123', country: 'EE' } },
        rows, vatIncluded: true, vatRatePercent: 24, netTotalCents, vatCents: totalCents - netTotalCents, totalCents, reservations: [],
      },
    },
  ];
  if (i % 7 === 0) events.push({ type: 'PaymentStarted', time: placedAt, userId: null, data: { orderId, attempt: 1, attemptId: randomUUID(), methodId: 'swedbank', providerId: 'ipizza', amountCents: totalCents } });
  if (i % 3 === 0) events.push({ type: 'OrderMarkedPaid', time: placedAt, userId: 'bench-staff', data: { orderId, at: placedAt } });
  if (i % 5 === 0) events.push({ type: 'OrderFilled', time: placedAt, userId: 'bench-staff', data: { orderId, at: placedAt, shipped: [] } });
  return { orderId, events };
}

/** Appends the generated orders straight into es_events / es_streams, 1000 orders per transaction. */
async function bulkAppend(db: Database, from: number, to: number): Promise<void> {
  for (let start = from; start < to; start += 1000) {
    const end = Math.min(to, start + 1000);
    const rows: { stream_id: string; stream_position: number; event_id: string; event_type: string; data: object; metadata: object }[] = [];
    const streams: { stream_id: string; version: number }[] = [];
    for (let i = start; i < end; i++) {
      const { orderId, events } = orderEvents(i);
      const streamId = `order-${orderId}`;
      events.forEach((e, p) =>
        rows.push({ stream_id: streamId, stream_position: p + 1, event_id: randomUUID(), event_type: e.type, data: e.data, metadata: { correlationId: randomUUID(), causationId: randomUUID(), userId: e.userId, time: e.time } }),
      );
      streams.push({ stream_id: streamId, version: events.length });
    }
    await db.transaction().execute(async (trx) => {
      await sql`
        insert into es_events (stream_id, stream_position, event_id, event_type, data, metadata)
        select x.stream_id, x.stream_position, x.event_id, x.event_type, x.data, x.metadata
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(stream_id text, stream_position bigint, event_id uuid, event_type text, data jsonb, metadata jsonb)`.execute(trx);
      await sql`
        insert into es_streams (stream_id, version) select x.stream_id, x.version from jsonb_to_recordset(${JSON.stringify(streams)}::jsonb) as x(stream_id text, version bigint)
        on conflict (stream_id) do nothing`.execute(trx);
    });
    if ((end / 1000) % 10 === 0) process.stdout.write(`  ${end} orders\n`);
  }
}

/** Runs `count` calls of `fn(i)`, `concurrency` at a time; the milliseconds of each. */
async function timed(count: number, concurrency: number, fn: (i: number) => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await fn(i);
        times.push(performance.now() - t0);
      }
    }),
  );
  return times;
}

const row = (measure: string, times: number[]) => ({ measure, requests: times.length, p50: fmt(percentile(times, 50)), p95: fmt(percentile(times, 95)), p99: fmt(percentile(times, 99)) });

async function main() {
  const url = await benchDatabaseUrl(DB_NAME);
  const db = createDatabase(url, { max: 20 });
  await migrate(db);
  const store = new PostgresEventStore(db, { listenConnectionString: url });
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
  const keyPrefix = `bench-orders-${randomUUID()}:`;
  const now = () => new Date().toISOString();
  const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: now() });
  const running: { stop(): Promise<void>; caughtUp(): Promise<void> }[] = [];
  try {
    const have = (await sql<{ n: number }>`select count(*)::int as n from es_events where event_type = 'OrderPlaced' and stream_id like 'order-b0000000-%'`.execute(db)).rows[0].n;
    if (have < ORDERS) {
      console.log(`generating ${ORDERS - have} orders as events (bulk append) ...`);
      const t0 = performance.now();
      await bulkAppend(db, have, ORDERS);
      console.log(`appended in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    for (const rm of READ_MODELS) await ensureReadModel(db, store, rm);
    // The read models this benchmark reads: admin orders (the list), users (sign-in), catalog (the edit's products).
    const t1 = performance.now();
    for (const rm of [adminOrdersReadModel, usersReadModel, catalogReadModel]) running.push(runProjector(db, store, rm, { retryMs: 500 }));
    await Promise.all(running.map((p) => p.caughtUp()));
    const listed = (await sql<{ n: number }>`select count(*)::int as n from rm_admin_orders.orders`.execute(db)).rows[0].n;
    console.log(`admin orders read model: ${listed} orders (caught up in ${((performance.now() - t1) / 1000).toFixed(1)} s)`);

    const staffName = 'bench-orders-staff';
    const known = (await sql<{ n: number }>`select count(*)::int as n from es_events where event_type = 'UserCreated' and data->>'username' = ${staffName}`.execute(db)).rows[0]?.n ?? 0;
    if (!known) await registerUser(store, { username: staffName, password: PASSWORD, confirm: PASSWORD, roles: ['CLIENT'] }, ctx(), { usernameTaken: async () => false });
    await importCatalog(store, [productRow('BENCH-ORDER-1', { grossCents: 1500, stock: 10_000_000 })], { vatRatePercent: 24, concurrency: 1, now });
    await Promise.all(running.map((p) => p.caughtUp()));

    const changes = await listenReadModelChanges(url, () => {});
    const app = await buildApp({
      db, store, now, webRoot: null, listingCacheTtlMs: 0, searches: new SearchRecorder(store, { flushIntervalMs: 100 }), readModelChanges: changes.emitter, vatRatePercent: 24,
      sessions: { redis, keyPrefix, secret: randomUUID() + randomUUID(), idleMs: 30 * 60_000, maxAgeMs: 12 * 3_600_000, secure: false, loginLimit: { max: 1_000_000, windowMs: 60_000 } },
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]);
      const signIn = async () => {
        const c = await fetch(`${base}/v1/csrf-token`);
        const csrfCookie = cookiesOf(c).join('; ');
        const token = ((await c.json()) as { data: { token: string } }).data.token;
        const res = await fetch(`${base}/v1/login-session`, { method: 'POST', headers: { cookie: csrfCookie, 'x-csrf-token': token, 'content-type': 'application/json' }, body: JSON.stringify({ username: staffName, password: PASSWORD }) });
        if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
        return { cookie: [csrfCookie, ...cookiesOf(res)].join('; '), token };
      };
      const staff = await signIn();

      // 2. OrderList beside /health.
      const random = rng(12);
      const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
      const paths = Array.from({ length: LIST_REQUESTS }, () => {
        const page = 1 + Math.floor(random() * 5);
        const n = Math.floor(random() * ORDERS);
        const filter = pick([
          '',
          'paid=1',
          'paid=0&filled=0',
          'filled=1',
          `provider=${pick(['omniva-parcel', 'omniva-courier', 'itella-ee-parcel'])}`,
          'from=2026-09-01&to=2026-09-30',
          `q=${FIRST_NUMBER + n}`,
          `q=${encodeURIComponent(pick(LAST))}`,
          `q=${encodeURIComponent(`${pick(FIRST).toLowerCase()}.${pick(LAST).toLowerCase()}${n}`)}`,
          `q=5${String(n).padStart(7, '0').slice(0, 5)}`,
          `q=${encodeURIComponent(pick(FIRST))}&paid=1`,
        ]);
        return `/v1/admin/orders?${filter}${filter ? '&' : ''}page=${page}&pageSize=${pick([24, 48])}`;
      });
      for (const p of paths.slice(0, 20)) await fetch(`${base}${p}`, { headers: { cookie: staff.cookie } }); // warm up
      let failures = 0;
      const list = await timed(LIST_REQUESTS, CONNECTIONS, async (i) => {
        const res = await fetch(`${base}${paths[i]}`, { headers: { cookie: staff.cookie } });
        await res.arrayBuffer();
        if (res.status !== 200) failures++;
      });
      const health = await timed(LIST_REQUESTS, CONNECTIONS, async () => {
        const res = await fetch(`${base}/health`);
        await res.arrayBuffer();
      });

      // 3. Edits: STAFF staff at once, each on their own order.
      const productId = productIdForCode('BENCH-ORDER-1');
      let number = 900_000 + Math.floor(Math.random() * 90_000);
      const orders: string[] = [];
      for (let s = 0; s < STAFF; s++) {
        const orderId = randomUUID();
        await placeOrder(
          store,
          {
            orderId, language: 'et', client: { type: 'private', firstName: 'Bench', lastName: `Staff${s}`, businessName: '', email: `bench${s}@example.ee`, phone: '+372 5000000', vatRegNr: '' },
            shortContactAddress: '', comment: '', delivery: { providerId: 'omniva-courier', providerName: 'Kuller', optionId: null, optionName: null, address: { street: 'Pikk 1', apartment: '', city: 'Tallinn', state: '', areaCode: '10123', country: 'EE' } },
            lines: [{ productId, code: 'BENCH-ORDER-1', name: 'Bench', unit: 'pcs', quantity: 1, grossUnitCents: 1500, policy: 'available', deliveryDays: null }], vatRatePercent: 24,
          },
          ctx(),
          { nextOrderNumber: async () => ++number },
          { mayExist: false },
        );
        orders.push(orderId);
      }
      const sessions = await Promise.all(orders.map(() => signIn()));
      const stockEdits: number[] = [];
      const commentEdits: number[] = [];
      let editFailures = 0;
      await Promise.all(
        orders.map(async (orderId, s) => {
          const me = sessions[s];
          const headers = { cookie: me.cookie, 'x-csrf-token': me.token, 'content-type': 'application/json' };
          let order = ((await (await fetch(`${base}/v1/admin/orders/${orderId}`, { headers })).json()) as { data: { version: number; rows: { productId: string; code: string; name: string; quantity: number; unit: string; unitPriceCents: number }[] } }).data;
          for (let e = 0; e < EDITS; e++) {
            const stock = e % 2 === 0;
            const rows = order.rows.map(({ productId: p, code, name, quantity, unit, unitPriceCents }) => ({ productId: p, code, name, quantity: stock ? (quantity === 1 ? 2 : 1) : quantity, unit, unitPriceCents }));
            const body = { version: order.version, rows, discountCents: 0, serviceFeeCents: 0, employeeComment: stock ? '' : `edit ${e}`, invoiceComment: '' };
            const t0 = performance.now();
            const res = await fetch(`${base}/v1/admin/orders/${orderId}`, { method: 'PUT', headers, body: JSON.stringify(body) });
            const answer = (await res.json()) as { data: typeof order };
            (stock ? stockEdits : commentEdits).push(performance.now() - t0);
            if (res.status !== 200) {
              editFailures++;
              order = ((await (await fetch(`${base}/v1/admin/orders/${orderId}`, { headers })).json()) as { data: typeof order }).data;
            } else order = answer.data;
          }
        }),
      );

      console.log(`\nOrderList with ${listed} orders: ${LIST_REQUESTS} requests, ${CONNECTIONS} at a time (${failures} not 200); ms:`);
      printTable([row('GET /v1/admin/orders (search, filters, pages)', list), row('GET /health', health)]);
      console.log(`OrderList p95 / health p95: ${(percentile(list, 95) / percentile(health, 95)).toFixed(1)}x`);
      console.log(`\nOrderEdit: ${STAFF} staff saving at once, ${EDITS} saves each (${editFailures} not 200); ms, answer included (waits for the list):`);
      printTable([row('PUT with a stock change (raise or release)', stockEdits), row('PUT comments only', commentEdits), row('all saves', [...stockEdits, ...commentEdits])]);
    } finally {
      await app.close();
      await changes.close();
    }
  } finally {
    await Promise.all(running.map((p) => p.stop()));
    await store.close();
    await db.destroy();
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
