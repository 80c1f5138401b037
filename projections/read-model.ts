/**
 * The read-model contract and the projection runner (design brief "Read models").
 *
 * Each read model lives in its own PostgreSQL schema `rm_<name>` holding its tables and its `checkpoint` row.
 * A batch of events and the new checkpoint are written in one transaction, so a read model sees every event
 * exactly once. One runner per read model is active at a time (a lease row renewed through the pool); the others
 * wait as standbys. The runner is woken by LISTEN/NOTIFY through the event store and polls as the fallback; the runner
 * itself (lease, standby, restart) is shared with the process managers: platform/subscriptions/locked-subscription.ts.
 *
 * Rebuild (blue/green): the read model is projected from position 0 into `rm_<name>__rebuild` beside the live
 * schema; once caught up, one transaction locks the live checkpoint, projects the last events and swaps the schema
 * names. The live runner's next batch then continues from the rebuilt checkpoint.
 */
import { type ColumnType, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../platform/db/database.js';
import { type EventStore, type RecordedEvent, START } from '../platform/event-store/port.js';
import { type RunningSubscription, startLockedSubscription, storedCheckpointCovers } from '../platform/subscriptions/locked-subscription.js';

/** The checkpoint row every read model's schema holds (one row, id 1). */
export type CheckpointTable = {
  id: ColumnType<number, never, never>;
  version: number;
  /** `$all` checkpoint (text `xid:position`, zero-padded; START before the first event). */
  checkpoint: string;
  updated_at: ColumnType<Date, never, Date | string>;
};

/** Per stream, the position of the last event a read model applied (conventions 5); bigint as a decimal string. */
export type StreamPositionTable = { stream_id: string; position: ColumnType<string, string | bigint, string | bigint> };

/**
 * The tables every read model's schema has (`rm_<name>`): its checkpoint. Each read model adds its own in
 * projections/<name>/schema.ts (`CatalogTables`, `OrdersTables`, ...), and its writer and queries take a
 * `Kysely`/`Transaction` of those; the schema is named in the queries (`rm_<name>` or `rm_<name>__rebuild`).
 */
export type ReadModelTables = { checkpoint: CheckpointTable };

export interface ReadModel {
  /** Short name: the schema is `rm_<name>`. */
  name: string;
  /** Bump when the tables or the mapping change: a read model of another version is rebuilt on start. */
  version: number;
  /**
   * Names the read model had before (oldest first is not required). When `rm_<name>` is missing, ensureReadModel
   * renames the first existing `rm_<former>` schema to it, so a renamed read model keeps serving its rows; a
   * version change then rebuilds it blue/green as usual.
   */
  formerNames?: readonly string[];
  /** Event types the read model reads (the runner skips the others). */
  eventTypes: readonly string[];
  /** Creates the read model's tables inside `schema` (the schema itself exists already). */
  createTables(db: Kysely<ReadModelTables>, schema: string): Promise<void>;
  /** Creates secondary indexes; a rebuild runs it after the bulk of the events is projected. */
  createIndexes?(db: Kysely<ReadModelTables>, schema: string): Promise<void>;
  /** Applies a batch in `$all` order inside the runner's transaction. Must be idempotent by stream position. */
  applyBatch(trx: Transaction<ReadModelTables>, schema: string, events: RecordedEvent[]): Promise<void>;
  /** Tables (without schema) and the order of their rows, for the rebuild comparison hash. */
  hashTables: { table: string; orderBy: string }[];
}

export const liveSchema = (rm: ReadModel) => `rm_${rm.name}`;
const rebuildSchema = (rm: ReadModel) => `rm_${rm.name}__rebuild`;
const lockKey = (rm: ReadModel) => `projection:${rm.name}`;
const q = (identifier: string) => sql.id(identifier);

async function schemaExists(db: Kysely<ReadModelTables>, schema: string): Promise<boolean> {
  const r = await sql<{ n: number }>`select count(*)::int as n from information_schema.schemata where schema_name = ${schema}`.execute(db);
  return r.rows[0].n > 0;
}

async function createSchema(db: Database, rm: ReadModel, schema: string, { indexes = true } = {}): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`drop schema if exists ${q(schema)} cascade`.execute(trx);
    await sql`create schema ${q(schema)}`.execute(trx);
    await sql`create table ${q(schema)}.checkpoint (id int primary key default 1 check (id = 1), version int not null, checkpoint text not null, updated_at timestamptz not null default now())`.execute(trx);
    await sql`insert into ${q(schema)}.checkpoint (version, checkpoint) values (${rm.version}, ${START})`.execute(trx);
    await rm.createTables(trx, schema);
    if (indexes) await rm.createIndexes?.(trx, schema);
  });
}

