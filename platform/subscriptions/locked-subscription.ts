/**
 * The subscription runner (design brief "Read models" and "Side effects"): one mechanism that serves read models
 * (projections/read-model.ts runProjector) and process managers (workers/process-managers/process-manager.ts) alike,
 * every one of them on the process's one pool.
 *
 * - **One active runner per name**: a lease row (platform/subscriptions/leases.ts) that the active runner renews
 *   every `leaseMs / 3` through the pool; no connection is held for leadership. A runner that does not get the
 *   lease stands by and tries again every `retryMs`. When the holder stops it gives the lease up (a standby takes
 *   over within `retryMs`); when it dies or hangs its lease expires (a standby takes over within `leaseMs + retryMs`).
 *   A runner that fails to renew for `leaseMs`, or finds its lease taken, aborts its subscription before its next
 *   batch, so two runners never work at once for long; the checkpoint guard below refuses the batch of a runner
 *   that lost the race meanwhile.
 * - **Checkpoint**: `start()` (run once the lease is held) answers the checkpoint to follow `$all` after; each batch
 *   goes to `handleBatch(events, checkpoint, expected)`, which must move the stored checkpoint from `expected` to
 *   `checkpoint` (guarded: it refuses when the stored one is not `expected`). How is the owner's business: a read
 *   model writes its rows and the checkpoint in one transaction (exactly once); a process manager enqueues its
 *   jobs first and then moves the checkpoint (at least once, the jobs being idempotent by id).
 * - **Checkpoint-only moves at most once a second**: a batch with no event of `eventTypes` (the store skipped them
 *   all, e.g. SearchPerformed for every read model but the search statistics) only moves the checkpoint. It is stored
 *   at once when the last stored move is at least `checkpointOnlyIntervalMs` (default 1000) old; otherwise the
 *   runner advances in memory and stores it when that interval is up, with the next batch of wanted events (in
 *   its transaction, as always), or on `stop()`. The stored checkpoint is then up to the interval behind `$all`'s
 *   head, never ahead of what was handled: a restart re-reads the skipped events and finds nothing to do; exactly
 *   once and the guard are unchanged (`expected` is always the stored value). Without it every runner of a
 *   process committed a checkpoint-only transaction for every recorded-search batch (docs/architecture.md
 *   section 4 "How a read model runs").
 * - **Wake-up**: the event store's subscription (LISTEN/NOTIFY as a hint, polling every `pollIntervalMs` as the
 *   delivery path).
 * - **Errors** (database or Redis down, a schema switched by a rebuild, a checkpoint moved under the runner):
 *   logged, the subscription stopped, and the runner starts again from the stored checkpoint after `retryMs`.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import type { EventStore, RecordedEvent, Subscription } from '../event-store/port.js';
import { claimLease, releaseLease, renewLease } from './leases.js';

/** Default lease time in milliseconds: how long a dead runner's read model or process manager waits for a standby. */
export const DEFAULT_LEASE_MS = 10_000;

/** Default of `checkpointOnlyIntervalMs`: a runner stores a checkpoint-only move at most once a second. */
export const DEFAULT_CHECKPOINT_ONLY_INTERVAL_MS = 1000;

