/**
 * The event log as Parquet (docs/analytics.md "The event log as Parquet"; analytics/export/export.ts), on real
 * PostgreSQL through the shop's api and commands, read back with DuckDB:
 * - events per type per day and the orders' totals in the files equal PostgreSQL's;
 * - a re-run writes nothing, and a fresh export of the same log is byte-identical;
 * - after new events (one of them dated in a day exported before) an incremental run rewrites only those days, and
 *   ends byte-identical to a fresh export;
 * - no file holds the shoppers' names, e-mail addresses, phones, streets or comments, neither before nor after one
 *   of them is forgotten; the forgotten client's rows carry the pseudonymous client id only;
 * - --from (inclusive) and --to (exclusive) select by the event's own day.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { sql } from 'kysely';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportEventLog } from '../analytics/export/export.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { forgetClient } from '../commands/client/forget-client.js';
import { clientIdForEmail } from '../commands/client/client-streams.js';
import { setupDelivery } from '../commands/delivery/setup-delivery.js';
import { receiveStock } from '../commands/stock/receive-stock.js';
import { createWarehouse } from '../commands/warehouse/create-warehouse.js';
import { type ClientPipeline, startClientPipeline } from './support/client-pipeline.js';
import { csrfHeaders } from './support/csrf.js';
import { checkoutBody, productRow } from './support/order-test-kit.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';

let h: ShopHarness;
let pipeline: ClientPipeline;
let work: string;

const HILARIUS = { client_type: 'private', first_name: 'Hilarius', last_name: 'Kadakasaar', email: 'Hilarius.Kadakasaar@Naide.ee', phone: '+372 5312 9876', vat_reg_nr: '' };
const HILARIUS_ADDRESS = { country: 'EE', street: 'Vahtrametsa tee 41', apartment: '3', city: 'Pihlakaküla', state: 'Tartumaa', area_code: '61411' };
const ANNIKA = { client_type: 'private', first_name: 'Annika', last_name: 'Sinilillemaa', email: 'annika.sinilillemaa@naide.ee', phone: '+372 5987 1234', vat_reg_nr: '' };
/** Names, e-mail domain and addresses, phone (as typed and as digits), streets, cities, comments. */
const NEEDLES = ['hilarius', 'kadakasaar', 'sinilillemaa', 'naide.ee', '5312 9876', '53129876', '5987 1234', '59871234', 'vahtrametsa', 'pihlakak', 'helistage'];

const ctx = (now: string) => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now });

async function placeOrder(client: Record<string, string>, items: { code: string; amount: number }[], comment = ''): Promise<void> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/place-order?lang=et',
    headers: { ...(await csrfHeaders(h.app)), 'content-type': 'application/json' },
    payload: checkoutBody(
      items.map((i) => ({ product_id: productIdForCode(i.code), amount: i.amount })),
      { client: client as never, delivery: HILARIUS_ADDRESS as never, order: { delivery_user_comment: comment } as never },
    ) as object,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function search(q: string): Promise<void> {
  const res = await h.app.inject({ method: 'GET', url: `/v1/search?q=${encodeURIComponent(q)}&iu=user&lang=et` });
  expect(res.statusCode, res.body).toBe(200);
}

/** Every file under `dir` (relative path -> bytes). */
async function filesOf(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out.set(path.relative(dir, full), await readFile(full));
  }
  return out;
}

const parquetOnly = (files: Map<string, Buffer>) => new Map([...files].filter(([name]) => name.endsWith('.parquet')));

