/**
 * The composition root (one per process; docs/architecture.md "Wiring"): every run mode builds its
 * process's mechanisms here, once — the PostgreSQL pool, the event store chosen by EVENT_STORE
 * (platform/event-store/factory.ts), the Redis connection and the `shop` queue, and the mailer — and hands them down
 * to the role starters (api, projector, worker). Each starter returns a stop function; `Runtime.close` closes what
 * `openRuntime` built. Layers below never open their own connections or read the configuration.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { buildApp } from '../api/app.js';
import { ensureFirstAdministrator } from '../commands/user/ensure-first-administrator.js';
import { paymentLimitsFromEnv, placeOrderLimitsFromEnv } from '../api/plugins/rate-limits.js';
import { listenReadModelChanges } from '../api/plugins/read-model-changes.js';
import { SearchRecorder } from '../commands/catalog/record-search.js';
import { sealStoredEvents, withPersonalDataSealed } from '../commands/shared/personal-data-rules.js';
import { assertRoleConfig, type Config } from '../platform/config.js';
import { createDatabase, type Database } from '../platform/db/database.js';
import { createNotificationListener, type NotificationListener } from '../platform/db/notification-listener.js';
import { migrate } from '../platform/db/migrate.js';
import { createEventStore } from '../platform/event-store/factory.js';
import type { EventStore } from '../platform/event-store/port.js';
import { createMailTransport, type MailTransport } from '../platform/mail/transport.js';
import { createPaymentProviders, paymentConfigFromEnv, sandboxBankOptions } from '../platform/payments/index.js';
import { findExpiredReservations, getOrderSummary } from '../projections/orders/queries.js';
import { getSiteContent } from '../projections/site/queries.js';
import { backInStockReadsOf, catalogProductLoader } from './worker-ports.js';
import { invoiceOrderFromStream } from '../projections/orders/order-from-stream.js';
import { adminOrderForgotten } from '../projections/admin-orders/queries.js';
import { ensureReadModel, runProjector } from '../projections/read-model.js';
import { READ_MODELS } from '../projections/read-models.js';
import { ANALYSIS_READ_MODELS } from '../analytics/registry.js';
import { SHOP_QUEUE, startWorkers } from '../workers/runtime.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Runtime {
  config: Config;
  db: Database;
  store: EventStore;
  /** The Redis connection and the `shop` queue, opened on first use (REDIS_URL; the projector role needs none). */
  shopQueue(): { connection: Redis; queue: Queue };
  /** The SMTP mailer (SMTP_URL), made on first use. */
  mailer(): MailTransport;
  /**
   * The pool and event store every projector and process manager of this process runs on (DAEMON_POOL_SIZE of
   * the role), opened on first use: apart from `db`, so the subscriptions' polling never queues the api's requests
   * and the api's load never starves the projectors. Its store listens for wake-up hints on `listener` (the api's
   * store only appends and reads).
   */
  daemon(): { db: Database; store: EventStore };
  /**
   * The process's one LISTEN connection (application_name `shop-<role>-listen`, opened on the first listen): the
   * daemon store's wake-up hints and the api's read-model change hints share it, dispatched by channel.
   */
  listener: NotificationListener;
  close(): Promise<void>;
}

/**
 * Connections of a process by role: POOL_SIZE for the api, the jobs and the commands (`Runtime.db`), DAEMON_POOL_SIZE
 * for every projector and process manager (`Runtime.daemon()`; leases instead of a session each,
 * platform/subscriptions/leases.ts), plus one LISTEN connection (`Runtime.listener`: the event store's wake-up hints
 * and the api's read-model changes, by channel). `npm start` (role `all`) holds at most 5 + 3 + 1 = 9.
 */
export const POOL_SIZE: Record<string, number> = { all: 5, api: 12, projector: 2, worker: 6 };
export const DAEMON_POOL_SIZE: Record<string, number> = { all: 3, api: 1, projector: 4, worker: 2 };

/**
 * Opens the database pool (`max` connections: POOL_SIZE of the role), runs the platform
 * migrations and opens the event store; Redis, the queue and the mailer follow on first use. `queuePrefix` (BullMQ's
 * key prefix, default `bull`) keeps a test's or benchmark's queue apart from a shop on the same Redis.
 * @throws the pg error when PostgreSQL cannot be reached or a migration fails
 */
