/**
 * The locked subscription runner (design brief "Read models" and "Side effects"; one subscription runner): one
 * mechanism that serves read models (projections/read-model.ts runProjector) and process managers
 * (workers/process-managers/) alike.
 *
 * - **One active runner per name**: a session advisory lock `pg_try_advisory_lock(hashtext(lockKey))` on a
 *   dedicated connection; a process that does not get it stands by and tries again every `retryMs`, so it takes
 *   over when the holder dies (its connection closes and PostgreSQL releases the lock). A lost lock connection
 *   aborts the current subscription, so two runners never work at once for long.
 * - **Checkpoint**: `start()` (run once the lock is held) answers the checkpoint to follow `$all` after; each batch
 *   goes to `handleBatch(events, checkpoint, expected)`, which must move the stored checkpoint from `expected` to
 *   `checkpoint` (guarded: it refuses when the stored one is not `expected`). How is the owner's business: a read
 *   model writes its rows and the checkpoint in one transaction (exactly once); a process manager enqueues its
 *   jobs first and then moves the checkpoint (at least once, the jobs being idempotent by id).
 * - **Wake-up**: the event store's subscription (LISTEN/NOTIFY as a hint, polling every `pollIntervalMs` as the
 *   delivery path).
 * - **Errors** (database or Redis down, a schema switched by a rebuild, a checkpoint moved under the runner):
 *   logged, the subscription stopped, and the runner starts again from the stored checkpoint after `retryMs`.
 */
import pg from 'pg';
import type { EventStore, RecordedEvent, Subscription } from '../event-store/port.js';

export interface LockedSubscriptionOptions {
  /** Name in log lines, e.g. `projector catalog` or `order-mail process manager`. */
  name: string;
  /** Advisory lock key (hashed with hashtext), unique per read model or process manager. */
  lockKey: string;
  /** postgres:// URL of the lock's dedicated connection. */
  connectionString: string;
  /** application_name of the lock connection (seen in pg_stat_activity). */
  applicationName: string;
  store: EventStore;
  /** Event types to read; the others are skipped by the store (the checkpoint still moves past them). */
  eventTypes: readonly string[];
  /** Events per batch. */
  batchSize: number;
  /** Poll interval of the `$all` subscription in milliseconds (store default 500; NOTIFY wakes it earlier). */
  pollIntervalMs?: number;
  /** Wait between lock attempts and after an error, in milliseconds (default 2000). */
  retryMs?: number;
  log?: (line: string) => void;
  /** Runs each time the lock is taken or the runner restarts: prepares storage, answers the stored checkpoint. */
  start(): Promise<string>;
  /** Handles one batch and moves the stored checkpoint from `expected` to `checkpoint`; throws to restart. */
  handleBatch(events: RecordedEvent[], checkpoint: string, expected: string): Promise<void>;
  /** The stored checkpoint (null when unknown): how a standby runner tells that the active one caught up. */
  readStoredCheckpoint(): Promise<string | null>;
}

export interface RunningSubscription {
  /** Stops the subscription, ends the loop and releases the lock. */
  stop(): Promise<void>;
  /**
   * Resolves when every event committed before the call has been handled: by this runner when active, or (as a
   * standby) when the stored checkpoint passed the head of `$all` taken at the call.
   */
  caughtUp(): Promise<void>;
}

/** Starts a locked subscription; see the module comment. */
export function startLockedSubscription(options: LockedSubscriptionOptions): RunningSubscription {
  const { store } = options;
  const log = options.log ?? (() => {});
  const retryMs = options.retryMs ?? 2000;
  let running = true;
  let lockClient: pg.Client | null = null;
  let subscription: Subscription | null = null;
  /** True while another process holds the lock. */
  let standby = false;
  let abortCurrent: ((error: unknown) => void) | null = null;
  let wakeSleep: (() => void) | null = null;
  let markStopped: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (markStopped = resolve));
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      wakeSleep = () => {
        clearTimeout(t);
        resolve();
      };
    });

  const loop = (async () => {
    while (running) {
      try {
        if (!lockClient) {
          const client = new pg.Client({ connectionString: options.connectionString, application_name: options.applicationName });
          // A lost lock connection means a lost lock: fail the subscription and contend for the lock again.
          client.on('error', () => {
            if (lockClient === client) lockClient = null;
            abortCurrent?.(new Error('the advisory lock connection was lost'));
          });
          await client.connect();
          const r = await client.query('select pg_try_advisory_lock(hashtext($1)) as ok', [options.lockKey]);
          if (!r.rows[0].ok) {
            standby = true;
            await client.end();
            await sleep(retryMs);
            continue;
          }
          lockClient = client;
          standby = false;
          log(`${options.name}: active`);
        }
        let expected = await options.start();
        const failed = new Promise<never>((_, reject) => {
          abortCurrent = reject;
          subscription = store.subscribeToAll({
            after: expected,
            batchSize: options.batchSize,
            eventTypes: options.eventTypes,
            pollIntervalMs: options.pollIntervalMs,
            handler: async (events, checkpoint) => {
              await options.handleBatch(events, checkpoint, expected);
              expected = checkpoint;
            },
            onError: reject,
          });
        });
        await Promise.race([failed, stopped]);
      } catch (error) {
        if (!running) break;
        log(`${options.name}: ${(error as Error).message}; restarting`);
        await (subscription as Subscription | null)?.stop().catch(() => {});
        subscription = null;
        await sleep(retryMs);
      }
    }
  })();

  return {
    stop: async () => {
      running = false;
      markStopped();
      wakeSleep?.();
      await (subscription as Subscription | null)?.stop().catch(() => {});
      await loop.catch(() => {});
      await lockClient?.end().catch(() => {});
      lockClient = null;
    },
    caughtUp: async () => {
      // Active: wait for the subscription (a failed one is restarted by the loop and the wait goes on).
      // Standby: wait until the stored checkpoint passes today's head.
      const target = await store.newestCommittedCheckpoint();
      while (running) {
        const current = subscription as Subscription | null;
        if (current) {
          try {
            return await current.caughtUp();
          } catch {
            // restarted by the loop
          }
        } else if (standby) {
          const stored = await options.readStoredCheckpoint().catch(() => null);
          if (stored !== null && stored >= target) return;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}
