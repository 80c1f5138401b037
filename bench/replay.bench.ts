/**
 * Replay throughput (`npm run bench:replay`): rebuilds every read model from position 0 on the benchmark catalog
 * (bench/catalog-setup.ts: 100,000 products and 1,000,000+ events) and prints events/s per read model and in all.
 * `ROUNDS` (default 1) repeats the rebuild; the median is printed.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createDatabase } from '../platform/db/database.js';
import { PostgresEventStore } from '../platform/event-store/postgres.js';
import { rebuildReadModel } from '../projections/read-model.js';
import { READ_MODELS } from '../projections/read-models.js';
import { setupBenchCatalog } from './catalog-setup.js';
import { fmt, median, printTable } from './support.js';

async function main() {
  const url = await setupBenchCatalog();
  const db = createDatabase(url, { max: 10 });
  const store = new PostgresEventStore(db);
  const rounds = Number(process.env.ROUNDS ?? 1);
  const total = (await sql<{ n: number }>`select count(*)::int as n from es_events`.execute(db)).rows[0].n;
  const rows = [];
  let allSeconds = 0;
  for (const rm of READ_MODELS) {
    const events = (await sql<{ n: number }>`select count(*)::int as n from es_events where event_type = any(${[...rm.eventTypes]}::text[])`.execute(db)).rows[0].n;
    const times: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const started = performance.now();
      await rebuildReadModel(db, store, rm);
      times.push((performance.now() - started) / 1000);
    }
    const seconds = median(times);
    allSeconds += seconds;
    rows.push({ 'read model': rm.name, events, seconds: fmt(seconds), 'events/s': fmt(events / seconds, 0) });
  }
  rows.push({ 'read model': 'all (sequential)', events: total, seconds: fmt(allSeconds), 'events/s': fmt(total / allSeconds, 0) });
  console.log(`replay benchmark: rebuild from position 0, ${total} events in the log, median of ${rounds} round(s)`);
  printTable(rows);
  await store.close();
  await db.destroy();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
