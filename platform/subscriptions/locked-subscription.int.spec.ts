/**
 * The subscription runner's checkpoint-only moves (platform/subscriptions/locked-subscription.ts, "Checkpoint-only
 * moves at most once a second"; docs/architecture.md section 4 "How a read model runs") on real PostgreSQL: batches
 * of events the runner does not want store no checkpoint each time, yet the active runner's and a standby's
 * `caughtUp()`, a wanted event (exactly once, with the checkpoint), `stop()` and a restart behave as before.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { PostgresEventStore } from '../event-store/postgres.js';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { processManagerCheckpoint } from '../../workers/process-managers/process-manager.js';
import { type LockedSubscriptionOptions, startLockedSubscription, storedCheckpointCovers } from './locked-subscription.js';

let database: TestDatabase;
let db: Database;
let store: PostgresEventStore;

beforeAll(async () => {
  database = await createTestDatabase('locked_subscription');
  db = createDatabase(database.url, { max: 6 });
  await migrate(db);
  store = new PostgresEventStore(db, { listenConnectionString: database.url });
});
afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

const append = (type: string) =>
  store.appendToStream(`s-${randomUUID()}`, [{ id: randomUUID(), type, data: {}, metadata: { correlationId: randomUUID(), causationId: randomUUID(), userId: null, time: new Date().toISOString() } }], { expectedVersion: 'any' });

/**
 * A runner over a real stored checkpoint (schema `pm_<name>`) that records every batch it is asked to store: how
 * many events, and the checkpoint. `checkpointOnlyIntervalMs` is long, so no timed store happens during a test.
 */
function runner(name: string, overrides: Partial<LockedSubscriptionOptions> = {}) {
  const checkpoint = processManagerCheckpoint(db, name);
  const stored: { events: string[]; checkpoint: string }[] = [];
  const running = startLockedSubscription({
    name,
    lockKey: `test:${name}`,
    db,
    store,
    eventTypes: ['Wanted'],
    batchSize: 100,
    retryMs: 50,
    checkpointOnlyIntervalMs: 60_000,
    start: () => checkpoint.read(),
    handleBatch: async (events, next, expected) => {
      await checkpoint.move(expected, next);
      stored.push({ events: events.map((e) => e.id), checkpoint: next });
    },
    readStoredCheckpoint: () => checkpoint.read(),
    ...overrides,
  });
  return { running, stored, checkpoint };
}

/** A runner of a name never used before, starting at today's head of `$all`. */
async function fresh(name: string, overrides: Partial<LockedSubscriptionOptions> = {}) {
  await processManagerCheckpoint(db, name).reset(await store.headCheckpoint());
  return runner(name, overrides);
}

