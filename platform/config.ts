/**
 * Configuration from the environment, read once per process. Every variable is documented in README.md.
 */
export interface Config {
  /** postgres:// URL of the shop's database (set by `npm start` when it brings PostgreSQL up itself). */
  databaseUrl: string;
  /** redis:// URL for BullMQ. */
  redisUrl: string;
  /** HTTP port of the api role (default 3000). */
  port: number;
  /** Interface the api listens on (default 0.0.0.0). */
  host: string;
  /** VAT rate in percent applied to catalog prices (default 24, Estonia). */
  vatRatePercent: number;
  /** KurrentDB connection string; when set with EVENT_STORE=kurrentdb the event store is KurrentDB. */
  kurrentDbUrl: string | null;
  eventStore: 'postgres' | 'kurrentdb';
  /** Milliseconds a product-list result may be served from the api's memory (default 10000; 0 disables). */
  listingCacheTtlMs: number;
}

/** @throws Error naming the variable when a value is malformed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const int = (name: string, fallback: number) => {
    const v = env[name];
    if (v === undefined || v === '') return fallback;
    const n = Number(v);
    if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got "${v}"`);
    return n;
  };
  const eventStore = (env.EVENT_STORE ?? 'postgres') as Config['eventStore'];
  if (eventStore !== 'postgres' && eventStore !== 'kurrentdb') throw new Error(`EVENT_STORE must be postgres or kurrentdb, got "${eventStore}"`);
  return {
    databaseUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/shop',
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    port: int('PORT', 3000),
    host: env.HOST ?? '0.0.0.0',
    vatRatePercent: int('VAT_RATE_PERCENT', 24),
    kurrentDbUrl: env.KURRENTDB_URL ?? null,
    eventStore,
    listingCacheTtlMs: int('LISTING_CACHE_TTL_MS', 10_000),
  };
}
