/**
 * The orders read model (schema `rm_orders`): its tables and writer (conventions 5). Fed by the Order events and
 * the Stock reservation events (StockReserved, ReservationReleased).
 *
 * Tables:
 * - orders: one row per order: number, public token, paid flag, reservation state (held / expired / none), the
 *   OrderSummary (domain/order/order-summary.ts, with its refunds: OrderRefunded) as jsonb, payment attempts, and the order stream's position;
 * - reservations: units held per (order, product, warehouse) and when they were reserved: the expiry job's
 *   worklist. Rows of an order that was never placed (a crash between reserving and saving) are here too;
 * - stock_streams: the last position applied per stock stream (idempotent replay).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { parseClientStoredEvent } from '../../domain/client/events.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { loadStreamPositions, type ReadModel, saveStreamPositions } from '../read-model.js';
import { evolveOrderRow, ORDERS_EVENT_TYPES, type OrderRow, reservationChange } from './projection.js';
import type { OrdersTables } from './schema.js';

const T = (schema: string, table: string) => sql.id(schema, table);

async function createTables(db: Kysely<OrdersTables>, schema: string): Promise<void> {
  await sql`
    create table ${T(schema, 'orders')} (
      order_id text primary key,
      number integer not null unique,
      public_token text not null unique,
      placed_at timestamptz not null,
      is_paid boolean not null,
      reservation text not null,
      summary jsonb not null,
      attempts jsonb not null,
      version integer not null
    )`.execute(db);
  await sql`
    create table ${T(schema, 'reservations')} (
      order_id text not null,
      product_id text not null,
      warehouse_id text not null,
      quantity integer not null,
      reserved_at timestamptz not null,
      primary key (order_id, product_id, warehouse_id)
    )`.execute(db);
  await sql`create table ${T(schema, 'stock_streams')} (stream_id text primary key, position bigint not null)`.execute(db);
}

async function createIndexes(db: Kysely<OrdersTables>, schema: string): Promise<void> {
  await sql`create index ${sql.id('reservations_reserved_at')} on ${T(schema, 'reservations')} (reserved_at)`.execute(db);
}

interface DbOrderRow {
  order_id: string;
  number: number;
  public_token: string;
  placed_at: Date;
  is_paid: boolean;
  reservation: OrderRow['reservation'];
  summary: OrderRow['summary'];
  attempts: OrderRow['attempts'];
  version: number;
}

async function applyBatch(trx: Transaction<OrdersTables>, schema: string, events: RecordedEvent[]): Promise<void> {
  const orderEvents = events.filter((e) => e.streamId.startsWith('order-'));
  const stockEvents = events.filter((e) => e.streamId.startsWith('stock-'));
  const forgotten = events.filter((e) => e.type === 'ClientForgotten');

  if (orderEvents.length) {
    const ids = [...new Set(orderEvents.map((e) => (e.data as { orderId: string }).orderId))];
    const r = await sql<DbOrderRow>`select * from ${T(schema, 'orders')} where order_id = any(${ids}::text[])`.execute(trx);
    const rows = new Map<string, OrderRow | null>(
      r.rows.map((x) => [x.order_id, { orderId: x.order_id, number: x.number, publicToken: x.public_token, placedAt: x.placed_at.toISOString(), isPaid: x.is_paid, reservation: x.reservation, summary: x.summary, attempts: x.attempts, version: x.version }]),
    );
    for (const e of orderEvents) {
      const id = (e.data as { orderId: string }).orderId;
      rows.set(id, evolveOrderRow(rows.get(id) ?? null, e));
    }
    const out = [...rows.values()].filter((x): x is OrderRow => x !== null);
    if (out.length) {
      await sql`
        insert into ${T(schema, 'orders')} as o (order_id, number, public_token, placed_at, is_paid, reservation, summary, attempts, version)
        select x."orderId", x.number, x."publicToken", x."placedAt", x."isPaid", x.reservation, x.summary, x.attempts, x.version
        from jsonb_to_recordset(${JSON.stringify(out)}::jsonb) as x("orderId" text, number int, "publicToken" text, "placedAt" timestamptz, "isPaid" boolean, reservation text, summary jsonb, attempts jsonb, version int)
        on conflict (order_id) do update set is_paid = excluded.is_paid, reservation = excluded.reservation, summary = excluded.summary,
          attempts = excluded.attempts, version = excluded.version
        where o.version < excluded.version`.execute(trx);
    }
  }

  if (stockEvents.length) {
    const streamIds = [...new Set(stockEvents.map((e) => e.streamId))];
    const applied = await loadStreamPositions(trx, schema, 'stock_streams', streamIds);
    for (const e of stockEvents) {
      if (e.streamPosition <= (applied.get(e.streamId) ?? 0n)) continue;
      applied.set(e.streamId, e.streamPosition);
      const c = reservationChange(e);
      if (c?.kind === 'add') {
        await sql`
          insert into ${T(schema, 'reservations')} as r (order_id, product_id, warehouse_id, quantity, reserved_at)
          values (${c.orderId}, ${c.productId}, ${c.warehouseId}, ${c.quantity}, ${c.at})
          on conflict (order_id, product_id, warehouse_id) do update set quantity = r.quantity + excluded.quantity`.execute(trx);
      } else if (c?.kind === 'remove') {
        await sql`update ${T(schema, 'reservations')} set quantity = quantity - ${c.quantity} where order_id = ${c.orderId} and product_id = ${c.productId} and warehouse_id = ${c.warehouseId}`.execute(trx);
        await sql`delete from ${T(schema, 'reservations')} where order_id = ${c.orderId} and product_id = ${c.productId} and warehouse_id = ${c.warehouseId} and quantity <= 0`.execute(trx);
      }
    }
    await saveStreamPositions(trx, schema, 'stock_streams', applied);
  }

  // 'Forget this client' (GDPR erasure): the orders ClientForgotten names lose the shopper's details, the
  // delivery address, the business contact address and the comment. After the order events of the batch, and again
  // on every replay or rebuild (ClientForgotten follows the OrderPlaced of its orders in $all), so they stay blank.
  for (const e of forgotten) {
    const parsed = parseClientStoredEvent(e);
    const orderIds = parsed.type === 'ClientForgotten' ? parsed.data.orderIds : [];
    if (!orderIds.length) continue;
    await sql`
      update ${T(schema, 'orders')} set summary = jsonb_set(
          jsonb_set(summary, '{client}', (summary->'client') || ${JSON.stringify(FORGOTTEN_CLIENT)}::jsonb),
          '{delivery,address}',
          case when jsonb_typeof(summary->'delivery'->'address') = 'object' then ${JSON.stringify(FORGOTTEN_ADDRESS)}::jsonb else 'null'::jsonb end
        ) || '{"shortContactAddress": "", "comment": ""}'::jsonb
      where order_id = any(${orderIds}::text[])`.execute(trx);
  }
}

/** What a forgotten client's orders keep of the shopper and the address: nothing (the customer type stays). */
const FORGOTTEN_CLIENT = { firstName: '', lastName: '', businessName: '', email: '', phone: '', vatRegNr: '' };
const FORGOTTEN_ADDRESS = { street: '', apartment: '', city: '', state: '', areaCode: '', country: '' };

export const ordersReadModel: ReadModel = {
  name: 'orders',
  // 2: the summary carries refundedCents, refundStatus and refunds.
  // 3: staff toggles and row edits; partial releases and shipments lower the held units.
  // 4: ClientForgotten blanks the shopper's details of the client's orders.
  version: 4,
  eventTypes: ORDERS_EVENT_TYPES,
  createTables,
  createIndexes,
  applyBatch,
  hashTables: [
    { table: 'orders', orderBy: 't.order_id' },
    { table: 'reservations', orderBy: 't.order_id, t.product_id, t.warehouse_id' },
    { table: 'stock_streams', orderBy: 't.stream_id' },
  ],
};
