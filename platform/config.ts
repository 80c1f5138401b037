/**
 * Configuration from the environment, read once per process. Every variable is documented in README.md.
 *
 * Two run modes (production defaults: nothing unsafe unless asked for): `one-machine` is `npm start` (everything on
 * this machine: the shop's address defaults to http://localhost:PORT, it listens on 127.0.0.1 unless HOST says
 * otherwise, and the sandbox bank, where anyone pays for free, is on unless PAYMENT_SANDBOX=off);
 * `production` is every other entry point, above all the roles run alone (`npm run api|projector|worker`): there
 * nothing defaults to localhost, the sandbox bank is on only when PAYMENT_SANDBOX=on says so, and
 * {@link assertRoleConfig} refuses to start an api (or worker) that does not know the shop's public address.
 */
export type RunMode = 'one-machine' | 'production';

export interface Config {
  /** How the process was started (see the module comment). */
  runMode: RunMode;
  /**
   * Absolute base URL browsers and payment providers reach the shop at, without a trailing slash (PUBLIC_URL);
   * `one-machine` defaults to http://localhost:PORT; null in `production` when PUBLIC_URL is not set.
   */
  publicUrl: string | null;
  /** The local sandbox bank is served and offered (PAYMENT_SANDBOX on|off; default on only in `one-machine`). */
  paymentSandbox: boolean;
  /**
   * Which proxies' X-Forwarded-For the api believes for the client address (TRUST_PROXY; Fastify's trustProxy): false
   * (default: the socket's address), true (any), or comma-separated addresses / CIDR ranges of the proxies.
   * Behind a load balancer it must be set, or every shopper shares the load balancer's per-address rate limit.
   */
  trustProxy: boolean | string;
  /** postgres:// URL of the shop's database (set by `npm start` when it brings PostgreSQL up itself). */
  databaseUrl: string;
  /** redis:// URL for BullMQ. */
  redisUrl: string;
  /** HTTP port of the api role (default 3000). */
  port: number;
  /**
   * How many processes `npm run api` serves the port with (API_PROCESSES, default 1, at most 64): Node's cluster, one
   * primary handing connections round-robin to that many api processes, each a replica with its own listing index
   * (about the memory of one api each). Sessions, rate limits and live updates are shared through Redis and
   * PostgreSQL as between replicas on several machines.
   */
  apiProcesses: number;
  /**
   * Interface the api listens on (HOST): default 127.0.0.1 in `one-machine` (the sandbox bank must not be reachable
   * from the network by accident), 0.0.0.0 in `production`.
   */
  host: string;
  /** VAT rate in percent applied to catalog prices (default 24, Estonia). */
  vatRatePercent: number;
  /** KurrentDB connection string; when set with EVENT_STORE=kurrentdb the event store is KurrentDB. */
  kurrentDbUrl: string | null;
  eventStore: 'postgres' | 'kurrentdb';
  /** Milliseconds a product-list result may be served from the api's memory (default 10000; 0 disables). */
  listingCacheTtlMs: number;
  /** Milliseconds facet labels may be served from the api's memory (default 10000; a change drops them at once). */
  filterLabelCacheTtlMs: number;
  /** Mail: the SMTP server, the sender, the shop address used in links, and the `npm start` mail catcher. */
  mail: MailConfig;
  /** Delivery locations: the carriers' feeds and the refresh job's timing. */
  delivery: DeliveryConfig;
  /**
   * Milliseconds an unpaid order holds its reserved stock before the expiry job releases it (default 30 minutes),
   * counted from placing: payment attempts do not extend it.
   */
  orderReservationTtlMs: number;
  /**
   * ORDER_RESERVE_SHARE_PER_ADDRESS_PERCENT (1-100, default 50): the share of a limited product's stock that the
   * unpaid orders of one client address may hold at once (at least 1 unit); 100 turns the cap off.
   */
  orderReserveSharePercent: number;
  /** Milliseconds between runs of the reservation-expiry job (default 60000). */
  orderReservationSweepMs: number;
  /** Staff sessions (api/plugins/sessions.ts). */
  session: SessionConfig;
  /** Uploaded files (api/routes/files). */
  files: FilesConfig;
}

/**
 * Uploads (README "Environment"): `dir` (FILES_DIR, default `var/files`, relative to the repository unless absolute)
 * holds the stored renditions (platform/files/file-storage.ts; every api replica needs the same one); `uploadMaxBytes`
 * (UPLOAD_MAX_BYTES, default 10485760 = 10 MiB) is the largest file POST /file/create accepts, enforced while the
 * upload streams in.
 */
