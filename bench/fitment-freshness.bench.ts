/**
 * Fitment freshness (`npm run bench:fitment-freshness`; docs/architecture.md "Vehicle fitment", Speed: aim under 5 s): how long a
 * `ChangeProductFitment` takes to show in a vehicle listing, in a running shop: every read model's live projector
 * (runProjector, woken by the event store's NOTIFY), the api on a local port with the read-model change hints
 * (rm_changed) and the listing cache as `npm start` has it (10 s, dropped on a listing change), asked over HTTP.
 *
 * Set-up once per database `bench_fitment_freshness`: a slice of the demo catalog (every STEP-th row, default 5:
 * ~6,400 products), the vehicle reference from ../shared/data/vehicles and the slice's demo fitment. Then SAMPLES
 * (default 30) times, one after the other: a product whose fitment is unknown gets a model application Triumph TR6
 * (the command, as staff would), and the clock runs until `GET /v1/products?v=triumph.tr6.1972` counts it
 * (x-pagination-total-count one more), polled every 10 ms. Prints median and p95 in milliseconds of the command and
 * of command-to-visible. Each run adds SAMPLES changes to the database; products are taken from those still unknown.
 *
 *   npm run bench:fitment-freshness        (SAMPLES=30, STEP=5)
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { buildApp } from '../api/app.js';
import { listenReadModelChanges } from '../api/plugins/read-model-changes.js';
import { toImportRow } from '../commands/catalog/catalog-csv.js';
import { importCatalog } from '../commands/catalog/import-catalog.js';
import { SearchRecorder } from '../commands/catalog/record-search.js';
import { recordDemoFitment } from '../commands/fitment/demo-fitment.js';
import { changeProductFitment } from '../commands/product/change-product-fitment.js';
import { loadVehicleReference } from '../commands/vehicle/load-vehicle-reference.js';
import { createDatabase } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import { PostgresEventStore } from '../platform/event-store/postgres.js';
import { ensureReadModel, runProjector } from '../projections/read-model.js';
import { READ_MODELS } from '../projections/read-models.js';
import { benchDatabaseUrl, fmt, median, percentile, printTable } from './support.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const SAMPLES = Number(process.env.SAMPLES ?? 30);
const STEP = Number(process.env.STEP ?? 5);
const VEHICLE = 'triumph.tr6.1972';
const MARKER = 'setup-bench-fitment-freshness';
const log = (line: string) => process.stderr.write(`${line}\n`);

async function main() {
  const url = await benchDatabaseUrl('bench_fitment_freshness');
  const db = createDatabase(url, { max: 10 });
  await migrate(db);
  const store = new PostgresEventStore(db, { listenConnectionString: url });
  const records = parse(readFileSync(path.join(repoRoot, 'data', 'demo-catalog.csv'), 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const slice = records.filter((_, i) => i % STEP === 0).map((r, i) => toImportRow(r, i + 2));
  const now = () => new Date().toISOString();
  if (!(await store.readStream(MARKER, { maxCount: 1 })).exists) {
    log(`set-up (first run only): ${slice.length} products, the vehicle reference and their demo fitment ...`);
    const report = await importCatalog(store, slice, { vatRatePercent: 24 });
    log(`imported ${report.imported} products (${report.errors.length} rows rejected)`);
    await loadVehicleReference(store, path.resolve(repoRoot, '..', 'shared', 'data', 'vehicles'), { now: now() });
    await recordDemoFitment(store, slice.flatMap((r) => ('productId' in r && r.vehicles.length ? [{ code1: r.code1, vehicles: r.vehicles }] : [])), { now: now() });
    await store.appendToStream(MARKER, [{ id: randomUUID(), type: 'BenchSetUp', data: { products: report.imported }, metadata: { correlationId: randomUUID(), causationId: randomUUID(), userId: null, time: now() } }], { expectedVersion: 'any' });
  }
  for (const rm of READ_MODELS) await ensureReadModel(db, store, rm);
  const projectors = READ_MODELS.map((rm) => runProjector(db, store, rm, { retryMs: 200 }));
  await Promise.all(projectors.map((p) => p.caughtUp()));
  const changes = await listenReadModelChanges(url, (error) => log(`listen: ${error.message}`));
  const app = await buildApp({ db, store, now, webRoot: null, listingCacheTtlMs: 10_000, searches: new SearchRecorder(store, { flushIntervalMs: 100 }), readModelChanges: changes.emitter });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const total = async () => {
    const res = await fetch(`${base}/v1/products?v=${VEHICLE}&lang=et`);
    if (res.status !== 200) throw new Error(`GET /v1/products?v=${VEHICLE}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    return Number(res.headers.get('x-pagination-total-count'));
  };

  // Products whose fitment is unknown now (hidden with the vehicle): each sample takes the next one.
  const index = await app.listingIndex.current();
  const ids = slice.flatMap((r) => ('productId' in r ? [r.productId] : []));
  const candidates = ids.filter((id, i) => ids.indexOf(id) === i && index.fitmentAnswers([id], { make: 'triumph', model: 'tr6', year: 1972 })[0]!.state === 'unknown');
  if (candidates.length < SAMPLES) throw new Error(`only ${candidates.length} products without fitment left: use a new database or a larger slice`);
  const command: number[] = [];
  const visible: number[] = [];
  let before = await total();
  for (let i = 0; i < SAMPLES; i++) {
    const productId = candidates[i]!;
    const started = performance.now();
    await changeProductFitment(store, { productId, change: { add: [{ kind: 'model', make: 'triumph', model: 'tr6', label: 'Triumph TR6' }], reason: 'bench: fitment freshness' } }, { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: now() });
    command.push(performance.now() - started);
    for (;;) {
      const n = await total();
      if (n === before + 1) {
        visible.push(performance.now() - started);
        before = n;
        break;
      }
      if (performance.now() - started > 60_000) throw new Error(`not visible after 60 s: ${productId}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  console.log(`fitment freshness: ChangeProductFitment -> GET /v1/products?v=${VEHICLE} counts it, ${SAMPLES} samples one after the other, ${index.size} products, live projectors (NOTIFY), listing cache 10 s`);
  printTable([
    { step: 'command appended', 'p50 ms': fmt(median(command)), 'p95 ms': fmt(percentile(command, 95)) },
    { step: 'visible in the vehicle listing (aim < 5,000)', 'p50 ms': fmt(median(visible)), 'p95 ms': fmt(percentile(visible, 95)) },
  ]);
  await app.close();
  await changes.close();
  await Promise.all(projectors.map((p) => p.stop()));
  await store.close();
  await db.destroy();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
