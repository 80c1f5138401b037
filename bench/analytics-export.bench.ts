/**
 * Export of the event log as Parquet (`npm run bench:analytics-export`; analytics/export/export.ts): database
 * `shop_bench_export` holding `EVENTS` events (default 1,000,000; filled once by SQL when it holds fewer) of the shapes
 * the shop stores, over 90 days: 60 % SearchPerformed, 25 % stock events, 10 % OrderPlaced (2-3 rows, the client
 * sealed), 5 % OrderPaid. Prints, per round (`ROUNDS`, default 1; the median): the full export's seconds and events/s,
 * the bytes written and their ratio to the PostgreSQL table (`pg_total_relation_size('es_events')`, indexes
 * included), the re-run with nothing new, and an incremental run after 1,000 new events on one day. Baseline in the
 * same run: reading the same rows from PostgreSQL in the export's batches without writing anything.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { exportEventLog } from '../analytics/export/export.js';
import { createDatabase, type Database } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import { benchDatabaseUrl, fmt, median, printTable } from './support.js';

const EVENTS = Number(process.env.EVENTS ?? 1_000_000);
const ROUNDS = Number(process.env.ROUNDS ?? 1);

/** Appends `n` events by SQL (one statement per 100,000), positions continuing after `offset`, on `days` days from `start`. */
async function fill(db: Database, offset: number, n: number, start: string, days: number): Promise<void> {
  for (let from = offset + 1; from <= offset + n; from += 100_000) {
    const to = Math.min(offset + n, from + 99_999);
    await sql`
      insert into es_events (stream_id, stream_position, event_id, event_type, data, metadata)
      select s.stream_id, s.i, gen_random_uuid(), s.type, s.data,
             jsonb_build_object('correlationId', gen_random_uuid()::text, 'causationId', gen_random_uuid()::text, 'userId', null,
               'time', to_char((${start}::timestamptz + ((s.i - ${offset + 1}) * (${days}::float8 * 86400 / ${n}::float8)) * interval '1 second') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
      from (
        select i,
          case when i % 20 < 12 then 'SearchPerformed' when i % 20 < 17 then (array['StockReserved','ReservationReleased','StockReceived','StockShipped'])[1 + i % 4]
               when i % 20 < 19 then 'OrderPlaced' else 'OrderPaid' end as type,
          case when i % 20 < 12 then 'bench-search-' || i when i % 20 < 17 then 'bench-stock-' || (i % 5000) || '-' || i else 'bench-order-' || i end as stream_id,
          case when i % 20 < 12 then jsonb_build_object('query', (array['piduriklotsid','oil filter','õlifilter','BF 1018/1','spark plug'])[1 + i % 5] || ' ' || (i % 300),
                 'categoryId', null, 'filters', '{}'::jsonb, 'resultCount', i % 37, 'typedByUser', i % 3 > 0, 'language', 'et')
               when i % 20 < 17 then jsonb_build_object('productId', md5((i % 5000)::text)::uuid::text, 'warehouseId', 'tallinn', 'orderId', md5(i::text)::uuid::text, 'quantity', 1 + i % 3, 'onHand', i % 40)
               when i % 20 < 19 then jsonb_build_object('orderId', md5(i::text)::uuid::text, 'number', i, 'placedAt', now(), 'language', 'et',
                 'client', jsonb_build_object('type', 'private'), 'delivery', jsonb_build_object('providerId', 'omniva-parcel', 'providerName', 'Omniva', 'optionId', '1', 'optionName', 'Tallinn'),
                 'rows', jsonb_build_array(jsonb_build_object('productId', md5((i % 5000)::text)::uuid::text, 'code', 'P' || (i % 5000), 'name', 'Piduriklotsid', 'quantity', 1, 'unit', 'pcs', 'unitPriceCents', 4590, 'lineTotalCents', 4590),
                                          jsonb_build_object('productId', md5((i % 4000)::text)::uuid::text, 'code', 'P' || (i % 4000), 'name', 'Õlifilter', 'quantity', 2, 'unit', 'pcs', 'unitPriceCents', 1299, 'lineTotalCents', 2598)),
                 'vatIncluded', true, 'vatRatePercent', 24, 'netTotalCents', 5797, 'vatCents', 1391, 'totalCents', 7188, 'reservations', '[]'::jsonb,
                 'sealed', jsonb_build_object('subject', 'client-' || md5((i % 20000)::text)::uuid::text, 'keyId', gen_random_uuid()::text, 'alg', 'A256GCM', 'iv', encode(gen_random_bytes(12), 'base64'), 'data', encode(gen_random_bytes(180), 'base64')))
               else jsonb_build_object('orderId', md5((i - 1)::text)::uuid::text, 'providerId', 'ipizza-swedbank', 'transactionId', i::text, 'amountCents', 7188, 'paidAt', now()) end as data
        from generate_series(${from}::bigint, ${to}::bigint) as i
      ) s`.execute(db);
    process.stderr.write(`filled ${to} events\n`);
  }
}

