/**
 * PostgreSQL for the shop (see ensure-services.ts for the order every `ensure*` follows): `ensurePostgres` finds or
 * starts a server (installing Debian's postgresql when needed) with the extensions the read models rely on;
 * `ensureDatabase` / `dropDatabase` manage one database on it; `withDatabase` and `redactUrl` are URL helpers.
 */
import { existsSync, readdirSync } from 'node:fs';
import pg from 'pg';
import { aptInstall } from './apt.js';
import { findExecutable, isRoot, type Log, run, sleep } from './process-runner.js';

/** Extensions the read models rely on; the server must offer them (`pg_available_extensions`). */
export const REQUIRED_PG_EXTENSIONS = ['pg_trgm', 'fuzzystrmatch'] as const;

const LOCAL_PG_HOST = '127.0.0.1';
const DEFAULT_PG_PORT = 5432;
const PG_CONNECT_TIMEOUT_MS = 2_000;

/**
 * Replaces the database name of a PostgreSQL connection URL (user, password, host, port and query
 * parameters are kept).
 * @returns the new URL as a string.
 * @throws TypeError when `url` is not a `scheme://...` URL.
 */
export function withDatabase(url: string, dbName: string): string {
  const encoded = encodeURIComponent(dbName);
  try {
    const parsed = new URL(url);
    parsed.pathname = `/${encoded}`;
    return parsed.toString();
  } catch {
    // Forms the WHATWG parser rejects but libpq/pg accept, e.g. postgres://user@/db?host=/var/run/postgresql
    const match = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)(?:\/[^?#]*)?(.*)$/i.exec(url);
    if (!match) throw new TypeError(`not a PostgreSQL connection URL: ${redactUrl(url)}`);
    return `${match[1]}/${encoded}${match[2]}`;
  }
}

/** The URL with its password masked, for log lines. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<unparseable url>';
  }
}

/** Quotes an SQL identifier (database name) for use in DDL. */
function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Opens a short-lived client, runs `fn`, and always closes the client.
 * @throws whatever `pg` throws when connecting (2 s timeout) or whatever `fn` throws.
 */
async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    query_timeout: 60_000,
  });
  // An 'error' event after connect (server going away) must not crash the process.
  client.on('error', () => {});
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

type ProbeResult = { ok: true } | { ok: false; auth: boolean; message: string };

/** Tries `select 1` over `url`; classifies failures as authentication problems or "not reachable". */
async function probePostgres(url: string): Promise<ProbeResult> {
  try {
    await withClient(url, (client) => client.query('select 1'));
    return { ok: true };
  } catch (error) {
    const err = error as Error & { code?: string };
    const message = err.message ?? String(error);
    // 28P01 invalid_password, 28000 invalid_authorization_specification (no pg_hba entry / peer);
    // pg throws a plain Error "SASL: ... client password must be a string" when a password is required.
    const auth = err.code === '28P01' || err.code === '28000' || /password|SASL|authentication/i.test(message);
    return { ok: false, auth, message };
  }
}

function localUrls(port: number): string[] {
  return [
    `postgres://postgres@${LOCAL_PG_HOST}:${port}/postgres`,
    `postgres://postgres:postgres@${LOCAL_PG_HOST}:${port}/postgres`,
  ];
}

interface LocalProbe {
  url: string | null;
  /** Some server answered on the port but rejected both logins. */
  authFailedPort: number | null;
  lastError: string;
}

/** Tries the trust URL, then the password URL, on each port. */
async function probeLocal(ports: number[]): Promise<LocalProbe> {
  let authFailedPort: number | null = null;
  let lastError = 'no port to try';
  for (const port of ports) {
    for (const url of localUrls(port)) {
      const result = await probePostgres(url);
      if (result.ok) return { url, authFailedPort: null, lastError: '' };
      lastError = `${redactUrl(url)}: ${result.message}`;
      if (result.auth && authFailedPort === null) authFailedPort = port;
      if (!result.auth) break; // not reachable on this port: no point trying the other login
    }
  }
  return { url: null, authFailedPort, lastError };
}

interface ClusterInfo {
  version: string;
  name: string;
  port: number;
  status: string;
}

/** Parses `pg_lsclusters --no-header` (Debian's postgresql-common). */
async function listClusters(): Promise<ClusterInfo[]> {
  const lsclusters = findExecutable('pg_lsclusters');
  if (!lsclusters) return [];
  const { stdout } = await run(lsclusters, ['--no-header'], { timeoutMs: 15_000 });
  return stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length >= 4 && /^\d/.test(cols[0]))
    .map(([version, name, port, status]) => ({ version, name, port: Number(port), status }));
}

/**
 * Starts every Debian cluster that is down (creates `main` for the newest installed server version
 * when no cluster exists at all).
 * @returns the ports of all clusters.
 * @throws Error when pg_ctlcluster / pg_createcluster fail.
 */
