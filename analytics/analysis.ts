/**
 * An analysis (docs/architecture.md "Analyses: the replay tool"): a folder `analytics/<name>/` with a pure mapping from events to rows,
 * its table schema and a docstring saying what it measures and from which events. This module turns such a
 * definition into a read model of the shop's projection mechanism (projections/read-model.ts), so an analysis runs
 * live in the projector role like every read model (exactly once, lag of a batch), and is replayed blue/green
 * beside the live schema by `npm run analytics:replay` (bin/analytics-replay.ts, rebuildReadModel): one mechanism,
 * not a second copy.
 *
 * Shape of an analysis:
 * - counter tables (`CounterTable`): key columns (`date` or `text`) and bigint counters; the mapping answers
 *   increments (`RowDelta`, negative to take back), which the writer adds with one upsert per table and batch, so
 *   any window of history sums the same however it is cut in batches;
 * - a state per key (`stateKey(event)`, e.g. the order id or the shopper session): the little the mapping must
 *   remember between events (which search led to a product), as jsonb in the `state` table;
 * - a replay window (`replay_window`, one row): the events of `[from, to)` (by metadata time or `$all` position) are
 *   applied, the others skipped; the live runner keeps honouring it after the switch (a window replay stays a window).
 *
 * Schema `rm_analysis_<name>` (hyphens as underscores), tables: the counter tables, `state(key, value)`,
 * `streams(stream_id, position)` (idempotency by stream position, conventions 5), `replay_window`, `checkpoint`.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { RecordedEvent } from '../platform/event-store/port.js';
import { loadStreamPositions, type ReadModel, type ReadModelTables, saveStreamPositions } from '../projections/read-model.js';

/** One counter table of an analysis: its key columns and its counters (bigint, summed). */
export interface CounterTable {
  name: string;
  keys: readonly { name: string; type: 'date' | 'text' }[];
  counters: readonly string[];
}

/** An increment of one row: `key` names every key column ('yyyy-mm-dd' for a date), `add` some counters. */
export interface RowDelta {
  table: string;
  key: Record<string, string>;
  add: Record<string, number>;
}

/** What the mapping answers for one event: the new state of its key (null: forget it; absent: unchanged) and rows. */
export interface MappingResult<S> {
  state?: S | null;
  rows?: RowDelta[];
}

/** A pure analysis definition (see the module comment). */
export interface AnalysisDefinition<S = unknown> {
  /** Name on the command line and in the folder, e.g. `search-conversion`. */
  name: string;
  /** Bump when the tables or the mapping change: the live schema of an older version is replayed on start. */
  version: number;
  /** One sentence: what it measures and from which events (analytics:list prints it). */
  description: string;
  /** Event types it reads (the runner skips the others). */
  eventTypes: readonly string[];
  tables: readonly CounterTable[];
  /** The state the event reads and writes, or null when it needs none. */
  stateKey(event: RecordedEvent): string | null;
  /** Pure: the event and the state of its key (undefined when none) to rows and the new state. */
  map(event: RecordedEvent, state: S | undefined): MappingResult<S>;
}

/** A replay window: `[fromTime, toTime)` of the metadata time (ISO-8601) and `[fromPosition, toPosition)` of `$all`. */
export interface ReplayWindow {
  fromTime: string | null;
  toTime: string | null;
  fromPosition: bigint | null;
  toPosition: bigint | null;
}

export const WHOLE_HISTORY: ReplayWindow = { fromTime: null, toTime: null, fromPosition: null, toPosition: null };

/** Whether `event` lies inside `window`. */
export function inWindow(event: RecordedEvent, window: ReplayWindow): boolean {
  const t = Date.parse(event.metadata.time);
  if (window.fromTime !== null && t < Date.parse(window.fromTime)) return false;
  if (window.toTime !== null && t >= Date.parse(window.toTime)) return false;
  if (window.fromPosition !== null && event.globalPosition < window.fromPosition) return false;
  if (window.toPosition !== null && event.globalPosition >= window.toPosition) return false;
  return true;
}

/** The summed increments of a batch: per table, per key (JSON of the key values in key-column order). */
export type Totals = Map<string, Map<string, { key: Record<string, string>; add: Record<string, number> }>>;

