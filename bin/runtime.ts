/**
 * Wiring shared by every run mode: the PostgreSQL pool, the event store adapter chosen by EVENT_STORE, and the
 * role starters (api, projector, worker). Each starter returns a stop function.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../api/app.js';
import { listenReadModelChanges } from '../api/read-model-changes.js';
import { SearchRecorder } from '../commands/catalog/record-search.js';
import { assertRoleConfig, type Config } from '../platform/config.js';
import { createDatabase, type Database } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import { createKurrentDbEventStore } from '../platform/event-store/kurrentdb.js';
import type { EventStore } from '../platform/event-store/port.js';
import { PostgresEventStore } from '../platform/event-store/postgres.js';
import { createPaymentProviders, paymentConfigFromEnv, sandboxBankOptions } from '../platform/payments/index.js';
import { ensureReadModel, runProjector } from '../projections/read-model.js';
import { READ_MODELS } from '../projections/read-models.js';
import { startWorkers } from '../workers/runtime.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Runtime {
  config: Config;
  db: Database;
  store: EventStore;
  close(): Promise<void>;
}

/** Opens the database pool and the event store, and runs the platform migrations. */
export async function openRuntime(config: Config, role: string): Promise<Runtime> {
  const db = createDatabase(config.databaseUrl, { max: 20, applicationName: `shop-${role}` });
  await migrate(db);
  const store: EventStore =
    config.eventStore === 'kurrentdb' && config.kurrentDbUrl
      ? createKurrentDbEventStore(config.kurrentDbUrl)
      : new PostgresEventStore(db, { listenConnectionString: config.databaseUrl });
  return {
    config,
    db,
    store,
    close: async () => {
      await store.close();
      await db.destroy();
    },
  };
}

type Log = (line: string) => void;

/** Starts the HTTP API (serving web/dist when built) on config.port. */
export async function startApi(rt: Runtime, log: Log): Promise<() => Promise<void>> {
  // The queries need the read models' tables, even before a projector has run.
  for (const rm of READ_MODELS) await ensureReadModel(rt.db, rt.store, rm, log);
  // Read-model change hints: clear the api's caches (rm_changed) and push stock changes to live pages.
  const changes = await listenReadModelChanges(rt.config.databaseUrl, (e) => log(`read-model change listener lost: ${e.message}; caches expire by TTL only`));
  // Payment providers from the environment (platform/payments/index.ts); the sandbox bank only under `npm start`
  // or with PAYMENT_SANDBOX=on (config.paymentSandbox). No localhost fallback here: the roles run alone refuse to
  // start without PUBLIC_URL (platform/config.ts assertRoleConfig).
  assertRoleConfig(rt.config, 'api');
  const publicUrl = rt.config.publicUrl!;
  const paymentConfig = paymentConfigFromEnv(process.env, publicUrl, { sandbox: rt.config.paymentSandbox });
  const app = await buildApp({
    db: rt.db,
    store: rt.store,
    now: () => new Date().toISOString(),
    webRoot: path.join(repoRoot, 'web', 'dist'),
    listingCacheTtlMs: rt.config.listingCacheTtlMs,
    searches: new SearchRecorder(rt.store, { flushIntervalMs: 100, onError: (e) => log(`recording searches failed: ${(e as Error).message}`) }),
    readModelChanges: changes.emitter,
    payments: createPaymentProviders(paymentConfig),
    sandboxBank: sandboxBankOptions(paymentConfig),
    publicUrl,
    vatRatePercent: rt.config.vatRatePercent,
  });
  await app.listen({ port: rt.config.port, host: rt.config.host });
  log(`api listening on port ${rt.config.port}`);
  return async () => {
    await app.close();
    await changes.close();
  };
}

/** Creates missing read models, then runs one projector per read model (standby when another process holds it). */
export async function startProjectors(rt: Runtime, log: Log): Promise<{ stop: () => Promise<void>; caughtUp: () => Promise<void> }> {
  for (const rm of READ_MODELS) await ensureReadModel(rt.db, rt.store, rm, log);
  const running = READ_MODELS.map((rm) => runProjector(rt.db, rt.store, rm, { connectionString: rt.config.databaseUrl, log }));
  return {
    stop: async () => {
      await Promise.all(running.map((r) => r.stop()));
    },
    caughtUp: async () => {
      await Promise.all(running.map((r) => r.caughtUp()));
    },
  };
}

/** Starts the BullMQ workers. */
export async function startWorker(rt: Runtime, log: Log): Promise<() => Promise<void>> {
  return startWorkers({ redisUrl: rt.config.redisUrl, log });
}
