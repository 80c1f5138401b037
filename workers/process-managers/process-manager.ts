/**
 * The one process-manager definition (conventions 17: one process-manager definition serves every process manager;
 * design brief "Side effects"). A process manager is a `ProcessManagerDefinition`: a name, the event types it
 * reads, a pure `decide(event) -> jobs` and the jobs' BullMQ options, declared in its own file
 * (order-mail.ts, invoice-mail.ts, ...) and listed once in PROCESS_MANAGERS (process-managers.ts). This module
 * runs any definition: it follows `$all` for its event types on the shared subscription runner
 * (platform/subscriptions/locked-subscription.ts: one active runner per process manager through a lease row, the
 * others stand by), enqueues each batch's jobs with job ids derived from the causing events, and then moves its
 * checkpoint in its own schema `pm_<name>` (table `checkpoint`, one row).
 *
 * At least once, exactly one job per event: a crash between the enqueue and the checkpoint re-reads the batch and
 * enqueues the same job ids again, which BullMQ ignores while the job exists; processors stay idempotent for what
 * is older than the queue's retention (e.g. the mail outbox). A process manager is not a read model: a read-model
 * rebuild never runs it, so a rebuild fires no side effect.
 */
import type { JobsOptions, Queue } from 'bullmq';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { type EventStore, type RecordedEvent, START } from '../../platform/event-store/port.js';
import { type RunningSubscription, startLockedSubscription } from '../../platform/subscriptions/locked-subscription.js';

/** A job a process manager decided: BullMQ job name, id (from the causing event id; no ':') and data. */
export interface DecidedJob<TName extends string = string, TData = unknown> {
  name: TName;
  jobId: string;
  data: TData;
}

/** The stored checkpoint of one process manager: schema `pm_<name>`, table `checkpoint`, one row. */
export interface ProcessManagerCheckpoint {
  /** `pm_<name>` */
  schema: string;
  /** Creates the schema, table and row when missing (idempotent; serialised by a transaction-level advisory lock). */
  ensure(): Promise<void>;
  /** The stored checkpoint (START when the process manager never ran). */
  read(): Promise<string>;
  /** Moves the checkpoint back (a replay); run it only while no runner is active. */
  reset(checkpoint?: string): Promise<void>;
  /**
   * Moves the checkpoint from `expected` to `next` in one transaction, the row locked first.
   * @throws Error when the stored checkpoint is not `expected` (reset meanwhile, or another runner)
   */
  move(expected: string, next: string): Promise<void>;
}

