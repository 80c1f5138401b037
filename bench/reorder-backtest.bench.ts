/**
 * Backtest of the reorder suggestions (`npm run bench:reorder-backtest`; analytics/sell-through/reorder.ts): over the
 * generated demo history (bin/demo-history-simulation.ts, deterministic from the seed) in a fresh database
 * `shop_bench_reorder_backtest`, the daily demand per product (units reserved and not released, from the
 * sell-through analysis's mapping run in memory over the stock events) drives two stock policies, day by day, over
 * the days after a 30-day warm-up:
 * - baseline, the naive one: when stock on hand plus on order falls below 30 days of average sales (sales of the
 *   last 30 calendar days / 30), order 30 days of average sales;
 * - ours: reorder point = average daily demand over the in-stock days x lead time + z x sigma x sqrt(lead time),
 *   order up to the reorder point plus `cycle` days of demand, in whole packs (reorderFigures, service level 95 %).
 * Both start with 30 days of the warm-up's average in stock, lose the sales they cannot serve (no backorders), and
 * receive an order `LEAD` days later (default 14, the products' default lead time; pack 1). To compare at equal
 * average stock value, our `cycle` is searched (bisection) until our average stock value (units x gross price,
 * averaged over the simulated days) is the naive policy's; the figures at cycle 0 are printed too.
 * Prints per policy: the average stock value (EUR), stock-out days (product-days that began with nothing on hand), days with demand not fully served, lost units, orders placed.
 *
 * Env: DAYS (90), PRODUCTS (400), SEED (1), LEAD (14), LEVEL (95). Speed and figures are printed, never asserted.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { runInMemory } from '../analytics/analysis.js';
import { sellThroughAnalysis } from '../analytics/sell-through/mapping.js';
import { reorderFigures, SERVICE_LEVELS, type ServiceLevel } from '../analytics/sell-through/reorder.js';
import { orderNumbersOf } from '../api/plugins/order-ports.js';
import { demoCatalogProducts, simulateDemoHistory } from '../bin/demo-history-simulation.js';
import { readCatalogCsv, type ImportRow } from '../commands/catalog/catalog-csv.js';
import { importCatalog } from '../commands/catalog/import-catalog.js';
import { withPersonalDataSealed } from '../commands/shared/personal-data-rules.js';
import { addDays } from '../domain/search/statistics-ranges.js';
import { createDatabase } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import type { RecordedEvent } from '../platform/event-store/port.js';
import { PostgresEventStore } from '../platform/event-store/postgres.js';
import { dropDatabase, ensureDatabase, ensurePostgres } from '../platform/services/ensure-services.js';
import { fmt, printTable } from './support.js';

const DAYS = Number(process.env.DAYS ?? 90);
const PRODUCTS = Number(process.env.PRODUCTS ?? 400);
const SEED = Number(process.env.SEED ?? 1);
const LEAD = Number(process.env.LEAD ?? 14);
const LEVEL = (process.env.LEVEL ?? '95') as ServiceLevel;
const WARM_UP = 30;

/** One product's daily demand (units) over the history's days, and its gross price (euro cents). */
interface Series {
  productId: string;
  priceCents: number;
  demand: number[];
}

interface Outcome {
  stockValueEuros: number;
  stockOutDays: number;
  shortDays: number;
  lostUnits: number;
  orders: number;
}

type Policy = (history: { sold: number[]; inStock: boolean[] }, position: number) => number;

/** The naive policy: below 30 days of average sales (stock-out days count as 0), order 30 days of them. */
const naive: Policy = ({ sold }, position) => {
  const last = sold.slice(-WARM_UP);
  const avg = last.reduce((a, b) => a + b, 0) / WARM_UP;
  return avg > 0 && position < 30 * avg ? Math.ceil(30 * avg) : 0;
};

/** Ours: reorderFigures over the last 30 days' in-stock days. */
const ours =
  (cycleDays: number): Policy =>
  ({ sold, inStock }, position) => {
    const s = sold.slice(-WARM_UP);
    const days = inStock.slice(-WARM_UP);
    let n = 0;
    let sum = 0;
    let squares = 0;
    s.forEach((x, i) => {
      if (days[i] || x > 0) {
        n++;
        sum += x;
        squares += x * x;
      }
    });
    return reorderFigures({ sold: sum, soldSquares: squares, demandDays: n, onHand: position }, { leadTimeDays: LEAD, packSize: 1 }, SERVICE_LEVELS[LEVEL], cycleDays).quantity;
  };

/** Runs `policy` over every product from day WARM_UP on; orders arrive LEAD days after they are placed. */
function simulate(series: Series[], policy: Policy): Outcome {
  let value = 0;
  const out: Outcome = { stockValueEuros: 0, stockOutDays: 0, shortDays: 0, lostUnits: 0, orders: 0 };
  const simulated = DAYS - WARM_UP;
  for (const p of series) {
    const warm = p.demand.slice(0, WARM_UP);
    let stock = Math.ceil(warm.reduce((a, b) => a + b, 0)); // 30 days of the warm-up's average
    const sold = [...warm];
    const inStock = warm.map(() => true);
    const arriving = new Map<number, number>();
    for (let day = WARM_UP; day < DAYS; day++) {
      stock += arriving.get(day) ?? 0;
      const demand = p.demand[day]!;
      if (stock <= 0) out.stockOutDays++;
      const sale = Math.min(demand, Math.max(0, stock));
      if (sale < demand) {
        out.shortDays++;
        out.lostUnits += demand - sale;
      }
      inStock.push(stock > 0);
      stock -= sale;
      sold.push(sale);
      let onOrder = 0;
      for (const [d, q] of arriving) if (d > day) onOrder += q;
      const quantity = policy({ sold, inStock }, stock + onOrder);
      if (quantity > 0) {
        arriving.set(day + LEAD, (arriving.get(day + LEAD) ?? 0) + quantity);
        out.orders++;
      }
      value += (stock * p.priceCents) / 100;
    }
  }
  out.stockValueEuros = value / simulated;
  return out;
}

