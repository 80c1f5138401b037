/**
 * Queries of the order-funnel analysis (mapping.ts) for its admin screen: the weeks whose Monday lies in a range of
 * Tallinn calendar dates [from, to) (the range's first week starts on the Monday on or before `from`), and the
 * payment method share over those weeks. Reads the live schema `rm_analysis_order_funnel`.
 */
import { sql } from 'kysely';
import type { DateRange } from '../../domain/search/statistics-ranges.js';
import type { Database } from '../../platform/db/database.js';
import { mondayOf } from './mapping.js';

/** One week of placement (counts; cents are euro cents). */
export interface FunnelWeek {
  /** The Monday, 'yyyy-mm-dd'. */
  week: string;
  placed: number;
  placedCents: number;
  paid: number;
  paidCents: number;
  filled: number;
  /** Orders that held stock (the base of the expiry rate). */
  withReservation: number;
  reservationExpired: number;
}

/** One payment method over the range. */
export interface PaymentMethodShare {
  method: string;
  orders: number;
  amountCents: number;
  /** Of all paid orders in the range, 0..1. */
  share: number;
}

const inRange = (range: DateRange) => {
  const from = range.from ? mondayOf(range.from) : null;
  return sql`(${from}::date is null or week >= ${from}::date) and (${range.to}::date is null or week < ${range.to}::date)`;
};

/** The weeks of the range, oldest first (weeks without orders are absent). */
export async function funnelWeeks(db: Database, range: DateRange): Promise<FunnelWeek[]> {
  const { rows } = await sql<FunnelWeek>`
    select week::text as week, placed::int, placed_cents::float8 as "placedCents", paid::int, paid_cents::float8 as "paidCents",
      filled::int, with_reservation::int as "withReservation", reservation_expired::int as "reservationExpired"
    from rm_analysis_order_funnel.order_funnel where ${inRange(range)} order by week`.execute(db);
  return rows;
}

/** The payment methods of the orders paid in the range's weeks, most orders first (then by name). */
export async function paymentMethodShares(db: Database, range: DateRange): Promise<PaymentMethodShare[]> {
  const { rows } = await sql<Omit<PaymentMethodShare, 'share'>>`
    select method, sum(orders)::int as orders, sum(amount_cents)::float8 as "amountCents"
    from rm_analysis_order_funnel.payment_methods where ${inRange(range)}
    group by method having sum(orders) > 0 order by sum(orders) desc, method collate "C"`.execute(db);
  const all = rows.reduce((n, r) => n + r.orders, 0);
  return rows.map((r) => ({ ...r, share: all ? r.orders / all : 0 }));
}