/** Reads the checkpoint and version of a read model's schema (null when the schema does not exist). */
export async function readCheckpoint(db: Kysely<ReadModelTables>, schema: string): Promise<{ version: number; checkpoint: string } | null> {
  if (!(await schemaExists(db, schema))) return null;
  const r = await sql<{ version: number; checkpoint: string }>`select version, checkpoint from ${q(schema)}.checkpoint`.execute(db);
  return r.rows[0] ?? null;
}

/** Projects one batch and moves the checkpoint, in one transaction; the checkpoint row is locked first. */
async function applyAndCheckpoint(db: Database, rm: ReadModel, schema: string, events: RecordedEvent[], checkpoint: string, expected: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const r = await sql<{ checkpoint: string }>`select checkpoint from ${q(schema)}.checkpoint for update`.execute(trx);
    if (r.rows[0]?.checkpoint !== expected) throw new Error(`Read model ${rm.name}: checkpoint moved under the runner (another runner?)`);
    if (events.length) await rm.applyBatch(trx, schema, events);
    await sql`update ${q(schema)}.checkpoint set checkpoint = ${checkpoint}, updated_at = now()`.execute(trx);
  });
  if (events.length) await sql`select pg_notify('rm_changed', ${rm.name})`.execute(db);
}

/** Catches `schema` up to the head of `$all` in batches; returns the checkpoint reached. */
async function catchUp(
  db: Database,
  store: EventStore,
  rm: ReadModel,
  schema: string,
  onProgress?: (events: number, checkpoint: string) => void | Promise<void>,
  batchSize = 2000,
): Promise<string> {
  let current = (await readCheckpoint(db, schema))!.checkpoint;
  let total = 0;
  for (;;) {
    const page = await store.readAll({ after: current, maxCount: batchSize, eventTypes: rm.eventTypes });
    if (page.events.length || page.checkpoint !== current) {
      await applyAndCheckpoint(db, rm, schema, page.events, page.checkpoint, current);
      total += page.events.length;
      await onProgress?.(total, page.checkpoint);
      current = page.checkpoint;
    }
    if (page.caughtUp) return current;
  }
}

/**
 * Creates the read model when missing and rebuilds it when its version changed. Safe to call from every process:
 * creation races end with one schema.
 */
export async function ensureReadModel(db: Database, store: EventStore, rm: ReadModel, log: (line: string) => void = () => {}): Promise<void> {
  let live = await readCheckpoint(db, liveSchema(rm));
  if (!live && rm.formerNames?.length) live = await adoptFormerSchema(db, rm, log);
  if (live && live.version === rm.version) return;
  if (!live) {
    await withLock(db, `create:${rm.name}`, async () => {
      if (!(await readCheckpoint(db, liveSchema(rm)))) await createSchema(db, rm, liveSchema(rm));
    });
    return;
  }
  // A newer version is live (a rolling deploy): never rebuild backwards; this process's queries may lag.
  if (live.version > rm.version) {
    log(`read model ${rm.name}: version ${live.version} is live, newer than this process's ${rm.version}; not rebuilding`);
    return;
  }
  log(`read model ${rm.name}: version ${live.version} -> ${rm.version}, rebuilding`);
  await rebuildReadModel(db, store, rm, log, { onlyIfOlder: true });
}

/**
 * Renames the first existing `rm_<former>` schema of `rm.formerNames` to `rm_<name>` (a renamed read model keeps
 * its rows and checkpoint) and drops a left-over `rm_<former>__rebuild`. Returns the live checkpoint afterwards
 * (null when no former schema existed either).
 */
