/**
 * The one process-manager runner (conventions 17: one process-manager definition serves every process manager; the
 * same runner serves the read models) on real PostgreSQL: a process manager with its own checkpoint schema, one
 * active runner per name through a lease row while another stands by and takes over (when the active one stops, and
 * when it loses its database and its lease expires), and a guarded checkpoint.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../platform/db/database.js';
import { migrate } from '../../platform/db/migrate.js';
import { START } from '../../platform/event-store/port.js';
import { PostgresEventStore } from '../../platform/event-store/postgres.js';
import { createTestDatabase, type TestDatabase } from '../../platform/testing/database.js';
import { processManagerCheckpoint, type ProcessManagerDefinition, startProcessManager } from './process-manager.js';

let database: TestDatabase;
let db: Database;
let store: PostgresEventStore;

beforeAll(async () => {
  database = await createTestDatabase('process_manager');
  db = createDatabase(database.url, { max: 6 });
  await migrate(db);
  store = new PostgresEventStore(db, { listenConnectionString: database.url });
});
afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

const append = (streamId: string, type: string, data: unknown) =>
  store.appendToStream(streamId, [{ id: randomUUID(), type, data, metadata: { correlationId: randomUUID(), causationId: randomUUID(), userId: null, time: new Date().toISOString() } }], { expectedVersion: 'any' });

/** A test process manager: one `send-invoice` job per event of `type` (default InvoiceWanted), keyed by the event id. */
const invoices = (name: string, type = 'InvoiceWanted'): ProcessManagerDefinition => ({
  name,
  label: name.replace(/_/g, '-'),
  eventTypes: [type],
  decide: (e) => (e.type === type ? [{ name: 'send-invoice', jobId: `invoice-${e.id}`, data: { eventId: e.id } }] : []),
  jobOptions: { attempts: 3 },
});

/** A queue that records what is enqueued (BullMQ's addBulk shape). */
function recordingQueue() {
  const enqueued: { name: string; data: unknown; opts?: { jobId?: string } }[] = [];
  return { enqueued, queue: { addBulk: async (jobs: typeof enqueued) => (enqueued.push(...jobs), []) } as never };
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - started;
}

describe('process manager runner', () => {
  it('enqueues one job per wanted event, keyed by the event id, moves its own checkpoint, and one standby takes over', async () => {
    const { enqueued, queue } = recordingQueue();
    const start = () => startProcessManager(invoices('test_invoices'), { db, store, queue, retryMs: 100, pollIntervalMs: 50 });
    const first = start();
    const second = start();
    try {
      await append('invoice-1', 'InvoiceWanted', { n: 1 });
      await append('other-1', 'SomethingElse', {});
      await append('invoice-2', 'InvoiceWanted', { n: 2 });
      await Promise.all([first.caughtUp(), second.caughtUp()]);
      expect(enqueued.map((j) => j.name)).toEqual(['send-invoice', 'send-invoice']);
      expect(enqueued.every((j) => j.opts?.jobId === `invoice-${(j.data as { eventId: string }).eventId}`)).toBe(true);
      const checkpoint = processManagerCheckpoint(db, 'test_invoices');
      expect(await checkpoint.read()).toBe(await store.newestCommittedCheckpoint());
      expect([first.isActive(), second.isActive()].filter(Boolean)).toHaveLength(1);

      // The active one stops (and gives its lease up): the standby takes over from the stored checkpoint (no job twice).
      const [active, standby] = first.isActive() ? [first, second] : [second, first];
      await active.stop();
      await append('invoice-3', 'InvoiceWanted', { n: 3 });
      await standby.caughtUp();
      expect(standby.isActive()).toBe(true);
      expect(enqueued).toHaveLength(3);
    } finally {
      await first.stop();
      await second.stop();
    }
  });

  it('a runner that loses its database keeps no leadership: its lease expires and the standby takes over within leaseMs + retryMs', async () => {
    const { enqueued, queue } = recordingQueue();
    const leaseMs = 1500;
    const retryMs = 100;
    // The first runner on a pool of its own, as another process would be.
    const otherProcess = createDatabase(database.url, { max: 2, applicationName: 'test-other-process' });
    const first = startProcessManager(invoices('test_failover', 'FailoverWanted'), { db: otherProcess, store, queue, retryMs, leaseMs, pollIntervalMs: 50 });
    await waitUntil(() => first.isActive(), 10_000);
    const second = startProcessManager(invoices('test_failover', 'FailoverWanted'), { db, store, queue, retryMs, leaseMs, pollIntervalMs: 50 });
    try {
      await append('failover-1', 'FailoverWanted', { n: 1 });
      await first.caughtUp();
      expect(enqueued).toHaveLength(1);
      // The active runner's process loses its database (as when it dies or is cut off): it cannot renew its lease.
      const leaseEnd = async () =>
        (await sql<{ expires_at: Date }>`select expires_at from subscription_leases where name = ${'pm:test_failover'}`.execute(db)).rows[0]?.expires_at;
      // Its lease as last renewed before the cut, or later: nobody may take over before this (the server's clock).
      const heldUntil = await leaseEnd();
      await otherProcess.destroy();
      const lost = Date.now();
      expect(heldUntil).toBeDefined();
      await waitUntil(() => second.isActive(), 20_000);
      const tookOver = Date.now() - lost;
      const { rows } = await sql<{ now: Date }>`select now() as now`.execute(db);
      expect(rows[0]!.now.getTime()).toBeGreaterThanOrEqual(heldUntil!.getTime());
      expect(tookOver).toBeLessThan(leaseMs + retryMs + 3000);
      // The first one has given up too, and the second continues from the stored checkpoint (no job twice).
      await waitUntil(() => !first.isActive(), 5_000);
      await append('failover-2', 'FailoverWanted', { n: 2 });
      await second.caughtUp();
      expect(enqueued.map((j) => (j.data as { eventId: string }).eventId)).toHaveLength(new Set(enqueued.map((j) => j.opts?.jobId)).size);
      expect(enqueued).toHaveLength(2);
    } finally {
      await first.stop();
      await second.stop();
    }
  });

  it('refuses to move a checkpoint that moved under it, and names only [a-z0-9_]', async () => {
    const checkpoint = processManagerCheckpoint(db, 'test_guard');
    await checkpoint.ensure();
    expect(await checkpoint.read()).toBe(START);
    await expect(checkpoint.move('not-the-stored-one', 'x')).rejects.toThrow(/checkpoint moved under the runner/);
    expect(() => processManagerCheckpoint(db, 'Bad-Name')).toThrow(/\[a-z0-9_\]/);
  });
});
