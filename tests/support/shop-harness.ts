/**
 * A whole shop on a fresh database for integration tests: migrations, the PostgreSQL event store, every read
 * model's projector, and the API app (driven with `inject`). `settle()` waits until every projector has projected
 * everything committed so far (at most 45 s times TEST_PATIENCE; then it fails naming the read models behind).
 */
import type { FastifyInstance } from 'fastify';
import type { EventEmitter } from 'node:events';
import { buildApp } from '../../api/app.js';
import type { ApiDeps } from '../../api/plugins/deps.js';
import { listenReadModelChanges } from '../../api/plugins/read-model-changes.js';
import { importCatalog, importCatalogFile, type ImportReport } from '../../commands/catalog/import-catalog.js';
import type { ImportRow, RowError } from '../../commands/catalog/catalog-csv.js';
import { SearchRecorder } from '../../commands/catalog/record-search.js';
import { createDatabase, type Database } from '../../platform/db/database.js';
import { migrate } from '../../platform/db/migrate.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { PostgresEventStore } from '../../platform/event-store/postgres.js';
import { withPersonalDataSealed } from '../../commands/shared/personal-data-rules.js';
import { createTestDatabase } from '../../platform/testing/database.js';
import { ensureReadModel, type RunningProjector, runProjector } from '../../projections/read-model.js';
import { READ_MODELS } from '../../projections/read-models.js';
import { ANALYSIS_READ_MODELS } from '../../analytics/registry.js';
import { patience } from './patience.js';

export interface ShopHarness {
  url: string;
  db: Database;
  store: EventStore;
  app: FastifyInstance;
  projectors: RunningProjector[];
  /** The clock the app uses (ISO-8601); tests may move it. */
  clock: { now: string };
  importFile(path: string): Promise<ImportReport>;
  importCatalogRows(rows: (ImportRow | RowError)[]): Promise<ImportReport>;
  settle(): Promise<void>;
  /** Read-model change hints of this database (rm_changed, stock_changed), as the api gets them. */
  readModelChanges: EventEmitter;
  /**
   * Another api replica on the same database, event store and clock (with the harness's defaults, `over` on top),
   * e.g. to prove that rate limits or sessions are shared through Redis; closed with the harness.
   */
  replica(over?: Partial<ApiDeps>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** Additive options: `api` adds or overrides ApiDeps of the app (e.g. payment providers, public URL). */
export interface ShopHarnessOptions {
  api?: Partial<ApiDeps>;
}

/**
 * Place-order and payment limits high enough for the tests' bursts (50 concurrent orders from one address and one
 * e-mail); a test of the limits themselves passes its own through `options.api.rateLimits`.
 */
export const GENEROUS_RATE_LIMITS: NonNullable<ApiDeps['rateLimits']> = {
  placeOrder: { perIp: { max: 100_000, windowMs: 60_000 }, perEmail: { max: 100_000, windowMs: 60_000 } },
  payment: { perOrder: { max: 100_000, windowMs: 60_000 }, perIp: { max: 100_000, windowMs: 60_000 } },
};

/**
 * No per-address share of the stock (every test order comes from one address and many buy a product's last units);
 * a test of the share passes its own through `options.api.reserveShare`.
 */
export const NO_RESERVE_SHARE: NonNullable<ApiDeps['reserveShare']> = { percent: 100 };

export async function createShopHarness(name: string, options: ShopHarnessOptions = {}): Promise<ShopHarness> {
  const database = await createTestDatabase(name);
  const db = createDatabase(database.url, { max: 12 });
  await migrate(db);
  const store = withPersonalDataSealed(new PostgresEventStore(db, { listenConnectionString: database.url }), db);
  const projected = [...READ_MODELS, ...ANALYSIS_READ_MODELS];
  for (const rm of projected) await ensureReadModel(db, store, rm);
  const projectors = projected.map((rm) => runProjector(db, store, rm, { retryMs: 200 }));
  const clock = { now: '2026-11-22T10:00:00.000Z' };
  const changes = await listenReadModelChanges(database.url, () => {});
  const build = (over: Partial<ApiDeps> = {}) =>
    buildApp({ db, store, now: () => clock.now, webRoot: null, listingCacheTtlMs: 0, searches: new SearchRecorder(store, { flushIntervalMs: 0 }), readModelChanges: changes.emitter, rateLimits: GENEROUS_RATE_LIMITS, reserveShare: NO_RESERVE_SHARE, ...options.api, ...over });
  const app = await build();
  const replicas: FastifyInstance[] = [];
  return {
    url: database.url,
    db,
    store,
    app,
    projectors,
    clock,
    importFile: (path) => importCatalogFile(store, path, { vatRatePercent: 24, now: () => clock.now }),
    importCatalogRows: (rows) => importCatalog(store, rows, { vatRatePercent: 24, concurrency: 8, now: () => clock.now }),
    settle: async () => {
      // Bounded, so a projector that never catches up fails the test naming it instead of running out its time.
      const behind = new Set(projected.map((rm) => rm.name));
      let bound: NodeJS.Timeout | undefined;
      const limitMs = patience(45_000);
      try {
        await Promise.race([
          Promise.all(projectors.map((p, i) => p.caughtUp().then(() => behind.delete(projected[i]!.name)))),
          new Promise<never>((_, reject) => {
            bound = setTimeout(() => reject(new Error(`settle(): not caught up after ${limitMs} ms: ${[...behind].join(', ')}`)), limitMs);
          }),
        ]);
      } finally {
        clearTimeout(bound);
      }
    },
    readModelChanges: changes.emitter,
    replica: async (over) => {
      const replica = await build(over);
      replicas.push(replica);
      return replica;
    },
    close: async () => {
      await Promise.all(replicas.map((r) => r.close()));
      await app.close();
      await changes.close();
      await Promise.all(projectors.map((p) => p.stop()));
      await store.close();
      await db.destroy();
      await database.drop();
    },
  };
}