async function adoptFormerSchema(db: Database, rm: ReadModel, log: (line: string) => void): Promise<{ version: number; checkpoint: string } | null> {
  return withLock(db, `create:${rm.name}`, async () => {
    const live = liveSchema(rm);
    if (await schemaExists(db, live)) return readCheckpoint(db, live);
    for (const former of rm.formerNames ?? []) {
      if (!(await schemaExists(db, `rm_${former}`))) continue;
      await db.transaction().execute(async (trx) => {
        await sql`drop schema if exists ${q(`rm_${former}__rebuild`)} cascade`.execute(trx);
        await sql`alter schema ${q(`rm_${former}`)} rename to ${q(live)}`.execute(trx);
      });
      log(`read model ${rm.name}: renamed schema rm_${former} to ${live}`);
      return readCheckpoint(db, live);
    }
    return null;
  });
}

async function withLock<T>(db: Database, key: string, fn: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(hashtext(${key}))`.execute(conn);
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(conn);
    }
  });
}

/** Progress of a rebuild: events applied so far (this run) and the checkpoint reached. */
export interface RebuildProgress {
  events: number;
  checkpoint: string;
}

/** Options of `rebuildReadModel`. */
export interface RebuildOptions {
  /** Rebuild only when the live version is older than the code's (the start-up path). */
  onlyIfOlder?: boolean;
  /**
   * Continue a side schema a killed rebuild left behind (same version, and `canResume` agrees) from its own
   * checkpoint instead of starting over from position 0.
   */
  resume?: boolean;
  /** Whether an existing side schema may be resumed (beside the version check), e.g. it replays the same window. */
  canResume?: (db: Database, schema: string) => Promise<boolean>;
  /** Runs in the transaction that creates a fresh side schema (e.g. to store a replay window there). */
  prepare?: (trx: Transaction<ReadModelTables>, schema: string) => Promise<void>;
  /** The side schema (default `rm_<name>__rebuild`; names must end with `__rebuild` so writers send no live hints). */
  target?: string;
  /** false: stop once the side schema is caught up and leave it there, live untouched (a dry run). Default true. */
  switchLive?: boolean;
  /** Called after each batch of the catch-up (and awaited: a caller may pace a replay). */
  onProgress?: (progress: RebuildProgress) => void | Promise<void>;
  /** Events per batch of the catch-up (default 2000). */
  batchSize?: number;
}

/**
 * Rebuilds a read model from position 0 beside the live one and switches to it when caught up.
 * The live read model keeps serving reads (and its runner keeps projecting) until the switch, which is one
 * transaction: readers see the old rows or the new ones, never a gap. Returns the side schema (renamed to the live
 * name unless `switchLive` is false) and whether a left-over side schema was resumed.
 */
export async function rebuildReadModel(
  db: Database,
  store: EventStore,
  rm: ReadModel,
  log: (line: string) => void = () => {},
  options: RebuildOptions = {},
): Promise<{ schema: string; resumed: boolean }> {
  return withLock(db, `rebuild:${rm.name}`, async () => {
    // Another process may have rebuilt while this one waited for the lock.
    const live = await readCheckpoint(db, liveSchema(rm));
    const target = options.target ?? rebuildSchema(rm);
    if (options.onlyIfOlder && live && live.version >= rm.version) return { schema: liveSchema(rm), resumed: false };
    const left = options.resume ? await readCheckpoint(db, target) : null;
    const resumed = !!left && left.version === rm.version && (await (options.canResume?.(db, target) ?? Promise.resolve(true)));
    if (resumed) log(`rebuild ${rm.name}: resuming ${target} from its checkpoint`);
    else {
      await createSchema(db, rm, target, { indexes: false });
      if (options.prepare) await db.transaction().execute((trx) => options.prepare!(trx, target));
    }
    const started = Date.now();
    let lastLog = 0;
    await catchUp(
      db,
      store,
      rm,
      target,
      async (n, checkpoint) => {
        if (Date.now() - lastLog > 2000) {
          lastLog = Date.now();
          log(`rebuild ${rm.name}: ${n} events`);
        }
        await options.onProgress?.({ events: n, checkpoint });
      },
      options.batchSize,
    );
    if (options.switchLive === false) {
      await rm.createIndexes?.(db, target);
      return { schema: target, resumed };
    }
    // A crash after the indexes were made leaves them behind: a resumed rebuild makes them once.
    if (!resumed || !(await hasIndexes(db, target))) await rm.createIndexes?.(db, target);
    // Switch: hold the live checkpoint so the live runner pauses, project what arrived meanwhile, swap names.
    await db.transaction().execute(async (trx) => {
      const live = liveSchema(rm);
      if (await schemaExists(trx, live)) await sql`lock table ${q(live)}.checkpoint in access exclusive mode`.execute(trx);
      let current = (await readCheckpoint(trx, target))!.checkpoint;
      for (;;) {
        const page = await store.readAll({ after: current, maxCount: 2000, eventTypes: rm.eventTypes });
        if (page.events.length) await rm.applyBatch(trx, target, page.events);
        current = page.checkpoint;
        if (page.caughtUp) break;
      }
      await sql`update ${q(target)}.checkpoint set checkpoint = ${current}, updated_at = now()`.execute(trx);
      if (await schemaExists(trx, live)) await sql`drop schema ${q(live)} cascade`.execute(trx);
      await sql`alter schema ${q(target)} rename to ${q(live)}`.execute(trx);
    });
    await sql`select pg_notify('rm_changed', ${rm.name})`.execute(db);
    // Fresh planner statistics for the new tables (a rebuild loads them in bulk).
    for (const { table } of rm.hashTables) await sql`analyze ${q(liveSchema(rm))}.${q(table)}`.execute(db);
    log(`rebuild ${rm.name}: switched after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { schema: liveSchema(rm), resumed };
  });
}