/**
 * The pure core shared by the writer and the unit tests: folds `events` (already new and inside the window) through
 * the mapping, reading and updating `states` (null: forgotten), and sums the row increments into `totals`.
 */
export function foldEvents<S>(def: AnalysisDefinition<S>, events: readonly RecordedEvent[], states: Map<string, S | null>, totals: Totals = new Map()): Totals {
  const keyOrder = new Map(def.tables.map((t) => [t.name, t.keys.map((k) => k.name)]));
  for (const event of events) {
    const k = def.stateKey(event);
    const result = def.map(event, k === null ? undefined : (states.get(k) ?? undefined));
    if (k !== null && result.state !== undefined) states.set(k, result.state);
    for (const row of result.rows ?? []) {
      const columns = keyOrder.get(row.table);
      if (!columns) throw new Error(`Analysis ${def.name}: unknown table ${row.table}`);
      const id = JSON.stringify(columns.map((c) => row.key[c]));
      const table = totals.get(row.table) ?? new Map();
      totals.set(row.table, table);
      const entry = table.get(id) ?? { key: row.key, add: {} };
      for (const [counter, n] of Object.entries(row.add)) entry.add[counter] = (entry.add[counter] ?? 0) + n;
      table.set(id, entry);
    }
  }
  return totals;
}

/**
 * The rows an analysis makes of `events` from nothing, in memory (unit tests: given events, then rows): per table,
 * rows with their key columns and every counter (0 when never incremented), sorted by key; rows whose counters are
 * all 0 are left out.
 */
export function runInMemory<S>(def: AnalysisDefinition<S>, events: readonly RecordedEvent[]): Record<string, Record<string, string | number>[]> {
  const totals = foldEvents(def, events, new Map());
  const out: Record<string, Record<string, string | number>[]> = {};
  for (const table of def.tables) {
    const rows = [...(totals.get(table.name)?.entries() ?? [])]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, { key, add }]) => ({ ...key, ...Object.fromEntries(table.counters.map((c) => [c, add[c] ?? 0])) }))
      .filter((row) => table.counters.some((c) => row[c] !== 0));
    out[table.name] = rows;
  }
  return out;
}

/** The schema name part of an analysis (`search-conversion` -> `analysis_search_conversion`). */
export const analysisReadModelName = (name: string) => `analysis_${name.replace(/-/g, '_')}`;

const q = (identifier: string) => sql.id(identifier);

/** Reads the replay window stored in `schema`. */
export async function readWindow(db: Kysely<ReadModelTables>, schema: string): Promise<ReplayWindow> {
  const r = await sql<{ from_time: Date | null; to_time: Date | null; from_position: string | null; to_position: string | null }>`
    select from_time, to_time, from_position::text, to_position::text from ${sql.id(schema, 'replay_window')}`.execute(db);
  const w = r.rows[0];
  if (!w) return WHOLE_HISTORY;
  return {
    fromTime: w.from_time ? w.from_time.toISOString() : null,
    toTime: w.to_time ? w.to_time.toISOString() : null,
    fromPosition: w.from_position === null ? null : BigInt(w.from_position),
    toPosition: w.to_position === null ? null : BigInt(w.to_position),
  };
}

/** Stores `window` in `schema` (a replay's side schema, before its first event). */
export async function writeWindow(db: Kysely<ReadModelTables>, schema: string, window: ReplayWindow): Promise<void> {
  await sql`delete from ${sql.id(schema, 'replay_window')}`.execute(db);
  await sql`
    insert into ${sql.id(schema, 'replay_window')} (id, from_time, to_time, from_position, to_position)
    values (1, ${window.fromTime}, ${window.toTime}, ${window.fromPosition?.toString() ?? null}, ${window.toPosition?.toString() ?? null})`.execute(db);
}

/** Whether two windows are the same (a killed replay resumes only into the same window). */
export const sameWindow = (a: ReplayWindow, b: ReplayWindow) =>
  (a.fromTime === null ? null : Date.parse(a.fromTime)) === (b.fromTime === null ? null : Date.parse(b.fromTime)) &&
  (a.toTime === null ? null : Date.parse(a.toTime)) === (b.toTime === null ? null : Date.parse(b.toTime)) &&
  a.fromPosition === b.fromPosition &&
  a.toPosition === b.toPosition;

