/**
 * The generated demo history (bin/demo-history-simulation.ts; docs/analytics.md "A history to analyse"), a short
 * run (2 days) on real PostgreSQL:
 * - deterministic: two fresh databases, the same seed and catalog -> the same generated events (ids, types, streams,
 *   times, data apart from the sealed personal fields' random nonces); another seed -> another history;
 * - its events lie in the past days asked for, marked `generatedBy: demo-history`, with the marker recorded once;
 * - the read models see it: the search statistics count its searches per past day (zero-result terms among them),
 *   the orders read model holds its orders, paid, expired and filled among them.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../commands/catalog/import-catalog.js';
import { withPersonalDataSealed } from '../commands/shared/personal-data-rules.js';
import { orderNumbersOf } from '../api/plugins/order-ports.js';
import { createDatabase, type Database } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import type { EventStore } from '../platform/event-store/port.js';
import { PostgresEventStore } from '../platform/event-store/postgres.js';
import { createTestDatabase, type TestDatabase } from '../platform/testing/database.js';
import { type DemoHistoryReport, type DemoProduct, GENERATED_BY, hasDemoHistory, simulateDemoHistory } from '../bin/demo-history-simulation.js';
import { productRow } from './support/order-test-kit.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';

const ROWS = [
  productRow('DH-PADS', { grossCents: 4590, stock: 12, names: { et: 'Piduriklotsid esitelg', en: 'Brake pads front' } }),
  productRow('DH-OIL', { grossCents: 1299, stock: 30, names: { et: 'Õlifilter', en: 'Oil filter' } }),
  productRow('DH-PLUG', { grossCents: 650, stock: 40, names: { et: 'Süüteküünal', en: 'Spark plug' } }),
  productRow('DH-GASKET', { grossCents: 2250, stock: 3, names: { et: 'Plokikaane tihend', en: 'Rocker cover gasket' } }),
  productRow('DH-CLUTCH', { grossCents: 18900, stock: 1, names: { et: 'Siduri komplekt', en: 'Clutch kit' } }),
  productRow('DH-LAMP', { grossCents: 990, stock: 0, names: { et: 'Esilatern', en: 'Head lamp' } }),
  productRow('DH-BELT', { grossCents: 1850, stock: 6, names: { et: 'Rihm', en: 'Fan belt' } }),
];
const PRODUCTS: DemoProduct[] = ROWS.map((r) => ({ productId: r.productId, code: r.code1, names: r.names, grossCents: r.grossCents!, unit: r.unit, policy: r.policy, deliveryDays: r.deliveryDays }));
const NOW = '2026-10-20T08:00:00.000Z';
const DAYS = 2;
const END = '2026-10-15';

let h: ShopHarness;
let other: { database: TestDatabase; db: Database; store: EventStore } | null = null;
let third: { database: TestDatabase; db: Database; store: EventStore } | null = null;

async function plainShop(name: string) {
  const database = await createTestDatabase(name);
  const db = createDatabase(database.url, { max: 3 });
  await migrate(db);
  const store = withPersonalDataSealed(new PostgresEventStore(db), db);
  await importCatalog(store, ROWS, { vatRatePercent: 24, now: () => NOW });
  return { database, db, store };
}

const run = (store: EventStore, db: Database, seed: number, days = DAYS): Promise<DemoHistoryReport> =>
  simulateDemoHistory(store, { days, seed, end: END, products: PRODUCTS, warehouseId: 'tallinn', vatRatePercent: 24, reservationTtlMs: 30 * 60_000, nextOrderNumber: () => orderNumbersOf(db).next() });

/**
 * The generated events as comparable lines, sorted (a refused order's compensating releases run side by side, so
 * their append order varies; the sealed part is left out: its nonce is random by design).
 */
async function generatedEvents(db: Database): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`
    select concat_ws(' ', event_id, event_type, stream_id, stream_position, metadata->>'time', (data - 'sealed')::text) as line
    from es_events where metadata->>'generatedBy' = ${GENERATED_BY} order by global_position`.execute(db);
  return rows.map((r) => r.line).sort();
}

beforeAll(async () => {
  h = await createShopHarness('demo-history');
  h.clock.now = NOW;
  await h.importCatalogRows(ROWS);
  other = await plainShop('demo-history-b');
  third = await plainShop('demo-history-c');
});

afterAll(async () => {
  await h?.close();
  for (const shop of [other, third]) {
    await shop?.store.close();
    await shop?.db.destroy();
    await shop?.database.drop();
  }
});

describe('demo:history', () => {
  let report: DemoHistoryReport;

  it('generates the same events from the same seed in two databases, another history from another seed', async () => {
    report = await run(h.store, h.db, 7);
    const again = await run(other!.store, other!.db, 7);
    expect(again).toEqual(report);
    const a = await generatedEvents(h.db);
    const b = await generatedEvents(other!.db);
    expect(a.length).toBeGreaterThan(60);
    expect(b).toEqual(a);

    await run(third!.store, third!.db, 8);
    expect(await generatedEvents(third!.db)).not.toEqual(a);
    expect(await hasDemoHistory(h.store)).toBe(true);
  });

  it('writes a believable shop into the past days, every event marked as generated', async () => {
    expect(report).toMatchObject({ from: '2026-10-13', to: END });
    expect(report.searches).toBeGreaterThan(25);
    expect(report.zeroResultSearches).toBeGreaterThan(0);
    expect(report.ordersPlaced).toBeGreaterThan(5);
    expect(report.ordersPaid + report.ordersExpired).toBeLessThanOrEqual(report.ordersPlaced);
    expect(report.ordersPaid).toBeGreaterThan(0);
    const { rows: types } = await sql<{ type: string; day: string; n: number }>`
      select event_type as type, left(metadata->>'time', 10) as day, count(*)::int as n from es_events
      where metadata->>'generatedBy' = ${GENERATED_BY} group by 1, 2`.execute(h.db);
    const typeNames = new Set(types.map((t) => t.type));
    for (const t of ['SearchPerformed', 'OrderPlaced', 'StockReserved', 'PaymentStarted', 'OrderPaid']) expect(typeNames, t).toContain(t);
    expect([...new Set(types.map((t) => t.day))].sort()).toEqual(['2026-10-13', '2026-10-14']);
    const { rows: marker } = await sql<{ data: { generated: boolean; days: number; seed: number } }>`select data from es_events where stream_id = 'setup-demo-history'`.execute(h.db);
    expect(marker.map((m) => m.data)).toEqual([expect.objectContaining({ generated: true, days: DAYS, seed: 7 })]);
  });

  it('is seen by the read models: search statistics per past day, orders with their states', async () => {
    await h.settle();
    const { rows: stats } = await sql<{ day: string; searches: number; zero: number }>`
      select to_char(day, 'YYYY-MM-DD') as day, sum(searches)::int as searches, sum(zero_results)::int as zero
      from rm_search_stats.search_keywords group by 1 order by 1`.execute(h.db);
    expect(stats.reduce((n, s) => n + s.searches, 0)).toBe(report.searches);
    expect(stats.reduce((n, s) => n + s.zero, 0)).toBe(report.zeroResultSearches);
    expect(stats.every((s) => s.day >= '2026-10-13' && s.day <= '2026-10-15')).toBe(true);
    const { rows: orders } = await sql<{ n: number }>`select count(*)::int as n from rm_orders.orders`.execute(h.db);
    expect(orders[0].n).toBe(report.ordersPlaced);
  });
});
