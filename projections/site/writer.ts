/**
 * The site read model (schema `rm_site`): the storefront's global fields, global item containers, banner switch
 * (spec 1 footer and banner) and main menu (spec 2 "Header"), fed by the Site (global content) aggregate
 * (domain/site/site.ts, stream `site`) and the Menu aggregate (domain/menu/menu.ts, stream `menu-main`).
 *
 * Tables: global_fields (key -> language-wrapped value), item_containers (key -> items), settings (one row: banner
 * shown), menu (one row, id 1, the entry list). Compatibility: a stored `MainMenuChanged` of the `site` stream
 * writes the menu mapped as the Menu aggregate maps it (domain/menu/menu.ts fromLegacyEntry); `MenuChanged` events,
 * later in `$all`, replace it. Idempotent by stream position: `position` remembers, per stream, the last position
 * applied (which is also the stream version a staff save carries, queries.ts).
 *
 * Live content: a batch that changed the menu sends `content_changed` 'menu', one that changed global fields, item
 * containers or the banner switch 'fields' (projections/content-changes.ts); the api pushes them to open pages.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { parseMenuEvent } from '../../domain/menu/events.js';
import { fromLegacyEntry, MENU_EVENT_TYPES, type MenuItem } from '../../domain/menu/menu.js';
import { parseSiteEvent } from '../../domain/site/events.js';
import { SITE_EVENT_TYPES } from '../../domain/site/site.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { type ContentChange, notifyContentChanges } from '../content-changes.js';
import { applyNewEvents, type ReadModel } from '../read-model.js';
import type { SiteTables } from './schema.js';

async function createTables(db: Kysely<SiteTables>, schema: string): Promise<void> {
  await sql`create table ${sql.id(schema, 'global_fields')} (key text primary key, value jsonb not null)`.execute(db);
  await sql`create table ${sql.id(schema, 'item_containers')} (key text primary key, items jsonb not null)`.execute(db);
  await sql`create table ${sql.id(schema, 'settings')} (id integer primary key, banner_shown boolean not null)`.execute(db);
  await sql`create table ${sql.id(schema, 'menu')} (id integer primary key, entries jsonb not null)`.execute(db);
  await sql`create table ${sql.id(schema, 'position')} (stream_id text primary key, position bigint not null)`.execute(db);
}

async function writeMenu(trx: Transaction<SiteTables>, schema: string, entries: MenuItem[]): Promise<void> {
  await sql`
    insert into ${sql.id(schema, 'menu')} (id, entries) values (1, ${JSON.stringify(entries)}::jsonb)
    on conflict (id) do update set entries = excluded.entries`.execute(trx);
}

async function applyEvent(trx: Transaction<SiteTables>, schema: string, event: RecordedEvent): Promise<void> {
  if ((MENU_EVENT_TYPES as string[]).includes(event.type)) {
    const e = parseMenuEvent(event);
    await writeMenu(trx, schema, e.data.entries);
    return;
  }
  const e = parseSiteEvent(event);
  switch (e.type) {
    case 'GlobalFieldsChanged':
      for (const [key, value] of Object.entries(e.data.fields)) {
        await sql`
          insert into ${sql.id(schema, 'global_fields')} (key, value) values (${key}, ${JSON.stringify(value)}::jsonb)
          on conflict (key) do update set value = excluded.value`.execute(trx);
      }
      break;
    case 'GlobalItemContainersChanged':
      for (const [key, items] of Object.entries(e.data.containers)) {
        await sql`
          insert into ${sql.id(schema, 'item_containers')} (key, items) values (${key}, ${JSON.stringify(items)}::jsonb)
          on conflict (key) do update set items = excluded.items`.execute(trx);
      }
      break;
    case 'BannerShownChanged':
      await sql`
        insert into ${sql.id(schema, 'settings')} (id, banner_shown) values (1, ${e.data.shown})
        on conflict (id) do update set banner_shown = excluded.banner_shown`.execute(trx);
      break;
    case 'MainMenuChanged':
      await writeMenu(trx, schema, e.data.entries.map(fromLegacyEntry));
      break;
  }
}

async function applyBatch(trx: Transaction<SiteTables>, schema: string, events: RecordedEvent[]): Promise<void> {
  const changed: ContentChange[] = [];
  await applyNewEvents(trx, schema, 'position', events, async (event) => {
    await applyEvent(trx, schema, event);
    const menu = event.type === 'MainMenuChanged' || (MENU_EVENT_TYPES as string[]).includes(event.type);
    changed.push(menu ? { kind: 'menu' } : { kind: 'fields' });
  });
  // Live content: every open page's header (menu) or footer and banner (fields) refetch /v1/site.
  await notifyContentChanges(trx, schema, changed);
}

export const siteReadModel: ReadModel = {
  name: 'site',
  version: 2,
  eventTypes: [...SITE_EVENT_TYPES, ...MENU_EVENT_TYPES],
  createTables,
  applyBatch,
  hashTables: [
    { table: 'global_fields', orderBy: 't.key' },
    { table: 'item_containers', orderBy: 't.key' },
    { table: 'settings', orderBy: 't.id' },
    { table: 'menu', orderBy: 't.id' },
    { table: 'position', orderBy: 't.stream_id' },
  ],
};
