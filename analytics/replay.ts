/**
 * Replaying an analysis (docs/architecture.md "Analyses: the replay tool"; `npm run analytics:replay`, bin/analytics-replay.ts):
 * blue/green through projections/read-model.ts rebuildReadModel. The analysis is projected from position 0 into
 * its side schema `rm_<name>__rebuild` (the live `rm_<name>` keeps serving and its runner keeps projecting), with its
 * own checkpoint per batch; a replay killed half-way resumes from that checkpoint when run again with the same
 * window and version; once caught up one transaction projects the last events and swaps the schema names (readers
 * never see a gap). A dry run replays into `rm_<name>__dry__rebuild`, reports and drops it.
 *
 * Every finished replay is recorded in `analytics_replays` (made here when missing): analysis, version, window,
 * events, seconds, content hash (projections/read-model.ts hashReadModel: the same rows give the same hash), dry
 * run or not, resumed or not; `npm run analytics:list` shows the last one.
 */
import { sql } from 'kysely';
import type { Database } from '../platform/db/database.js';
import { parseCheckpoint } from '../platform/event-store/postgres.js';
import { type EventStore, START } from '../platform/event-store/port.js';
import { hashReadModel, liveSchema, readCheckpoint, type RebuildProgress, rebuildReadModel } from '../projections/read-model.js';
import { type ReplayWindow, readWindow, sameWindow, WHOLE_HISTORY, writeWindow } from './analysis.js';
import type { RegisteredAnalysis } from './registry.js';

export interface ReplayOptions {
  window?: ReplayWindow;
  /** Replay beside the live schema, report, drop it; the live one is untouched. */
  dryRun?: boolean;
  /** Events per batch (default 2000). */
  batchSize?: number;
  /** At most this many events a second (pacing a replay on a busy database); default unpaced. */
  maxRate?: number;
  onProgress?: (progress: RebuildProgress) => void;
  log?: (line: string) => void;
}

export interface ReplayResult {
  /** Content hash of the replayed rows (md5 per table). */
  hash: string;
  /** Events applied by this run (a resumed run counts only its own). */
  events: number;
  resumed: boolean;
  seconds: number;
  /** Rows per table of the replayed analysis. */
  rows: Record<string, number>;
}

/** Creates the `analytics_replays` table when missing. */
export async function ensureReplayLog(db: Database): Promise<void> {
  await sql`
    create table if not exists analytics_replays (
      id bigint generated always as identity primary key,
      analysis text not null,
      version int not null,
      window_spec jsonb not null,
      dry_run boolean not null,
      resumed boolean not null,
      events bigint not null,
      seconds double precision not null,
      hash text not null,
      finished_at timestamptz not null default now()
    )`.execute(db);
}

const windowJson = (w: ReplayWindow) => ({ ...w, fromPosition: w.fromPosition?.toString() ?? null, toPosition: w.toPosition?.toString() ?? null });

/**
 * Replays `analysis` (see the module comment) and returns its content hash.
 * @throws Error when a window is asked of an analysis that replays only the whole history
 */
export async function replayAnalysis(db: Database, store: EventStore, analysis: RegisteredAnalysis, options: ReplayOptions = {}): Promise<ReplayResult> {
  const window = options.window ?? WHOLE_HISTORY;
  if (!analysis.windowed && !sameWindow(window, WHOLE_HISTORY)) throw new Error(`Analysis ${analysis.name} replays the whole history only (no --from/--to)`);
  const rm = analysis.readModel;
  await ensureReplayLog(db);
  const started = Date.now();
  let events = 0;
  let paceStart = Date.now();
  const target = options.dryRun ? `${liveSchema(rm)}__dry__rebuild` : undefined;
  const { schema, resumed } = await rebuildReadModel(db, store, rm, options.log, {
    target,
    resume: !options.dryRun,
    switchLive: !options.dryRun,
    batchSize: options.batchSize,
    canResume: analysis.windowed ? async (d, s) => sameWindow(await readWindow(d, s), window) : undefined,
    prepare: analysis.windowed ? (trx, s) => writeWindow(trx, s, window) : undefined,
    onProgress: async (p) => {
      if (events === 0) paceStart = Date.now();
      events = p.events;
      options.onProgress?.(p);
      if (options.maxRate) {
        const due = paceStart + (p.events / options.maxRate) * 1000;
        if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
      }
    },
  });
  const hash = await hashReadModel(db, rm, schema);
  const rows: Record<string, number> = {};
  for (const { table } of rm.hashTables) {
    const r = await sql<{ n: string }>`select count(*)::text as n from ${sql.id(schema, table)}`.execute(db);
    rows[table] = Number(r.rows[0]!.n);
  }
  if (options.dryRun) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
  const seconds = (Date.now() - started) / 1000;
  await sql`
    insert into analytics_replays (analysis, version, window_spec, dry_run, resumed, events, seconds, hash)
    values (${analysis.name}, ${rm.version}, ${JSON.stringify(windowJson(window))}::jsonb, ${!!options.dryRun}, ${resumed}, ${events}, ${seconds}, ${hash})`.execute(db);
  return { hash, events, resumed, seconds, rows };
}

