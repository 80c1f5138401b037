/**
 * Queries of the stock-movements read model (writer.ts): one product's stock history, newest first, optionally of
 * one warehouse, a page at a time (stock history per product and warehouse). Who is resolved at query
 * time: the staff member's username from the users read model, the order's number from the orders read model
 * (null while the order is not placed or unknown). Read-only.
 */
import { type Kysely, sql } from 'kysely';
import { ordersReadModel } from '../orders/writer.js';
import { liveSchema } from '../read-model.js';
import { usersReadModel } from '../users/writer.js';
import type { MovementActor, MovementKind, StockMovementsTables } from './schema.js';
import { stockMovementsReadModel } from './writer.js';

/** Rows per page of the stock history. */
export const STOCK_HISTORY_PAGE_SIZE = 50;

/** One movement as the staff see it; `at` ISO-8601 UTC; `change` and `onHand` in whole units. */
export interface StockMovement {
  eventId: string;
  warehouseId: string;
  streamPosition: number;
  at: string;
  kind: MovementKind;
  change: number;
  onHand: number;
  reason: string | null;
  actor: MovementActor;
  userId: string | null;
  username: string | null;
  orderId: string | null;
  orderNumber: number | null;
}

export interface StockHistoryPage {
  movements: StockMovement[];
  /** Movements on every page. */
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The movements of `productId` (of `warehouseId` when given), newest first, page `page` (1-based) of `pageSize`.
 * Unknown products give an empty page.
 */
export async function listStockMovements(
  db: Kysely<StockMovementsTables>,
  input: { productId: string; warehouseId?: string | null; page: number; pageSize?: number },
): Promise<StockHistoryPage> {
  const pageSize = input.pageSize ?? STOCK_HISTORY_PAGE_SIZE;
  const movements = sql.id(liveSchema(stockMovementsReadModel), 'movements');
  const users = sql.id(liveSchema(usersReadModel), 'users');
  const orders = sql.id(liveSchema(ordersReadModel), 'orders');
  const where = input.warehouseId ? sql`m.product_id = ${input.productId} and m.warehouse_id = ${input.warehouseId}` : sql`m.product_id = ${input.productId}`;
  const [count, r] = await Promise.all([
    sql<{ n: number }>`select count(*)::int as n from ${movements} m where ${where}`.execute(db),
    sql<{
      event_id: string; warehouse_id: string; stream_position: string; at: Date; kind: MovementKind; change: number; on_hand: number;
      reason: string | null; actor: MovementActor; user_id: string | null; username: string | null; order_id: string | null; number: number | null;
    }>`
      select m.event_id::text, m.warehouse_id, m.stream_position::text, m.at, m.kind, m.change, m.on_hand, m.reason, m.actor, m.user_id,
        u.username, m.order_id, o.number
      from ${movements} m
      left join ${users} u on u.id = m.user_id
      left join ${orders} o on o.order_id = m.order_id
      where ${where}
      order by m.stream_position desc, m.event_id
      offset ${(input.page - 1) * pageSize} limit ${pageSize}`.execute(db),
  ]);
  return {
    movements: r.rows.map((row) => ({
      eventId: row.event_id,
      warehouseId: row.warehouse_id,
      streamPosition: Number(row.stream_position),
      at: new Date(row.at).toISOString(),
      kind: row.kind,
      change: row.change,
      onHand: row.on_hand,
      reason: row.reason,
      actor: row.actor,
      userId: row.user_id,
      username: row.username,
      orderId: row.order_id,
      orderNumber: row.number,
    })),
    total: count.rows[0]?.n ?? 0,
    page: input.page,
    pageSize,
  };
}
