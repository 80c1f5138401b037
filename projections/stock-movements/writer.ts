/**
 * The stock-movements read model (schema `rm_stock_movements`; "Stock history per product and
 * warehouse"): every movement of every product's stock per warehouse — received, adjusted, counted, reserved,
 * released, shipped — with its time, who or what caused it (staff user id, the order, the
 * system), the change, the resulting free units and the reason. Fed by the Stock aggregate's events
 * (domain/stock); the mapping is projection.ts.
 *
 * Tables (schema.ts): movements (one row per event, keyed by the event id), levels (free units per product and
 * warehouse after the last movement: a count's change is measured against it), position (idempotent by stream
 * position). A batch is written with one insert per table.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { STOCK_EVENT_TYPES } from '../../domain/stock/stock.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { loadStreamPositions, type ReadModel, saveStreamPositions } from '../read-model.js';
import { type MovementRow, toMovement } from './projection.js';
import type { StockMovementsTables } from './schema.js';

async function createTables(db: Kysely<StockMovementsTables>, schema: string): Promise<void> {
  await sql`
    create table ${sql.id(schema, 'movements')} (
      event_id uuid primary key,
      product_id text not null,
      warehouse_id text not null,
      stream_position bigint not null,
      at timestamptz not null,
      kind text not null,
      change integer not null,
      on_hand integer not null,
      reason text,
      actor text not null,
      user_id text,
      order_id text
    )`.execute(db);
  await sql`create table ${sql.id(schema, 'levels')} (product_id text not null, warehouse_id text not null, on_hand integer not null, primary key (product_id, warehouse_id))`.execute(db);
  await sql`create table ${sql.id(schema, 'position')} (stream_id text primary key, position bigint not null)`.execute(db);
}

async function createIndexes(db: Kysely<StockMovementsTables>, schema: string): Promise<void> {
  await sql`create index ${sql.id('movements_product')} on ${sql.id(schema, 'movements')} (product_id, warehouse_id, stream_position desc)`.execute(db);
  await sql`create index ${sql.id('movements_product_all')} on ${sql.id(schema, 'movements')} (product_id, stream_position desc)`.execute(db);
}

const MOVEMENT_COLUMNS = [
  ['event_id', 'uuid'], ['product_id', 'text'], ['warehouse_id', 'text'], ['stream_position', 'bigint'], ['at', 'timestamptz'], ['kind', 'text'],
  ['change', 'integer'], ['on_hand', 'integer'], ['reason', 'text'], ['actor', 'text'], ['user_id', 'text'], ['order_id', 'text'],
] as const;

async function applyBatch(trx: Transaction<StockMovementsTables>, schema: string, events: RecordedEvent[]): Promise<void> {
  const applied = await loadStreamPositions(trx, schema, 'position', [...new Set(events.map((e) => e.streamId))]);
  const fresh = events.filter((event) => {
    if (event.streamPosition <= (applied.get(event.streamId) ?? 0n)) return false;
    applied.set(event.streamId, event.streamPosition);
    return true;
  });
  if (!fresh.length) return;
  const productIds = [...new Set(fresh.map((e) => (e.data as { productId: string }).productId))];
  const levels = new Map<string, number>();
  const key = (productId: string, warehouseId: string) => `${productId}\u0000${warehouseId}`;
  const r = await sql<{ product_id: string; warehouse_id: string; on_hand: number }>`
    select product_id, warehouse_id, on_hand from ${sql.id(schema, 'levels')} where product_id = any(${productIds}::text[])`.execute(trx);
  for (const row of r.rows) levels.set(key(row.product_id, row.warehouse_id), row.on_hand);

  const rows: MovementRow[] = [];
  const changed = new Map<string, { product_id: string; warehouse_id: string; on_hand: number }>();
  for (const event of fresh) {
    const { productId, warehouseId } = event.data as { productId: string; warehouseId: string };
    const k = key(productId, warehouseId);
    const row = toMovement(event, levels.get(k) ?? 0);
    rows.push(row);
    levels.set(k, row.on_hand);
    changed.set(k, { product_id: productId, warehouse_id: warehouseId, on_hand: row.on_hand });
  }
  const names = sql.join(MOVEMENT_COLUMNS.map(([c]) => sql.id(c)));
  const typed = sql.raw(MOVEMENT_COLUMNS.map(([c, t]) => `"${c}" ${t}`).join(', '));
  await sql`
    insert into ${sql.id(schema, 'movements')} (${names})
    select ${names} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${typed})
    on conflict (event_id) do nothing`.execute(trx);
  await sql`
    insert into ${sql.id(schema, 'levels')} (product_id, warehouse_id, on_hand)
    select product_id, warehouse_id, on_hand from jsonb_to_recordset(${JSON.stringify([...changed.values()])}::jsonb) as x(product_id text, warehouse_id text, on_hand integer)
    on conflict (product_id, warehouse_id) do update set on_hand = excluded.on_hand`.execute(trx);
  await saveStreamPositions(trx, schema, 'position', applied);
}

export const stockMovementsReadModel: ReadModel = {
  name: 'stock_movements',
  version: 1,
  eventTypes: STOCK_EVENT_TYPES,
  createTables,
  createIndexes,
  applyBatch,
  hashTables: [
    { table: 'movements', orderBy: 't.event_id' },
    { table: 'levels', orderBy: 't.product_id, t.warehouse_id' },
    { table: 'position', orderBy: 't.stream_id' },
  ],
};