/** The analysis as a read model of projections/read-model.ts (schema `rm_analysis_<name>`). */
export function analysisReadModel<S>(def: AnalysisDefinition<S>): ReadModel {
  async function createTables(db: Kysely<ReadModelTables>, schema: string): Promise<void> {
    for (const table of def.tables) {
      const columns = [
        ...table.keys.map((k) => sql`${q(k.name)} ${sql.raw(k.type)} not null`),
        ...table.counters.map((c) => sql`${q(c)} bigint not null default 0`),
      ];
      await sql`create table ${sql.id(schema, table.name)} (${sql.join(columns)}, primary key (${sql.join(table.keys.map((k) => q(k.name)))}))`.execute(db);
    }
    await sql`create table ${sql.id(schema, 'state')} (key text primary key, value jsonb not null)`.execute(db);
    await sql`create table ${sql.id(schema, 'streams')} (stream_id text primary key, position bigint not null)`.execute(db);
    await sql`
      create table ${sql.id(schema, 'replay_window')} (
        id int primary key default 1 check (id = 1),
        from_time timestamptz, to_time timestamptz, from_position bigint, to_position bigint
      )`.execute(db);
  }

  async function applyBatch(trx: Transaction<ReadModelTables>, schema: string, events: RecordedEvent[]): Promise<void> {
    const window = await readWindow(trx, schema);
    const applied = await loadStreamPositions(trx, schema, 'streams', [...new Set(events.map((e) => e.streamId))]);
    const fresh: RecordedEvent[] = [];
    for (const event of events) {
      if (event.streamPosition <= (applied.get(event.streamId) ?? 0n)) continue;
      applied.set(event.streamId, event.streamPosition);
      if (inWindow(event, window)) fresh.push(event);
    }
    const keys = [...new Set(fresh.map((e) => def.stateKey(e)).filter((k): k is string => k !== null))];
    const states = new Map<string, S | null>();
    if (keys.length) {
      const r = await sql<{ key: string; value: S }>`select key, value from ${sql.id(schema, 'state')} where key = any(${keys}::text[])`.execute(trx);
      for (const row of r.rows) states.set(row.key, row.value);
    }
    const loaded = new Map(states);
    const totals = foldEvents(def, fresh, states);
    for (const table of def.tables) {
      const rows = [...(totals.get(table.name)?.values() ?? [])].map(({ key, add }) => ({ ...key, ...Object.fromEntries(table.counters.map((c) => [c, add[c] ?? 0])) }));
      if (!rows.length) continue;
      const columns = [...table.keys.map((k) => k.name), ...table.counters];
      const types = [...table.keys.map((k) => `${k.name} ${k.type}`), ...table.counters.map((c) => `${c} bigint`)];
      await sql`
        insert into ${sql.id(schema, table.name)} as t (${sql.join(columns.map(q))})
        select ${sql.join(columns.map(q))} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${sql.raw(types.map((t) => t.replace(/^(\w+)/, '"$1"')).join(', '))})
        on conflict (${sql.join(table.keys.map((k) => q(k.name)))}) do update set
          ${sql.join(table.counters.map((c) => sql`${q(c)} = t.${q(c)} + excluded.${q(c)}`))}`.execute(trx);
    }
    const changed = [...states.entries()].filter(([k, v]) => loaded.get(k) !== v);
    const kept = changed.filter(([, v]) => v !== null).map(([key, value]) => ({ key, value }));
    const forgotten = changed.filter(([, v]) => v === null).map(([k]) => k);
    if (kept.length) {
      await sql`
        insert into ${sql.id(schema, 'state')} (key, value)
        select key, value from jsonb_to_recordset(${JSON.stringify(kept)}::jsonb) as x(key text, value jsonb)
        on conflict (key) do update set value = excluded.value`.execute(trx);
    }
    if (forgotten.length) await sql`delete from ${sql.id(schema, 'state')} where key = any(${forgotten}::text[])`.execute(trx);
    await saveStreamPositions(trx, schema, 'streams', applied);
  }

  return {
    name: analysisReadModelName(def.name),
    version: def.version,
    eventTypes: def.eventTypes,
    createTables,
    applyBatch,
    hashTables: [
      ...def.tables.map((t) => ({ table: t.name, orderBy: t.keys.map((k) => `t.${k.name}`).join(', ') })),
      { table: 'state', orderBy: 't.key' },
    ],
  };
}