export interface LockedSubscriptionOptions {
  /** Name in log lines, e.g. `projector catalog` or `order-mail process manager`. */
  name: string;
  /** Lease name, unique per read model or process manager (e.g. `projection:catalog`, `pm:order-mail`). */
  lockKey: string;
  /** The process's pool: leases are claimed and renewed through it. */
  db: Database;
  store: EventStore;
  /** Event types to read; the others are skipped by the store (the checkpoint still moves past them). */
  eventTypes: readonly string[];
  /** Events per batch. */
  batchSize: number;
  /** Poll interval of the `$all` subscription in milliseconds (store default 500; NOTIFY wakes it earlier). */
  pollIntervalMs?: number;
  /** Wait between lease attempts and after an error, in milliseconds (default 2000). */
  retryMs?: number;
  /** Lease time in milliseconds (default DEFAULT_LEASE_MS); renewed every third of it. */
  leaseMs?: number;
  /**
   * A batch without wanted events stores its checkpoint only when the last stored move is this many milliseconds
   * old; otherwise it is stored when the interval is up or with the next wanted events (default
   * DEFAULT_CHECKPOINT_ONLY_INTERVAL_MS; 0 stores every move).
   */
  checkpointOnlyIntervalMs?: number;
  log?: (line: string) => void;
  /** Runs each time the lease is taken or the runner restarts: prepares storage, answers the stored checkpoint. */
  start(): Promise<string>;
  /** Handles one batch and moves the stored checkpoint from `expected` to `checkpoint`; throws to restart. */
  handleBatch(events: RecordedEvent[], checkpoint: string, expected: string): Promise<void>;
  /** The stored checkpoint (null when unknown): how a standby runner tells that the active one caught up. */
  readStoredCheckpoint(): Promise<string | null>;
}

export interface RunningSubscription {
  /** Stops the subscription, ends the loop and gives the lease up. */
  stop(): Promise<void>;
  /**
   * Resolves when every event committed before the call has been handled: by this runner when active, or (as a
   * standby) when the stored checkpoint passed the head of `$all` taken at the call or no event of `eventTypes`
   * lies between them (`storedCheckpointCovers`: the active runner stores checkpoint-only moves late).
   */
  caughtUp(): Promise<void>;
  /** Whether this runner holds the lease now (the active one). */
  isActive(): boolean;
}

