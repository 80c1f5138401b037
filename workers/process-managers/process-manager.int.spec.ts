/**
 * The shared process-manager runner (one runner for read models and process managers; the next issues add
 * Back-in-stock mail and invoices) on real PostgreSQL: a second process manager with its own checkpoint schema,
 * one active runner per name while another stands by and takes over, and a guarded checkpoint.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../platform/db/database.js';
import { migrate } from '../../platform/db/migrate.js';
import { START } from '../../platform/event-store/port.js';
import { PostgresEventStore } from '../../platform/event-store/postgres.js';
import { createTestDatabase, type TestDatabase } from '../../platform/testing/database.js';
import { processManagerCheckpoint, startProcessManager } from './process-manager.js';

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

describe('process manager runner', () => {
  it('enqueues one job per wanted event, keyed by the event id, moves its own checkpoint, and one standby takes over', async () => {
    const enqueued: { name: string; data: unknown; opts?: { jobId?: string } }[] = [];
    const queue = { addBulk: async (jobs: typeof enqueued) => (enqueued.push(...jobs), []) } as never;
    const start = () =>
      startProcessManager({
        name: 'test_invoices',
        label: 'test-invoices',
        db,
        store,
        queue,
        connectionString: database.url,
        eventTypes: ['InvoiceWanted'],
        decide: (e) => (e.type === 'InvoiceWanted' ? [{ name: 'send-invoice', jobId: `invoice-${e.id}`, data: { eventId: e.id } }] : []),
        jobOptions: { attempts: 3 },
        retryMs: 100,
        pollIntervalMs: 50,
      });
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

      // The active one stops: the standby takes over and continues from the stored checkpoint (no job twice).
      await first.stop();
      await append('invoice-3', 'InvoiceWanted', { n: 3 });
      await second.caughtUp();
      expect(enqueued).toHaveLength(3);
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
