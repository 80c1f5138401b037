/**
 * Benchmark helpers: a database on the local (or DATABASE_URL's) PostgreSQL server, percentiles, and a table
 * printer. Benchmarks print figures; they never pass or fail on time.
 */
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
