/**
 * Shared set-up of the staff benchmarks (bench/login.bench.ts, bench/staff-badge.bench.ts): a fresh database on the
 * local PostgreSQL server, every projector in this process, the api on 127.0.0.1 (real HTTP) with staff sessions in
 * the local Redis (REDIS_URL), one product with stock, delivery set up, and staff users. `close()` drops it all.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { buildApp } from '../api/app.js';
import type { ApiDeps } from '../api/plugins/deps.js';
import { listenReadModelChanges } from '../api/plugins/read-model-changes.js';
import { importCatalog } from '../commands/catalog/import-catalog.js';
import { SearchRecorder } from '../commands/catalog/record-search.js';
import { setupDelivery } from '../commands/delivery/setup-delivery.js';
import { registerUser } from '../commands/user/user-accounts.js';
import { createDatabase } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import { PostgresEventStore } from '../platform/event-store/postgres.js';
import { dropDatabase, ensureDatabase, ensurePostgres } from '../platform/services/ensure-services.js';
import { ensureReadModel, runProjector } from '../projections/read-model.js';
import { READ_MODELS } from '../projections/read-models.js';
import { productRow } from '../tests/support/order-test-kit.js';

export const BENCH_PASSWORD = 'Bench-Staff-2026!q';

export interface StaffBench {
  base: string;
  /** Signs `username` in over HTTP: the cookie header (CSRF cookie and session) and the CSRF token. */
  signIn(username: string): Promise<{ cookie: string; token: string }>;
  /** A CSRF cookie and token for a shopper. */
  csrf(): Promise<{ cookie: string; token: string }>;
  /** The bench database's event store (to record set-up through the commands). */
  store: PostgresEventStore;
  /** Resolves once every read model has caught up with the store. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]);

/**
 * @param options.api further api dependencies (e.g. `files`: the upload directory and limit)
 * @param options.setup more set-up on the store before the projectors are awaited (e.g. products, the vehicle reference)
 */
export async function startStaffBench(name: string, usernames: string[], options: { api?: Partial<ApiDeps>; setup?: (store: PostgresEventStore) => Promise<void> } = {}): Promise<StaffBench> {
  const admin = process.env.BENCH_DATABASE_ADMIN_URL ?? (await ensurePostgres((line) => process.stderr.write(`${line}\n`)));
  const dbName = `shop_bench_${name}_${process.pid}`;
  const url = await ensureDatabase(admin, dbName);
  const db = createDatabase(url, { max: 20 });
  await migrate(db);
  const store = new PostgresEventStore(db, { listenConnectionString: url });
  for (const rm of READ_MODELS) await ensureReadModel(db, store, rm);
  const projectors = READ_MODELS.map((rm) => runProjector(db, store, rm, { retryMs: 500 }));
  const changes = await listenReadModelChanges(url, () => {});
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
  const keyPrefix = `bench-${name}-${randomUUID()}:`;
  const now = () => new Date().toISOString();
  await importCatalog(store, [productRow('BENCH-1', { grossCents: 1000, stock: 1_000_000 })], { vatRatePercent: 24, concurrency: 1, now });
  await setupDelivery(store, now());
  for (const username of usernames) {
    await registerUser(store, { username, password: BENCH_PASSWORD, confirm: BENCH_PASSWORD, roles: ['ADMIN', 'CLIENT'] }, { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: now() }, { usernameTaken: async () => false });
  }
  await options.setup?.(store);
  await Promise.all(projectors.map((p) => p.caughtUp()));
  const app = await buildApp({
    db,
    store,
    now,
    webRoot: null,
    listingCacheTtlMs: 0,
    searches: new SearchRecorder(store, { flushIntervalMs: 100 }),
    readModelChanges: changes.emitter,
    vatRatePercent: 24,
    rateLimits: { placeOrder: { perIp: { max: 1_000_000, windowMs: 60_000 }, perEmail: { max: 1_000_000, windowMs: 60_000 } } }, reserveShare: { percent: 100 },
    sessions: { redis, keyPrefix, secret: randomUUID() + randomUUID(), idleMs: 30 * 60_000, maxAgeMs: 12 * 3_600_000, secure: false, loginLimit: { max: 1_000_000, windowMs: 60_000 } },
    ...options.api,
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const csrf = async () => {
    const res = await fetch(`${base}/v1/csrf-token`);
    return { cookie: cookiesOf(res).join('; '), token: ((await res.json()) as { data: { token: string } }).data.token };
  };
  return {
    base,
    csrf,
    store,
    settle: async () => {
      await Promise.all(projectors.map((p) => p.caughtUp()));
    },
    signIn: async (username) => {
      const c = await csrf();
      const res = await fetch(`${base}/v1/login-session`, {
        method: 'POST',
        headers: { cookie: c.cookie, 'x-csrf-token': c.token, 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: BENCH_PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`sign-in of ${username} answered ${res.status}: ${await res.text()}`);
      return { cookie: [c.cookie, ...cookiesOf(res)].join('; '), token: c.token };
    },
    close: async () => {
      await app.close();
      await changes.close();
      await Promise.all(projectors.map((p) => p.stop()));
      await store.close();
      await db.destroy();
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      await dropDatabase(admin, dbName);
    },
  };
}