async function startClusters(log: Log): Promise<number[]> {
  let clusters = await listClusters();
  if (clusters.length === 0) {
    const versions = existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .filter((v) => /^\d+$/.test(v) && existsSync(`/usr/lib/postgresql/${v}/bin/postgres`))
          .sort((a, b) => Number(b) - Number(a))
      : [];
    const createcluster = findExecutable('pg_createcluster');
    if (versions.length === 0 || !createcluster) {
      throw new Error('PostgreSQL packages are installed but no cluster exists and no server binary was found');
    }
    log(`[setup] no PostgreSQL cluster exists; creating ${versions[0]}/main ...`);
    await run(createcluster, [versions[0], 'main'], { timeoutMs: 120_000, stream: log, prefix: '  pg: ' });
    clusters = await listClusters();
  }
  const ctlcluster = findExecutable('pg_ctlcluster');
  if (!ctlcluster) throw new Error('pg_lsclusters exists but pg_ctlcluster does not; the postgresql-common install is broken');
  for (const cluster of clusters) {
    if (cluster.status === 'online') continue;
    log(`[setup] starting PostgreSQL cluster ${cluster.version}/${cluster.name} (port ${cluster.port}) ...`);
    try {
      await run(ctlcluster, ['--skip-systemctl-redirect', cluster.version, cluster.name, 'start'], {
        timeoutMs: 90_000,
      });
    } catch (error) {
      // "Cluster is already running." exits 2; anything else is reported after the connection retries.
      log(`[setup] pg_ctlcluster ${cluster.version} ${cluster.name} start: ${(error as Error).message}`);
    }
  }
  return clusters.map((c) => c.port);
}

/**
 * Gives the local `postgres` role the password `postgres` via the Unix socket (peer auth as the OS
 * user postgres), for clusters whose TCP authentication is not `trust` (Debian's default is scram).
 * @throws Error when not root, or `su`/`psql` fail.
 */
async function setLocalPostgresPassword(port: number, log: Log): Promise<void> {
  if (!isRoot()) {
    throw new Error(
      `PostgreSQL on ${LOCAL_PG_HOST}:${port} rejects the login postgres (no password / password "postgres") ` +
        'and only root can reset it here; set DATABASE_URL to a superuser URL instead',
    );
  }
  const su = findExecutable('su') ?? 'su';
  log(`[setup] PostgreSQL on port ${port} needs a password; setting the password of role postgres to "postgres" ...`);
  await run(su, ['postgres', '-s', '/bin/sh', '-c', `psql -X -q -p ${port} -c "ALTER USER postgres PASSWORD 'postgres'"`], {
    timeoutMs: 30_000,
    cwd: '/',
  });
}

/**
 * Connects to the local server(s), setting the postgres password when TCP auth demands one, with
 * retries while a just-started server comes up.
 * @returns a working superuser URL, or null when nothing answers within `waitMs`.
 */
async function connectLocal(ports: number[], log: Log, waitMs: number): Promise<{ url: string | null; lastError: string }> {
  const deadline = Date.now() + waitMs;
  let passwordTried = false;
  let lastError = '';
  for (;;) {
    const probe = await probeLocal(ports);
    if (probe.url) return { url: probe.url, lastError: '' };
    lastError = probe.lastError;
    if (probe.authFailedPort !== null && !passwordTried && findExecutable('psql')) {
      passwordTried = true;
      try {
        await setLocalPostgresPassword(probe.authFailedPort, log);
        continue;
      } catch (error) {
        lastError = (error as Error).message;
      }
    }
    // Wrong credentials will not fix themselves by waiting.
    if (probe.authFailedPort !== null && passwordTried) return { url: null, lastError };
    if (probe.authFailedPort !== null && !findExecutable('psql')) return { url: null, lastError };
    if (Date.now() >= deadline) return { url: null, lastError };
    await sleep(500);
  }
}

async function missingExtensions(url: string): Promise<string[]> {
  const { rows } = await withClient(url, (client) =>
    client.query<{ name: string }>('select name from pg_available_extensions where name = any($1::text[])', [
      [...REQUIRED_PG_EXTENSIONS],
    ]),
  );
  const available = new Set(rows.map((r) => r.name));
  return REQUIRED_PG_EXTENSIONS.filter((name) => !available.has(name));
}

/**
 * Checks that pg_trgm and fuzzystrmatch can be created; for a local server installs
 * postgresql-contrib when they are missing.
 * @throws Error when they stay unavailable.
 */
async function checkExtensions(url: string, local: boolean, log: Log): Promise<void> {
  let missing = await missingExtensions(url);
  if (missing.length === 0) return;
  if (!local) {
    throw new Error(
      `the PostgreSQL server at ${redactUrl(url)} does not offer the extension(s) ${missing.join(', ')}; ` +
        'install the contrib package on that server (Debian: postgresql-contrib)',
    );
  }
  log(`[setup] PostgreSQL lacks the extension(s) ${missing.join(', ')}; installing postgresql-contrib ...`);
  await aptInstall(['postgresql-contrib'], log);
  missing = await missingExtensions(url);
  if (missing.length > 0) {
    throw new Error(
      `PostgreSQL still lacks the extension(s) ${missing.join(', ')} after installing postgresql-contrib ` +
        '(the contrib package may be for a different server version than the one running)',
    );
  }
}

