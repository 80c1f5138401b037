/**
 * Brings up the infrastructure the shop needs on a plain Debian 12 machine (as root, no Docker):
 * PostgreSQL, Redis and (for browser tests) Chromium; `aptInstall` installs any other Debian package the same way.
 *
 * Every `ensure*` function follows the same order:
 *   1. an explicit environment variable (`DATABASE_URL`, `REDIS_URL`, `CHROMIUM_PATH`) wins;
 *   2. otherwise a server already running on the usual local port is reused;
 *   3. otherwise an installed but stopped server is started;
 *   4. otherwise the OS package is installed with `apt-get` (root only) and started.
 * Each step is reported through the `log` callback. Every external command runs with a time limit,
 * so a broken machine produces an error message instead of a hang.
 */
import { spawn } from 'node:child_process';
import {
  accessSync,
  constants as fsConstants,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Receives one human-readable progress line (no trailing newline). */
export type Log = (line: string) => void;

/** Extensions the read models rely on; the server must offer them (`pg_available_extensions`). */
export const REQUIRED_PG_EXTENSIONS = ['pg_trgm', 'fuzzystrmatch'] as const;

const LOCAL_PG_HOST = '127.0.0.1';
const DEFAULT_PG_PORT = 5432;
const LOCAL_REDIS_HOST = '127.0.0.1';
const LOCAL_REDIS_PORT = 6379;
const PG_CONNECT_TIMEOUT_MS = 2_000;
const APT_TIMEOUT_MS = 20 * 60_000;

// ---------------------------------------------------------------------------------------------
// Small process helpers
// ---------------------------------------------------------------------------------------------

interface RunOptions {
  /** Kill the command (SIGTERM, then SIGKILL 5 s later) after this many milliseconds. */
  timeoutMs: number;
  /** Extra environment variables (merged over `process.env`). */
  env?: Record<string, string>;
  /** Working directory; defaults to the OS temp directory (some tools dislike unreadable cwds). */
  cwd?: string;
  /** When given, every output line is passed here as it arrives (prefixed with `prefix`). */
  stream?: Log;
  prefix?: string;
}

interface RunResult {
  stdout: string;
  stderr: string;
}

/**
 * Runs a command without a shell, stdin closed.
 * @returns its captured stdout and stderr.
 * @throws Error when the command cannot be started, exits non-zero, is killed, or exceeds
 *   `timeoutMs`; the message names the command and carries the tail of its output.
 */
function run(command: string, args: string[], options: RunOptions): Promise<RunResult> {
  const display = [command, ...args].join(' ');
  return new Promise((resolve, reject) => {
    let child;
    try {
      child = spawn(command, args, {
        cwd: options.cwd ?? os.tmpdir(),
        env: { ...process.env, ...options.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      reject(new Error(`could not run "${display}": ${(error as Error).message}`));
      return;
    }
    let stdout = '';
    let stderr = '';
    let pending = '';
    const onData = (target: 'stdout' | 'stderr') => (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (target === 'stdout') stdout += text;
      else stderr += text;
      if (options.stream) {
        pending += text;
        const lines = pending.split(/\r?\n|\r/);
        pending = lines.pop() ?? '';
        for (const line of lines) if (line.trim()) options.stream(`${options.prefix ?? ''}${line}`);
      }
    };
    child.stdout!.on('data', onData('stdout'));
    child.stderr!.on('data', onData('stderr'));

    let timedOut = false;
    let killTimer: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      killTimer.unref();
    }, options.timeoutMs);

    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const reason = error.code === 'ENOENT' ? 'command not found' : error.message;
      reject(new Error(`could not run "${display}": ${reason}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      if (options.stream && pending.trim()) options.stream(`${options.prefix ?? ''}${pending}`);
      if (code === 0) {
        resolve({ stdout, stderr });
        return;
      }
      const tail = (stderr.trim() || stdout.trim()).split('\n').slice(-15).join('\n');
      const how = timedOut
        ? `timed out after ${Math.round(options.timeoutMs / 1000)} s`
        : signal
          ? `was killed by ${signal}`
          : `exited with code ${code}`;
      reject(new Error(`"${display}" ${how}${tail ? `:\n${tail}` : ''}`));
    });
  });
}

/** @returns the absolute path of an executable found on PATH (plus the sbin directories), or null. */
export function findExecutable(name: string): string | null {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const extra of ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin']) {
    if (!dirs.includes(extra)) dirs.push(extra);
  }
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, fsConstants.X_OK);
      return candidate;
    } catch {
      // keep looking
    }
  }
  return null;
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Whether this process has run `apt-get update` (then the lists are fresh enough for the rest of the run). */
let aptUpdated = false;
/** In-process queue: one apt-get at a time, even when callers overlap. */
let aptQueue: Promise<unknown> = Promise.resolve();

const APT_LISTS_DIR = '/var/lib/apt/lists';
/** Cross-process lock of our own installers (apt's own list lock fails at once instead of waiting). */
const APT_LOCK_FILE = path.join(os.tmpdir(), 'baltic-parts-apt-install.lock');

/**
 * Runs `fn` while holding {@link APT_LOCK_FILE} (created exclusively, holding our pid), so two processes of this
 * project (npm start and npm test, two shells) never run apt-get at the same time. A lock whose process is gone is
 * taken over.
 * @throws Error when another live process holds the lock longer than `timeoutMs`; whatever `fn` throws.
 */
async function withAptLock<T>(fn: () => Promise<T>, log: Log, timeoutMs = APT_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let reported = false;
  for (;;) {
    try {
      writeFileSync(APT_LOCK_FILE, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(APT_LOCK_FILE, 'utf8').trim());
    } catch {
      continue; // released between our attempt and the read
    }
    if (!Number.isInteger(holder) || holder <= 0 || !processAlive(holder)) {
      rmSync(APT_LOCK_FILE, { force: true });
      continue;
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `another process (pid ${holder}) has been installing packages for ${Math.round(timeoutMs / 1000)} s ` +
          `(lock ${APT_LOCK_FILE})`,
      );
    }
    if (!reported) {
      log(`[setup] waiting for process ${holder} to finish installing packages ...`);
      reported = true;
    }
    await sleep(1_000);
  }
  try {
    return await fn();
  } finally {
    rmSync(APT_LOCK_FILE, { force: true });
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * @returns true when apt has no package lists at all (a fresh debootstrap root or a container image whose lists
 *   were deleted: `apt-get update` has never run), so no package can be installed before an update.
 */
export function aptListsEmpty(listsDir = APT_LISTS_DIR): boolean {
  try {
    return !readdirSync(listsDir).some((name) => /_Packages(\.[a-z0-9]+)?$/.test(name));
  } catch {
    return true;
  }
}

/**
 * Parses `apt-cache policy <packages>` output (LC_ALL=C).
 * @returns the packages of `wanted` that have an installation candidate (a `Candidate:` other than `(none)`).
 */
export function packagesWithCandidate(policyOutput: string, wanted: string[]): Set<string> {
  const found = new Set<string>();
  let current: string | null = null;
  for (const line of policyOutput.split('\n')) {
    const header = /^(\S+?)(?::[a-z0-9]+)?:\s*$/.exec(line);
    if (header) {
      current = header[1];
      continue;
    }
    const candidate = /^\s+Candidate:\s*(\S+)/.exec(line);
    if (candidate && current && candidate[1] !== '(none)' && wanted.includes(current)) found.add(current);
  }
  return found;
}

/**
 * Installs Debian packages with apt-get, streaming apt's output through `log`. Serialised: one apt-get at a time
 * in this process and, through a lock file, across this project's processes. Non-interactive
 * (DEBIAN_FRONTEND=noninteractive, stdin closed, existing configuration files kept). `apt-get update` runs only
 * when needed: when the package lists are empty (it never ran), when a wanted package has no installation
 * candidate in the current lists, or when the install fails on stale lists (then the install is retried once);
 * at most once per process.
 * @throws Error when apt-get is missing, we are not root, or apt-get fails / exceeds 20 minutes per step.
 */
export function aptInstall(packages: string[], log: Log): Promise<void> {
  const result = aptQueue.then(() => withAptLock(() => aptInstallNow(packages, log), log));
  aptQueue = result.catch(() => {});
  return result;
}

async function aptInstallNow(packages: string[], log: Log): Promise<void> {
  const aptGet = findExecutable('apt-get');
  if (!aptGet) {
    throw new Error(
      `cannot install ${packages.join(', ')}: apt-get is not available on this machine; install them yourself ` +
        'or point the matching *_URL environment variable at a running server',
    );
  }
  if (!isRoot()) {
    throw new Error(
      `cannot install ${packages.join(', ')}: installing OS packages needs root. Run as root, ` +
        `or install them yourself (sudo apt-get install ${packages.join(' ')}), ` +
        'or point the matching *_URL environment variable at a running server',
    );
  }
  const env = { DEBIAN_FRONTEND: 'noninteractive', NEEDRESTART_MODE: 'a', LC_ALL: 'C' };
  // DPkg::Lock::Timeout waits for dpkg's lock held by someone else (unattended-upgrades); the lists lock of
  // `apt-get update` does not wait, hence our own lock around every call.
  const common = ['-q', '-o', 'DPkg::Lock::Timeout=300', '-o', 'Acquire::Retries=3'];
  const update = async (reason: string) => {
    log(`[setup] apt-get update (${reason}) ...`);
    await run(aptGet, [...common, 'update'], { timeoutMs: APT_TIMEOUT_MS, env, stream: log, prefix: '  apt: ' });
    aptUpdated = true;
  };
  const install = async () => {
    log(`[setup] apt-get install -y ${packages.join(' ')} (this can take a few minutes) ...`);
    await run(
      aptGet,
      [...common, '-y', '-o', 'Dpkg::Options::=--force-confdef', '-o', 'Dpkg::Options::=--force-confold',
        'install', ...packages],
      { timeoutMs: APT_TIMEOUT_MS, env, stream: log, prefix: '  apt: ' },
    );
  };

  if (!aptUpdated) {
    if (aptListsEmpty()) {
      await update(`the package lists in ${APT_LISTS_DIR} are empty: apt-get update has never run on this machine`);
    } else {
      const aptCache = findExecutable('apt-cache');
      let missing: string[] = [];
      if (aptCache) {
        const { stdout } = await run(aptCache, ['policy', ...packages], { timeoutMs: 60_000, env });
        const known = packagesWithCandidate(stdout, packages);
        missing = packages.filter((name) => !known.has(name));
      }
      if (missing.length > 0) await update(`the package lists know no installable ${missing.join(', ')}`);
    }
  }
  try {
    await install();
  } catch (error) {
    if (aptUpdated) throw error;
    // Lists older than the mirror: the .deb files they name are gone (404). Refresh once and retry.
    log(`[setup] apt-get install failed with the current package lists: ${(error as Error).message.split('\n')[0]}`);
    await update('the package lists may be stale');
    await install();
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Redis
// ---------------------------------------------------------------------------------------------

type PingResult = { ok: true } | { ok: false; listening: boolean; message: string };

/** Sends a RESP `PING` over a raw socket (no client library needed). */
export function pingRedis(host: string, port: number, timeoutMs = 2_000): Promise<PingResult> {
  return new Promise((resolve) => {
    const socket = net.createConnection({ host, port });
    let reply = '';
    let connected = false;
    let settled = false;
    const finish = (result: PingResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(
      () => finish({ ok: false, listening: connected, message: `no answer within ${timeoutMs} ms` }),
      timeoutMs,
    );
    socket.on('connect', () => {
      connected = true;
      socket.write('*1\r\n$4\r\nPING\r\n');
    });
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      if (!reply.includes('\r\n')) return;
      const line = reply.split('\r\n')[0];
      if (line === '+PONG') finish({ ok: true });
      else finish({ ok: false, listening: true, message: `unexpected reply to PING: ${line}` });
    });
    socket.on('error', (error) => finish({ ok: false, listening: connected, message: error.message }));
    socket.on('close', () => finish({ ok: false, listening: connected, message: 'connection closed' }));
  });
}

async function startRedisServer(log: Log): Promise<void> {
  const redisServer = findExecutable('redis-server');
  if (!redisServer) throw new Error('redis-server is not installed');
  const logFile = path.join(os.tmpdir(), `redis-${LOCAL_REDIS_PORT}.log`);
  log(`[setup] starting redis-server on ${LOCAL_REDIS_HOST}:${LOCAL_REDIS_PORT} (log: ${logFile}) ...`);
  await run(
    redisServer,
    [
      '--daemonize', 'yes',
      '--bind', LOCAL_REDIS_HOST,
      '--port', String(LOCAL_REDIS_PORT),
      '--save', '',
      '--appendonly', 'no',
      '--dir', os.tmpdir(),
      '--logfile', logFile,
    ],
    { timeoutMs: 15_000 },
  );
}

async function waitForRedis(timeoutMs: number): Promise<PingResult> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await pingRedis(LOCAL_REDIS_HOST, LOCAL_REDIS_PORT);
    if (result.ok || Date.now() >= deadline) return result;
    await sleep(250);
  }
}

/**
 * Makes sure a Redis server is reachable: `REDIS_URL` when set (returned as is, not probed);
 * else a server answering PING on 127.0.0.1:6379; else an installed `redis-server` is started
 * (daemonized, bound to 127.0.0.1, no persistence); else (root + apt-get) the package
 * redis-server is installed and started. Waits up to 20 s for PING to answer.
 *
 * @returns the Redis URL (REDIS_URL, or `redis://127.0.0.1:6379`).
 * @throws Error when something on 6379 answers but not with PONG (e.g. a password is required —
 *   set REDIS_URL), when Redis cannot be installed (not root, no apt-get, apt failure), or when the
 *   started server does not answer within 20 s.
 */
export async function ensureRedis(log: Log): Promise<string> {
  const fromEnv = process.env.REDIS_URL?.trim();
  if (fromEnv) {
    log(`[setup] Redis: using REDIS_URL (${redactUrl(fromEnv)})`);
    return fromEnv;
  }
  const localUrl = `redis://${LOCAL_REDIS_HOST}:${LOCAL_REDIS_PORT}`;
  log(`[setup] Redis: looking for a server on ${LOCAL_REDIS_HOST}:${LOCAL_REDIS_PORT} ...`);
  let result = await pingRedis(LOCAL_REDIS_HOST, LOCAL_REDIS_PORT);
  if (result.ok) {
    log(`[setup] Redis ready at ${localUrl}`);
    return localUrl;
  }
  if (result.listening) {
    throw new Error(
      `something listens on ${LOCAL_REDIS_HOST}:${LOCAL_REDIS_PORT} but does not answer PING (${result.message}); ` +
        'if it is a Redis with a password, set REDIS_URL (redis://:password@host:port)',
    );
  }
  if (!findExecutable('redis-server')) {
    log('[setup] Redis is not installed; installing redis-server from the Debian packages ...');
    await aptInstall(['redis-server'], log);
    // The package's own service may already have started (with /etc/redis/redis.conf).
    result = await waitForRedis(3_000);
    if (result.ok) {
      log(`[setup] Redis ready at ${localUrl}`);
      return localUrl;
    }
  } else {
    log('[setup] Redis is installed but not running');
  }
  await startRedisServer(log);
  result = await waitForRedis(20_000);
  if (!result.ok) {
    throw new Error(
      `redis-server was started but ${LOCAL_REDIS_HOST}:${LOCAL_REDIS_PORT} does not answer PING within 20 s ` +
        `(${result.message}); see ${path.join(os.tmpdir(), `redis-${LOCAL_REDIS_PORT}.log`)}`,
    );
  }
  log(`[setup] Redis ready at ${localUrl}`);
  return localUrl;
}

// ---------------------------------------------------------------------------------------------
// Chromium
// ---------------------------------------------------------------------------------------------

/** Where Debian's `chromium` package puts the browser. */
export const DEBIAN_CHROMIUM_PATH = '/usr/bin/chromium';

function isExecutable(file: string): boolean {
  try {
    accessSync(file, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Finds the Chromium for browser tests without installing anything: `CHROMIUM_PATH` when set, else
 * `/usr/bin/chromium` (Debian's `chromium` package).
 * @returns the absolute path of the executable, or null when CHROMIUM_PATH is unset and /usr/bin/chromium is absent.
 * @throws Error when CHROMIUM_PATH is set but is not an executable file.
 */
export function findChromium(): string | null {
  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  if (fromEnv) {
    if (!isExecutable(fromEnv)) throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, which is not an executable file`);
    return fromEnv;
  }
  return isExecutable(DEBIAN_CHROMIUM_PATH) ? DEBIAN_CHROMIUM_PATH : null;
}

/**
 * Makes sure a Chromium binary exists for browser tests: `CHROMIUM_PATH` when set and executable;
 * else `/usr/bin/chromium`; else installs Debian's `chromium` package with apt-get (never a
 * browser download from the internet by Playwright). Call it from one process before the browser tests start
 * (bin/test.ts, platform/testing/os-packages-setup.ts, a benchmark), not from parallel test files.
 *
 * @returns the absolute path of the Chromium executable.
 * @throws Error when CHROMIUM_PATH points to a missing file, or when Chromium is absent and cannot
 *   be installed (not root, no apt-get, apt-get failure).
 */
export async function ensureChromium(log: Log): Promise<string> {
  const found = findChromium();
  if (found) return found;
  log("[setup] Chromium is not installed; installing Debian's chromium package ...");
  await aptInstall(['chromium'], log);
  if (!isExecutable(DEBIAN_CHROMIUM_PATH)) {
    throw new Error(`apt-get installed chromium but ${DEBIAN_CHROMIUM_PATH} is still missing`);
  }
  log(`[setup] Chromium ready at ${DEBIAN_CHROMIUM_PATH}`);
  return DEBIAN_CHROMIUM_PATH;
}
