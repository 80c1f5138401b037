/**
 * The admin orders read model (schema `rm_admin_orders`, staff order editing): OrderList's rows and the shell's
 * unfilled-orders badge, fed by every Order event (domain/order). One narrow row per order in `orders` (OrderList's
 * columns: counting and sorting 100,000 rows reads little) and its whole view in `views` (see schema.ts); a batch
 * folds each order's new events onto its stored view (projection.ts) and upserts both, guarded by the stream position
 * (`version`), so a replay changes nothing. ClientForgotten (GDPR erasure, 'forget this client') blanks the personal data of
 * the orders it names and marks them `forgotten`; later order events keep them blank (they fold onto the stored view),
 * and a rebuild blanks them again (ClientForgotten follows their OrderPlaced in $all). Indexes: newest first (placed_at, number), unfilled orders (partial),
 * provider, paid/filled, and a trigram index on the search text.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { parseClientStoredEvent } from '../../domain/client/events.js';
import { ORDER_EVENT_TYPES } from '../../domain/order/order.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import type { ReadModel } from '../read-model.js';
import { type AdminOrderView, clientNameOf, evolveAdminOrder, forgetClientOf, searchTextOf } from './projection.js';
import type { AdminOrdersTables } from './schema.js';

const T = (schema: string, table: string) => sql.id(schema, table);

async function createTables(db: Kysely<AdminOrdersTables>, schema: string): Promise<void> {
  await sql`
    create table ${T(schema, 'orders')} (
      order_id text primary key,
      number integer not null,
      placed_at timestamptz not null,
      client_type text not null,
      client_name text not null,
      email text not null,
      phone text not null,
      search text not null,
      total_cents bigint not null,
      paid boolean not null,
      filled boolean not null,
      provider_id text not null,
      provider_name text not null,
      option_name text,
      payment_method text,
      forgotten boolean not null default false,
      version integer not null
    )`.execute(db);
  await sql`create table ${T(schema, 'views')} (order_id text primary key, view jsonb not null, version integer not null)`.execute(db);
}

async function createIndexes(db: Kysely<AdminOrdersTables>, schema: string): Promise<void> {
  const orders = T(schema, 'orders');
  await sql`create index ${sql.id('admin_orders_newest')} on ${orders} (placed_at desc, number desc)`.execute(db);
  await sql`create index ${sql.id('admin_orders_number')} on ${orders} (number)`.execute(db);
  await sql`create index ${sql.id('admin_orders_unfilled')} on ${orders} (placed_at desc, number desc) where not filled`.execute(db);
  await sql`create index ${sql.id('admin_orders_provider')} on ${orders} (provider_id, placed_at desc)`.execute(db);
  await sql`create index ${sql.id('admin_orders_search')} on ${orders} using gin (search gin_trgm_ops)`.execute(db);
}

interface StoredRow {
  order_id: string;
  view: AdminOrderView;
  forgotten: boolean;
}

async function applyBatch(trx: Transaction<AdminOrdersTables>, schema: string, events: RecordedEvent[]): Promise<void> {
  const orderEvents = events.filter((e) => e.streamId.startsWith('order-') || e.type === 'ClientForgotten');
  if (!orderEvents.length) return;
  const orderIdsOf = (e: RecordedEvent): string[] => {
    if (e.type !== 'ClientForgotten') return [(e.data as { orderId: string }).orderId];
    const forgotten = parseClientStoredEvent(e);
    return forgotten.type === 'ClientForgotten' ? forgotten.data.orderIds : [];
  };
  const ids = [...new Set(orderEvents.flatMap(orderIdsOf))];
  if (!ids.length) return;
  const r = await sql<StoredRow>`
    select v.order_id, v.view, o.forgotten from ${T(schema, 'views')} v join ${T(schema, 'orders')} o using (order_id) where v.order_id = any(${ids}::text[])`.execute(trx);
  const views = new Map<string, AdminOrderView | null>(r.rows.map((x) => [x.order_id, x.view]));
  const forgotten = new Set(r.rows.filter((x) => x.forgotten).map((x) => x.order_id));
  const changed = new Set<string>();
  for (const e of orderEvents) {
    for (const id of orderIdsOf(e)) {
      const view = views.get(id) ?? null;
      if (e.type === 'ClientForgotten') {
        if (!view) continue;
        forgotten.add(id);
        views.set(id, forgetClientOf(view));
      } else {
        const next = evolveAdminOrder(view, e);
        views.set(id, next && forgotten.has(id) ? forgetClientOf(next) : next);
      }
      changed.add(id);
    }
  }
  const rows = [...changed]
    .map((id) => views.get(id) ?? null)
    .filter((v): v is AdminOrderView => v !== null)
    .map((v) => ({
      order_id: v.id, number: v.number, placed_at: v.placedAt, client_type: v.client.type, client_name: clientNameOf(v.client), email: v.client.email, phone: v.client.phone,
      search: searchTextOf(v), total_cents: v.totalCents, paid: v.paid, filled: v.filled, provider_id: v.delivery.providerId, provider_name: v.delivery.providerName,
      option_name: v.delivery.optionName, payment_method: v.payments.at(-1)?.methodId ?? null, view: v, forgotten: forgotten.has(v.id), version: v.version,
    }));
  if (!rows.length) return;
  await sql`
    insert into ${T(schema, 'orders')} as o (order_id, number, placed_at, client_type, client_name, email, phone, search, total_cents, paid, filled, provider_id, provider_name, option_name, payment_method, forgotten, version)
    select x.order_id, x.number, x.placed_at, x.client_type, x.client_name, x.email, x.phone, x.search, x.total_cents, x.paid, x.filled, x.provider_id, x.provider_name, x.option_name, x.payment_method, x.forgotten, x.version
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(order_id text, number int, placed_at timestamptz, client_type text, client_name text, email text, phone text, search text,
      total_cents bigint, paid boolean, filled boolean, provider_id text, provider_name text, option_name text, payment_method text, forgotten boolean, version int)
    on conflict (order_id) do update set client_type = excluded.client_type, client_name = excluded.client_name, email = excluded.email, phone = excluded.phone,
      search = excluded.search, total_cents = excluded.total_cents, paid = excluded.paid, filled = excluded.filled, provider_id = excluded.provider_id,
      provider_name = excluded.provider_name, option_name = excluded.option_name, payment_method = excluded.payment_method,
      forgotten = excluded.forgotten, version = excluded.version
    where o.version < excluded.version or (excluded.forgotten and not o.forgotten)`.execute(trx);
  const viewRows = rows.map((x) => ({ order_id: x.order_id, view: x.view, version: x.version }));
  await sql`
    insert into ${T(schema, 'views')} as v (order_id, view, version)
    select x.order_id, x.view, x.version from jsonb_to_recordset(${JSON.stringify(viewRows)}::jsonb) as x(order_id text, view jsonb, version int)
    on conflict (order_id) do update set view = excluded.view, version = excluded.version where v.version <= excluded.version`.execute(trx);
}

export const adminOrdersReadModel: ReadModel = {
  name: 'admin_orders',
  // 2: the view in its own table (a narrow list table). 3: total_cents bigint (staff edits allow totals beyond the
  // 32-bit integer of cents, 21,474,836.47 EUR; an int column stopped the projector on such an order).
  version: 3,
  eventTypes: [...ORDER_EVENT_TYPES, 'ClientForgotten'],
  createTables,
  createIndexes,
  applyBatch,
  hashTables: [
    { table: 'orders', orderBy: 't.order_id' },
    { table: 'views', orderBy: 't.order_id' },
  ],
};