export interface FilesConfig {
  dir: string;
  uploadMaxBytes: number;
}

/** The default upload size limit in bytes (10 MiB). */
export const DEFAULT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Staff session settings (README "Staff sessions"). `secret` signs the session cookie (SESSION_SECRET, at least 32
 * characters): required in `production` (assertRoleConfig); under `npm start` a missing one is generated once and
 * kept in .data/session-secret so restarts keep sessions (bin/runtime.ts).
 */
export interface SessionConfig {
  secret: string | null;
  /** SESSION_IDLE_MS: milliseconds without a staff call after which a session ends (default 1800000, 30 min). */
  idleMs: number;
  /** SESSION_MAX_AGE_MS: milliseconds after sign-in after which a session ends (default 43200000, 12 h). */
  maxAgeMs: number;
}

/** The shortest SESSION_SECRET accepted. */
export const MIN_SESSION_SECRET_LENGTH = 32;

/**
 * Delivery location feeds (README "Delivery"): URLs of the carriers' public feeds (an empty value disables a feed,
 * the shipped snapshot is then used), the fetch timeout in milliseconds, and how often the worker refreshes them.
 */
export interface DeliveryConfig {
  /** OMNIVA_LOCATIONS_URL (default https://www.omniva.ee/locations.json): omniva-parcel and omniva-po. */
  omnivaLocationsUrl: string | null;
  /** ITELLA_EE_LOCATIONS_URL (default itella.ee's `ld_get_baltics_lockers`, fetched with POST): itella-ee-parcel. */
  itellaEeLocationsUrl: string | null;
  /** ITELLA_FI_LOCATIONS_URL (no default: no public Finnish feed of that shape is known): itella-fi-parcel. */
  itellaFiLocationsUrl: string | null;
  /** DELIVERY_FEED_TIMEOUT_MS (default 10000): a feed that does not answer in time falls back to the snapshot. */
  feedTimeoutMs: number;
  /** DELIVERY_REFRESH_INTERVAL_MS (default 86400000, daily; 0 disables the schedule): one refresh job per slot. */
  refreshIntervalMs: number;
}

/** Mail settings (README "Mail"). Ports are TCP ports; the catcher runs only under `npm start`. */
export interface MailConfig {
  /** smtp:// or smtps:// URL of the outgoing SMTP server (SMTP_URL; default smtp://127.0.0.1:<catcher SMTP port>). */
  smtpUrl: string;
  /** The From header of shop mail (MAIL_FROM). */
  from: string;
  /** Absolute base URL of the storefront for links in mail, without a trailing slash (MAIL_SHOP_URL). */
  shopUrl: string;
  /** In-process maildev for `npm start` (MAIL_CATCHER=off disables; so does an SMTP_URL pointing elsewhere). */
  catcher: { enabled: boolean; host: string; smtpPort: number; webPort: number };
}

