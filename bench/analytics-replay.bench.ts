/**
 * Analysis replay speed (`npm run bench:analytics-replay`): in the benchmark database `bench_analytics` (made and
 * filled once: about EVENTS events, default 1,000,000, of tests/support/analytics-history.ts — searches, shopper
 * steps and orders of anonymous sessions, appended straight to the event store), replays each analysis blue/green
 * from position 0 (analytics/replay.ts, the same path as `npm run analytics:replay`) and prints events/s per
 * analysis, median of ROUNDS (default 1). Baseline in the same run: the replay of `search-keywords`, the existing
 * keyword statistics read model sharing the mechanism. Also prints the content hash (the same each round).
 * `BENCH_DATABASE_ADMIN_URL` points at another server; `EVENTS` changes the size (a different size refills).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { ANALYSES } from '../analytics/registry.js';
import { replayAnalysis } from '../analytics/replay.js';
import { createDatabase } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import { PostgresEventStore } from '../platform/event-store/postgres.js';
import { ensureReadModel } from '../projections/read-model.js';
import { appendAnalyticsHistory } from '../tests/support/analytics-history.js';
import { benchDatabaseUrl, fmt, median, printTable } from './support.js';

/** Events per simulated session, about (measured on the generator's mix). */
const EVENTS_PER_SESSION = 2.8;

async function main() {
  const target = Number(process.env.EVENTS ?? 1_000_000);
  const rounds = Number(process.env.ROUNDS ?? 1);
  const url = await benchDatabaseUrl('bench_analytics');
  const db = createDatabase(url, { max: 10 });
  await migrate(db);
  const store = new PostgresEventStore(db);
  const count = async () => Number((await sql<{ n: string }>`select count(*)::text as n from es_events`.execute(db)).rows[0]!.n);
  let events = await count();
  if (Math.abs(events - target) > target * 0.1) {
    await sql`truncate es_events, es_streams`.execute(db);
    for (const a of ANALYSES) await sql`drop schema if exists ${sql.id(`rm_${a.readModel.name}`)} cascade`.execute(db);
    const started = performance.now();
    let last = 0;
    await appendAnalyticsHistory(store, {
      sessions: Math.ceil(target / EVENTS_PER_SESSION),
      seed: 42,
      start: '2026-01-01T06:00:00Z',
      days: 300,
      onProgress: (n) => {
        if (n - last >= 100_000) {
          last = n;
          process.stderr.write(`appended ${n} events (${fmt(n / ((performance.now() - started) / 1000), 0)} events/s)\n`);
        }
      },
    });
    events = await count();
    process.stderr.write(`history: ${events} events in ${fmt((performance.now() - started) / 1000)} s\n`);
  }
  const rows = [];
  for (const name of ['search-keywords', 'search-conversion', 'order-funnel']) {
    const analysis = ANALYSES.find((a) => a.name === name)!;
    await ensureReadModel(db, store, analysis.readModel);
    const read = Number((await sql<{ n: string }>`select count(*)::text as n from es_events where event_type = any(${[...analysis.readModel.eventTypes]}::text[])`.execute(db)).rows[0]!.n);
    const times: number[] = [];
    let hash = '';
    for (let r = 0; r < rounds; r++) {
      const started = performance.now();
      hash = (await replayAnalysis(db, store, analysis)).hash;
      times.push((performance.now() - started) / 1000);
    }
    const seconds = median(times);
    rows.push({ analysis: name + (name === 'search-keywords' ? ' (baseline)' : ''), 'events read': read, seconds: fmt(seconds), 'events/s': fmt(read / seconds, 0), hash: hash.slice(0, 40) });
  }
  console.log(`analysis replay: ${events} events in the log, blue/green from position 0, median of ${rounds} round(s)`);
  printTable(rows);
  await store.close();
  await db.destroy();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
