/**
 * The kysely instance on a pg pool (platform). Every PostgreSQL user (event store, read models, API queries)
 * gets its connection pool here.
 */
import { type CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

/**
 * Tables platform/ reads through kysely's query builder: none by name (the event store, migrations, mail outbox and
 * sequences use `sql` templates with their own row types). Every read model types its own schema
 * (projections/<name>/schema.ts) and its writer and queries take a `Kysely` of those tables; a `Database` is
 * accepted there as is, since it names no table of its own.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a database with no table known to platform/
export type PlatformTables = {};

/** The process's database handle (one pool per process, made by the composition root bin/runtime.ts). */
export type Database = Kysely<PlatformTables>;

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
  // Nor one checked out between two statements (a transaction awaiting other work when the server restarts): pg
  // emits 'error' on a client with no query running, and a checked-out client has no listener of the pool's. The
  // next statement on it fails, and the pool drops it when it is released (pg-pool removes a client that is no
  // longer queryable).
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<PlatformTables>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

/** Each `createDatabase` handle's pg pool (for `preparedQuery`, which kysely cannot express). */
const pools = new WeakMap<object, pg.Pool>();

/**
 * The pg pool under a `createDatabase` handle, for what kysely cannot express (a test holding one raw client).
 * @throws Error when `db` was not made by `createDatabase`.
 */
export function poolOf(db: object): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error('not a database made by createDatabase');
  return pool;
}
/** Per statement key, the name its text is prepared under now (a new one after PostgreSQL refused the old plan). */
const statementNames = new Map<string, string>();
let statementSerial = 0;

/**
 * Runs `query` (compiled by kysely) as a prepared statement named after `key`: each pooled connection parses and
 * plans its text once and then only binds and executes it (PostgreSQL's extended protocol, as pg does for a named
 * query). For the hot reads run thousands of times a second with the same text (the listing's page of cards): their
 * planning cost PostgreSQL as much CPU as their execution. `key` must name one text for the life of the process.
 * PostgreSQL re-plans a prepared statement itself when a table it reads changes (a read model's blue/green switch);
 * when a switch changed the columns' types it refuses the old plan (SQLSTATE 0A000, "cached plan must not change
 * result type"): the query is then prepared again under a new name, once.
 * `db` must come from `createDatabase` (else the query runs through kysely, unprepared).
 * @returns the rows, typed by the caller.
 * @throws pg's error for anything else.
 */
export async function preparedQuery<R, DB>(db: Kysely<DB>, key: string, query: CompiledQuery): Promise<R[]> {
  const pool = pools.get(db);
  if (!pool) return (await db.executeQuery<R>(query)).rows;
  for (let attempt = 0; ; attempt++) {
    let name = statementNames.get(key);
    if (!name) statementNames.set(key, (name = `${key}#${++statementSerial}`));
    try {
      return (await pool.query({ name, text: query.sql, values: query.parameters as unknown[] })).rows as R[];
    } catch (error) {
      if (attempt > 0 || (error as { code?: unknown }).code !== '0A000') throw error;
      statementNames.delete(key);
    }
  }
}

/**
 * SQLSTATEs of a database that cannot take the query now, whatever the query: class 08 (connection exception),
 * 53300 too_many_connections (the server's max_connections reached: every role's pools, including the projectors'
 * daemon pool, and the LISTEN connections share it), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up).
 */
const UNAVAILABLE_SQLSTATES = /^(08...|53300|57P0[123])$/;
/** Node socket errors of a server that cannot be reached. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * Whether `error` says the database is unavailable for a moment (a new connection refused, a pooled connection
 * cut), not that the query is wrong: such a request may succeed when tried again. pg's own messages for a
 * connection that ended under a query ("Connection terminated unexpectedly", "Connection terminated due to
 * connection timeout") carry no code and are matched by text.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.test(code) || UNREACHABLE_CODES.has(code))) return true;
  return typeof message === 'string' && /^Connection terminated|timeout exceeded when trying to connect/.test(message);
}
