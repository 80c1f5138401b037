/**
 * The benchmark catalog (`npm run bench:setup`): database `shop_bench_catalog` with the real catalogs scaled to
 * `BENCH_PRODUCTS` products (default 105,000, so that 100,000+ are imported) — the demo catalog (SLG parts) plus the MANN-FILTER articles read from
 * ../shared (never copied), scaled by data/scaled-catalog.ts's documented rule — imported through commands and
 * projected, plus `BENCH_SEARCHES` SearchPerformed events (default 400,000) so the log holds 1,000,000+ events, and
 * (unless BENCH_FITMENT=0) the vehicle reference and the scaled rows' demo fitment (commands/fitment/demo-fitment.ts,
 * once: its marker), so bench:catalog-load can list by vehicle.
 * Reuses the database when it already holds the products. Prints import and projection rates.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { importCatalogFile } from '../commands/catalog/import-catalog.js';
import { readCatalogCsv } from '../commands/catalog/catalog-csv.js';
import { DEMO_FITMENT_MARKER, recordDemoFitment } from '../commands/fitment/demo-fitment.js';
import { loadVehicleReference } from '../commands/vehicle/load-vehicle-reference.js';
import { toNewEvents } from '../commands/shared/command-handler.js';
import { mannFilterRows } from '../data/mann-filter-mapping.js';
import { scaledCatalogRows } from '../data/scaled-catalog.js';
import { createDatabase, type Database } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import { PostgresEventStore } from '../platform/event-store/postgres.js';
import { ensureReadModel, runProjector } from '../projections/read-model.js';
import { READ_MODELS } from '../projections/read-models.js';
import { benchDatabaseUrl } from './support.js';

/** The benchmark database; `BENCH_DB` names another (e.g. a copy to try a read-model version on without rebuilding the shared one). */
export const BENCH_DB = process.env.BENCH_DB ?? 'shop_bench_catalog';
const repoRoot = path.resolve(import.meta.dirname, '..');
const COLUMNS = ['code1', 'code2', 'name_et', 'name_en', 'description_et', 'description_en', 'category_et', 'category_en', 'price', 'stock', 'unit', 'availability', 'delivery_days', 'big_product', 'class', 'attributes', 'oe_numbers', 'vehicles', 'image_url'];
const csvField = (v: string | undefined) => (/[",\n\r]/.test(v ?? '') ? `"${(v ?? '').replace(/"/g, '""')}"` : (v ?? ''));

async function writeScaledCsv(target: number): Promise<string> {
  const demo = parse(readFileSync(path.join(repoRoot, 'data', 'demo-catalog.csv')), { columns: true, bom: true }) as Record<string, string>[];
  const mann = await mannFilterRows(path.join(repoRoot, '..', 'shared', 'data', 'catalog', 'mann-filter-articles-5460.csv'));
  const file = path.join(tmpdir(), `bench-catalog-${target}.csv`);
  const out = createWriteStream(file);
  out.write(`${COLUMNS.join(',')}\n`);
  let n = 0;
  for (const row of scaledCatalogRows([...demo, ...mann], target)) {
    out.write(`${COLUMNS.map((c) => csvField(row[c])).join(',')}\n`);
    n++;
  }
  await new Promise<void>((resolve) => out.end(resolve));
  console.log(`scaled catalog: ${n} rows from ${demo.length} demo + ${mann.length} MANN-FILTER rows -> ${file}`);
  return file;
}

async function projectAll(db: Database, store: PostgresEventStore, url: string): Promise<void> {
  for (const rm of READ_MODELS) await ensureReadModel(db, store, rm);
  const started = performance.now();
  const running = READ_MODELS.map((rm) => runProjector(db, store, rm));
  await Promise.all(running.map((r) => r.caughtUp()));
  await Promise.all(running.map((r) => r.stop()));
  console.log(`projected in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Builds (or reuses) the benchmark catalog; returns its database URL. */
export async function setupBenchCatalog(): Promise<string> {
  const target = Number(process.env.BENCH_PRODUCTS ?? 105_000);
  const searches = Number(process.env.BENCH_SEARCHES ?? 400_000);
  const url = await benchDatabaseUrl(BENCH_DB);
  const db = createDatabase(url, { max: 20 });
  await migrate(db);
  const store = new PostgresEventStore(db);
  try {
    const have = (await sql<{ n: number }>`select count(*)::int as n from es_events where event_type = 'ProductCreated'`.execute(db)).rows[0].n;
    if (have < target) {
      const file = await writeScaledCsv(target);
      const started = performance.now();
      const report = await importCatalogFile(store, file, {
        vatRatePercent: 24,
        concurrency: 16,
        onProgress: (done) => done % 10_000 === 0 && console.log(`import: ${done} of ${target} products`),
      });
      const seconds = (performance.now() - started) / 1000;
      console.log(`import: ${report.imported} products, ${report.appended} events in ${seconds.toFixed(0)} s (${(report.imported / seconds).toFixed(0)} products/s), ${report.errors.length} rejected`);
      for (const e of report.errors.slice(0, 5)) console.log(`  line ${e.line}: ${e.errors.join("; ")}`);
    }
    const haveSearches = (await sql<{ n: number }>`select count(*)::int as n from es_events where event_type = 'SearchPerformed'`.execute(db)).rows[0].n;
    if (haveSearches < searches) {
      const words = ['filter', 'brake', 'gasket', 'kütusefilter', 'BF1018/1', 'piduriklotsid', 'tihend', 'laager', 'TR6', 'MGB'];
      const started = performance.now();
      for (let i = haveSearches; i < searches; i += 100) {
        const day = `2026-11-${String(1 + ((i / 100) % 28)).padStart(2, '0')}T12:00:00.000Z`;
        const batch = Array.from({ length: 100 }, (_, j) => ({
          type: 'SearchPerformed',
          data: { query: words[(i + j) % words.length], categoryId: null, filters: {}, resultCount: (i + j) % 50, typedByUser: j % 2 === 0, language: 'et' },
        }));
        const ctx = { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: day };
        await store.appendToStream(`search-${day.slice(0, 10)}`, toNewEvents(batch, `search-${day.slice(0, 10)}`, ctx));
      }
      console.log(`appended ${searches - haveSearches} SearchPerformed events in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    if (process.env.BENCH_FITMENT !== '0' && !(await store.readStream(DEMO_FITMENT_MARKER, { maxCount: 1 })).exists) {
      const started = performance.now();
      await loadVehicleReference(store, path.join(repoRoot, '..', 'shared', 'data', 'vehicles'));
      const rows: { code1: string; vehicles: string[] }[] = [];
      for await (const row of readCatalogCsv(await writeScaledCsv(target))) if ('productId' in row && row.vehicles.length) rows.push(row);
      const report = await recordDemoFitment(store, rows, { concurrency: 16 });
      console.log(`fitment: ${report.changed} of ${report.products} products, ${report.vehiclesAdded} vehicles added, in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    await projectAll(db, store, url);
    const total = (await sql<{ n: number }>`select count(*)::int as n from es_events`.execute(db)).rows[0].n;
    const listed = (await sql<{ n: number }>`select count(*)::int as n from rm_catalog.products where listed`.execute(db)).rows[0].n;
    console.log(`bench catalog ready: ${total} events, ${listed} listed products`);
  } finally {
    await store.close();
    await db.destroy();
  }
  return url;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  setupBenchCatalog().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
