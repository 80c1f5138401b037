/**
 * The orders read model's pure mapping (conventions 5): Order events to the order row (its OrderSummary, payment
 * state, refunds and reservation state), Stock reservation events to the rows of held units per order. No I/O.
 */
import { noRefunds, type OrderSummary } from '../../domain/order/order-summary.js';
import { parseOrderEvent } from '../../domain/order/events.js';
import { ORDER_EVENT_TYPES } from '../../domain/order/order.js';
import { parseStockEvent } from '../../domain/stock/events.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';

/** The events the read model reads: every Order event and the two reservation events of the Stock aggregate. */
export const ORDERS_EVENT_TYPES: readonly string[] = [...ORDER_EVENT_TYPES, 'StockReserved', 'ReservationReleased', 'StockShipped', 'StockShipmentReturned', 'ClientForgotten'];

/** One payment attempt as listed with the order. */
export interface PaymentAttempt {
  attempt: number;
  attemptId: string;
  methodId: string;
  providerId: string;
  startedAt: string;
}

/** The order row: the summary plus what the payment page and the expiry job need. */
export interface OrderRow {
  orderId: string;
  number: number;
  publicToken: string;
  placedAt: string;
  isPaid: boolean;
  /** held: stock is reserved for it; expired: released after the TTL; none: it holds nothing. */
  reservation: 'held' | 'expired' | 'none';
  summary: OrderSummary;
  attempts: PaymentAttempt[];
  /** Stream position of the last order event applied (idempotent replay). */
  version: number;
}

/** Applies one Order event to the row (null before OrderPlaced); events at or below `version` change nothing. */
export function evolveOrderRow(row: OrderRow | null, event: RecordedEvent): OrderRow | null {
  const position = Number(event.streamPosition);
  if (row && position <= row.version) return row;
  const e = parseOrderEvent(event);
  if (e.type === 'OrderPlaced') {
    const { reservations, ...summary } = e.data;
    return {
      orderId: e.data.orderId, number: e.data.number, publicToken: e.data.publicToken, placedAt: e.data.placedAt, isPaid: false,
      reservation: reservations.length ? 'held' : 'none', summary: { ...summary, isPaid: false, paidAt: null, ...noRefunds() }, attempts: [], version: position,
    };
  }
  if (!row) return null;
  const next = { ...row, version: position };
  switch (e.type) {
    case 'PaymentStarted':
      return { ...next, attempts: [...row.attempts, { attempt: e.data.attempt, attemptId: e.data.attemptId, methodId: e.data.methodId, providerId: e.data.providerId, startedAt: event.metadata.time }] };
    case 'OrderPaid':
      return { ...next, isPaid: true, summary: { ...row.summary, isPaid: true, paidAt: e.data.paidAt } };
    case 'OrderReservationExpired':
      return { ...next, reservation: 'expired' };
    case 'OrderReservedAgain':
      return { ...next, reservation: e.data.reservations.length ? 'held' : 'none' };
    case 'PaymentCancelled':
      return next;
    // Staff toggles and edits reach the shopper's payment page, the mail and the PDF.
    case 'OrderMarkedPaid':
      return { ...next, isPaid: true, summary: { ...row.summary, isPaid: true, paidAt: e.data.at } };
    case 'OrderMarkedUnpaid':
      return { ...next, isPaid: false, summary: { ...row.summary, isPaid: false, paidAt: null } };
    case 'OrderRowsEdited': {
      const d = e.data;
      const rows = d.rows.map((r) => ({ ...r, productId: r.productId ?? '' }));
      return {
        ...next,
        reservation: d.reservations.length ? 'held' : row.reservation === 'expired' ? 'expired' : 'none',
        summary: { ...row.summary, rows, vatIncluded: d.vatIncluded, vatRatePercent: d.vatRatePercent, netTotalCents: d.netTotalCents, vatCents: d.vatCents, totalCents: d.totalCents },
      };
    }
    case 'OrderRefunded': {
      // The refunded total and whether it is all of it come from the event (the decider's answer).
      const { refundId, providerId, amountCents, refundedTotalCents, fully, at } = e.data;
      const refunds = [...row.summary.refunds, { refundId, providerId, amountCents, at }];
      return { ...next, summary: { ...row.summary, refundedCents: refundedTotalCents, refundStatus: fully ? 'refunded' : 'partially_refunded', refunds } };
    }
    default:
      return next;
  }
}

/** A change of the held-units rows from a Stock reservation event. */
export type ReservationChange =
  | { kind: 'add'; orderId: string; productId: string; warehouseId: string; quantity: number; at: string }
  | { kind: 'remove'; orderId: string; productId: string; warehouseId: string; quantity: number };

export function reservationChange(event: RecordedEvent): ReservationChange | null {
  const e = parseStockEvent(event);
  if (e.type === 'StockReserved') return { kind: 'add', orderId: e.data.orderId, productId: e.data.productId, warehouseId: e.data.warehouseId, quantity: e.data.quantity, at: event.metadata.time };
  // A release (partial when staff lower an order row) and a shipment (the order was filled) take units out of the
  // reservation; a returned shipment puts them back.
  if (e.type === 'ReservationReleased' || e.type === 'StockShipped') return { kind: 'remove', orderId: e.data.orderId, productId: e.data.productId, warehouseId: e.data.warehouseId, quantity: e.data.quantity };
  if (e.type === 'StockShipmentReturned') return { kind: 'add', orderId: e.data.orderId, productId: e.data.productId, warehouseId: e.data.warehouseId, quantity: e.data.quantity, at: event.metadata.time };
  return null;
}
