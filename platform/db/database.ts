/**
 * The kysely instance on a pg pool (platform). Every PostgreSQL user (event store, read models, API queries)
 * gets its connection pool here.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

/** The untyped database handle; read models type their own tables through `Kysely<TheirTables>` casts. */
export type Database = Kysely<any>;

export interface DatabaseOptions {
  /** Pool size (connections), default 10. */
  max?: number;
  /** Application name shown in pg_stat_activity. */
  applicationName?: string;
}

/**
 * Opens a pool to `connectionString` (postgres://user:pass@host:port/db).
 * Connections fail lazily: the first query throws pg's error when the server cannot be reached.
 */
export function createDatabase(connectionString: string, options: DatabaseOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'shop',
    idleTimeoutMillis: 30_000,
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
}