/**
 * Makes sure a PostgreSQL server is reachable, starting or installing one when needed:
 * `DATABASE_URL` when set; else a server on 127.0.0.1:5432 (user postgres, trust auth or password
 * "postgres"); else Debian clusters are started with pg_ctlcluster; else (root + apt-get) the
 * packages postgresql and postgresql-contrib are installed and the cluster started. When the local
 * server wants a password, the postgres role's password is set to "postgres" through `su postgres`.
 * Also checks that the extensions pg_trgm and fuzzystrmatch are available (installs
 * postgresql-contrib for a local server when they are not).
 *
 * @returns a superuser connection URL to the `postgres` database (for DATABASE_URL: the same
 *   server and credentials with the database replaced by `postgres`).
 * @throws Error when DATABASE_URL is set but does not answer, when no server can be reached,
 *   started or installed (not root, no apt-get, apt-get failure), or when the required
 *   extensions are unavailable. All steps have time limits.
 */
export async function ensurePostgres(log: Log): Promise<string> {
  const fromEnv = process.env.DATABASE_URL?.trim();
  if (fromEnv) {
    const adminUrl = withDatabase(fromEnv, 'postgres');
    log(`[setup] PostgreSQL: using DATABASE_URL (${redactUrl(adminUrl)})`);
    const probe = await probePostgres(adminUrl);
    if (!probe.ok) {
      throw new Error(`DATABASE_URL is set but its server does not answer at ${redactUrl(adminUrl)}: ${probe.message}`);
    }
    await checkExtensions(adminUrl, false, log);
    return adminUrl;
  }

  log(`[setup] PostgreSQL: looking for a server on ${LOCAL_PG_HOST}:${DEFAULT_PG_PORT} ...`);
  let ports = [DEFAULT_PG_PORT];
  let attempt = await connectLocal(ports, log, 0);

  if (!attempt.url) {
    let clusterPorts: number[];
    if (findExecutable('pg_lsclusters')) {
      log('[setup] PostgreSQL is installed but not answering; starting it ...');
      clusterPorts = await startClusters(log);
    } else {
      if (!findExecutable('apt-get') || !isRoot()) {
        throw new Error(
          `no PostgreSQL server answers on ${LOCAL_PG_HOST}:${DEFAULT_PG_PORT} (${attempt.lastError}) and none is installed; ` +
            (findExecutable('apt-get')
              ? 'run as root so it can be installed, or '
              : 'this machine has no apt-get to install it; ') +
            'install PostgreSQL yourself or set DATABASE_URL',
        );
      }
      log('[setup] PostgreSQL is not installed; installing it from the Debian packages ...');
      await aptInstall(['postgresql', 'postgresql-contrib'], log);
      clusterPorts = await startClusters(log);
    }
    ports = [DEFAULT_PG_PORT, ...clusterPorts.filter((p) => p !== DEFAULT_PG_PORT)];
    attempt = await connectLocal(ports, log, 30_000);
    if (!attempt.url) {
      throw new Error(
        `PostgreSQL was started but does not accept connections on ${LOCAL_PG_HOST} port(s) ${ports.join(', ')}: ` +
          `${attempt.lastError}. See /var/log/postgresql/ for the server log, or set DATABASE_URL.`,
      );
    }
  }

  const url = attempt.url!;
  log(`[setup] PostgreSQL ready at ${redactUrl(url)}`);
  await checkExtensions(url, true, log);
  return url;
}

/**
 * Creates the database `dbName` on the server of `adminUrl` unless it exists (a concurrent
 * creation by someone else — SQLSTATE 42P04 or the 23505 race — counts as success).
 * @returns the connection URL of that database (same credentials as `adminUrl`).
 * @throws Error when the server cannot be reached or the role may not create databases.
 */
export async function ensureDatabase(adminUrl: string, dbName: string): Promise<string> {
  await withClient(adminUrl, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [dbName]);
    if (rowCount) return;
    try {
      await client.query(`CREATE DATABASE ${quoteIdent(dbName)}`);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== '42P04' && code !== '23505') throw error;
    }
  });
  return withDatabase(adminUrl, dbName);
}

/**
 * Drops the database `dbName` (if it exists) after terminating its connections.
 * @throws Error when the server cannot be reached or the drop fails (e.g. insufficient rights).
 */
export async function dropDatabase(adminUrl: string, dbName: string): Promise<void> {
  await withClient(adminUrl, async (client) => {
    await client.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [dbName],
    );
    const { rows } = await client.query<{ v: number }>("select current_setting('server_version_num')::int as v");
    const force = rows[0].v >= 130000 ? ' WITH (FORCE)' : '';
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(dbName)}${force}`);
  });
}