async function main(): Promise<void> {
  const url = await benchDatabaseUrl('shop_bench_export');
  const db = createDatabase(url, { max: 2, applicationName: 'bench-export' });
  await migrate(db);
  await sql`create extension if not exists pgcrypto`.execute(db).catch(() => {});
  const have = (await sql<{ n: number }>`select count(*)::int as n from es_events where stream_id like 'bench-%'`.execute(db)).rows[0].n;
  if (have < EVENTS) {
    const started = performance.now();
    await fill(db, have, EVENTS - have, '2026-08-01T00:00:00Z', 90);
    process.stderr.write(`filled ${EVENTS - have} events in ${fmt((performance.now() - started) / 1000)} s\n`);
    await sql`vacuum analyze es_events`.execute(db);
  }
  const total = (await sql<{ n: number }>`select count(*)::int as n from es_events`.execute(db)).rows[0].n;
  const tableBytes = Number((await sql<{ b: string }>`select pg_total_relation_size('es_events')::text as b`.execute(db)).rows[0].b);

  const baseline: number[] = [];
  const full: number[] = [];
  const rerun: number[] = [];
  const incremental: number[] = [];
  let bytes = 0;
  let files = 0;
  for (let r = 0; r < ROUNDS; r++) {
    // Baseline: the same rows in the same keyset batches, nothing done with them.
    let started = performance.now();
    let cursor = { x: '0', p: '0' };
    for (;;) {
      const { rows } = await sql<{ x: string; p: string }>`
        select transaction_id::text as x, global_position::text as p, data, metadata from es_events
        where (transaction_id, global_position) > (${cursor.x}::xid8, ${cursor.p}::bigint) order by transaction_id, global_position limit 5000`.execute(db);
      if (!rows.length) break;
      cursor = { x: rows[rows.length - 1].x, p: rows[rows.length - 1].p };
    }
    baseline.push((performance.now() - started) / 1000);

    const out = await mkdtemp(path.join(tmpdir(), 'bench-export-'));
    started = performance.now();
    const report = await exportEventLog(db, { outDir: out });
    full.push((performance.now() - started) / 1000);
    bytes = report.bytesWritten;
    files = report.filesWritten.length;
    started = performance.now();
    await exportEventLog(db, { outDir: out });
    rerun.push((performance.now() - started) / 1000);
    // 1,000 new events on one day already exported.
    const max = (await sql<{ m: number }>`select coalesce(max(stream_position), 0)::int as m from es_events where stream_id like 'bench-%'`.execute(db)).rows[0].m;
    await fill(db, Math.max(max, EVENTS) + r * 1000, 1000, '2026-09-15T08:00:00Z', 0.3);
    started = performance.now();
    await exportEventLog(db, { outDir: out });
    incremental.push((performance.now() - started) / 1000);
    await rm(out, { recursive: true, force: true });
  }
  printTable([
    { step: 'baseline: read the rows from PostgreSQL', events: total, 'median s': fmt(median(baseline)), 'events/s': fmt(total / median(baseline), 0) },
    { step: 'full export (5 tables, zstd)', events: total, 'median s': fmt(median(full)), 'events/s': fmt(total / median(full), 0) },
    { step: 're-run, nothing new', events: 0, 'median s': fmt(median(rerun), 2), 'events/s': '-' },
    { step: 'incremental: 1,000 new events on one day', events: 1000, 'median s': fmt(median(incremental), 2), 'events/s': '-' },
  ]);
  console.log(`Parquet: ${files} files, ${fmt(bytes / 1e6)} MB; PostgreSQL es_events with indexes: ${fmt(tableBytes / 1e6)} MB; ratio ${fmt(bytes / tableBytes, 3)}`);
  await db.destroy();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