/** @param name lower-case letters, digits and `_` (e.g. `order_mail`): the schema is `pm_<name>` */
export function processManagerCheckpoint(db: Database, name: string): ProcessManagerCheckpoint {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`process manager name must be [a-z0-9_]+, got "${name}"`);
  const schema = `pm_${name}`;
  const table = sql.id(schema, 'checkpoint');
  // One transaction with a transaction-level advisory lock: concurrent first starts create the schema once, and no
  // session state is needed (a transaction-pooling PgBouncer keeps it working).
  const ensure = async () => {
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`shop:${schema}-migrate`}))`.execute(trx);
      await sql`create schema if not exists ${sql.id(schema)}`.execute(trx);
      await sql`create table if not exists ${table} (id int primary key default 1 check (id = 1), checkpoint text not null, updated_at timestamptz not null default now())`.execute(trx);
      await sql`insert into ${table} (checkpoint) values (${START}) on conflict (id) do nothing`.execute(trx);
    });
  };
  return {
    schema,
    ensure,
    read: async () => {
      await ensure();
      const r = await sql<{ checkpoint: string }>`select checkpoint from ${table}`.execute(db);
      return r.rows[0]?.checkpoint ?? START;
    },
    reset: async (checkpoint = START) => {
      await ensure();
      await sql`update ${table} set checkpoint = ${checkpoint}, updated_at = now()`.execute(db);
    },
    move: async (expected, next) => {
      await db.transaction().execute(async (trx) => {
        const r = await sql<{ checkpoint: string }>`select checkpoint from ${table} for update`.execute(trx);
        if (r.rows[0]?.checkpoint !== expected) throw new Error(`${schema}: checkpoint moved under the runner (reset or another runner?)`);
        await sql`update ${table} set checkpoint = ${next}, updated_at = now()`.execute(trx);
      });
    },
  };
}

/**
 * What a process manager is (conventions 9: the decision lives in the process manager, the processor performs).
 * `TJob` is the union of the jobs it decides.
 */
export interface ProcessManagerDefinition<TJob extends DecidedJob = DecidedJob> {
  /** [a-z0-9_]+: the checkpoint schema `pm_<name>`. */
  name: string;
  /** Log name, e.g. `order-mail`. */
  label: string;
  /** Lease name; default `pm:<name>`. */
  lockKey?: string;
  /** The event types it reads (the runner skips the others). */
  eventTypes: readonly string[];
  /** The pure decision: an event -> the jobs it causes (none for events it does not care about). */
  decide(event: RecordedEvent): TJob[];
  /** BullMQ options of every job (attempts, backoff, retention); the job id is the decided one. */
  jobOptions: JobsOptions;
}

/** What running a process manager needs: the process's pool, store and the queue its jobs go to. */
export interface ProcessManagerDeps {
  db: Database;
  store: EventStore;
  /** The queue the jobs go to (the worker role's `shop` queue). */
  queue: Pick<Queue, 'addBulk'>;
  log?: (line: string) => void;
  /** Wait between lease attempts and after an error, in milliseconds (default 2000). */
  retryMs?: number;
  /** Lease time in milliseconds: how long a dead runner blocks a standby (default 10 s). */
  leaseMs?: number;
  /** Events per batch (default 500). */
  batchSize?: number;
  /** Poll interval of the `$all` subscription in milliseconds (default 500; NOTIFY wakes it earlier). */
  pollIntervalMs?: number;
}

/** A running process manager; `caughtUp()` resolves when every event committed before the call has its jobs in Redis. */
export type RunningProcessManager = RunningSubscription;

/** The checkpoint of a defined process manager (schema `pm_<name>`). */
export const checkpointOf = (db: Database, definition: Pick<ProcessManagerDefinition, 'name'>): ProcessManagerCheckpoint => processManagerCheckpoint(db, definition.name);

/**
 * Starts a process manager: waits for its lease (standby), then follows `$all` from its checkpoint, enqueues the
 * decided jobs of each batch and moves the checkpoint (guarded: it must still hold the value this runner read, else
 * the runner restarts from the stored one). Errors (Redis or PostgreSQL down) restart it after `retryMs`.
 */
export function startProcessManager<TJob extends DecidedJob>(definition: ProcessManagerDefinition<TJob>, deps: ProcessManagerDeps): RunningProcessManager {
  const checkpoint = checkpointOf(deps.db, definition);
  const log = deps.log ?? (() => {});
  return startLockedSubscription({
    name: `${definition.label} process manager`,
    lockKey: definition.lockKey ?? `pm:${definition.name}`,
    db: deps.db,
    store: deps.store,
    eventTypes: definition.eventTypes,
    batchSize: deps.batchSize ?? 500,
    pollIntervalMs: deps.pollIntervalMs,
    retryMs: deps.retryMs,
    leaseMs: deps.leaseMs,
    log,
    start: () => checkpoint.read(),
    handleBatch: async (events, next, expected) => {
      const jobs = events.flatMap((e) => definition.decide(e));
      if (jobs.length) await deps.queue.addBulk(jobs.map((j) => ({ name: j.name, data: j.data, opts: { ...definition.jobOptions, jobId: j.jobId } })));
      await checkpoint.move(expected, next);
      if (jobs.length) log(`${definition.label}: enqueued ${jobs.length} job(s)`);
    },
    readStoredCheckpoint: () => checkpoint.read(),
  });
}