async function main(): Promise<void> {
  const admin = process.env.BENCH_DATABASE_ADMIN_URL ?? (await ensurePostgres((line) => process.stderr.write(`${line}\n`)));
  await dropDatabase(admin, 'shop_bench_reorder_backtest');
  const url = await ensureDatabase(admin, 'shop_bench_reorder_backtest');
  const db = createDatabase(url, { max: 3, applicationName: 'bench-reorder-backtest' });
  await migrate(db);
  const store = withPersonalDataSealed(new PostgresEventStore(db), db);
  const csv = path.join(import.meta.dirname, '..', 'data', 'demo-catalog.csv');
  const rows: ImportRow[] = [];
  for await (const row of readCatalogCsv(csv)) if ('productId' in row && row.productClass === 'product' && row.grossCents && rows.length < PRODUCTS) rows.push(row);
  await importCatalog(store, rows, { vatRatePercent: 24 });
  const catalog = await demoCatalogProducts(csv);
  const ids = new Set(rows.map((r) => r.productId));
  const end = '2026-11-01';
  let started = performance.now();
  await simulateDemoHistory(store, {
    days: DAYS,
    seed: SEED,
    end,
    products: catalog.sellable.filter((p) => ids.has(p.productId)),
    searchCatalog: catalog.all,
    warehouseId: 'tallinn',
    vatRatePercent: 24,
    reservationTtlMs: 30 * 60_000,
    nextOrderNumber: () => orderNumbersOf(db).next(),
  });
  const generateSeconds = (performance.now() - started) / 1000;

  // The daily demand: the sell-through mapping over the generated stock events (reserved and not released).
  started = performance.now();
  const stored = await sql<{ type: string; data: unknown; metadata: RecordedEvent['metadata']; stream_id: string }>`
    select event_type as type, data, metadata, stream_id from es_events
    where event_type in ('StockReserved', 'ReservationReleased', 'StockShipped', 'StockShipmentReturned') and metadata->>'generatedBy' = 'demo-history'
    order by global_position`.execute(db);
  const events = stored.rows.map((r, i) => ({ ...r, id: String(i), streamPosition: BigInt(i + 1), globalPosition: BigInt(i + 1), checkpoint: String(i + 1) }) as unknown as RecordedEvent);
  const days = runInMemory(sellThroughAnalysis, events).stock_days as { product_id: string; day: string; sold: number }[];
  const first = addDays(end, -DAYS);
  const index = (day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000);
  const price = new Map(rows.map((r) => [r.productId, r.grossCents ?? 0]));
  const byProduct = new Map<string, Series>();
  for (const d of days) {
    const i = index(d.day);
    if (i < 0 || i >= DAYS || !d.sold) continue;
    const s = byProduct.get(d.product_id) ?? { productId: d.product_id, priceCents: price.get(d.product_id) ?? 0, demand: new Array<number>(DAYS).fill(0) };
    s.demand[i]! += Number(d.sold);
    byProduct.set(d.product_id, s);
  }
  // Products that sold in the warm-up (a policy needs a speed to start from).
  const series = [...byProduct.values()].filter((s) => s.demand.slice(0, WARM_UP).some((x) => x > 0)).sort((a, b) => (a.productId < b.productId ? -1 : 1));
  const demandSeconds = (performance.now() - started) / 1000;

  started = performance.now();
  const base = simulate(series, naive);
  const plain = simulate(series, ours(0));
  // Our cycle days at the naive policy's average stock value (more cycle days, more stock).
  let lo = 0;
  let hi = 120;
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2;
    if (simulate(series, ours(mid)).stockValueEuros < base.stockValueEuros) lo = mid;
    else hi = mid;
  }
  const cycle = (lo + hi) / 2;
  const equal = simulate(series, ours(cycle));
  const simulateSeconds = (performance.now() - started) / 1000;

  const row = (policy: string, o: Outcome) => ({
    policy,
    'avg stock value (EUR)': fmt(o.stockValueEuros, 0),
    'stock-out days': o.stockOutDays,
    'days short': o.shortDays,
    'lost units': o.lostUnits,
    orders: o.orders,
  });
  console.log(`demo history: ${DAYS} days, ${rows.length} products imported, seed ${SEED}; ${series.length} products with sales in the ${WARM_UP}-day warm-up; ` +
    `${DAYS - WARM_UP} days simulated; lead time ${LEAD} days, pack 1, service level ${LEVEL} %`);
  console.log(`seconds: generate ${fmt(generateSeconds)}, demand ${fmt(demandSeconds)}, simulate (with the search) ${fmt(simulateSeconds)}`);
  printTable([
    row('baseline: naive (order 30 days of sales below 30 days)', base),
    row(`ours, cycle ${fmt(cycle, 1)} days (equal avg stock value)`, equal),
    row('ours, cycle 0 (order up to the reorder point)', plain),
  ]);
  await store.close();
  await db.destroy();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