export async function openRuntime(config: Config, role: string, options: { queuePrefix?: string } = {}): Promise<Runtime> {
  const db = createDatabase(config.databaseUrl, { max: POOL_SIZE[role] ?? 10, applicationName: `shop-${role}` });
  await migrate(db);
  // Personal data written in the clear by an older version is sealed in place, once (docs "Personal data").
  await sealStoredEvents(db, { onProgress: (n) => void (n && process.stdout.write(`[${role}] personal data sealed in place in ${n} stored events\n`)) });
  // Every store of this process seals and opens personal data (docs "Personal data"): a reader without it would
  // project sealed text, so the one way to open a store on a pool is this.
  const listener = createNotificationListener(config.databaseUrl, {
    applicationName: `shop-${role}-listen`,
    onError: (e) => process.stderr.write(`[${role}] LISTEN connection lost (${e.message}); reconnecting, meanwhile subscriptions poll and caches expire by TTL\n`),
  });
  const openStore = (pool: Database) => withPersonalDataSealed(createEventStore(config, pool, listener), pool);
  const store = openStore(db);
  let shop: { connection: Redis; queue: Queue } | null = null;
  let mailer: MailTransport | null = null;
  let daemon: { db: Database; store: EventStore } | null = null;
  return {
    config,
    db,
    store,
    listener,
    shopQueue: () => {
      if (!shop) {
        const connection = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
        shop = { connection, queue: new Queue(SHOP_QUEUE, { connection, ...(options.queuePrefix ? { prefix: options.queuePrefix } : {}) }) };
      }
      return shop;
    },
    mailer: () => (mailer ??= createMailTransport(config.mail.smtpUrl)),
    daemon: () => {
      if (!daemon) {
        const daemonDb = createDatabase(config.databaseUrl, { max: DAEMON_POOL_SIZE[role] ?? 3, applicationName: `shop-${role}-daemon` });
        daemon = { db: daemonDb, store: openStore(daemonDb) };
      }
      return daemon;
    },
    close: async () => {
      if (shop) {
        await shop.queue.close();
        shop.connection.disconnect();
      }
      mailer?.close();
      if (daemon) {
        await daemon.store.close();
        await daemon.db.destroy();
      }
      await store.close();
      await listener.close();
      await db.destroy();
    },
  };
}

type Log = (line: string) => void;

