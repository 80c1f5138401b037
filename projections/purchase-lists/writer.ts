/**
 * The purchase-lists read model (schema `rm_purchase_lists`; docs/analytics.md "Sell-through, days of cover and reorder suggestions", accept in bulk): the
 * purchase lists staff made of reorder suggestions (domain/purchase-list), for the ReorderSuggestions screen's list
 * and the supplier's CSV.
 *
 * Tables: `lists(id, created_at, created_by, service_level, range, line_count, units)`, `lines(list_id, n,
 * product_id, warehouse_id, quantity, reason_et, reason_en)` (n: the line's place, from 1), `position` (idempotency
 * by stream position).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { parsePurchaseListEvent } from '../../domain/purchase-list/events.js';
import { PURCHASE_LIST_EVENT_TYPES } from '../../domain/purchase-list/purchase-list.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { applyNewEvents, type ReadModel, type ReadModelTables } from '../read-model.js';

async function createTables(db: Kysely<ReadModelTables>, schema: string): Promise<void> {
  await sql`
    create table ${sql.id(schema, 'lists')} (
      id text primary key, created_at timestamptz not null, created_by text, service_level text not null, range text not null,
      line_count int not null, units bigint not null
    )`.execute(db);
  await sql`
    create table ${sql.id(schema, 'lines')} (
      list_id text not null, n int not null, product_id text not null, warehouse_id text not null, quantity int not null,
      reason_et text not null, reason_en text not null, primary key (list_id, n)
    )`.execute(db);
  await sql`create index on ${sql.id(schema, 'lists')} (created_at desc)`.execute(db);
  await sql`create table ${sql.id(schema, 'position')} (stream_id text primary key, position bigint not null)`.execute(db);
}

async function applyBatch(trx: Transaction<ReadModelTables>, schema: string, events: RecordedEvent[]): Promise<void> {
  await applyNewEvents(trx, schema, 'position', events, async (event) => {
    const e = parsePurchaseListEvent(event);
    if (e.type !== 'PurchaseListCreated') return;
    const d = e.data;
    const units = d.lines.reduce((n, l) => n + l.quantity, 0);
    await sql`
      insert into ${sql.id(schema, 'lists')} (id, created_at, created_by, service_level, range, line_count, units)
      values (${d.listId}, ${d.createdAt}, ${d.createdBy}, ${d.serviceLevel}, ${d.range}, ${d.lines.length}, ${units})
      on conflict (id) do nothing`.execute(trx);
    const rows = d.lines.map((l, i) => ({ list_id: d.listId, n: i + 1, product_id: l.productId, warehouse_id: l.warehouseId, quantity: l.quantity, reason_et: l.reason.et, reason_en: l.reason.en }));
    await sql`
      insert into ${sql.id(schema, 'lines')} (list_id, n, product_id, warehouse_id, quantity, reason_et, reason_en)
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(list_id text, n int, product_id text, warehouse_id text, quantity int, reason_et text, reason_en text)
      on conflict do nothing`.execute(trx);
  });
}

export const purchaseListsReadModel: ReadModel = {
  name: 'purchase_lists',
  version: 1,
  eventTypes: PURCHASE_LIST_EVENT_TYPES,
  createTables,
  applyBatch,
  hashTables: [
    { table: 'lists', orderBy: 't.id' },
    { table: 'lines', orderBy: 't.list_id, t.n' },
    { table: 'position', orderBy: 't.stream_id' },
  ],
};
