/**
 * The event log as Parquet for DuckDB, Spark and pandas (docs/analytics.md "The event log as Parquet").
 *
 * `exportEventLog(db, { outDir, from, to })` writes, for every UTC day of the events' own time (metadata `time`),
 * `outDir/{table}/date=YYYY-MM-DD/part-0.parquet` (zstd) for the tables of ./tables.ts, with `@duckdb/node-api`.
 *
 * - **Which events.** Those of `es_events` at or before the head: the newest event of a transaction below the
 *   readers' horizon (the event store's gap-free rule, docs/architecture.md "Reading $all"), so every event at or
 *   before it has committed and none can still appear below it. `from` (inclusive) and `to` (exclusive) are UTC
 *   days compared with each event's own time.
 * - **Incremental.** `outDir/export-state.json` keeps the head exported last and the range. A later run with the same
 *   range reads only the events after it, and rewrites only the days those events fall on (an event's time may lie
 *   in a day exported before: the demo history's does). A run with another range, or without state, writes every day
 *   of its range.
 * - **Byte-identical.** A day's file is a function of the events of that day at or before the head: rows in
 *   `global_position` order, one file per day and table with a fixed name, DuckDB on one thread. So an incremental
 *   run and a fresh export of the same log write the same bytes, and a re-run with nothing new writes nothing.
 * - **Personal data.** ./rows.ts: the stored (sealed) form is read and every personal field is left out.
 * - Each file is written beside its final name and renamed, so a crash leaves whole files; the state moves last,
 *   so a crashed run is simply repeated.
 *
 * Reads PostgreSQL only (the KurrentDB adapter's log is not a table).
 */
import { DuckDBInstance, type DuckDBAppender, type DuckDBConnection } from '@duckdb/node-api';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../platform/db/database.js';
import { type ExportRows, type StoredEventRow, toExportRows } from './rows.js';
import { type ColumnKind, EXPORT_TABLES, type ExportTable } from './tables.js';

/** Bumped when the tables' schema changes: a state of another version makes the next run write every day again. */
export const EXPORT_FORMAT_VERSION = 1;

/** A UTC day, YYYY-MM-DD. */
export const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD').refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'not a calendar date');

export interface ExportOptions {
  /** The export directory (created when missing). */
  outDir: string;
  /** First UTC day exported (inclusive), or null for the beginning. */
  from?: string | null;
  /** First UTC day not exported (exclusive), or null for no end. */
  to?: string | null;
  /** Events read from PostgreSQL per query (default 5000). */
  batchSize?: number;
  /** Progress lines. */
  log?: (line: string) => void;
}

export interface ExportReport {
  /** 'full' when every day of the range was written, 'incremental' when only days with new events were. */
  mode: 'full' | 'incremental';
  /** Events read from PostgreSQL and exported (an incremental run re-exports the whole days it rewrites). */
  eventsExported: number;
  /** Events after the previous head (all of them for a full run). */
  newEvents: number;
  /** Days (YYYY-MM-DD) whose files were written, ascending. */
  daysWritten: string[];
  /** Files written, relative to outDir, ascending. */
  filesWritten: string[];
  /** Bytes of the files written. */
  bytesWritten: number;
  /** The head exported: `xid:position` of the newest event covered, '' for an empty log. */
  head: string;
}