/** Starts a subscription runner; see the module comment. */
export function startLockedSubscription(options: LockedSubscriptionOptions): RunningSubscription {
  const { store, db } = options;
  const log = options.log ?? (() => {});
  const retryMs = options.retryMs ?? 2000;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const checkpointOnlyIntervalMs = options.checkpointOnlyIntervalMs ?? DEFAULT_CHECKPOINT_ONLY_INTERVAL_MS;
  /** This runner's identity in the lease row. */
  const owner = randomUUID();
  let running = true;
  /** When the lease was last claimed or renewed (local clock, taken before the statement): null when not held. */
  let heldSince: number | null = null;
  let renewTimer: NodeJS.Timeout | null = null;
  let subscription: Subscription | null = null;
  /** True while another runner holds the lease. */
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

  const loseLease = (reason: string) => {
    if (heldSince === null) return;
    heldSince = null;
    if (renewTimer) clearInterval(renewTimer);
    renewTimer = null;
    abortCurrent?.(new Error(`${reason}: standing by`));
  };
  const renew = async () => {
    const asked = Date.now();
    try {
      if (await renewLease(db, options.lockKey, owner, leaseMs)) {
        if (heldSince !== null) heldSince = asked;
      } else loseLease('the lease was taken over');
    } catch {
      // The database is away: the lease still holds until it expires; past that the runner gives up its work.
      if (heldSince !== null && Date.now() - heldSince >= leaseMs) loseLease('the lease could not be renewed');
    }
  };
  /** Throws when the lease may have expired (not renewed for `leaseMs`): no batch runs without it. */
  const assertLease = () => {
    if (heldSince === null || Date.now() - heldSince >= leaseMs) {
      loseLease('the lease expired');
      throw new Error('the lease expired: standing by');
    }
  };

  /**
   * The stored checkpoint of one subscription and the move not stored yet (module comment, "Checkpoint-only moves at
   * most once a second"). Batches and the timed store run one at a time (`serial`), so the guard's `expected` is
   * always what is stored.
   */
  const deferredCheckpoints = (initial: string, fail: (error: unknown) => void) => {
    let expected = initial;
    /** The checkpoint handled but not stored yet (null when the stored one is current). */
    let pending: string | null = null;
    /** When this runner last stored a move (0: not yet, so the first checkpoint-only move is stored at once). */
    let storedAt = 0;
    let timer: NodeJS.Timeout | null = null;
    let tail: Promise<void> = Promise.resolve();
    const serial = (work: () => Promise<void>): Promise<void> => {
      const next = tail.then(work);
      tail = next.catch(() => {});
      return next;
    };
    const storeMove = async (events: RecordedEvent[], checkpoint: string) => {
      assertLease();
      await options.handleBatch(events, checkpoint, expected);
      expected = checkpoint;
      pending = null;
      storedAt = Date.now();
      if (timer) clearTimeout(timer);
      timer = null;
    };
    const storePending = () =>
      serial(async () => {
        if (pending !== null) await storeMove([], pending);
      });
    return {
      handle: (events: RecordedEvent[], checkpoint: string) =>
        serial(async () => {
          if (events.length > 0 || checkpointOnlyIntervalMs <= 0 || Date.now() - storedAt >= checkpointOnlyIntervalMs) {
            await storeMove(events, checkpoint);
            return;
          }
          assertLease();
          pending = checkpoint;
          timer ??= setTimeout(() => {
            timer = null;
            storePending().catch(fail);
          }, Math.max(0, storedAt + checkpointOnlyIntervalMs - Date.now()));
        }),
      /** Stores the move not stored yet (a stop), unless the lease is gone. */
      flush: () => (heldSince === null ? Promise.resolve() : storePending()),
      cancel: () => {
        if (timer) clearTimeout(timer);
        timer = null;
        pending = null;
      },
    };
  };
  let current: ReturnType<typeof deferredCheckpoints> | null = null;

  const loop = (async () => {
    while (running) {
      try {
        if (heldSince === null) {
          const asked = Date.now();
          if (!(await claimLease(db, options.lockKey, owner, leaseMs))) {
            standby = true;
            await sleep(retryMs);
            continue;
          }
          heldSince = asked;
          renewTimer = setInterval(() => void renew(), Math.max(10, Math.floor(leaseMs / 3)));
          standby = false;
          log(`${options.name}: active`);
        }
        const expected = await options.start();
        const failed = new Promise<never>((_, reject) => {
          abortCurrent = reject;
          current = deferredCheckpoints(expected, reject);
          subscription = store.subscribeToAll({
            after: expected,
            batchSize: options.batchSize,
            eventTypes: options.eventTypes,
            pollIntervalMs: options.pollIntervalMs,
            handler: current.handle,
            onError: reject,
          });
        });
        await Promise.race([failed, stopped]);
      } catch (error) {
        (current as ReturnType<typeof deferredCheckpoints> | null)?.cancel();
        current = null;
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
      // The checkpoint handled but not stored yet: a restart then need not re-read the skipped events.
      const last = current as ReturnType<typeof deferredCheckpoints> | null;
      await last?.flush().catch(() => {});
      last?.cancel();
      if (renewTimer) clearInterval(renewTimer);
      renewTimer = null;
      if (heldSince !== null) await releaseLease(db, options.lockKey, owner).catch(() => {});
      heldSince = null;
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
          if (stored !== null && (await storedCheckpointCovers(store, options.eventTypes, stored, target).catch(() => false))) return;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    isActive: () => heldSince !== null,
  };
}

/**
 * Whether a runner whose stored checkpoint is `stored` has handled every event of `eventTypes` up to `target` (both
 * `$all` checkpoints, text in `$all` order): `stored` is at or past `target`, or no event of those types lies
 * between them. A runner stores checkpoint-only moves late (module comment), so a wait on a stored checkpoint asks
 * this instead of `stored >= target`. Reads `$all` from `stored` with the type filter (bounded windows, the events'
 * data only for wanted ones); false while `target` is not readable yet (above the horizon: an older transaction
 * still runs), so the caller asks again.
 */
export async function storedCheckpointCovers(store: EventStore, eventTypes: readonly string[], stored: string, target: string): Promise<boolean> {
  let after = stored;
  for (;;) {
    if (after >= target) return true;
    const page = await store.readAll({ after, maxCount: 20, eventTypes });
    if (page.events.length) return page.events[0].checkpoint > target;
    if (page.checkpoint === after) return false;
    after = page.checkpoint;
  }
}
