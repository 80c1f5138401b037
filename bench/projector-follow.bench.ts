/**
 * What following `$all` costs the projector role while the storefront records searches
 * (`npx tsx bench/projector-follow.bench.ts`).
 *
 * The projector role (bin/role.ts projector: every read model and analysis, docs/architecture.md section 4 "How a
 * read model runs") runs as a child process on a scratch database (`shop_bench_projector_follow`, dropped and made
 * again per run). Phases of `DURATION` seconds (default 15):
 * - idle: nothing is appended;
 * - searches: `SEARCHES_PER_SECOND` (default 300) SearchPerformed events are appended by a `SearchRecorder` with the
 *   api's 100 ms batching (commands/catalog/record-search.ts), as the storefront does under the category load of
 *   `bench:catalog-load` (docs/architecture.md "Caches, hot routes and recorded searches").
 * `PHASES` picks and orders them (default `idle,searches,idle again`). Per phase it prints the projector process's CPU (user + system from /proc, ms per second and per recorded search),
 * the CPU of the PostgreSQL backends serving its connections (found by their client ports, bench/support.ts
 * `postgresBackendsOf`), the scratch database's commits per second (pg_stat_database.xact_commit, which counts the
 * recorder's appends too) and, for the searches phase, how long after the last append every read model's stored checkpoint passed it (ms), i.e. what a
 * wait on a stored checkpoint sees. `PROJECTOR_CPU_PROF=<dir>`: the role runs with `--cpu-prof` and writes its profile
 * there when stopped (read it with bench/cpu-profile-top.ts). Figures only: nothing passes or fails on time.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import { ANALYSIS_READ_MODELS } from '../analytics/registry.js';
import { SearchRecorder } from '../commands/catalog/record-search.js';
import { createDatabase } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import { PostgresEventStore } from '../platform/event-store/postgres.js';
import { dropDatabase, ensurePostgres } from '../platform/services/ensure-services.js';
import { liveSchema } from '../projections/read-model.js';
import { READ_MODELS } from '../projections/read-models.js';
import { benchDatabaseUrl, cpuMs, fmt, pidsCpuMs, postgresBackendsOf, printTable } from './support.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.DURATION ?? 15);
const SEARCHES_PER_SECOND = Number(process.env.SEARCHES_PER_SECOND ?? 300);
const DB_NAME = 'shop_bench_projector_follow';
const MODELS = [...READ_MODELS, ...ANALYSIS_READ_MODELS];

async function main() {
  const admin = process.env.BENCH_DATABASE_ADMIN_URL ?? (await ensurePostgres((line) => process.stderr.write(`${line}\n`)));
  await dropDatabase(admin, DB_NAME);
  const url = await benchDatabaseUrl(DB_NAME);
  const db = createDatabase(url, { max: 4 });
  await migrate(db);
  const store = new PostgresEventStore(db);
  const env = { ...process.env, DATABASE_URL: url, SESSION_SECRET: randomUUID() + randomUUID() };
  const profile = process.env.PROJECTOR_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.PROJECTOR_CPU_PROF)] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(repoRoot, 'bin', 'role.ts'), 'projector'], { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    // Every read model's runner holds its lease: the role is following `$all`.
    for (;;) {
      const r = await sql<{ n: number }>`select count(*)::int as n from subscription_leases where expires_at > now()`.execute(db).catch(() => ({ rows: [{ n: 0 }] }));
      if (r.rows[0].n >= MODELS.length) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    console.log(`projector role (pid ${child.pid}) follows $all with ${MODELS.length} read models and analyses; ${DURATION} s per phase`);
    const commits = async () => Number((await sql<{ n: string }>`select xact_commit::text as n from pg_stat_database where datname = ${DB_NAME}`.execute(db)).rows[0].n);
    const rows: Record<string, string | number>[] = [];
    const phase = async (name: string, searchesPerSecond: number) => {
      const backends = await postgresBackendsOf(child.pid!, db);
      const recorder = new SearchRecorder(store, { flushIntervalMs: 100 });
      const cpu0 = cpuMs(child.pid);
      const pg0 = pidsCpuMs(backends);
      const commits0 = await commits();
      const started = Date.now();
      let recorded = 0;
      while (Date.now() - started < DURATION * 1000) {
        // Searches arrive spread over each 10 ms, as requests do.
        const due = Math.floor(((Date.now() - started) / 1000) * searchesPerSecond) - recorded;
        const now = new Date().toISOString();
        for (let i = 0; i < due; i++) {
          void recorder.record(
            { query: `filter ${recorded % 97}`, categoryId: null, filters: {}, resultCount: recorded % 50, typedByUser: true, language: 'et' },
            { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now },
          );
          recorded++;
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await recorder.flush();
      const seconds = (Date.now() - started) / 1000;
      const cpu = cpuMs(child.pid) - cpu0;
      const pg = pidsCpuMs(backends) - pg0;
      const xacts = (await commits()) - commits0;
      // How long until every read model's stored checkpoint passed the last append (what api waits read).
      let storedLagMs = Number.NaN;
      if (recorded) {
        const head = await store.newestCommittedCheckpoint();
        const t0 = Date.now();
        const union = sql.join(MODELS.map((rm) => sql`select checkpoint from ${sql.id(liveSchema(rm), 'checkpoint')}`), sql` union all `);
        for (;;) {
          const r = await sql<{ checkpoint: string }>`select min(checkpoint) as checkpoint from (${union}) c`.execute(db);
          if (r.rows[0].checkpoint >= head) break;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        storedLagMs = Date.now() - t0;
      }
      rows.push({
        phase: name,
        'searches/s': fmt(recorded / seconds, 0),
        'projector CPU ms/s': fmt(cpu / seconds, 1),
        "projector's PostgreSQL backends CPU ms/s": fmt(pg / seconds, 1),
        'projector CPU ms/search': recorded ? fmt(cpu / recorded, 3) : '-',
        'backends CPU ms/search': recorded ? fmt(pg / recorded, 3) : '-',
        'commits/s (db)': fmt(xacts / seconds, 0),
        'stored checkpoints past the last append after ms': fmt(storedLagMs, 0),
      });
    };
    const phases = (process.env.PHASES ?? 'idle,searches,idle again').split(',');
    for (const name of phases) await phase(name, name === 'searches' ? SEARCHES_PER_SECOND : 0);
    printTable(rows);
  } finally {
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);
    await store.close();
    await db.destroy();
    await dropDatabase(admin, DB_NAME);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
