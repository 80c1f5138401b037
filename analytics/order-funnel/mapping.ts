/**
 * Order funnel per week (docs/architecture.md "Analyses: search conversion and the order funnel"): placed -> paid -> filled, the reservation expiry rate
 * and the payment method share, per week of placement (the Monday of the Tallinn calendar week of OrderPlaced's
 * `placedAt`), from the order stream's events (domain/order/order.ts):
 * - OrderPlaced: `placed` + 1, `placed_cents` + the total (euro cents, gross), `with_reservation` + 1 when it held stock
 *   (the denominator of the expiry rate);
 * - PaymentStarted: remembers the method chosen (the last attempt's `methodId`);
 * - OrderPaid (a provider's verified payment) or OrderMarkedPaid (staff; method `staff`, the order's total): the first makes the order
 *   paid: `paid` + 1, `paid_cents` + the amount, and `payment_methods(week, method)` + 1 order and the amount;
 *   OrderMarkedUnpaid takes that back (a later payment counts again);
 * - OrderFilled / OrderUnfilled: `filled` + 1 / - 1;
 * - OrderReservationExpired: `reservation_expired` + 1, once per order (a payment after it does not undo it).
 * Every count lands in the week the order was placed (a cohort), so a week's rates read "of the orders placed that
 * week". Orders placed before a replay window are left out entirely.
 */
import { ORDER_EVENT_SCHEMAS } from '../../domain/order/events.js';
import { ORDER_EVENT_TYPES, type OrderEvent } from '../../domain/order/order.js';
import { addDays, tallinnDate } from '../../domain/search/statistics-ranges.js';
import { eventParser } from '../../domain/shared/events.js';
import type { AnalysisDefinition, MappingResult, RowDelta } from '../analysis.js';
import { ORDER_FUNNEL_TABLES } from './schema.js';

/** The method an order paid with when staff marked it paid. */
export const STAFF_MARKED_METHOD = 'staff';

/** What the analysis remembers per order. */
export interface OrderFunnelState {
  week: string;
  /** The order's total when placed, euro cents (what staff marking it paid counts). */
  totalCents: number;
  /** The last payment attempt's method id, null before any. */
  method: string | null;
  /** When paid: the method and amount counted (euro cents). */
  paid: { method: string; cents: number } | null;
  filled: boolean;
  expired: boolean;
}

const parseOrderEvent = eventParser<OrderEvent>(ORDER_EVENT_SCHEMAS);

/** The Monday ('yyyy-mm-dd') of the week of a calendar date. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(day, -((weekday + 6) % 7));
}

const funnel = (week: string, add: Record<string, number>): RowDelta => ({ table: 'order_funnel', key: { week }, add });
const method = (week: string, name: string, add: Record<string, number>): RowDelta => ({ table: 'payment_methods', key: { week, method: name }, add });

function map(event: { type: string; data: unknown }, state: OrderFunnelState | undefined): MappingResult<OrderFunnelState> {
  const e = parseOrderEvent(event);
  if (e.type === 'OrderPlaced') {
    if (state) return {};
    const week = mondayOf(tallinnDate(e.data.placedAt));
    return {
      state: { week, totalCents: e.data.totalCents, method: null, paid: null, filled: false, expired: false },
      rows: [funnel(week, { placed: 1, placed_cents: e.data.totalCents, with_reservation: e.data.reservations.length ? 1 : 0 })],
    };
  }
  if (!state) return {};
  const { week } = state;
  switch (e.type) {
    case 'PaymentStarted':
      return { state: { ...state, method: e.data.methodId } };
    case 'OrderPaid':
    case 'OrderMarkedPaid': {
      if (state.paid) return {};
      const name = e.type === 'OrderMarkedPaid' ? STAFF_MARKED_METHOD : (state.method ?? e.data.providerId);
      const cents = e.type === 'OrderPaid' ? e.data.amountCents : state.totalCents;
      return { state: { ...state, paid: { method: name, cents } }, rows: [funnel(week, { paid: 1, paid_cents: cents }), method(week, name, { orders: 1, amount_cents: cents })] };
    }
    case 'OrderMarkedUnpaid': {
      if (!state.paid) return {};
      const { method: name, cents } = state.paid;
      return { state: { ...state, paid: null }, rows: [funnel(week, { paid: -1, paid_cents: -cents }), method(week, name, { orders: -1, amount_cents: -cents })] };
    }
    case 'OrderFilled':
      return state.filled ? {} : { state: { ...state, filled: true }, rows: [funnel(week, { filled: 1 })] };
    case 'OrderUnfilled':
      return state.filled ? { state: { ...state, filled: false }, rows: [funnel(week, { filled: -1 })] } : {};
    case 'OrderReservationExpired':
      return state.expired ? {} : { state: { ...state, expired: true }, rows: [funnel(week, { reservation_expired: 1 })] };
    default:
      return {};
  }
}

export const orderFunnelAnalysis: AnalysisDefinition<OrderFunnelState> = {
  name: 'order-funnel',
  version: 1,
  description:
    'Orders placed -> paid -> filled per week of placement, reservation expiry rate and payment method share ' +
    '(OrderPlaced, PaymentStarted, OrderPaid, OrderMarkedPaid/Unpaid, OrderFilled/Unfilled, OrderReservationExpired).',
  eventTypes: ORDER_EVENT_TYPES.filter((t) =>
    ['OrderPlaced', 'PaymentStarted', 'OrderPaid', 'OrderMarkedPaid', 'OrderMarkedUnpaid', 'OrderFilled', 'OrderUnfilled', 'OrderReservationExpired'].includes(t),
  ),
  tables: ORDER_FUNNEL_TABLES,
  stateKey: (event) => {
    const orderId = (event.data as { orderId?: unknown } | null)?.orderId;
    return typeof orderId === 'string' ? `order:${orderId}` : null;
  },
  map,
};
