/**
 * The filters read model (schema `rm_filters`): the labels of the catalog's facets per language (spec 3 "Filter"),
 * fed by the Filter aggregate's events (domain/filter/filter.ts).
 *
 * Tables: filters (facet name -> label and value labels, language-wrapped; `shown` on the storefront, `sort_position`
 * in the filter panel, v2, spec 2 FilterList; `hide_when_empty_in`, the category ids where the facet hides when its
 * count is 0, v3, spec 9). A facet hidden or placed before it has labels gets a row with empty
 * labels. Idempotent by stream position: `position` remembers the last applied position of each `filter-{name}`
 * stream (also the version the staff screen reads).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { parseFilterEvent } from '../../domain/filter/events.js';
import { FILTER_EVENT_TYPES } from '../../domain/filter/filter.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { applyNewEvents, type ReadModel } from '../read-model.js';
import type { FiltersTables } from './schema.js';

async function createTables(db: Kysely<FiltersTables>, schema: string): Promise<void> {
  await sql`
    create table ${sql.id(schema, 'filters')} (
      name text primary key,
      label jsonb not null,
      value_labels jsonb not null,
      shown boolean not null default true,
      sort_position integer,
      hide_when_empty_in text[] not null default '{}'
    )`.execute(db);
  await sql`create table ${sql.id(schema, 'position')} (stream_id text primary key, position bigint not null)`.execute(db);
}

async function applyBatch(trx: Transaction<FiltersTables>, schema: string, events: RecordedEvent[]): Promise<void> {
  await applyNewEvents(trx, schema, 'position', events, async (event) => {
    const e = parseFilterEvent(event);
    const table = sql.id(schema, 'filters');
    const empty = JSON.stringify({ et: '', en: '' });
    switch (e.type) {
      case 'FilterLabelsChanged':
        await sql`
          insert into ${table} (name, label, value_labels)
          values (${e.data.name}, ${JSON.stringify(e.data.label)}::jsonb, ${JSON.stringify(e.data.values)}::jsonb)
          on conflict (name) do update set label = excluded.label, value_labels = excluded.value_labels`.execute(trx);
        break;
      case 'FilterShown':
      case 'FilterHidden':
        await sql`
          insert into ${table} (name, label, value_labels, shown) values (${e.data.name}, ${empty}::jsonb, '{}'::jsonb, ${e.type === 'FilterShown'})
          on conflict (name) do update set shown = excluded.shown`.execute(trx);
        break;
      case 'FilterPositionSet':
        await sql`
          insert into ${table} (name, label, value_labels, sort_position) values (${e.data.name}, ${empty}::jsonb, '{}'::jsonb, ${e.data.position})
          on conflict (name) do update set sort_position = excluded.sort_position`.execute(trx);
        break;
      case 'FilterHiddenWhenEmptyChanged':
        await sql`
          insert into ${table} (name, label, value_labels, hide_when_empty_in) values (${e.data.name}, ${empty}::jsonb, '{}'::jsonb, ${e.data.categoryIds}::text[])
          on conflict (name) do update set hide_when_empty_in = excluded.hide_when_empty_in`.execute(trx);
        break;
    }
  });
}

export const filtersReadModel: ReadModel = {
  name: 'filters',
  version: 3,
  eventTypes: FILTER_EVENT_TYPES,
  createTables,
  applyBatch,
  hashTables: [
    { table: 'filters', orderBy: 't.name' },
    { table: 'position', orderBy: 't.stream_id' },
  ],
};
