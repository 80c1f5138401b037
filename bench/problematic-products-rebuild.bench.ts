/**
 * Problematic products figures (`npm run bench:problematic-products`; the read model's rebuild time): on the benchmark catalog
 * (bench/catalog-setup.ts: ~105,000 products, 1,000,000+ events) rebuilds the problematic_products read model from
 * position 0 (blue/green, projections/read-model.ts rebuildReadModel) beside the rebuild of another read model in the
 * same run as the baseline (`BASELINE`, default catalog: the same Product and Stock events), and times each kind's
 * first page (GET /v1/admin/products/problematic's query, projections/problematic-products/queries.ts listProblematicProducts,
 * counts of every kind included). `ROUNDS` (default 1) repeats each rebuild; the median is printed. Run it when no
 * other benchmark reads the benchmark database (a rebuild swaps the read model's schema).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { PROBLEMATIC_PRODUCTS_KINDS, DEFAULT_STALE_DAYS } from '../domain/product/problematic-products.js';
import { createDatabase } from '../platform/db/database.js';
import { PostgresEventStore } from '../platform/event-store/postgres.js';
import { listProblematicProducts } from '../projections/problematic-products/queries.js';
import { problematicProductsReadModel } from '../projections/problematic-products/writer.js';
import { rebuildReadModel } from '../projections/read-model.js';
import { readModelByName } from '../projections/read-models.js';
import { setupBenchCatalog } from './catalog-setup.js';
import { fmt, median, percentile, printTable } from './support.js';

async function main() {
  const url = await setupBenchCatalog();
  const db = createDatabase(url, { max: 10 });
  const store = new PostgresEventStore(db);
  const rounds = Number(process.env.ROUNDS ?? 1);
  const baseline = readModelByName(process.env.BASELINE ?? 'catalog');
  const products = (await sql<{ n: number }>`select count(*)::int as n from rm_problematic_products.products where listed`.execute(db)).rows[0].n;
  const rows = [];
  for (const rm of [problematicProductsReadModel, baseline]) {
    const events = (await sql<{ n: number }>`select count(*)::int as n from es_events where event_type = any(${[...rm.eventTypes]}::text[])`.execute(db)).rows[0].n;
    const times: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const started = performance.now();
      await rebuildReadModel(db, store, rm);
      times.push((performance.now() - started) / 1000);
    }
    const seconds = median(times);
    rows.push({ 'read model': rm.name, events, seconds: fmt(seconds), 'events/s': fmt(events / seconds, 0) });
  }
  console.log(`problematic products rebuild: ${products} products listed, median of ${rounds} round(s)`);
  printTable(rows);

  const now = new Date().toISOString();
  const queries = [];
  for (const kind of PROBLEMATIC_PRODUCTS_KINDS) {
    const ms: number[] = [];
    let total = 0;
    for (let i = 0; i < 21; i++) {
      const started = performance.now();
      const page = await listProblematicProducts(db as never, { kind, now, days: DEFAULT_STALE_DAYS, page: 1, pageSize: 24, language: 'et' });
      if (i > 0) ms.push(performance.now() - started); // the first warms the cache
      total = page.total;
    }
    queries.push({ kind, rows: total, 'p50 ms': fmt(median(ms)), 'p95 ms': fmt(percentile(ms, 95)) });
  }
  console.log('first page of each kind with every kind\'s count (20 runs each):');
  printTable(queries);
  await store.close();
  await db.destroy();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