/** `outDir/export-state.json`. */
const StateSchema = z.object({
  format: z.literal(EXPORT_FORMAT_VERSION),
  head: z.object({ transactionId: z.string(), globalPosition: z.string() }).nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
type ExportState = z.infer<typeof StateSchema>;
type Head = NonNullable<ExportState['head']>;

export const STATE_FILE = 'export-state.json';

async function readState(outDir: string): Promise<ExportState | null> {
  try {
    const parsed = StateSchema.safeParse(JSON.parse(await readFile(path.join(outDir, STATE_FILE), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The newest event whose transaction is below the horizon: everything at or before it has committed. */
async function readHead(db: Database): Promise<Head | null> {
  const { rows } = await sql<{ transaction_id: string; global_position: string }>`
    select e.transaction_id::text as transaction_id, e.global_position::text as global_position from es_events e
    where e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
    order by e.transaction_id desc, e.global_position desc limit 1`.execute(db);
  return rows[0] ? { transactionId: rows[0].transaction_id, globalPosition: rows[0].global_position } : null;
}

interface DbEventRow {
  transaction_id: string;
  global_position: string;
  event_id: string;
  event_type: string;
  stream_id: string;
  stream_position: string;
  data: unknown;
  metadata: unknown;
  created_at: Date;
}

/**
 * The UTC day of an event in SQL, as rows.ts `eventTimeOf` gives it: the metadata time's date when the time is in
 * the shop's ISO form (rows.ts ISO_UTC_TIME), else the day it was recorded.
 */
const EVENT_DAY_SQL = sql`(case when e.metadata->>'time' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}([.][0-9]+)?Z$' then left(e.metadata->>'time', 10) else to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD') end)`;

/** Reads the events after `after` up to `head` in `$all` order, only those of `days` (null: any day). */
async function* readEvents(db: Database, after: Head | null, head: Head, days: readonly string[] | null, batchSize: number): AsyncGenerator<StoredEventRow[]> {
  let cursor = after ?? { transactionId: '0', globalPosition: '0' };
  for (;;) {
    const dayFilter = days ? sql`and ${EVENT_DAY_SQL} = any(${[...days]}::text[])` : sql``;
    const { rows } = await sql<DbEventRow>`
      select e.transaction_id::text as transaction_id, e.global_position::text as global_position, e.event_id::text as event_id,
             e.event_type, e.stream_id, e.stream_position::text as stream_position, e.data, e.metadata, e.created_at
      from es_events e
      where (e.transaction_id, e.global_position) > (${cursor.transactionId}::xid8, ${cursor.globalPosition}::bigint)
        and (e.transaction_id, e.global_position) <= (${head.transactionId}::xid8, ${head.globalPosition}::bigint)
        ${dayFilter}
      -- the columns, not the text aliases of the same names (text order would break the keyset)
      order by e.transaction_id, e.global_position
      limit ${batchSize}`.execute(db);
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      globalPosition: r.global_position,
      eventId: r.event_id,
      eventType: r.event_type,
      streamId: r.stream_id,
      streamPosition: r.stream_position,
      data: r.data,
      metadata: r.metadata,
      recordedAt: r.created_at.toISOString(),
    }));
    const last = rows[rows.length - 1];
    cursor = { transactionId: last.transaction_id, globalPosition: last.global_position };
    if (rows.length < batchSize) return;
  }
}

/** The UTC days of the events after `after` up to `head` (their own time). */
async function daysOfNewEvents(db: Database, after: Head, head: Head): Promise<{ days: string[]; count: number }> {
  const { rows } = await sql<{ day: string | null; n: string }>`
    select ${EVENT_DAY_SQL} as day, count(*)::text as n from es_events e
    where (e.transaction_id, e.global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)
      and (e.transaction_id, e.global_position) <= (${head.transactionId}::xid8, ${head.globalPosition}::bigint)
    group by 1`.execute(db);
  return { days: rows.map((r) => r.day ?? '').filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)), count: rows.reduce((n, r) => n + Number(r.n), 0) };
}

const MEMORY_TYPE: Record<ColumnKind, string> = { text: 'VARCHAR', bigint: 'BIGINT', int: 'INTEGER', double: 'DOUBLE', bool: 'BOOLEAN', timestamp: 'VARCHAR', json: 'VARCHAR' };
const exportExpression = (name: string, kind: ColumnKind): string =>
  kind === 'timestamp' ? `cast("${name}" as TIMESTAMP WITH TIME ZONE) as "${name}"` : kind === 'json' ? `cast("${name}" as JSON) as "${name}"` : `"${name}"`;

function appendValue(appender: DuckDBAppender, kind: ColumnKind, value: unknown): void {
  if (value === null || value === undefined) return appender.appendNull();
  switch (kind) {
    case 'bigint':
      return appender.appendBigInt(typeof value === 'bigint' ? value : BigInt(Math.trunc(Number(value))));
    case 'int':
      return appender.appendInteger(Number(value));
    case 'double':
      return appender.appendDouble(Number(value));
    case 'bool':
      return appender.appendBoolean(Boolean(value));
    default:
      return appender.appendVarchar(String(value));
  }
}

const memoryTable = (t: ExportTable<unknown>) => `x_${t.name}`;

/**
 * Exports the event log to Parquet (see the module comment).
 * @throws Error when `from` / `to` are not dates or `from` is not before `to`; PostgreSQL, DuckDB and file system
 *   errors as they come (nothing half-written is left under a final name, and the state does not move).
 */
export async function exportEventLog(db: Database, options: ExportOptions): Promise<ExportReport> {
  const from = options.from ? DaySchema.parse(options.from) : null;
  const to = options.to ? DaySchema.parse(options.to) : null;
  if (from && to && from >= to) throw new Error(`--from ${from} must be before --to ${to}`);
  const log = options.log ?? (() => {});
  const batchSize = options.batchSize ?? 5000;
  const outDir = path.resolve(options.outDir);
  await mkdir(outDir, { recursive: true });

  const state = await readState(outDir);
  const head = await readHead(db);
  const sameRange = state !== null && state.from === from && state.to === to;
  const inRange = (day: string) => (!from || day >= from) && (!to || day < to);
  const report: ExportReport = { mode: sameRange && state.head ? 'incremental' : 'full', eventsExported: 0, newEvents: 0, daysWritten: [], filesWritten: [], bytesWritten: 0, head: head ? `${head.transactionId}:${head.globalPosition}` : '' };
  const saveState = () => writeFile(path.join(outDir, STATE_FILE), `${JSON.stringify({ format: EXPORT_FORMAT_VERSION, head, from, to } satisfies ExportState, null, 2)}\n`);
  if (!head) {
    await saveState();
    return report;
  }

  // Which days to (re)write, and whether to read every event or only those of these days.
  let days: string[] | null;
  if (sameRange && state.head) {
    const fresh = await daysOfNewEvents(db, state.head, head);
    report.newEvents = fresh.count;
    days = fresh.days.filter(inRange).sort();
    if (days.length === 0) {
      await saveState();
      log('nothing new to export');
      return report;
    }
  } else {
    days = null; // every day in range
  }

  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  const connection = await instance.connect();
  try {
    for (const t of EXPORT_TABLES) {
      await connection.run(`create table ${memoryTable(t)} (day VARCHAR, ${t.columns.map((c) => `"${c.name}" ${MEMORY_TYPE[c.kind]}`).join(', ')})`);
    }
    const appenders = new Map<ExportTable<unknown>, DuckDBAppender>();
    for (const t of EXPORT_TABLES) appenders.set(t, await connection.createAppender(memoryTable(t)));
    const seenDays = new Set<string>();
    const wanted = days ? new Set(days) : null;
    const started = Date.now();
    for await (const batch of readEvents(db, null, head, days, batchSize)) {
      for (const stored of batch) {
        const rows: ExportRows = toExportRows(stored);
        if (!inRange(rows.day) || (wanted && !wanted.has(rows.day))) continue;
        seenDays.add(rows.day);
        report.eventsExported++;
        for (const t of EXPORT_TABLES) {
          const appender = appenders.get(t)!;
          for (const row of t.rowsOf(rows) as Record<string, unknown>[]) {
            appender.appendVarchar(rows.day);
            for (const c of t.columns) appendValue(appender, c.kind, row[c.name]);
            appender.endRow();
          }
        }
      }
      log(`read ${report.eventsExported} events (${Math.round(report.eventsExported / Math.max(0.001, (Date.now() - started) / 1000))}/s)`);
    }
    for (const appender of appenders.values()) appender.closeSync();
    if (!days) report.newEvents = report.eventsExported;

    // A rewritten day whose events vanished from a table (cannot happen in an append-only log, but a state from
    // another database could) is removed rather than left stale.
    const writeDays = [...new Set([...(days ?? []), ...seenDays])].sort();
    for (const day of writeDays) {
      for (const t of EXPORT_TABLES) {
        const file = await writeDay(connection, t, outDir, day);
        if (file) {
          report.filesWritten.push(file.relative);
          report.bytesWritten += file.bytes;
        }
      }
    }
    report.daysWritten = writeDays;
    report.filesWritten.sort();
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  await saveState();
  return report;
}

/** Writes one day of one table (or removes its folder when the day has no rows); the file written, or null. */
async function writeDay(connection: DuckDBConnection, t: ExportTable<unknown>, outDir: string, day: string): Promise<{ relative: string; bytes: number } | null> {
  const dir = path.join(outDir, t.name, `date=${day}`);
  const count = await connection.runAndReadAll(`select count(*)::BIGINT from ${memoryTable(t)} where day = '${day}'`);
  if (Number(count.getRows()[0][0]) === 0) {
    await rm(dir, { recursive: true, force: true });
    return null;
  }
  await mkdir(dir, { recursive: true });
  const final = path.join(dir, 'part-0.parquet');
  const partial = path.join(dir, 'part-0.parquet.partial');
  const select = `select ${t.columns.map((c) => exportExpression(c.name, c.kind)).join(', ')} from ${memoryTable(t)} where day = '${day}' order by global_position${t.name === 'order_rows' ? ', row_index' : ''}`;
  await connection.run(`copy (${select}) to '${partial.replaceAll("'", "''")}' (format parquet, compression zstd)`);
  await rename(partial, final);
  // Other files a former layout left in the folder would be read as part of the day.
  for (const name of await readdir(dir)) if (name !== 'part-0.parquet') await rm(path.join(dir, name), { force: true });
  const bytes = (await stat(final)).size;
  return { relative: path.relative(outDir, final), bytes };
}
