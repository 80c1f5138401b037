/**
 * Test helpers for infrastructure-backed tests: one fresh PostgreSQL database per test file, and
 * the Redis URL.
 *
 * ```ts
 * let db: TestDatabase;
 * beforeAll(async () => { db = await createTestDatabase('catalog'); });
 * afterAll(async () => { await pool.end(); await db.drop(); });
 * ```
 *
 * The server comes from TEST_DATABASE_ADMIN_URL (set by `npm test` and by the vitest global setup);
 * when it is unset (e.g. a test file run through some other runner), ensurePostgres() finds,
 * starts or installs a server itself.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { dropDatabase, ensureDatabase, ensurePostgres, REQUIRED_PG_EXTENSIONS } from '../services/ensure-services';

export interface TestDatabase {
  /** Connection URL of the new database (superuser credentials). */
  url: string;
  /** Its name, e.g. `test_catalog_12345_a1b2c3d4`. */
  name: string;
  /** Terminates every connection to the database and drops it. Safe to call twice. */
  drop(): Promise<void>;
}

let adminUrlPromise: Promise<string> | undefined;

/**
 * @returns the superuser URL of the test PostgreSQL server (TEST_DATABASE_ADMIN_URL, else the
 *   result of ensurePostgres, which is then stored in TEST_DATABASE_ADMIN_URL).
 * @throws Error from ensurePostgres when no server can be reached, started or installed.
 */
export function testDatabaseAdminUrl(): Promise<string> {
  const fromEnv = process.env.TEST_DATABASE_ADMIN_URL?.trim();
  if (fromEnv) return Promise.resolve(fromEnv);
  adminUrlPromise ??= ensurePostgres((line) => process.stderr.write(`${line}\n`)).then((url) => {
    process.env.TEST_DATABASE_ADMIN_URL = url;
    return url;
  });
  return adminUrlPromise;
}

function databaseName(prefix: string): string {
  const clean = prefix
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 30);
  // PostgreSQL identifiers are at most 63 bytes.
  return `test_${clean || 'db'}_${process.pid}_${randomBytes(4).toString('hex')}`.slice(0, 63);
}

/**
 * Creates a new, uniquely named, empty database with the extensions pg_trgm and fuzzystrmatch
 * installed.
 * @param prefix part of the database name that identifies the test file (sanitised to [a-z0-9_]).
 * @returns its URL, its name and a `drop()` that removes it.
 * @throws Error when no PostgreSQL server is available or the database/extensions cannot be created
 *   (in which case the half-created database is dropped again).
 */
export async function createTestDatabase(prefix = 'db'): Promise<TestDatabase> {
  const adminUrl = await testDatabaseAdminUrl();
  const name = databaseName(prefix);
  const url = await ensureDatabase(adminUrl, name);
  try {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    client.on('error', () => {});
    await client.connect();
    try {
      for (const extension of REQUIRED_PG_EXTENSIONS) {
        await client.query(`CREATE EXTENSION IF NOT EXISTS ${extension}`);
      }
    } finally {
      await client.end().catch(() => {});
    }
  } catch (error) {
    await dropDatabase(adminUrl, name).catch(() => {});
    throw error;
  }
  let dropped: Promise<void> | undefined;
  return {
    url,
    name,
    drop: () => (dropped ??= dropDatabase(adminUrl, name)),
  };
}

/**
 * @returns the Redis URL for tests: REDIS_URL (set by `npm test` and the vitest global setup), else
 *   redis://127.0.0.1:6379. Tests share one Redis server, so use unique key prefixes / queue names
 *   per test file (e.g. include a random id).
 */
export function testRedisUrl(): string {
  return process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
}
