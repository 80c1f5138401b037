/**
 * Benchmark helpers: a database on the local (or DATABASE_URL's) PostgreSQL server, percentiles, and a table
 * printer. Benchmarks print figures; they never pass or fail on time.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { sql } from 'kysely';
import type { Database } from '../platform/db/database.js';
import { ensureDatabase, ensurePostgres, withDatabase } from '../platform/services/ensure-services.js';

/** URL of database `name` on the benchmark server (created when missing). */
export async function benchDatabaseUrl(name: string): Promise<string> {
  const admin = process.env.BENCH_DATABASE_ADMIN_URL ?? (await ensurePostgres((line) => process.stderr.write(`${line}\n`)));
  return ensureDatabase(admin, name);
}

export { withDatabase };

/** The p-th percentile (0-100) of `values` in their unit (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const median = (values: number[]) => percentile(values, 50);

/** Prints rows as an aligned text table. */
export function printTable(rows: Record<string, string | number>[]): void {
  if (!rows.length) return;
  const keys = Object.keys(rows[0]);
  const width = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(width[i])).join('  ');
  console.log(line(keys));
  for (const r of rows) console.log(line(keys.map((k) => String(r[k]))));
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

/**
 * Waits until `url` answers 2xx (every 200 ms, up to `limitMs`, default 120,000 ms).
 * @throws Error when it did not answer in time
 */
export async function waitFor(url: string, limitMs = 120_000): Promise<void> {
  for (const until = Date.now() + limitMs; Date.now() < until; ) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * User + system CPU time of a process and its child processes (the api processes of API_PROCESSES > 1), in
 * milliseconds (Linux /proc, 100 clock ticks a second; NaN elsewhere or for an unknown pid).
 */
/**
 * CPU time (user + system, milliseconds) spent so far by every PostgreSQL server process on this machine (processes
 * named `postgres` in /proc): the database's share of a load bench's answers, read before and after a scenario. It
 * counts every database of the server, so it is the bench's own share only on an otherwise quiet machine.
 */
export function postgresCpuMs(): number {
  let sum = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1].split(' ');
      sum += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      // The process ended meanwhile.
    }
  }
  return sum;
}

/**
 * The pids of the PostgreSQL backends serving process `pid`'s connections: its sockets' local ports (its fds'
 * socket inodes looked up in /proc/net/tcp and tcp6) matched with pg_stat_activity's client_port, through `db` (a
 * connection of the bench's own, left out by its port). For a bench that runs two apis on one server and charges each
 * its own database work. Pass the result to `pidsCpuMs`.
 */
export async function postgresBackendsOf(pid: number, db: Database): Promise<number[]> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const m = /^socket:\[(\d+)\]$/.exec(link);
      if (m) inodes.add(m[1]);
    } catch {
      // Closed meanwhile.
    }
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 9 && inodes.has(cols[9])) ports.push(Number.parseInt(cols[1].split(':')[1], 16));
    }
  }
  if (!ports.length) return [];
  const r = await sql<{ pid: number }>`select pid from pg_stat_activity where client_port = any(${ports}::int[])`.execute(db);
  return r.rows.map((x) => x.pid);
}

/** CPU time (user + system, milliseconds) spent so far by the processes `pids` (an ended one counts 0). */
export function pidsCpuMs(pids: number[]): number {
  let sum = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      sum += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      // Ended.
    }
  }
  return sum;
}

/** Busy CPU time (milliseconds, every core, every process: /proc/stat's first line minus idle and iowait) of the machine so far. */
export function machineBusyMs(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const n = ticks.map(Number);
  const busy = n.reduce((a, b) => a + b, 0) - n[3] - n[4] - (n[8] ?? 0) - (n[9] ?? 0);
  return (busy * 1000) / 100;
}

export function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const own = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return children.reduce((sum, child) => sum + cpuMs(child), own);
  } catch {
    return Number.NaN;
  }
}