describe('subscription runner: checkpoint-only moves', () => {
  it('stores the first move past unwanted events at once and the next ones not each time, yet caughtUp, a wanted event, a standby, stop and a restart behave', async () => {
    const first = await fresh('cp_only');
    try {
      await append('Unwanted');
      await first.running.caughtUp();
      // The first checkpoint-only move is stored at once (a quiet shop's lone event is not held back).
      expect(first.stored).toHaveLength(1);
      expect(await first.checkpoint.read()).toBe(await store.newestCommittedCheckpoint());
      const storedBefore = await first.checkpoint.read();

      // Ten batches of unwanted events within the interval: the runner is caught up after each, and stores none.
      for (let i = 0; i < 10; i++) {
        await append('Unwanted');
        await first.running.caughtUp();
      }
      expect(first.stored).toHaveLength(1);
      expect(await first.checkpoint.read()).toBe(storedBefore);
      const head = await store.newestCommittedCheckpoint();
      expect(head > storedBefore).toBe(true);

      // A standby is caught up although the stored checkpoint is behind the head: nothing wanted lies between.
      const standby = runner('cp_only');
      try {
        expect(standby.running.isActive()).toBe(false);
        expect(await storedCheckpointCovers(store, ['Wanted'], storedBefore, head)).toBe(true);
        await standby.running.caughtUp();
        expect(standby.stored).toHaveLength(0);
      } finally {
        await standby.running.stop();
      }

      // A wanted event is stored at once, with the checkpoint that covers the skipped ones (one transaction).
      const wanted = await append('Wanted');
      await first.running.caughtUp();
      expect(first.stored).toHaveLength(2);
      expect(first.stored[1].events).toHaveLength(1);
      expect(first.stored[1].checkpoint).toBe(wanted.lastCheckpoint);
      expect(await first.checkpoint.read()).toBe(wanted.lastCheckpoint);
      // A stored checkpoint behind a wanted event does not cover it.
      expect(await storedCheckpointCovers(store, ['Wanted'], storedBefore, wanted.lastCheckpoint)).toBe(false);

      // Unwanted again, then stop: the move not stored yet is stored on the way out.
      await append('Unwanted');
      await first.running.caughtUp();
      expect(first.stored).toHaveLength(2);
    } finally {
      await first.running.stop();
    }
    const last = await store.newestCommittedCheckpoint();
    expect(await first.checkpoint.read()).toBe(last);
    expect(first.stored.at(-1)).toEqual({ events: [], checkpoint: last });

    // A restart from the stored checkpoint handles the next wanted event once, and none of the earlier ones again.
    const again = runner('cp_only');
    try {
      const next = await append('Wanted');
      await again.running.caughtUp();
      expect(again.stored.flatMap((b) => b.events)).toHaveLength(1);
      expect(await again.checkpoint.read()).toBe(next.lastCheckpoint);
    } finally {
      await again.running.stop();
    }
  });

  it('stores a checkpoint-only move when the interval is up, without another batch', async () => {
    const r = await fresh('cp_timed', { checkpointOnlyIntervalMs: 300 });
    try {
      await append('Unwanted');
      await r.running.caughtUp();
      await append('Unwanted');
      await r.running.caughtUp();
      const head = await store.newestCommittedCheckpoint();
      // Stored by the timer (within the interval, plus the machine's delay): waited for by reading it.
      const until = Date.now() + 10_000;
      while ((await r.checkpoint.read()) !== head && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await r.checkpoint.read()).toBe(head);
      expect(r.stored.every((b) => b.events.length === 0)).toBe(true);
    } finally {
      await r.running.stop();
    }
  });

  it('stores every move with checkpointOnlyIntervalMs 0', async () => {
    const r = await fresh('cp_every', { checkpointOnlyIntervalMs: 0 });
    try {
      for (let i = 0; i < 3; i++) {
        await append('Unwanted');
        await r.running.caughtUp();
        expect(await r.checkpoint.read()).toBe(await store.newestCommittedCheckpoint());
      }
      expect(r.stored).toHaveLength(3);
    } finally {
      await r.running.stop();
    }
  });

  it('settles caughtUp() while the runner restarts because a timed checkpoint move failed (a rebuild moved it)', async () => {
    // Every second checkpoint-only move fails, as the first store after a rebuild's switch does ("checkpoint moved
    // under the runner"): the timed store then stops the subscription while caughtUp() may be reading the head of
    // it. Each wait must end with the restarted subscription, never hang on the stopped one.
    let stores = 0;
    const checkpoint = processManagerCheckpoint(db, 'cp_restarts');
    await checkpoint.reset(await store.headCheckpoint());
    const r = runner('cp_restarts', {
      retryMs: 5,
      checkpointOnlyIntervalMs: 2,
      handleBatch: async (events, next, expected) => {
        if (events.length === 0 && ++stores % 2 === 0) throw new Error('checkpoint moved under the runner');
        await checkpoint.move(expected, next);
      },
    });
    try {
      for (let i = 0; i < 100; i++) {
        await append('Unwanted');
        let bound: NodeJS.Timeout | undefined;
        const outcome = await Promise.race([
          r.running.caughtUp().then(() => 'caught up'),
          new Promise<string>((resolve) => (bound = setTimeout(() => resolve(`wait ${i} still open after 20 s`), 20_000))),
        ]);
        clearTimeout(bound);
        expect(outcome).toBe('caught up');
      }
      expect(stores).toBeGreaterThan(2);
    } finally {
      await r.running.stop();
    }
  });
});
