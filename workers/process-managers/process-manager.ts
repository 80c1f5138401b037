/**
 * Process managers on the shared runner (design brief "Side effects": the order mail, the back-in-stock
 * mail and the invoice mail). A process manager is a pure `decide(event) -> jobs` plus this runner: it follows `$all`
 * for its event types on the locked subscription runner (platform/subscriptions/locked-subscription.ts: one active
 * runner per process manager, the others stand by), enqueues each batch's jobs with job ids derived from the
 * causing events, and then moves its checkpoint in its own schema `pm_<name>` (table `checkpoint`, one row).
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
  /** Creates the schema, table and row when missing (idempotent; serialised by an advisory lock). */
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
  const ensure = async () => {
    await db.connection().execute(async (conn) => {
      const lock = `shop:${schema}-migrate`;
      await sql`select pg_advisory_lock(hashtext(${lock}))`.execute(conn);
      try {
        await sql`create schema if not exists ${sql.id(schema)}`.execute(conn);
        await sql`create table if not exists ${table} (id int primary key default 1 check (id = 1), checkpoint text not null, updated_at timestamptz not null default now())`.execute(conn);
        await sql`insert into ${table} (checkpoint) values (${START}) on conflict (id) do nothing`.execute(conn);
      } finally {
        await sql`select pg_advisory_unlock(hashtext(${lock}))`.execute(conn);
      }
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

export interface ProcessManagerOptions<TJob extends DecidedJob> {
  /** [a-z0-9_]+: the checkpoint schema `pm_<name>` and the advisory lock `pm:<name>`. */
  name: string;
  /** Log name, e.g. `order-mail`. */
  label: string;
  /** Advisory lock key; default `pm:<name>`. */
  lockKey?: string;
  db: Database;
  store: EventStore;
  /** The queue the jobs go to (the worker role's `shop` queue). */
  queue: Pick<Queue, 'addBulk'>;
  /** postgres:// URL for the advisory-lock connection. */
  connectionString: string;
  eventTypes: readonly string[];
  /** The pure decision: an event -> the jobs it causes (none for events it does not care about). */
  decide(event: RecordedEvent): TJob[];
  /** BullMQ options of every job (attempts, backoff, retention); the job id is the decided one. */
  jobOptions: JobsOptions;
  log?: (line: string) => void;
  /** Wait between lock attempts and after an error, in milliseconds (default 2000). */
  retryMs?: number;
  /** Events per batch (default 500). */
  batchSize?: number;
  /** Poll interval of the `$all` subscription in milliseconds (default 500; NOTIFY wakes it earlier). */
  pollIntervalMs?: number;
}

/**
 * Starts a process manager: waits for its advisory lock (standby), then follows `$all` from its checkpoint, enqueues
 * the decided jobs of each batch and moves the checkpoint (guarded: it must still hold the value this runner read,
 * else the runner restarts from the stored one). Errors (Redis or PostgreSQL down) restart it after `retryMs`.
 */
export function startProcessManager<TJob extends DecidedJob>(options: ProcessManagerOptions<TJob>): RunningSubscription {
  const checkpoint = processManagerCheckpoint(options.db, options.name);
  const log = options.log ?? (() => {});
  return startLockedSubscription({
    name: `${options.label} process manager`,
    lockKey: options.lockKey ?? `pm:${options.name}`,
    connectionString: options.connectionString,
    applicationName: `pm-${options.label}`,
    store: options.store,
    eventTypes: options.eventTypes,
    batchSize: options.batchSize ?? 500,
    pollIntervalMs: options.pollIntervalMs,
    retryMs: options.retryMs,
    log,
    start: () => checkpoint.read(),
    handleBatch: async (events, next, expected) => {
      const jobs = events.flatMap((e) => options.decide(e));
      if (jobs.length) await options.queue.addBulk(jobs.map((j) => ({ name: j.name, data: j.data, opts: { ...options.jobOptions, jobId: j.jobId } })));
      await checkpoint.move(expected, next);
      if (jobs.length) log(`${options.label}: enqueued ${jobs.length} job(s)`);
    },
    readStoredCheckpoint: () => checkpoint.read(),
  });
}
