/**
 * Place-order latency under contention (`npm run bench:place-order`): the api (in this process, real HTTP on
 * 127.0.0.1) with every projector running, on a fresh database with 10 hot limited-amount products (stock
 * 1,000,000 each). `SHOPPERS` (default 16) concurrent shoppers place orders for `DURATION` seconds (default 15),
 * each order 1-3 random hot products of 1 unit, with its own Idempotency-Key: every order reserves in the hot
 * stock streams, so writers conflict and retry (optimistic concurrency).
 *
 * Prints p50/p95/p99 latency in milliseconds, orders/s, refusals and errors, and checks afterwards that the stock
 * streams add up (units reserved = orders' units). Aim: p95 <= 50 ms. Figures only; it never fails on time.
 *
 * `PROJECTORS`: `process` (default: the projector role in a child process, as in production, so the api's event
 * loop serves only requests), `inline` (projectors in this process), `off` (stopped after the catalog is
 * projected: the api alone).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { buildApp } from '../api/app.js';
import { stockOf } from '../tests/support/order-test-kit.js';
import { importCatalog } from '../commands/catalog/import-catalog.js';
import { SearchRecorder } from '../commands/catalog/record-search.js';
import { createDatabase } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import { PostgresEventStore } from '../platform/event-store/postgres.js';
import { dropDatabase, ensureDatabase, ensurePostgres } from '../platform/services/ensure-services.js';
import { ensureReadModel, runProjector } from '../projections/read-model.js';
import { READ_MODELS } from '../projections/read-models.js';
import { hotProductRows, runPlaceOrderLoad } from './place-order-load.js';
import { fmt, percentile, printTable } from './support.js';

const SHOPPERS = Number(process.env.SHOPPERS ?? 16);
const DURATION = Number(process.env.DURATION ?? 15);
const HOT = 10;
const PROJECTORS = process.env.PROJECTORS ?? 'process';
const repoRoot = path.resolve(import.meta.dirname, '..');

async function main() {
  const admin = process.env.BENCH_DATABASE_ADMIN_URL ?? (await ensurePostgres((line) => process.stderr.write(`${line}\n`)));
  const dbName = `shop_bench_place_order_${process.pid}`;
  const url = await ensureDatabase(admin, dbName);
  const db = createDatabase(url, { max: 20, applicationName: 'bench-place-order' });
  const store = new PostgresEventStore(db, { listenConnectionString: url });
  const projectors: ReturnType<typeof runProjector>[] = [];
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  let child: ChildProcess | null = null;
  try {
    await migrate(db);
    for (const rm of READ_MODELS) await ensureReadModel(db, store, rm);
    projectors.push(...READ_MODELS.map((rm) => runProjector(db, store, rm, { retryMs: 500 })));
    const rows = hotProductRows(HOT);
    await importCatalog(store, rows, { vatRatePercent: 24, concurrency: 4, now: () => new Date().toISOString() });
    await Promise.all(projectors.map((p) => p.caughtUp()));
    if (PROJECTORS !== 'inline') await Promise.all(projectors.splice(0).map((p) => p.stop()));
    if (PROJECTORS === 'process') {
      child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bin/role.ts'), 'projector'], { cwd: repoRoot, env: { ...process.env, DATABASE_URL: url }, stdio: 'ignore' });
    }

    app = await buildApp({ db, store, now: () => new Date().toISOString(), webRoot: null, listingCacheTtlMs: 0, searches: new SearchRecorder(store, { flushIntervalMs: 100 }), vatRatePercent: 24, rateLimits: { placeOrder: { perIp: { max: 1_000_000, windowMs: 60_000 }, perEmail: { max: 1_000_000, windowMs: 60_000 } } }, reserveShare: { percent: 100 } });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const ids = rows.map((r) => r.productId);

    const { latencies, statuses, units, seconds } = await runPlaceOrderLoad({ address, productIds: ids, shoppers: SHOPPERS, durationS: DURATION });
    const orders = statuses.get(200) ?? 0;
    printTable([
      {
        projectors: PROJECTORS,
        shoppers: SHOPPERS,
        'hot products': HOT,
        requests: latencies.length,
        orders,
        'orders/s': fmt(orders / seconds),
        'p50 ms': fmt(percentile(latencies, 50)),
        'p95 ms': fmt(percentile(latencies, 95)),
        'p99 ms': fmt(percentile(latencies, 99)),
        'other statuses': [...statuses].filter(([s]) => s !== 200).map(([s, n]) => `${s}x${n}`).join(' ') || '-',
      },
    ]);
    let reserved = 0;
    for (const id of ids) reserved += 1_000_000 - (await stockOf(store, id)).free;
    console.log(`stock check: ${reserved} units reserved, ${units} units ordered -> ${reserved === units ? 'consistent' : 'MISMATCH'}`);
  } finally {
    child?.kill('SIGTERM');
    await app?.close();
    await Promise.all(projectors.map((p) => p.stop()));
    await store.close();
    await db.destroy();
    await dropDatabase(admin, dbName);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