/** A setting that is missing or malformed; the message names the variable and what to do. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the configuration. `mode` is `one-machine` only for `npm start` (bin/start.ts); the default is `production`.
 * @throws ConfigError naming the variable when a value is malformed.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, mode: RunMode = 'production'): Config {
  const int = (name: string, fallback: number) => {
    const v = env[name];
    if (v === undefined || v === '') return fallback;
    const n = Number(v);
    if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got "${v}"`);
    return n;
  };
  const positiveMs = (name: string, n: number) => {
    if (!Number.isSafeInteger(n) || n <= 0) throw new ConfigError(`${name} must be a positive whole number of milliseconds, got "${env[name]}"`);
    return n;
  };
  const percent = (name: string, n: number) => {
    if (!Number.isSafeInteger(n) || n < 1 || n > 100) throw new ConfigError(`${name} must be a whole number from 1 to 100, got "${env[name]}"`);
    return n;
  };
  const wholeInRange = (name: string, n: number, min: number, max: number) => {
    if (!Number.isSafeInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${env[name]}"`);
    return n;
  };
  const positiveBytes = (name: string, n: number) => {
    if (!Number.isSafeInteger(n) || n <= 0) throw new ConfigError(`${name} must be a positive whole number of bytes, got "${env[name]}"`);
    return n;
  };
  const eventStore = (env.EVENT_STORE ?? 'postgres') as Config['eventStore'];
  if (eventStore !== 'postgres' && eventStore !== 'kurrentdb') throw new Error(`EVENT_STORE must be postgres or kurrentdb, got "${eventStore}"`);
  const port = int('PORT', 3000);
  const publicUrl = parsePublicUrl(env.PUBLIC_URL) ?? (mode === 'one-machine' ? `http://localhost:${port}` : null);
  const sandbox = (env.PAYMENT_SANDBOX?.trim() || (mode === 'one-machine' ? 'on' : 'off')).toLowerCase();
  if (!['on', 'off', 'true', 'false', '1', '0'].includes(sandbox)) throw new ConfigError(`PAYMENT_SANDBOX must be on or off, got "${env.PAYMENT_SANDBOX}"`);
  return {
    runMode: mode,
    publicUrl,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    paymentSandbox: ['on', 'true', '1'].includes(sandbox),
    databaseUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/shop',
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    port,
    apiProcesses: wholeInRange('API_PROCESSES', int('API_PROCESSES', 1), 1, 64),
    host: env.HOST?.trim() || (mode === 'one-machine' ? '127.0.0.1' : '0.0.0.0'),
    vatRatePercent: int('VAT_RATE_PERCENT', 24),
    kurrentDbUrl: env.KURRENTDB_URL ?? null,
    eventStore,
    listingCacheTtlMs: int('LISTING_CACHE_TTL_MS', 10_000),
    filterLabelCacheTtlMs: int('FILTER_LABEL_CACHE_TTL_MS', 10_000),
    orderReservationTtlMs: int('ORDER_RESERVATION_TTL_MS', 30 * 60_000),
    orderReservationSweepMs: int('ORDER_RESERVATION_SWEEP_MS', 60_000),
    orderReserveSharePercent: percent('ORDER_RESERVE_SHARE_PER_ADDRESS_PERCENT', int('ORDER_RESERVE_SHARE_PER_ADDRESS_PERCENT', 50)),
    session: {
      secret: env.SESSION_SECRET?.trim() || null,
      idleMs: positiveMs('SESSION_IDLE_MS', int('SESSION_IDLE_MS', 30 * 60_000)),
      maxAgeMs: positiveMs('SESSION_MAX_AGE_MS', int('SESSION_MAX_AGE_MS', 12 * 60 * 60_000)),
    },
    files: {
      dir: env.FILES_DIR?.trim() || 'var/files',
      uploadMaxBytes: positiveBytes('UPLOAD_MAX_BYTES', int('UPLOAD_MAX_BYTES', DEFAULT_UPLOAD_MAX_BYTES)),
    },
    mail: loadMailConfig(env, publicUrl, int('MAIL_CATCHER_SMTP_PORT', 1025), int('MAIL_CATCHER_WEB_PORT', 1080)),
    delivery: {
      omnivaLocationsUrl: (env.OMNIVA_LOCATIONS_URL ?? 'https://www.omniva.ee/locations.json') || null,
      itellaEeLocationsUrl: (env.ITELLA_EE_LOCATIONS_URL ?? 'https://itella.ee/wp-admin/admin-ajax.php') || null,
      itellaFiLocationsUrl: env.ITELLA_FI_LOCATIONS_URL || null,
      feedTimeoutMs: int('DELIVERY_FEED_TIMEOUT_MS', 10_000),
      refreshIntervalMs: int('DELIVERY_REFRESH_INTERVAL_MS', 86_400_000),
    },
  };
}

/** Whether `host` (HOST) is a loopback interface only this machine reaches (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/**
 * The warning to print when the sandbox bank (anyone pays for free) is served on an interface beyond loopback, or
 * null when it is off or only this machine can reach the shop. Printed by the api at start (bin/runtime.ts).
 */
export function sandboxExposureWarning(config: Pick<Config, 'paymentSandbox' | 'host' | 'port'>): string | null {
  if (!config.paymentSandbox || isLoopbackHost(config.host)) return null;
  return (
    `WARNING: the sandbox bank is ON and the shop listens on ${config.host}:${config.port}, beyond this machine: anyone who ` +
    'reaches it can mark orders paid without paying. Set PAYMENT_SANDBOX=off, or HOST=127.0.0.1 to keep the shop on this machine.'
  );
}

/**
 * TRUST_PROXY: unset, '' or 'false' -> false; 'true' -> true; otherwise the text as a comma-separated list of proxy
 * addresses / CIDR ranges (Fastify checks them).
 */