/** Whether `schema` holds any index beyond its primary keys (createIndexes ran). */
async function hasIndexes(db: Database, schema: string): Promise<boolean> {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from pg_indexes i
    where i.schemaname = ${schema} and not exists (
      select 1 from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where n.nspname = ${schema} and c.conname = i.indexname)`.execute(db);
  return r.rows[0].n > 0;
}

/**
 * A hash (md5 hex) of every row of the read model's tables in `schema`, ordered by `hashTables`. Two schemas with
 * the same rows have the same hash.
 */
export async function hashReadModel(db: Kysely<ReadModelTables>, rm: ReadModel, schema = liveSchema(rm)): Promise<string> {
  const parts: string[] = [];
  for (const { table, orderBy } of rm.hashTables) {
    const r = await sql<{ h: string | null }>`
      select md5(string_agg(t::text, '|' order by ${sql.raw(orderBy)})) as h from ${q(schema)}.${q(table)} t`.execute(db);
    parts.push(`${table}:${r.rows[0].h ?? 'empty'}`);
  }
  return parts.join(',');
}

/**
 * Whether read model `rm` has applied every event of its types up to `checkpoint` (a `$all` checkpoint, e.g. an
 * append's `lastCheckpoint`): for a wait on the stored checkpoint from another process (the api's "read your writes").
 * A runner stores a move past events of other types at most once a second (platform/subscriptions/locked-subscription.ts),
 * so a stored checkpoint behind `checkpoint` still counts when no event of the read model's types lies between
 * them. False while the schema is missing or `checkpoint` is not readable yet. @throws the pg error of a read.
 */
export async function readModelApplied(db: Database, store: EventStore, rm: ReadModel, checkpoint: string): Promise<boolean> {
  const stored = await readCheckpoint(db, liveSchema(rm));
  if (!stored) return false;
  return storedCheckpointCovers(store, rm.eventTypes, stored.checkpoint, checkpoint);
}

/**
 * Waits until each of `readModels` has applied every event of its types up to `checkpoint` (`readModelApplied`), at
 * most `waitMs` milliseconds in all, reading the stored checkpoint once per poll (every 15 ms): an api's "read your
 * writes" after a command, so the answer shows what it saved. Returns at once for '' (nothing appended) and skips a
 * read model whose schema is missing (no projector runs it here: nothing to wait for). After `waitMs` it returns
 * anyway; the caller answers with what the read model holds. @throws the pg error of a read.
 */
export async function waitForReadModels(db: Database, store: EventStore, readModels: readonly ReadModel[], checkpoint: string, waitMs: number): Promise<void> {
  if (!checkpoint) return;
  const until = Date.now() + waitMs;
  for (const rm of readModels) {
    while (Date.now() < until) {
      const stored = await readCheckpoint(db, liveSchema(rm));
      if (!stored || (await storedCheckpointCovers(store, rm.eventTypes, stored.checkpoint, checkpoint))) break;
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  }
}

export type RunningProjector = RunningSubscription;

/**
 * Runs a read model's projector until stopped, on the shared subscription runner
 * (platform/subscriptions/locked-subscription.ts) and the process's pool `db`: waits for the lease
 * `projection:<name>` (standby), then follows `$all` from the stored checkpoint, writing each batch and its
 * checkpoint in one transaction (exactly once). On an error (for example the schema switched by a rebuild) it
 * restarts from the stored checkpoint after `retryMs`. `leaseMs`: how long a dead runner's lease blocks a standby
 * (default DEFAULT_LEASE_MS, 10 s).
 */
export function runProjector(
  db: Database,
  store: EventStore,
  rm: ReadModel,
  options: { log?: (line: string) => void; retryMs?: number; leaseMs?: number; batchSize?: number } = {},
): RunningProjector {
  const log = options.log ?? (() => {});
  return startLockedSubscription({
    name: `projector ${rm.name}`,
    lockKey: lockKey(rm),
    db,
    store,
    eventTypes: rm.eventTypes,
    batchSize: options.batchSize ?? 1000,
    retryMs: options.retryMs,
    leaseMs: options.leaseMs,
    log,
    start: async () => {
      await ensureReadModel(db, store, rm, log);
      return (await readCheckpoint(db, liveSchema(rm)))!.checkpoint;
    },
    handleBatch: (events, checkpoint, expected) => applyAndCheckpoint(db, rm, liveSchema(rm), events, checkpoint, expected),
    readStoredCheckpoint: async () => (await readCheckpoint(db, liveSchema(rm)))?.checkpoint ?? null,
  });
}

/**
 * Idempotency by stream position (conventions 5): a read model keeps, per stream, the position of the last event
 * it applied, in a table `(stream_id text primary key, position bigint)` of its schema; an event at or below that
 * position was applied already. Loads the positions of `streamIds` (a missing stream is 0).
 */
export async function loadStreamPositions(trx: Transaction<ReadModelTables>, schema: string, table: string, streamIds: string[]): Promise<Map<string, bigint>> {
  const r = await sql<{ stream_id: string; position: string }>`
    select stream_id, position::text from ${sql.id(schema, table)} where stream_id = any(${streamIds}::text[])`.execute(trx);
  return new Map(r.rows.map((x) => [x.stream_id, BigInt(x.position)]));
}

/**
 * Applies, one by one and in order, each event of the batch that is new to the read model (past the position the
 * `table` of `schema` remembers for its stream), then saves the advanced positions: the whole applyBatch of a read
 * model whose events are written one row at a time.
 */
export async function applyNewEvents(
  trx: Transaction<ReadModelTables>,
  schema: string,
  table: string,
  events: RecordedEvent[],
  apply: (event: RecordedEvent) => Promise<void>,
): Promise<void> {
  const applied = await loadStreamPositions(trx, schema, table, [...new Set(events.map((e) => e.streamId))]);
  for (const event of events) {
    if (event.streamPosition <= (applied.get(event.streamId) ?? 0n)) continue;
    applied.set(event.streamId, event.streamPosition);
    await apply(event);
  }
  await saveStreamPositions(trx, schema, table, applied);
}

/** Stores the positions `loadStreamPositions` read and the batch advanced (one upsert). */
export async function saveStreamPositions(trx: Transaction<ReadModelTables>, schema: string, table: string, positions: Map<string, bigint>): Promise<void> {
  if (positions.size === 0) return;
  const rows = [...positions.entries()].map(([stream_id, position]) => ({ stream_id, position: position.toString() }));
  await sql`
    insert into ${sql.id(schema, table)} (stream_id, position)
    select stream_id, position from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(stream_id text, position bigint)
    on conflict (stream_id) do update set position = excluded.position`.execute(trx);
}
