/**
 * The site read model (schema `rm_site`): the storefront's global fields and main menu (spec 1 footer, spec 2
 * "Header"), fed by the Site aggregate's events (domain/site/site.ts).
 *
 * Tables: global_fields (key -> language-wrapped value), menu (one row, id 1, the entry list). Idempotent by stream
 * position: `position` remembers the last applied position of the `site` stream.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { parseSiteEvent } from '../../domain/site/events.js';
import { SITE_EVENT_TYPES } from '../../domain/site/site.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { applyNewEvents, type ReadModel } from '../read-model.js';
import type { SiteTables } from './schema.js';

async function createTables(db: Kysely<SiteTables>, schema: string): Promise<void> {
  await sql`create table ${sql.id(schema, 'global_fields')} (key text primary key, value jsonb not null)`.execute(db);
  await sql`create table ${sql.id(schema, 'menu')} (id integer primary key, entries jsonb not null)`.execute(db);
  await sql`create table ${sql.id(schema, 'position')} (stream_id text primary key, position bigint not null)`.execute(db);
}

async function applyBatch(trx: Transaction<SiteTables>, schema: string, events: RecordedEvent[]): Promise<void> {
  await applyNewEvents(trx, schema, 'position', events, async (event) => {
    const e = parseSiteEvent(event);
    if (e.type === 'GlobalFieldsChanged') {
      for (const [key, value] of Object.entries(e.data.fields)) {
        await sql`
          insert into ${sql.id(schema, 'global_fields')} (key, value) values (${key}, ${JSON.stringify(value)}::jsonb)
          on conflict (key) do update set value = excluded.value`.execute(trx);
      }
    } else if (e.type === 'MainMenuChanged') {
      await sql`
        insert into ${sql.id(schema, 'menu')} (id, entries) values (1, ${JSON.stringify(e.data.entries)}::jsonb)
        on conflict (id) do update set entries = excluded.entries`.execute(trx);
    }
  });
}

export const siteReadModel: ReadModel = {
  name: 'site',
  version: 1,
  eventTypes: SITE_EVENT_TYPES,
  createTables,
  applyBatch,
  hashTables: [
    { table: 'global_fields', orderBy: 't.key' },
    { table: 'menu', orderBy: 't.id' },
    { table: 'position', orderBy: 't.stream_id' },
  ],
};
