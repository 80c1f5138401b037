/**
 * Event store append throughput (`npm run bench:append`): events/s with 1 and 16 concurrent writers, appending
 * single events or batches of 100, each writer to its own streams with the expected version; p50/p95 latency of
 * one append in milliseconds. Runs `ROUNDS` times (default 3) on a fresh database and prints the median of each
 * figure over the rounds.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createDatabase } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import type { NewEvent } from '../platform/event-store/port.js';
import { PostgresEventStore } from '../platform/event-store/postgres.js';
import { benchDatabaseUrl, fmt, median, percentile, printTable } from './support.js';

const ROUNDS = Number(process.env.ROUNDS ?? 3);

function events(n: number): NewEvent[] {
  const time = new Date().toISOString();
  return Array.from({ length: n }, () => {
    const id = randomUUID();
    return {
      id,
      type: 'StockAdjusted',
      data: { productId: randomUUID(), warehouseId: 'tallinn', delta: 1, onHand: 10 },
      metadata: { correlationId: id, causationId: id, userId: null, time },
    };
  });
}

async function main() {
  const url = await benchDatabaseUrl('shop_bench_append');
  const db = createDatabase(url, { max: 20 });
  await migrate(db);
  const store = new PostgresEventStore(db);
  const cases = [
    { writers: 1, batch: 1, appendsPerWriter: 2000 },
    { writers: 16, batch: 1, appendsPerWriter: 300 },
    { writers: 1, batch: 100, appendsPerWriter: 150 },
    { writers: 16, batch: 100, appendsPerWriter: 40 },
  ];
  const rows = [];
  for (const c of cases) {
    const rates: number[] = [];
    const p50s: number[] = [];
    const p95s: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await sql`truncate es_events, es_streams`.execute(db);
      const latencies: number[] = [];
      const started = performance.now();
      await Promise.all(
        Array.from({ length: c.writers }, async () => {
          // Each writer appends to 10 streams of its own, tracking their versions.
          const streams = Array.from({ length: 10 }, () => ({ id: `stock-${randomUUID()}`, version: 0n }));
          for (let i = 0; i < c.appendsPerWriter; i++) {
            const s = streams[i % streams.length];
            const t = performance.now();
            const r = await store.appendToStream(s.id, events(c.batch), { expectedVersion: s.version });
            latencies.push(performance.now() - t);
            s.version = r.nextExpectedVersion;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      rates.push((c.writers * c.appendsPerWriter * c.batch) / seconds);
      p50s.push(percentile(latencies, 50));
      p95s.push(percentile(latencies, 95));
    }
    rows.push({
      writers: c.writers,
      'events/append': c.batch,
      'events/s (median)': fmt(median(rates), 0),
      'append p50 ms': fmt(median(p50s), 2),
      'append p95 ms': fmt(median(p95s), 2),
      rounds: ROUNDS,
    });
  }
  console.log(`event store append benchmark (PostgreSQL adapter, ${ROUNDS} rounds, medians)`);
  printTable(rows);
  await store.close();
  await db.destroy();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
