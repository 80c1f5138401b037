/**
 * Queries of the orders read model (schema `rm_orders`, projections/orders/writer.ts). Read-only.
 */
import { type Kysely, sql } from 'kysely';
import type { OrderSummary } from '../../domain/order/order-summary.js';
import { liveSchema } from '../read-model.js';
import type { PaymentAttempt } from './projection.js';
import { ordersReadModel } from './writer.js';
import type { OrdersTables } from './schema.js';

const T = (table: string) => sql.id(liveSchema(ordersReadModel), table);

/** What the payment page and the payment routes read about one order. */
export interface OrderView {
  summary: OrderSummary;
  reservation: 'held' | 'expired' | 'none';
  attempts: PaymentAttempt[];
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;
const UUID_PATTERN = /^[0-9a-f-]{36}$/i;

async function viewWhere(db: Kysely<OrdersTables>, where: ReturnType<typeof sql>): Promise<OrderView | null> {
  const r = await sql<{ summary: OrderSummary; reservation: OrderView['reservation']; attempts: PaymentAttempt[] }>`
    select summary, reservation, attempts from ${T('orders')} where ${where}`.execute(db);
  return r.rows[0] ?? null;
}

/**
 * The order summary (spec 3 "Order") by order id or by public token; null when no such order is projected yet.
 * Used by the payment page, the confirmation mail and the PDF download (GET /order/download/{token}).
 */
export async function getOrderSummary(db: Kysely<OrdersTables>, key: string | { publicToken: string }): Promise<OrderSummary | null> {
  return (await getOrderView(db, key))?.summary ?? null;
}

/** The order with its reservation state and payment attempts, by order id or public token (null when unknown). */
export async function getOrderView(db: Kysely<OrdersTables>, key: string | { publicToken: string }): Promise<OrderView | null> {
  if (typeof key === 'string') return UUID_PATTERN.test(key) ? viewWhere(db, sql`order_id = ${key}`) : null;
  return TOKEN_PATTERN.test(key.publicToken) ? viewWhere(db, sql`public_token = ${key.publicToken}`) : null;
}

/** The order with this number (spec 3 Order.number: the merchant reference a payment provider reports). */
export async function getOrderViewByNumber(db: Kysely<OrdersTables>, number: number): Promise<OrderView | null> {
  if (!Number.isSafeInteger(number)) return null;
  return viewWhere(db, sql`number = ${number}`);
}

/** Orders whose reserved stock is older than the cutoff and not paid for: the expiry job's worklist. */
export interface ExpiredReservation {
  orderId: string;
  /** False when the order was never saved (a crash between reserving and OrderPlaced). */
  orderPlaced: boolean;
  productIds: string[];
}

/**
 * Unpaid orders (and never-placed order ids) holding stock reserved before `cutoff` (ISO-8601), oldest first. The
 * hold counts from the order's first reservation (placing), whatever the shopper does afterwards: a payment attempt
 * does not extend it, or an order re-started at the bank every 29 minutes would hold its stock for ever. A payment
 * started late may still finish: the provider's answer is recorded and the units reserved again where stock allows
 * (commands/order/record-payment.ts).
 * @param limit most orders returned
 */
export async function findExpiredReservations(db: Kysely<OrdersTables>, cutoff: string, limit = 100): Promise<ExpiredReservation[]> {
  const r = await sql<{ order_id: string; placed: boolean; product_ids: string[] }>`
    with held as (
      select r.order_id, min(r.reserved_at) as reserved_at, array_agg(distinct r.product_id order by r.product_id) as product_ids
      from ${T('reservations')} r group by r.order_id
    )
    select h.order_id, (o.order_id is not null) as placed, h.product_ids
    from held h
      left join ${T('orders')} o on o.order_id = h.order_id
    where o.is_paid is not true and h.reserved_at < ${cutoff}::timestamptz
    order by h.reserved_at
    limit ${limit}`.execute(db);
  return r.rows.map((x) => ({ orderId: x.order_id, orderPlaced: x.placed, productIds: x.product_ids }));
}

/** Units of a product held by unpaid and paid orders (whole units), for tests and the back office. */
export async function reservedUnits(db: Kysely<OrdersTables>, productId: string): Promise<number> {
  const r = await sql<{ n: number }>`select coalesce(sum(quantity), 0)::int as n from ${T('reservations')} where product_id = ${productId}`.execute(db);
  return r.rows[0].n;
}
