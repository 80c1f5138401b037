/**
 * The share of a product's stock one client address may hold in unpaid orders at once (spec 5 "Quantity and
 * stock": an order never takes more than the units on hand; this caps what one address takes of them). Without it,
 * ten orders per address per ten minutes of 200 lines each could reserve every unit of thousands of products, and
 * other shoppers got `order.not_enough_stock` until the reservations expired.
 *
 * The cap of a limited-amount product is `max(1, floor(stock x percent / 100))` units, where `stock` is the product's
 * whole stock: its free units plus the units every order holds, both read from its Stock aggregate when the claim
 * runs (`options.wholeStock`). A reservation moves units from free to held and leaves the whole unchanged, so each
 * address may take the same share however much others hold, and a burst of orders sees one figure. What an address holds is recorded per order and
 * product in `api_order_address_holds` (platform/db/migrate.ts) until `holdMs` after placing (the reservation TTL
 * plus a sweep) or until the order is paid or its reservation released (the orders read model says so), whichever
 * comes first. A claim runs in one transaction under a per-address advisory lock, so concurrent orders from one
 * address cannot both fit into the same share; every api replica shares the table.
 *
 * The per-address lock counts one address's units exactly; that no product goes below zero is the Stock aggregate's
 * guarantee, not this cap's.
 *
 * The addresses are the shoppers' IP addresses (personal data): a row lives at most `holdMs`, and every claim deletes
 * the rows past their time, whichever address they belong to.
 */
import { sql } from 'kysely';
import type { ReserveShare } from '../../../commands/order/place-order-from-cart.js';
import type { Database } from '../../../platform/db/database.js';
import { liveSchema } from '../../../projections/read-model.js';
import { ordersReadModel } from '../../../projections/orders/writer.js';

/** Default ORDER_RESERVE_SHARE_PER_ADDRESS_PERCENT. */
export const DEFAULT_RESERVE_SHARE_PERCENT = 50;
/** Default time an order's share is counted: ORDER_RESERVATION_TTL_MS (30 min) plus one sweep (1 min), in ms. */
export const DEFAULT_RESERVE_SHARE_HOLD_MS = 31 * 60_000;

/** The most units of a product with `stock` units (on hand plus held) one address may hold: at least 1. */
export function reserveShareCap(stock: number, percent: number): number {
  return Math.max(1, Math.floor((stock * percent) / 100));
}

/**
 * The ReserveShare port (commands/order/place-order-from-cart.ts) of one client address.
 * @param options.percent 1-100 (100: no cap, nothing is recorded); options.holdMs how long a claim counts; now ISO-8601;
 *   options.wholeStock a product's whole stock in units (free plus held by orders), from its Stock aggregate
 */
export function reserveShareOf(
  db: Database,
  address: string,
  options: { percent: number; holdMs: number; now: string; wholeStock: (productId: string) => Promise<number> },
): ReserveShare | undefined {
  if (options.percent >= 100) return undefined;
  const orders = sql.id(liveSchema(ordersReadModel), 'orders');
  return {
    claim: async (orderId, lines) => {
      if (lines.length === 0) return [];
      const productIds = lines.map((l) => l.productId);
      const expiresAt = new Date(Date.parse(options.now) + options.holdMs).toISOString();
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`order-address-holds:${address}`}))`.execute(trx);
        // Past their time (any address), or no longer held unpaid: the order was paid or its reservation released.
        await sql`delete from api_order_address_holds where expires_at <= ${options.now}::timestamptz`.execute(trx);
        await sql`
          delete from api_order_address_holds h using ${orders} o
          where h.address = ${address} and o.order_id = h.order_id and (o.is_paid or o.reservation <> 'held')`.execute(trx);
        const held = await sql<{ product_id: string; units: number }>`
          select product_id, sum(quantity)::int as units from api_order_address_holds
          where address = ${address} and order_id <> ${orderId} and product_id = any(${productIds}::text[])
          group by product_id`.execute(trx);
        const whole = new Map(await Promise.all(productIds.map(async (id) => [id, await options.wholeStock(id)] as const)));
        const heldBy = new Map(held.rows.map((r) => [r.product_id, r.units]));
        const refused = lines
          .map((l) => ({ productId: l.productId, allowed: reserveShareCap(whole.get(l.productId) ?? l.freeUnits, options.percent) - (heldBy.get(l.productId) ?? 0), quantity: l.quantity }))
          .filter((l) => l.quantity > l.allowed)
          .map(({ productId, allowed }) => ({ productId, allowed: Math.max(0, allowed) }));
        if (refused.length) return refused;
        await sql`
          insert into api_order_address_holds (order_id, product_id, address, quantity, expires_at)
          select ${orderId}, x.product_id, ${address}, x.quantity, ${expiresAt}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(lines.map((l) => ({ product_id: l.productId, quantity: l.quantity })))}::jsonb) as x(product_id text, quantity int)
          on conflict (order_id, product_id) do update set quantity = excluded.quantity, expires_at = excluded.expires_at`.execute(trx);
        return [];
      });
    },
    release: async (orderId) => {
      await sql`delete from api_order_address_holds where order_id = ${orderId} and address = ${address}`.execute(db);
    },
  };
}
