/**
 * How long the generated demo history takes (`npm run bench:demo-history`; bin/demo-history-simulation.ts): a fresh
 * database `shop_bench_demo_history` (dropped and made again), the first `PRODUCTS` sellable products of the demo
 * catalog (default 400) imported through commands, then `DAYS` days (default 90, seed 1) generated. Prints the
 * seconds, the events appended and events/s, and what was generated. The search result counts run over the whole
 * demo catalog, as in `npm run demo:history`. Baseline in the same run: the catalog import of those products.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { orderNumbersOf } from '../api/plugins/order-ports.js';
import { importCatalog } from '../commands/catalog/import-catalog.js';
import { readCatalogCsv, type ImportRow } from '../commands/catalog/catalog-csv.js';
import { withPersonalDataSealed } from '../commands/shared/personal-data-rules.js';
import { createDatabase } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import { PostgresEventStore } from '../platform/event-store/postgres.js';
import { demoCatalogProducts, simulateDemoHistory } from '../bin/demo-history-simulation.js';
import { dropDatabase, ensureDatabase, ensurePostgres } from '../platform/services/ensure-services.js';
import { fmt, printTable } from './support.js';

const DAYS = Number(process.env.DAYS ?? 90);
const PRODUCTS = Number(process.env.PRODUCTS ?? 400);

async function main(): Promise<void> {
  const admin = process.env.BENCH_DATABASE_ADMIN_URL ?? (await ensurePostgres((line) => process.stderr.write(`${line}\n`)));
  await dropDatabase(admin, 'shop_bench_demo_history');
  const url = await ensureDatabase(admin, 'shop_bench_demo_history');
  const db = createDatabase(url, { max: 3, applicationName: 'bench-demo-history' });
  await migrate(db);
  const store = withPersonalDataSealed(new PostgresEventStore(db), db);
  const csv = path.join(import.meta.dirname, '..', 'data', 'demo-catalog.csv');
  const rows: ImportRow[] = [];
  for await (const row of readCatalogCsv(csv)) if ('productId' in row && row.productClass === 'product' && row.grossCents && rows.length < PRODUCTS) rows.push(row);
  let started = performance.now();
  await importCatalog(store, rows, { vatRatePercent: 24 });
  const importSeconds = (performance.now() - started) / 1000;
  const catalog = await demoCatalogProducts(csv);
  const ids = new Set(rows.map((r) => r.productId));
  const before = (await sql<{ n: number }>`select count(*)::int as n from es_events`.execute(db)).rows[0].n;
  started = performance.now();
  const report = await simulateDemoHistory(store, {
    days: DAYS,
    seed: 1,
    end: new Date().toISOString().slice(0, 10),
    products: catalog.sellable.filter((p) => ids.has(p.productId)),
    searchCatalog: catalog.all,
    warehouseId: 'tallinn',
    vatRatePercent: 24,
    reservationTtlMs: 30 * 60_000,
    nextOrderNumber: () => orderNumbersOf(db).next(),
  });
  const seconds = (performance.now() - started) / 1000;
  const events = (await sql<{ n: number }>`select count(*)::int as n from es_events`.execute(db)).rows[0].n - before;
  printTable([
    { step: `baseline: import ${rows.length} products`, seconds: fmt(importSeconds), events: before, 'events/s': fmt(before / importSeconds, 0) },
    { step: `demo history, ${DAYS} days`, seconds: fmt(seconds), events, 'events/s': fmt(events / seconds, 0) },
  ]);
  console.log(JSON.stringify(report));
  await store.close();
  await db.destroy();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