async function duck<T = Record<string, unknown>>(query: string): Promise<T[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const reader = await connection.runAndReadAll(query);
    return reader.getRowObjectsJson() as T[];
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

const glob = (dir: string, table: string) => `read_parquet('${path.join(dir, table)}/*/*.parquet', hive_partitioning = true)`;

/** Events per type per day: PostgreSQL's count, as 'day type n' lines. */
async function pgCounts(from = '0000', to = '9999'): Promise<string[]> {
  const { rows } = await sql<{ day: string; type: string; n: number }>`
    select left(metadata->>'time', 10) as day, event_type as type, count(*)::int as n from es_events
    where left(metadata->>'time', 10) >= ${from} and left(metadata->>'time', 10) < ${to} group by 1, 2 order by 1, 2`.execute(h.db);
  return rows.map((r) => `${r.day} ${r.type} ${r.n}`);
}

async function parquetCounts(dir: string): Promise<string[]> {
  const rows = await duck<{ day: string; type: string; n: string }>(
    `select strftime("date", '%Y-%m-%d') as day, event_type as type, count(*) as n from ${glob(dir, 'events')} group by 1, 2 order by 1, 2`,
  );
  return rows.map((r) => `${r.day} ${r.type} ${r.n}`);
}

/** Needles found in the files' bytes (page statistics are stored uncompressed) or in any value read back. */
async function personalDataIn(dir: string): Promise<string[]> {
  const hits: string[] = [];
  const files = await filesOf(dir);
  for (const [name, bytes] of files) {
    const text = bytes.toString('latin1').toLowerCase();
    for (const needle of NEEDLES) if (text.includes(needle)) hits.push(`${name} bytes: ${needle}`);
  }
  for (const table of ['events', 'orders', 'order_rows', 'stock_movements', 'searches']) {
    const rows = await duck(`select * from ${glob(dir, table)}`);
    for (const row of rows) {
      const text = JSON.stringify(row).toLowerCase();
      for (const needle of NEEDLES) if (text.includes(needle)) hits.push(`${table} values: ${needle} in ${text.slice(0, 600)}`);
    }
  }
  return hits;
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'analytics-export-'));
  h = await createShopHarness('analytics-export');
  h.clock.now = '2026-10-01T08:00:00.000Z';
  await createWarehouse(h.store, { warehouseId: 'tallinn', name: 'Tallinn' }, ctx(h.clock.now));
  await h.importCatalogRows([productRow('EXP-PADS', { grossCents: 4590, stock: 40 }), productRow('EXP-FILTER', { grossCents: 1299, stock: 60 }), productRow('EXP-RARE', { grossCents: 990, stock: 0 })]);
  await setupDelivery(h.store, h.clock.now);
  await h.settle();
  pipeline = await startClientPipeline(h, () => h.clock.now);

  // Day 1: searches (one without results), an order with a comment, a delivery of goods.
  h.clock.now = '2026-10-02T09:15:00.000Z';
  await search('piduriklotsid');
  await search('zzz-ei-leia-midagi');
  await placeOrder(HILARIUS, [{ code: 'EXP-PADS', amount: 2 }, { code: 'EXP-FILTER', amount: 1 }], 'Palun helistage enne');
  await receiveStock(h.store, { productId: productIdForCode('EXP-FILTER'), warehouseId: 'tallinn', quantity: 12 }, ctx(h.clock.now));
  // Day 2: another shopper's order, a back-in-stock request, an English search.
  h.clock.now = '2026-10-03T14:40:00.000Z';
  await search('oil filter');
  await placeOrder(ANNIKA, [{ code: 'EXP-FILTER', amount: 3 }]);
  const notify = await h.app.inject({
    method: 'POST',
    url: '/v1/stock-notification?lang=et',
    headers: { ...(await csrfHeaders(h.app)), 'content-type': 'application/json' },
    payload: { user_email: HILARIUS.email, product_id: productIdForCode('EXP-RARE'), quantity: 1 },
  });
  expect(notify.statusCode, notify.body).toBeLessThan(300);
  await h.settle();
  await pipeline.caughtUp();
});

