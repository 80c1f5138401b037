/**
 * What the API's routes need from the outside, handed to `buildApp` (api/app.ts) so tests can build the app on
 * their own database: the read-model database, the event store (commands), and the clock.
 */
import type { EventEmitter } from 'node:events';
import type { SearchRecorder } from '../../commands/catalog/record-search.js';
import type { Database } from '../../platform/db/database.js';
import type { RateLimitDeps } from './rate-limits.js';
import type { SessionDeps } from './sessions.js';
import type { EventStore } from '../../platform/event-store/port.js';
import type { PaymentProviders } from '../../platform/payments/port.js';
import type { SandboxBankOptions } from '../../platform/payments/sandbox-bank.js';

/** The options of every route plugin (`app.register(productRoutes, { deps })`). */
export interface RouteOptions {
  deps: ApiDeps;
}

export interface ApiDeps {
  db: Database;
  store: EventStore;
  /** Current time as ISO-8601 (visibility rules, command metadata). */
  now: () => string;
  /** Folder of the built web app to serve (web/dist), or null to serve the API only. */
  webRoot: string | null;
  /** Records SearchPerformed events (batched in production, immediate in tests). */
  searches: SearchRecorder;
  /** How long a product-list result may be served from memory, in milliseconds (0: never cached). */
  listingCacheTtlMs: number;
  /**
   * How long facet labels (reference data) may be served from memory, in milliseconds; a change to the filters read
   * model drops them at once. Default: `listingCacheTtlMs`.
   */
  filterLabelCacheTtlMs?: number;
  /** Emits 'catalog' when the catalog read model changed (clears the caches); optional. */
  readModelChanges?: EventEmitter;
  /** The online payment providers (platform/payments `createPaymentProviders`); none when absent. */
  payments?: PaymentProviders;
  /** Absolute base URL of the shop for payment return and notification URLs (PUBLIC_URL); else the request's host. */
  publicUrl?: string;
  /** VAT rate in percent for order pricing (VAT_RATE_PERCENT, spec 5 "VAT"); default 24. */
  vatRatePercent?: number;
  /** The local sandbox bank (platform/payments/sandbox-bank.ts) served under /sandbox-bank; absent: not served. */
  sandboxBank?: SandboxBankOptions | null;
  /**
   * Rate limits (api/plugins/rate-limits.ts): counters in `redis` when given (every replica counts), else in the process;
   * POST /v1/place-order's limits per address and per e-mail (defaults 10 per 10 min, 5 per hour).
   */
  rateLimits?: RateLimitDeps;
  /**
   * The stock one client address may hold in unpaid orders (api/routes/orders/reserve-share.ts): `percent` of a
   * limited product's stock (ORDER_RESERVE_SHARE_PER_ADDRESS_PERCENT, default 50; 100: no cap), each order's share
   * counted for `holdMs` after placing (ORDER_RESERVATION_TTL_MS plus a sweep, default 31 minutes) or until it is
   * paid or released.
   */
  reserveShare?: { percent?: number; holdMs?: number };
  /**
   * Fastify's trustProxy: behind a load balancer, which proxies' X-Forwarded-For to believe (true, or
   * addresses/CIDRs), so `request.ip` (the per-address rate limit's key) is the shopper's and not the proxy's.
   * Default false: the socket's address.
   */
  trustProxy?: boolean | string | string[];
  /**
   * Staff sessions (api/plugins/sessions.ts): store, revocations and sign-in counters in `sessions.redis` when given (every
   * replica shares them), the secret and the idle / absolute lifetimes. Absent: a random secret, in-process only.
   */
  sessions?: SessionDeps;
  /**
   * Forgot password (api/routes/session/password-reset.ts): POST /v1/password-reset answers no sooner
   * than `minResponseMs` after it arrived (default 300), so a known user (an event appended) and an unknown one
   * take the same time. The tokens are read from `sessions.redis` under `sessions.keyPrefix`.
   */
  passwordReset?: { minResponseMs?: number };
  /**
   * Uploaded files (api/routes/files): `dir` the storage directory (FILES_DIR; absolute), `maxBytes` the
   * largest upload accepted (UPLOAD_MAX_BYTES). Absent: `var/files` of the working directory and 10 MiB.
   */
  files?: { dir: string; maxBytes: number };
}