function parseTrustProxy(raw: string | undefined): boolean | string {
  const text = raw?.trim() ?? '';
  if (text === '' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return true;
  return text;
}

/**
 * PUBLIC_URL as an absolute http(s) URL without a trailing slash; undefined when unset or empty.
 * @throws ConfigError when it is set but not an absolute http(s) URL.
 */
function parsePublicUrl(raw: string | undefined): string | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute http(s) URL such as https://shop.example.ee, got "${raw}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username) {
    throw new ConfigError(`PUBLIC_URL must be an absolute http(s) URL such as https://shop.example.ee, got "${raw}"`);
  }
  return text.replace(/\/+$/, '');
}

/**
 * What a role run alone needs before it starts (production defaults): the api needs SESSION_SECRET in `production`
 * (at least 32 characters in any mode); the api and the worker must know the shop's public
 * address in `production` (bank return and notification URLs, links in mail), so a deployment never sends
 * shoppers or banks to localhost. `one-machine` always has one.
 * @throws ConfigError naming PUBLIC_URL or SESSION_SECRET when it is missing.
 */
export function assertRoleConfig(config: Config, role: string, env: NodeJS.ProcessEnv = process.env): void {
  const secret = config.session?.secret;
  if (role === 'api' && secret && secret.length < MIN_SESSION_SECRET_LENGTH) {
    throw new ConfigError(`SESSION_SECRET must have at least ${MIN_SESSION_SECRET_LENGTH} characters (e.g. \`openssl rand -hex 32\`)`);
  }
  if (config.runMode !== 'production') return;
  if (role === 'api' && !config.publicUrl) {
    throw new ConfigError(
      'PUBLIC_URL is not set: the api needs the shop\'s public address (e.g. https://shop.example.ee) for bank return and notification URLs; set PUBLIC_URL, or use `npm start` on one machine',
    );
  }
  if (role === 'worker' && !config.publicUrl && !env.MAIL_SHOP_URL?.trim()) {
    throw new ConfigError('PUBLIC_URL is not set: the worker needs the shop\'s public address for links in mail; set PUBLIC_URL (or MAIL_SHOP_URL)');
  }
  if (role === 'api' && !secret) {
    throw new ConfigError('SESSION_SECRET is not set: the api signs staff session cookies with it and every replica needs the same one; set SESSION_SECRET (at least 32 characters, e.g. `openssl rand -hex 32`), or use `npm start` on one machine');
  }
}

/**
 * Mail settings from SMTP_URL, MAIL_FROM, MAIL_SHOP_URL (default PUBLIC_URL), MAIL_CATCHER (on|off), MAIL_CATCHER_HOST,
 * MAIL_CATCHER_SMTP_PORT (1025) and MAIL_CATCHER_WEB_PORT (1080). The catcher is enabled unless MAIL_CATCHER=off or
 * SMTP_URL names another server than the catcher's local SMTP port.
 * @throws Error when SMTP_URL is not an smtp:// or smtps:// URL.
 */
function loadMailConfig(env: NodeJS.ProcessEnv, publicUrl: string | null, catcherSmtpPort: number, catcherWebPort: number): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || `smtp://127.0.0.1:${catcherSmtpPort}`;
  let parsed: URL;
  try {
    parsed = new URL(smtpUrl);
  } catch {
    throw new Error(`SMTP_URL must be an smtp:// or smtps:// URL, got "${smtpUrl}"`);
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') throw new Error(`SMTP_URL must be an smtp:// or smtps:// URL, got "${smtpUrl}"`);
  const local = ['127.0.0.1', 'localhost', '[::1]', '::1'].includes(parsed.hostname);
  const pointsAtCatcher = parsed.protocol === 'smtp:' && local && Number(parsed.port || 25) === catcherSmtpPort;
  return {
    smtpUrl,
    from: env.MAIL_FROM?.trim() || 'Baltic Parts <shop@localhost>',
    shopUrl: (env.MAIL_SHOP_URL?.trim() || publicUrl || `http://localhost:${env.PORT?.trim() || 3000}`).replace(/\/+$/, ''),
    catcher: {
      enabled: (env.MAIL_CATCHER ?? 'on').toLowerCase() !== 'off' && pointsAtCatcher,
      host: env.MAIL_CATCHER_HOST?.trim() || '127.0.0.1',
      smtpPort: catcherSmtpPort,
      webPort: catcherWebPort,
    },
  };
}