afterAll(async () => {
  await pipeline?.stop();
  await h?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('analytics:export', () => {
  it('counts what PostgreSQL counts per type per day, totals included, and holds no personal data', async () => {
    const out = path.join(work, 'a');
    const report = await exportEventLog(h.db, { outDir: out });
    expect(report.mode).toBe('full');
    expect(report.daysWritten).toEqual(expect.arrayContaining(['2026-10-01', '2026-10-02', '2026-10-03']));
    const files = await filesOf(out);
    expect([...files.keys()]).toEqual(expect.arrayContaining(['events/date=2026-10-02/part-0.parquet', 'orders/date=2026-10-02/part-0.parquet', 'order_rows/date=2026-10-03/part-0.parquet', 'stock_movements/date=2026-10-02/part-0.parquet', 'searches/date=2026-10-03/part-0.parquet']));

    expect(await parquetCounts(out)).toEqual(await pgCounts());
    const { rows: pgTotals } = await sql<{ n: number; total: string }>`
      select count(*)::int as n, sum((data->>'totalCents')::bigint)::text as total from es_events where event_type = 'OrderPlaced'`.execute(h.db);
    const [parquetTotals] = await duck<{ n: string; total: string }>(`select count(*) as n, sum(total_cents) as total from ${glob(out, 'orders')}`);
    expect(pgTotals[0].n).toBe(2);
    expect({ n: Number(parquetTotals.n), total: String(parquetTotals.total) }).toEqual(pgTotals[0]);
    const { rows: pgRowTotals } = await sql<{ total: string }>`
      select sum((r->>'lineTotalCents')::bigint)::text as total from es_events, jsonb_array_elements(data->'rows') r where event_type = 'OrderPlaced'`.execute(h.db);
    const [rowTotals] = await duck<{ total: string }>(`select sum(line_total_cents) as total from ${glob(out, 'order_rows')}`);
    expect(String(rowTotals.total)).toBe(pgRowTotals[0].total);

    const searches = await duck<{ keyword: string; result_count: string; zero_results: boolean }>(`select keyword, result_count, zero_results from ${glob(out, 'searches')} order by global_position`);
    const { rows: pgSearches } = await sql<{ count: number }>`select (data->>'resultCount')::int as count from es_events where event_type = 'SearchPerformed' order by global_position`.execute(h.db);
    expect(searches.map((s) => s.keyword)).toEqual(['piduriklotsid', 'zzz-ei-leia-midagi', 'oil filter']);
    expect(searches.map((s) => [Number(s.result_count), s.zero_results])).toEqual(pgSearches.map((r) => [r.count, r.count === 0]));
    expect(searches[1].zero_results).toBe(true);
    const movements = await duck<{ event_type: string }>(`select event_type from ${glob(out, 'stock_movements')} where product_id = '${productIdForCode('EXP-FILTER')}'`);
    expect(movements.map((m) => m.event_type)).toEqual(expect.arrayContaining(['StockReceived', 'StockReserved']));

    // The client is there as the pseudonymous id; the personal fields are not.
    const hilariusId = clientIdForEmail(HILARIUS.email);
    const orders = await duck<{ client_id: string }>(`select client_id from ${glob(out, 'orders')} order by global_position`);
    expect(orders.map((o) => o.client_id)).toEqual([hilariusId, clientIdForEmail(ANNIKA.email)]);
    expect(await personalDataIn(out)).toEqual([]);
  });

  it('writes the same bytes again: nothing on a re-run, identical files in a fresh directory', async () => {
    const a = path.join(work, 'same-a');
    const b = path.join(work, 'same-b');
    await exportEventLog(h.db, { outDir: a });
    const first = parquetOnly(await filesOf(a));
    const again = await exportEventLog(h.db, { outDir: a });
    expect(again).toMatchObject({ mode: 'incremental', eventsExported: 0, filesWritten: [] });
    expect(parquetOnly(await filesOf(a))).toEqual(first);
    // Small batches: the keyset pagination over many reads must give the same files as one read.
    await exportEventLog(h.db, { outDir: b, batchSize: 97 });
    const second = parquetOnly(await filesOf(b));
    expect([...second.keys()].sort()).toEqual([...first.keys()].sort());
    for (const [name, bytes] of first) expect(Buffer.compare(bytes, second.get(name)!), name).toBe(0);
  });

  it('exports incrementally only the days with new events, ending where a fresh export ends; a forgotten client stays unnamed', async () => {
    const inc = path.join(work, 'incremental');
    await exportEventLog(h.db, { outDir: inc });
    const before = parquetOnly(await filesOf(inc));

    // New events: a search on a new day, a stock receipt dated in a day exported before, and a forget.
    h.clock.now = '2026-10-05T10:00:00.000Z';
    await search('õlifilter');
    await receiveStock(h.store, { productId: productIdForCode('EXP-PADS'), warehouseId: 'tallinn', quantity: 5 }, ctx('2026-10-02T18:00:00.000Z'));
    await forgetClient({ store: h.store, db: h.db }, { clientId: clientIdForEmail(HILARIUS.email) }, ctx(h.clock.now));
    await h.settle();

    const report = await exportEventLog(h.db, { outDir: inc });
    expect(report.mode).toBe('incremental');
    expect(report.newEvents).toBe(3);
    expect(report.daysWritten).toEqual(['2026-10-02', '2026-10-05']);
    expect(report.filesWritten.every((f) => /date=2026-10-0[25]\//.test(f))).toBe(true);
    const after = parquetOnly(await filesOf(inc));
    for (const [name, bytes] of before) {
      if (!/date=2026-10-0[25]\//.test(name)) expect(Buffer.compare(bytes, after.get(name)!), `${name} untouched`).toBe(0);
    }
    expect(await parquetCounts(inc)).toEqual(await pgCounts());

    const fresh = path.join(work, 'fresh');
    await exportEventLog(h.db, { outDir: fresh, batchSize: 250 });
    const all = parquetOnly(await filesOf(fresh));
    expect([...after.keys()].sort()).toEqual([...all.keys()].sort());
    for (const [name, bytes] of all) expect(Buffer.compare(bytes, after.get(name)!), name).toBe(0);

    const forgotten = await duck<{ event_type: string; data: string }>(`select event_type, data::VARCHAR as data from ${glob(fresh, 'events')} where client_id = '${clientIdForEmail(HILARIUS.email)}' order by global_position`);
    expect(forgotten.map((e) => e.event_type)).toEqual(expect.arrayContaining(['OrderPlaced', 'ClientRegistered', 'StockNotificationRequested', 'ClientForgotten']));
    expect(await personalDataIn(fresh)).toEqual([]);
    expect(await personalDataIn(inc)).toEqual([]);
  });

  it('selects by the event day: --from inclusive, --to exclusive', async () => {
    const out = path.join(work, 'range');
    const report = await exportEventLog(h.db, { outDir: out, from: '2026-10-02', to: '2026-10-03' });
    expect(report.daysWritten).toEqual(['2026-10-02']);
    expect(await parquetCounts(out)).toEqual(await pgCounts('2026-10-02', '2026-10-03'));
    await expect(exportEventLog(h.db, { outDir: out, from: '2026-10-05', to: '2026-10-02' })).rejects.toThrow(/before/);
    await expect(exportEventLog(h.db, { outDir: out, from: '2026-13-01' })).rejects.toThrow();
  });
});
