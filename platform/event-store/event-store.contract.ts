/**
 * The event store contract suite: the guarantees of the design brief ("Event store") that every adapter must keep.
 * An adapter's `*.int.spec.ts` calls `describeEventStoreContract` with a factory for a fresh, empty store.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EventStore,
  IdempotencyViolationError,
  type NewEvent,
  type RecordedEvent,
  START,
  WrongExpectedVersionError,
} from './port.js';

export interface ContractHarness {
  /** A store on an empty event log. */
  store: EventStore;
  /** A second, independent store instance on the same event log (a "restarted process"). */
  reopen(): Promise<EventStore>;
  /**
   * Appends like `store.appendToStream` but holds the write open for `delayMs` milliseconds before it commits, so
   * that later writers can commit first (PostgreSQL: inside a transaction that sleeps before COMMIT).
   */
  appendWithCommitDelay(streamId: string, events: NewEvent[], delayMs: number): Promise<void>;
  dispose(): Promise<void>;
}

function newEvent(type: string, data: Record<string, unknown> = {}, userId: string | null = null): NewEvent {
  const id = randomUUID();
  return {
    id,
    type,
    data,
    metadata: { correlationId: randomUUID(), causationId: id, userId, time: new Date('2026-11-22T10:00:00Z').toISOString() },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Reads `$all` after `after` until `done(events so far)` holds (at most 10 s). Readers may lag behind commits while
 * other transactions in the cluster are open (the gap-free horizon), so a test that reads right after writing waits.
 */
async function readAllUntil(store: EventStore, after: string, done: (events: RecordedEvent[]) => boolean, eventTypes?: string[]): Promise<{ events: RecordedEvent[]; checkpoint: string }> {
  const events: RecordedEvent[] = [];
  const deadline = Date.now() + 10_000;
  for (;;) {
    const page = await store.readAll({ after, maxCount: 100, eventTypes });
    events.push(...page.events);
    after = page.checkpoint;
    if (page.caughtUp && (done(events) || Date.now() > deadline)) return { events, checkpoint: after };
    if (page.caughtUp) await sleep(10);
  }
}

/** Registers the contract tests for one adapter. */
export function describeEventStoreContract(adapterName: string, createHarness: () => Promise<ContractHarness>): void {
  describe(`event store contract: ${adapterName}`, () => {
    let h: ContractHarness;
    beforeAll(async () => {
      h = await createHarness();
    });
    afterAll(async () => {
      await h?.dispose();
    });

    it('appends and reads a stream forward, backward and from a position, with ids, metadata and positions', async () => {
      const stream = `product-${randomUUID()}`;
      const events = [newEvent('ProductCreated', { n: 1 }, 'user-1'), newEvent('ProductRenamed', { n: 2 }), newEvent('ProductRenamed', { n: 3 })];
      const result = await h.store.appendToStream(stream, events, { expectedVersion: 'no_stream' });
      expect(result.nextExpectedVersion).toBe(3n);
      expect(result.duplicate).toBe(false);

      const forward = await h.store.readStream(stream);
      expect(forward.exists).toBe(true);
      expect(forward.version).toBe(3n);
      expect(forward.events.map((e) => e.id)).toEqual(events.map((e) => e.id));
      expect(forward.events.map((e) => e.streamPosition)).toEqual([1n, 2n, 3n]);
      expect(forward.events[0]).toMatchObject({ type: 'ProductCreated', data: { n: 1 }, streamId: stream });
      expect(forward.events[0].metadata).toEqual(events[0].metadata);
      expect(forward.events[0].globalPosition).toBeLessThan(forward.events[2].globalPosition);
      expect(forward.events[2].checkpoint).toBe(result.lastCheckpoint);

      const backward = await h.store.readStream(stream, { direction: 'backward' });
      expect(backward.events.map((e) => e.streamPosition)).toEqual([3n, 2n, 1n]);
      const fromTwo = await h.store.readStream(stream, { fromPosition: 2n, maxCount: 1 });
      expect(fromTwo.events.map((e) => e.data)).toEqual([{ n: 2 }]);
      const backFromTwo = await h.store.readStream(stream, { direction: 'backward', fromPosition: 2n });
      expect(backFromTwo.events.map((e) => e.streamPosition)).toEqual([2n, 1n]);
    });

    it('reads a missing stream as not existing, at version 0', async () => {
      const missing = await h.store.readStream(`product-${randomUUID()}`);
      expect(missing).toEqual({ exists: false, version: 0n, events: [] });
    });

    it('enforces expected versions: no_stream, stream_exists, exact and any', async () => {
      const stream = `category-${randomUUID()}`;
      await expect(h.store.appendToStream(stream, [newEvent('A')], { expectedVersion: 'stream_exists' })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(h.store.appendToStream(stream, [newEvent('A')], { expectedVersion: 2n })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await h.store.appendToStream(stream, [newEvent('A')], { expectedVersion: 0n });
      const conflict = await h.store.appendToStream(stream, [newEvent('B')], { expectedVersion: 'no_stream' }).catch((e) => e);
      expect(conflict).toBeInstanceOf(WrongExpectedVersionError);
      expect(conflict.actual).toBe(1n);
      await h.store.appendToStream(stream, [newEvent('B')], { expectedVersion: 1n });
      await h.store.appendToStream(stream, [newEvent('C')], { expectedVersion: 'stream_exists' });
      const last = await h.store.appendToStream(stream, [newEvent('D')], { expectedVersion: 'any' });
      expect(last.nextExpectedVersion).toBe(4n);
    });

    it('lets exactly one of many concurrent writers at the same expected version win, every round', async () => {
      const stream = `stock-${randomUUID()}`;
      const rounds = 20;
      const writers = 10;
      for (let round = 0; round < rounds; round++) {
        const expected = BigInt(round);
        const outcomes = await Promise.allSettled(
          Array.from({ length: writers }, (_, w) => h.store.appendToStream(stream, [newEvent('StockAdjusted', { round, w })], { expectedVersion: expected })),
        );
        const won = outcomes.filter((o) => o.status === 'fulfilled');
        const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(writers - 1);
        for (const l of lost) expect(l.reason).toBeInstanceOf(WrongExpectedVersionError);
      }
      const { events, version } = await h.store.readStream(stream);
      expect(version).toBe(BigInt(rounds));
      expect(events.map((e) => (e.data as { round: number }).round)).toEqual(Array.from({ length: rounds }, (_, i) => i));
    });

    it('appends the same event ids only once (idempotent append)', async () => {
      const stream = `order-${randomUUID()}`;
      const batch = [newEvent('OrderPlaced'), newEvent('PaymentStarted')];
      const first = await h.store.appendToStream(stream, batch, { expectedVersion: 'no_stream' });
      const again = await h.store.appendToStream(stream, batch, { expectedVersion: 'no_stream' });
      expect(again.duplicate).toBe(true);
      expect(again.nextExpectedVersion).toBe(first.nextExpectedVersion);
      const anyAgain = await h.store.appendToStream(stream, batch, { expectedVersion: 'any' });
      expect(anyAgain.duplicate).toBe(true);
      expect((await h.store.readStream(stream)).events).toHaveLength(2);
      // Some ids stored, others new: refused, nothing appended.
      await expect(h.store.appendToStream(stream, [batch[1], newEvent('OrderPaid')], { expectedVersion: 'any' })).rejects.toBeInstanceOf(IdempotencyViolationError);
      expect((await h.store.readStream(stream)).version).toBe(2n);
    });

    it('delivers $all gap-free: with 16 writers committing late at random, a live subscriber sees every event once, in order', async () => {
      const seen: RecordedEvent[] = [];
      const startAfter = await h.store.headCheckpoint();
      const subscription = h.store.subscribeToAll({
        after: startAfter,
        batchSize: 50,
        pollIntervalMs: 20,
        handler: async (events) => {
          seen.push(...events);
        },
      });
      const writers = 16;
      const appendsPerWriter = 12;
      const appended: string[] = [];
      let seed = 42;
      const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31);
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          for (let i = 0; i < appendsPerWriter; i++) {
            const events = Array.from({ length: 1 + Math.floor(random() * 3) }, () => newEvent('StockReceived', { w, i }));
            appended.push(...events.map((e) => e.id));
            await h.appendWithCommitDelay(`stock-gapfree-${w}`, events, Math.floor(random() * 40));
          }
        }),
      );
      await subscription.caughtUp();
      await subscription.stop();
      // Only this test's streams: earlier tests' events may still have been above the horizon at the start.
      const mine = (e: RecordedEvent) => e.streamId.startsWith('stock-gapfree-');
      const ids = seen.filter(mine).map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(ids)).toEqual(new Set(appended));
      for (let i = 1; i < seen.length; i++) expect(seen[i].checkpoint > seen[i - 1].checkpoint).toBe(true);
      // The live order is the order of a later full read.
      const { events: all } = await readAllUntil(h.store, startAfter, (events) => events.filter(mine).length >= appended.length);
      expect(all.filter(mine).map((e) => e.id)).toEqual(ids);
    });

    it('rejects caughtUp() on a stopped subscription that has not handled every event, instead of waiting forever', async () => {
      const stream = `stopped-${randomUUID()}`;
      const start = await h.store.headCheckpoint();
      const subscription = h.store.subscribeToAll({ after: start, handler: async () => {} });
      await subscription.caughtUp();
      await subscription.stop();
      await h.store.appendToStream(stream, [newEvent('SearchPerformed')]);
      // A runner (platform/subscriptions/locked-subscription.ts) may call caughtUp() on a subscription it is stopping
      // (a lost lease, a failed checkpoint move): the call must settle so the runner's wait moves on. The timer only
      // bounds a failure; a passing run settles at once.
      let bound: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        subscription.caughtUp().then(
          () => 'resolved',
          (error: Error) => error.message,
        ),
        new Promise<string>((resolve) => (bound = setTimeout(() => resolve('still waiting after 10 s'), 10_000))),
      ]);
      clearTimeout(bound);
      expect(outcome).toMatch(/stopped/);
    });

    it('resumes a subscription after a restart from its saved checkpoint, without loss or repeats', async () => {
      const stream = `search-${randomUUID()}`;
      const start = await h.store.headCheckpoint();
      const events = Array.from({ length: 30 }, (_, i) => newEvent('SearchPerformed', { i }));
      for (let i = 0; i < 30; i += 3) await h.store.appendToStream(stream, events.slice(i, i + 3));
      const firstRun: RecordedEvent[] = [];
      let saved = start;
      const first = h.store.subscribeToAll({
        after: start,
        batchSize: 7,
        handler: async (batch, checkpoint) => {
          if (firstRun.length >= 14) return new Promise<void>(() => {}); // the process "dies" mid-way
          firstRun.push(...batch);
          saved = checkpoint;
        },
      });
      while (firstRun.length < 14) await sleep(5);
      void first.stop();
      const restarted = await h.reopen();
      const secondRun: RecordedEvent[] = [];
      const second = restarted.subscribeToAll({ after: saved, handler: async (batch) => void secondRun.push(...batch) });
      await second.caughtUp();
      await second.stop();
      await restarted.close();
      const ids = [...firstRun, ...secondRun].filter((e) => e.streamId === stream).map((e) => e.id);
      expect(ids).toEqual(events.map((e) => e.id));
    });

    it('filters $all by event type and still advances the checkpoint past other events', async () => {
      const stream = `mixed-${randomUUID()}`;
      const start = await h.store.headCheckpoint();
      await h.store.appendToStream(stream, [newEvent('Wanted'), newEvent('Other'), newEvent('Wanted'), newEvent('Other')]);
      const page = await readAllUntil(h.store, start, (events) => events.filter((e) => e.streamId === stream).length >= 2, ['Wanted']);
      expect(page.events.filter((e) => e.streamId === stream).map((e) => e.type)).toEqual(['Wanted', 'Wanted']);
      const next = await h.store.readAll({ after: page.checkpoint, eventTypes: ['Wanted', 'Other'] });
      expect(next.events.filter((e) => e.streamId === stream)).toEqual([]);
    });
  });
}
