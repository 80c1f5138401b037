import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../platform/db/database.js';
import { migrate } from '../../platform/db/migrate.js';
import { PostgresEventStore } from '../../platform/event-store/postgres.js';
import { createTestDatabase, type TestDatabase } from '../../platform/testing/database.js';
import { SearchRecorder } from './record-search.js';

let database: TestDatabase;
let db: Database;
let store: PostgresEventStore;
beforeAll(async () => {
  database = await createTestDatabase('searches');
  db = createDatabase(database.url);
  await migrate(db);
  store = new PostgresEventStore(db);
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const ctx = (now: string) => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now });
const search = (query: string) => ({ query, categoryId: null, filters: {}, resultCount: 1, typedByUser: true, language: 'et' });

it('batches searches into one append per day stream and appends every one of them', async () => {
  const recorder = new SearchRecorder(store, { flushIntervalMs: 60_000 });
  await recorder.record(search('fuel'), ctx('2026-11-22T10:00:00.000Z'));
  await recorder.record(search('brake'), ctx('2026-11-22T11:00:00.000Z'));
  await recorder.record(search('oil'), ctx('2026-11-23T09:00:00.000Z'));
  expect((await store.readStream('search-2026-11-22')).exists).toBe(false); // queued, not yet appended
  await recorder.flush();
  const day1 = await store.readStream('search-2026-11-22');
  expect(day1.events.map((e) => (e.data as { query: string }).query)).toEqual(['fuel', 'brake']);
  expect(new Set(day1.events.map((e) => e.globalPosition - day1.events[0].globalPosition))).toEqual(new Set([0n, 1n])); // one append
  expect((await store.readStream('search-2026-11-23')).events).toHaveLength(1);
});

it('appends within the flush interval without an explicit flush, and at once with interval 0', async () => {
  const recorder = new SearchRecorder(store, { flushIntervalMs: 20 });
  await recorder.record(search('gasket'), ctx('2026-11-24T10:00:00.000Z'));
  await new Promise((r) => setTimeout(r, 200));
  expect((await store.readStream('search-2026-11-24')).events).toHaveLength(1);
  await new SearchRecorder(store, { flushIntervalMs: 0 }).record(search('pads'), ctx('2026-11-25T10:00:00.000Z'));
  expect((await store.readStream('search-2026-11-25')).events).toHaveLength(1);
});