/**
 * Events of `types` after `checkpoint` in the PostgreSQL event store (the replay's ETA, analytics:list's lag), or
 * null when the store is not PostgreSQL's (no `es_events` table).
 */
export async function countEventsAfter(db: Database, types: readonly string[], checkpoint: string): Promise<number | null> {
  try {
    const { transactionId, globalPosition } = parseCheckpoint(checkpoint === START ? START : checkpoint);
    const r = await sql<{ n: string }>`
      select count(*)::text as n from es_events
      where (transaction_id, global_position) > (${transactionId}::xid8, ${globalPosition}::bigint) and event_type = any(${[...types]}::text[])`.execute(db);
    return Number(r.rows[0]!.n);
  } catch {
    return null;
  }
}

/** One line of `analytics:list`. */
export interface AnalysisStatus {
  name: string;
  /** The code's version and the live schema's (null when not created yet). */
  version: number;
  liveVersion: number | null;
  /** `$all` position of the live checkpoint (null before the first event, or not PostgreSQL's store). */
  position: string | null;
  /** Events of its types after the live checkpoint (null when unknown). */
  lagEvents: number | null;
  /** Seconds since the live checkpoint last moved, when events are waiting (0 when caught up). */
  lagSeconds: number | null;
  /** When its last replay that switched finished, ISO-8601, and its hash. */
  lastReplay: { at: string; events: number; seconds: number; hash: string } | null;
  description: string;
}

/** The status of each analysis (analytics:list). */
export async function analysisStatuses(db: Database, analyses: readonly RegisteredAnalysis[]): Promise<AnalysisStatus[]> {
  await ensureReplayLog(db);
  const out: AnalysisStatus[] = [];
  for (const a of analyses) {
    const rm = a.readModel;
    const live = await readCheckpoint(db, liveSchema(rm));
    let position: string | null = null;
    let lagEvents: number | null = null;
    let lagSeconds: number | null = null;
    if (live) {
      try {
        position = live.checkpoint === START ? '0' : parseCheckpoint(live.checkpoint).globalPosition;
      } catch {
        position = null;
      }
      lagEvents = await countEventsAfter(db, rm.eventTypes, live.checkpoint);
      const updated = await sql<{ s: number }>`select extract(epoch from now() - updated_at)::float8 as s from ${sql.id(liveSchema(rm), 'checkpoint')}`.execute(db);
      lagSeconds = lagEvents ? Math.round(updated.rows[0]!.s) : 0;
    }
    const last = await sql<{ at: Date; events: string; seconds: number; hash: string }>`
      select finished_at as at, events::text, seconds, hash from analytics_replays
      where analysis = ${a.name} and not dry_run order by id desc limit 1`.execute(db);
    const l = last.rows[0];
    out.push({
      name: a.name,
      version: rm.version,
      liveVersion: live?.version ?? null,
      position,
      lagEvents,
      lagSeconds,
      lastReplay: l ? { at: l.at.toISOString(), events: Number(l.events), seconds: l.seconds, hash: l.hash } : null,
      description: a.description,
    });
  }
  return out;
}