/** Starts the HTTP API (serving web/dist when built) on config.port. */
export async function startApi(rt: Runtime, log: Log): Promise<() => Promise<void>> {
  // The queries need the read models' tables, even before a projector has run.
  for (const rm of [...READ_MODELS, ...ANALYSIS_READ_MODELS]) await ensureReadModel(rt.db, rt.store, rm, log);
  // Read-model change hints: clear the api's caches (rm_changed) and push stock changes to live pages.
  const changes = await listenReadModelChanges(rt.listener, (e) => log(`read-model change listener lost: ${e.message}; caches expire by TTL only`));
  // Payment providers from the environment (platform/payments/index.ts); the sandbox bank only under `npm start`
  // or with PAYMENT_SANDBOX=on (config.paymentSandbox). No localhost fallback here: the roles run alone refuse to
  // start without PUBLIC_URL (platform/config.ts assertRoleConfig).
  assertRoleConfig(rt.config, 'api');
  const publicUrl = rt.config.publicUrl!;
  const paymentConfig = paymentConfigFromEnv(process.env, publicUrl, { sandbox: rt.config.paymentSandbox });
  // Place-order rate limits counted in Redis, so every api replica counts towards one limit (api/plugins/rate-limits.ts).
  const rateLimitRedis = new Redis(rt.config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  // Unreachable: orders go through uncounted (api/app.ts skipOnError); said once per outage.
  let rateLimitDown = false;
  rateLimitRedis.on('error', (e) => {
    if (!rateLimitDown) log(`rate-limit Redis unreachable (${e.message}); place-order is not rate limited until it is back`);
    rateLimitDown = true;
  });
  rateLimitRedis.on('ready', () => {
    rateLimitDown = false;
  });
  // Staff sessions (api/plugins/sessions.ts) in Redis, shared by every replica; its own connection (a session lookup must
  // not wait behind BullMQ's blocking calls).
  const sessionRedis = new Redis(rt.config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
  sessionRedis.on('error', (e) => log(`session Redis: ${e.message}`));
  const app = await buildApp({
    db: rt.db,
    store: rt.store,
    now: () => new Date().toISOString(),
    webRoot: path.join(repoRoot, 'web', 'dist'),
    listingCacheTtlMs: rt.config.listingCacheTtlMs,
    files: { dir: path.resolve(repoRoot, rt.config.files.dir), maxBytes: rt.config.files.uploadMaxBytes },
    filterLabelCacheTtlMs: rt.config.filterLabelCacheTtlMs,
    searches: new SearchRecorder(rt.store, { flushIntervalMs: 100, onError: (e) => log(`recording searches failed: ${(e as Error).message}`) }),
    readModelChanges: changes.emitter,
    payments: createPaymentProviders(paymentConfig),
    sandboxBank: sandboxBankOptions(paymentConfig),
    publicUrl,
    vatRatePercent: rt.config.vatRatePercent,
    rateLimits: { redis: rateLimitRedis, placeOrder: placeOrderLimitsFromEnv(process.env), payment: paymentLimitsFromEnv(process.env) },
    reserveShare: { percent: rt.config.orderReserveSharePercent, holdMs: rt.config.orderReservationTtlMs + rt.config.orderReservationSweepMs },
    trustProxy: rt.config.trustProxy,
    sessions: {
      redis: sessionRedis,
      secret: rt.config.session.secret ?? sessionSecretOfThisMachine(),
      idleMs: rt.config.session.idleMs,
      maxAgeMs: rt.config.session.maxAgeMs,
      secure: publicUrl.startsWith('https:'),
    },
  });
  // The listing index holds every product before the first request (projections/catalog/listing-index-source.ts).
  const indexStarted = Date.now();
  const index = await app.listingIndex.current();
  log(`listing index: ${index.size} products in ${Date.now() - indexStarted} ms`);
  await app.listen({ port: rt.config.port, host: rt.config.host });
  log(`api listening on port ${rt.config.port}`);
  return async () => {
    await app.close();
    await changes.close();
    rateLimitRedis.disconnect();
    sessionRedis.disconnect();
  };
}

/**
 * The session secret under `npm start` when SESSION_SECRET is not set: generated once and kept in
 * .data/session-secret (mode 0600), so a restart keeps the staff signed in. Production refuses to start without
 * SESSION_SECRET (platform/config.ts assertRoleConfig), so this runs only on one machine.
 */
function sessionSecretOfThisMachine(): string {
  const file = path.join(repoRoot, '.data', 'session-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  const secret = randomBytes(32).toString('hex');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Creates missing read models, then runs one projector per read model on the daemon pool (standby when another
 * process holds its lease).
 */
export async function startProjectors(rt: Runtime, log: Log): Promise<{ stop: () => Promise<void>; caughtUp: () => Promise<void> }> {
  const projected = [...READ_MODELS, ...ANALYSIS_READ_MODELS];
  for (const rm of projected) await ensureReadModel(rt.db, rt.store, rm, log);
  const { db, store } = rt.daemon();
  const running = projected.map((rm) => runProjector(db, store, rm, { log }));
  return {
    stop: async () => {
      await Promise.all(running.map((r) => r.stop()));
    },
    caughtUp: async () => {
      await Promise.all(running.map((r) => r.caughtUp()));
    },
  };
}

/** Starts the BullMQ workers with this process's pool, store, queue and mailer, and the orders read model's queries. */
export async function startWorker(rt: Runtime, log: Log): Promise<{ stop: () => Promise<void>; caughtUp: () => Promise<void> }> {
  const { connection, queue } = rt.shopQueue();
  return startWorkers({
    db: rt.db,
    store: rt.store,
    connection,
    queue,
    mailer: rt.mailer(),
    loadOrder: (orderId) => getOrderSummary(rt.db, orderId),
    loadInvoiceOrder: (orderId) => invoiceOrderFromStream(rt.store, orderId),
    orderClientForgotten: (orderId) => adminOrderForgotten(rt.db as never, orderId),
    backInStockReads: backInStockReadsOf(rt.db, rt.store),
    loadCatalogProduct: catalogProductLoader(rt.db, () => new Date().toISOString()),
    loadSiteFields: async () => (await getSiteContent(rt.db)).fields,
    findExpiredReservations: (cutoff, limit) => findExpiredReservations(rt.db, cutoff, limit),
    daemon: rt.daemon(),
    config: rt.config,
    now: () => new Date().toISOString(),
    log,
  });
}

/**
 * Every role in this process, as `npm start` runs them (bin/start.ts): the projectors and the workers (with their
 * process managers) first, then `prepare` (e.g. the demo catalog import), then the wait until the projectors have
 * projected everything, the first administrator when no user exists (`admin`: ADMIN_USERNAME / ADMIN_PASSWORD), and
 * last the api. `caughtUp` waits for the projectors and the process managers; `stop` stops the roles in reverse
 * order (not the runtime).
 */
export async function startEveryRole(
  rt: Runtime,
  log: Log,
  options: { prepare?: () => Promise<void>; admin?: { username?: string; password?: string } } = {},
): Promise<{ caughtUp: () => Promise<void>; stop: () => Promise<void> }> {
  const projectors = await startProjectors(rt, log);
  const workers = await startWorker(rt, log);
  await options.prepare?.();
  log('projecting events into the read models ...');
  await projectors.caughtUp();
  // Staff sign-in (spec: staff users): the first administrator when no user exists; a generated password is printed once.
  await ensureFirstAdministrator(rt.store, rt.db, options.admin ?? {}, log);
  const stopApi = await startApi(rt, log);
  return {
    caughtUp: async () => {
      await Promise.all([projectors.caughtUp(), workers.caughtUp()]);
    },
    stop: async () => {
      await stopApi();
      await workers.stop();
      await projectors.stop();
    },
  };
}
