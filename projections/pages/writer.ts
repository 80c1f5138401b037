/**
 * The pages read model (schema `rm_pages`): the storefront's content pages (spec 2 `/{pageName}`, `/page/{pageId}`),
 * fed by the Page aggregate's events (domain/page/page.ts).
 *
 * Tables: pages (id, name, the page document as jsonb, and the global position of its last change: a name two pages
 * share resolves to the one saved last). Idempotent by stream position (`position`).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { parsePageEvent } from '../../domain/page/events.js';
import { PAGE_EVENT_TYPES } from '../../domain/page/page.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { applyNewEvents, type ReadModel } from '../read-model.js';
import type { PagesTables } from './schema.js';

async function createTables(db: Kysely<PagesTables>, schema: string): Promise<void> {
  await sql`create table ${sql.id(schema, 'pages')} (id text primary key, name text not null, doc jsonb not null, changed_at bigint not null)`.execute(db);
  await sql`create table ${sql.id(schema, 'position')} (stream_id text primary key, position bigint not null)`.execute(db);
}

async function createIndexes(db: Kysely<PagesTables>, schema: string): Promise<void> {
  await sql`create index ${sql.id('pages_name')} on ${sql.id(schema, 'pages')} (name, changed_at desc)`.execute(db);
}

async function applyBatch(trx: Transaction<PagesTables>, schema: string, events: RecordedEvent[]): Promise<void> {
  await applyNewEvents(trx, schema, 'position', events, async (event) => {
    const e = parsePageEvent(event);
    if (e.type === 'PageSaved') {
      await sql`
        insert into ${sql.id(schema, 'pages')} (id, name, doc, changed_at)
        values (${e.data.pageId}, ${e.data.name}, ${JSON.stringify(e.data)}::jsonb, ${event.globalPosition})
        on conflict (id) do update set name = excluded.name, doc = excluded.doc, changed_at = excluded.changed_at`.execute(trx);
    }
  });
}

export const pagesReadModel: ReadModel = {
  name: 'pages',
  version: 1,
  eventTypes: PAGE_EVENT_TYPES,
  createTables,
  createIndexes,
  applyBatch,
  hashTables: [
    { table: 'pages', orderBy: 't.id' },
    { table: 'position', orderBy: 't.stream_id' },
  ],
};
