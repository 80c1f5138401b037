/**
 * The Order aggregate (stream `order-{orderId}`; spec 3 "Order", spec 4 "Checkout" and "Payment page",
 * spec 5). Pure decider: the order number, public token, time and ids arrive in the command.
 *
 * Life of an order:
 * 1. PlaceOrder -> OrderPlaced: rows priced from the catalog's gross prices by the VAT rule of spec 5
 *    (domain/order/pricing.ts), totals in euro cents, client, delivery, language, public token, number, and the
 *    stock reservations the order holds (`reservations`, limited-amount products only).
 * 2. StartPayment -> PaymentStarted (method, provider, attempt 1, 2, ...). A paid order refuses a new payment, an
 *    order whose reservations expired too.
 * 3. RecordPayment with a verified provider answer -> OrderPaid exactly once (a duplicate decides nothing; the
 *    amount must equal the order total), or PaymentCancelled for a cancelled attempt.
 * 4. ExpireReservation -> OrderReservationExpired when an unpaid order held stock longer than the TTL; the
 *    stock streams get ReservationReleased (reason `expired`) beside it.
 * 5. RecordRefund with a verified provider refund (Montonio refund notifications) -> OrderRefunded once
 *    per refund id, with the refunded total after it and whether the order is now fully refunded. Only a paid order
 *    is refunded, never beyond what was paid; pending and failed refunds record nothing.
 * 6. RequestInvoiceSend -> InvoiceSendRequested (kind invoice or prepayment, number from the invoice-number sequence,
 *    recipient, issue and due date), RecordInvoiceSent -> InvoiceSent once per request (spec 4 "Order
 *    flags": sent, and resent once already sent). Rules in domain/order/invoicing.ts.
 * 7. Staff (staff order editing, rules in domain/order/staff-edits.ts): MarkOrderPaid / MarkOrderUnpaid, MarkOrderFilled /
 *    MarkOrderUnfilled (spec 4 toggles; filling ships the reserved stock), StartOrderEdit / EditOrder /
 *    CompleteOrderEdit / AbandonOrderEdit (rows, discount, fee, comments; totals and VAT by spec 5; a stock-changing edit holds a lease).
 */
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { DomainError, illegalState, notFound, validation } from '../shared/errors.js';
import type { OrderClient, OrderDelivery, OrderLanguage, OrderPlacedData, OrderReservation, OrderRow } from './order-placed.js';
import { clientVatRegNr, priceOrder } from './pricing.js';
import {
  decideInvoiceSend,
  decideInvoiceSent,
  evolveInvoices,
  type InvoiceSendRequestedData,
  type InvoiceSentData,
  noInvoices,
  type OrderInvoices,
  type RecordInvoiceSentData,
  type RequestInvoiceSendData,
} from './invoicing.js';
import { decideStaff, editInProgress, evolveStaff, type OrderStaffFacts, STAFF_ORDER_EVENT_TYPES, staffFactsOf, type StaffOrderCommand, type StaffOrderEvent } from './staff-edits.js';

export const toOrderStreamId = (orderId: string) => `order-${orderId}`;

/** Shortest public token (spec 2 /payment/{id}): url-safe characters only. */
export const MIN_TOKEN_LENGTH = 32;
/** Most rows per order and most whole units per row. */
export const ORDER_LIMITS = { rows: 200, quantity: 100_000 } as const;

// The event's own data types (domain/order/order-placed.ts, zod): OrderPlaced is not defined from the read model's summary.
export type { OrderClient, OrderDelivery, OrderLanguage, OrderPlacedData, OrderReservation, OrderRow } from './order-placed.js';

// ---- events ---------------------------------------------------------------------------------------------------
export type OrderEvent =
  | Message<'OrderPlaced', OrderPlacedData>
  | Message<'PaymentStarted', { orderId: string; attempt: number; attemptId: string; methodId: string; providerId: string; amountCents: number }>
  | Message<'OrderPaid', { orderId: string; providerId: string; transactionId: string; amountCents: number; paidAt: string }>
  | Message<'PaymentCancelled', { orderId: string; providerId: string; transactionId: string }>
  | Message<'OrderReservationExpired', { orderId: string; reservations: OrderReservation[]; expiredAt: string }>
  /**
   * A payment that arrived after the reservation expired reserved the order's units again where stock allowed
   * (commands/order/record-payment.ts): `reservations` are the units held now, so filling ships them.
   */
  | Message<'OrderReservedAgain', { orderId: string; reservations: OrderReservation[]; at: string }>
  | Message<'OrderRefunded', OrderRefundedData>
  /** Order documents (domain/order/invoicing.ts): staff asked to send (or resend) an invoice by mail. */
  | Message<'InvoiceSendRequested', InvoiceSendRequestedData>
  /** The invoice mail of one request went out. */
  | Message<'InvoiceSent', InvoiceSentData>
  /** Staff order editing (domain/order/staff-edits.ts): paid / filled toggles, row edits, comments. */
  | StaffOrderEvent;
export type OrderEventType = OrderEvent['type'];
export const ORDER_EVENT_TYPES: OrderEventType[] = ['OrderPlaced', 'PaymentStarted', 'OrderPaid', 'PaymentCancelled', 'OrderReservationExpired', 'OrderReservedAgain', 'OrderRefunded', 'InvoiceSendRequested', 'InvoiceSent', ...STAFF_ORDER_EVENT_TYPES];

/**
 * OrderRefunded: money of a paid order went back to the shopper. Amounts in euro cents: `amountCents`
 * this refund, `refundedTotalCents` all refunds of the order including this one; `fully` when that is the total paid.
 */
export interface OrderRefundedData {
  orderId: string;
  /** The provider's refund id (Montonio refundUuid): one event per id. */
  refundId: string;
  providerId: string;
  amountCents: number;
  refundedTotalCents: number;
  fully: boolean;
  /** When the shop recorded it, ISO-8601 UTC. */
  at: string;
}

// ---- commands -------------------------------------------------------------------------------------------------
/** One order line as the catalog prices it (never the client): gross unit price in euro cents. */
export interface CatalogLine {
  productId: string;
  code: string;
  /** In the order's language. */
  name: string;
  unit: string;
  quantity: number;
  grossUnitCents: number;
}

type Cmd<T extends string, D> = Message<T, D> & { metadata: CommandMetadata };
export type OrderCommand =
  | Cmd<'PlaceOrder', {
      orderId: string;
      /** From the order-number sequence (spec 3 Order.number: assigned on saving). */
      number: number;
      publicToken: string;
      language: OrderLanguage;
      client: OrderClient;
      shortContactAddress: string;
      comment: string;
      delivery: OrderDelivery;
      lines: CatalogLine[];
      vatRatePercent: number;
      reservations: OrderReservation[];
    }>
  | Cmd<'StartPayment', { orderId: string; methodId: string; providerId: string; attemptId: string }>
  | Cmd<'RecordPayment', { orderId: string; providerId: string; transactionId: string; status: 'paid' | 'cancelled'; amountCents: number; currency: string }>
  | Cmd<'ExpireReservation', { orderId: string }>
  /** Records the units a late payment reserved again (only for an order whose reservation expired). */
  | Cmd<'RecordReservedAgain', { orderId: string; reservations: OrderReservation[] }>
  /** A refund the provider reported and the shop verified; amount in euro cents, status as the provider says. */
  | Cmd<'RecordRefund', { orderId: string; providerId: string; refundId: string; amountCents: number; currency: string; status: 'succeeded' | 'pending' | 'failed' }>
  /** Send or resend an invoice (domain/order/invoicing.ts). */
  | Cmd<'RequestInvoiceSend', RequestInvoiceSendData>
  /** The mail worker sent the invoice of one request. */
  | Cmd<'RecordInvoiceSent', RecordInvoiceSentData>
  /** The staff's commands (domain/order/staff-edits.ts). */
  | (StaffOrderCommand & { metadata: CommandMetadata });

// ---- state ----------------------------------------------------------------------------------------------------
interface OrderFacts {
  orderId: string;
  number: number;
  publicToken: string;
  totalCents: number;
  email: string;
  language: OrderLanguage;
  attempts: number;
  /**
   * The amounts (euro cents) payments were started for: a staff edit may change the total while the shopper is at
   * the bank, and the payment of the amount that was asked for must still be recorded.
   */
  startedAmountsCents: number[];
  reservations: OrderReservation[];
  /** held: the reservations are in the stock streams; expired: released by the expiry job; none: nothing held. */
  reservation: 'held' | 'expired' | 'none';
  cancelledTransactions: string[];
  /** The invoice and the prepayment invoice (number, dates, pending request, sent time). */
  invoices: OrderInvoices;
  /** Rows, discount, fee, comments, filled flag and the row edit in progress (domain/order/staff-edits.ts). */
  staff: OrderStaffFacts;
}
export type OrderState =
  | { status: 'empty' }
  | (OrderFacts & { status: 'placed' })
  | (OrderFacts & { status: 'paid'; transactionId: string; paidAt: string; refundIds: string[]; refundedCents: number });
export const initialState: OrderState = { status: 'empty' };

// ---- rules ----------------------------------------------------------------------------------------------------
function requirePlaced(state: OrderState): Exclude<OrderState, { status: 'empty' }> {
  if (state.status === 'empty') throw notFound('order.not_found', "We couldn't find the requested order.");
  return state;
}

function placeOrder(data: Extract<OrderCommand, { type: 'PlaceOrder' }>['data'], state: OrderState, now: string): OrderEvent[] {
  if (state.status !== 'empty') {
    if (state.orderId === data.orderId) return [];
    throw illegalState('order.already_placed', 'The order is already placed');
  }
  if (data.lines.length === 0) throw validation('order.empty', 'Cannot submit an empty order', 'items');
  if (data.lines.length > ORDER_LIMITS.rows) throw validation('order.too_many_rows', `An order holds at most ${ORDER_LIMITS.rows} rows`, 'items');
  for (const l of data.lines) {
    if (!l.name.trim()) throw validation('order.row_name_required', "Saving failed, can't save order without product/service name", 'items');
    if (!Number.isInteger(l.quantity) || l.quantity < 1 || l.quantity > ORDER_LIMITS.quantity) throw validation('order.quantity_invalid', 'A quantity is a whole number of at least 1', 'amount');
    if (!Number.isInteger(l.grossUnitCents) || l.grossUnitCents < 0) throw validation('order.price_invalid', 'A row needs a price in whole cents', 'items');
  }
  if (!Number.isInteger(data.number) || data.number < 1) throw validation('order.number_invalid', 'The order number is a positive whole number', 'number');
  if (data.publicToken.length < MIN_TOKEN_LENGTH || !/^[A-Za-z0-9_-]+$/.test(data.publicToken)) throw validation('order.token_invalid', 'The public token is 32+ url-safe characters', 'publicToken');
  const client: OrderClient = { ...data.client, vatRegNr: clientVatRegNr(data.client) };
  const pricing = priceOrder(data.lines, client.vatRegNr, data.vatRatePercent);
  const rows: OrderRow[] = data.lines.map((l, i) => ({
    productId: l.productId,
    code: l.code,
    name: l.name.trim(),
    quantity: l.quantity,
    unit: l.unit,
    unitPriceCents: pricing.rows[i].unitPriceCents,
    lineTotalCents: pricing.rows[i].lineTotalCents,
  }));
  return [
    {
      type: 'OrderPlaced',
      data: {
        orderId: data.orderId,
        number: data.number,
        publicToken: data.publicToken,
        placedAt: now,
        language: data.language,
        client,
        shortContactAddress: data.shortContactAddress,
        comment: data.comment,
        delivery: data.delivery,
        rows,
        vatIncluded: pricing.vatIncluded,
        vatRatePercent: pricing.vatRatePercent,
        netTotalCents: pricing.netTotalCents,
        vatCents: pricing.vatCents,
        totalCents: pricing.totalCents,
        reservations: data.reservations.filter((r) => r.quantity > 0),
      },
    },
  ];
}

/**
 * RecordRefund: a refund decides once per refund id (a redelivered notification decides nothing), only
 * for a paid order, and never beyond the total paid; pending and failed refunds decide nothing.
 */
function recordRefund(data: Extract<OrderCommand, { type: 'RecordRefund' }>['data'], state: OrderState, now: string): OrderEvent[] {
  const o = requirePlaced(state);
  if (o.status !== 'paid') throw illegalState('order.not_paid', 'Only a paid order can be refunded');
  if (o.refundIds.includes(data.refundId)) return [];
  if (data.status !== 'succeeded') return [];
  if (!Number.isSafeInteger(data.amountCents) || data.amountCents <= 0 || data.currency !== 'EUR') {
    throw validation('refund.amount_invalid', `A refund is a positive amount of whole euro cents in EUR, got ${data.amountCents} ${data.currency}`, 'amountCents');
  }
  const refundedTotalCents = o.refundedCents + data.amountCents;
  if (refundedTotalCents > o.totalCents) {
    throw validation('refund.exceeds_paid', `Refunds of ${refundedTotalCents} cents would exceed the ${o.totalCents} cents paid`, 'amountCents');
  }
  return [
    {
      type: 'OrderRefunded',
      data: { orderId: o.orderId, refundId: data.refundId, providerId: data.providerId, amountCents: data.amountCents, refundedTotalCents, fully: refundedTotalCents === o.totalCents, at: now },
    },
  ];
}

/**
 * Pure decision for one order command.
 * @throws DomainError: validation (order.empty, order.row_name_required, order.quantity_invalid, ...,
 *   payment.amount_mismatch, refund.amount_invalid, refund.exceeds_paid), not_found (order.not_found), illegal_state
 *   (order.already_paid, order.reservation_expired, order.already_placed, order.not_paid); invoice commands: see
 *   domain/order/invoicing.ts (invoice.recipient_invalid, invoice.number_mismatch, invoice.send_pending, ...).
 */
export function decide(command: OrderCommand, state: OrderState): OrderEvent[] {
  const now = command.metadata.now;
  switch (command.type) {
    case 'PlaceOrder':
      return placeOrder(command.data, state, now);
    case 'StartPayment': {
      const o = requirePlaced(state);
      if (o.status === 'paid') throw illegalState('order.already_paid', 'The order is already paid');
      if (o.reservation === 'expired') throw illegalState('order.reservation_expired', 'The order was not paid in time; please place it again');
      const { methodId, providerId, attemptId } = command.data;
      return [{ type: 'PaymentStarted', data: { orderId: o.orderId, attempt: o.attempts + 1, attemptId, methodId, providerId, amountCents: o.totalCents } }];
    }
    case 'RecordPayment': {
      const o = requirePlaced(state);
      const { providerId, transactionId, amountCents, currency } = command.data;
      // Exactly once: a paid order records no second payment (duplicate callbacks, the browser return after the
      // server-to-server notification).
      if (o.status === 'paid') return [];
      // A payment recorded once stays recorded, even after staff marked the order unpaid.
      if (o.staff.paidTransactions.includes(transactionId)) return [];
      if (command.data.status === 'cancelled') {
        return o.cancelledTransactions.includes(transactionId) ? [] : [{ type: 'PaymentCancelled', data: { orderId: o.orderId, providerId, transactionId } }];
      }
      if ((amountCents !== o.totalCents && !o.startedAmountsCents.includes(amountCents)) || currency !== 'EUR') {
        throw new DomainError('payment.amount_mismatch', 'validation', `Paid ${amountCents} ${currency}, the order total is ${o.totalCents} EUR`);
      }
      return [{ type: 'OrderPaid', data: { orderId: o.orderId, providerId, transactionId, amountCents, paidAt: now } }];
    }
    case 'RecordRefund':
      return recordRefund(command.data, state, now);
    case 'RequestInvoiceSend': {
      const o = requirePlaced(state);
      return decideInvoiceSend(command.data, o.invoices, o.orderId, now).map((data) => ({ type: 'InvoiceSendRequested' as const, data }));
    }
    case 'RecordInvoiceSent': {
      const o = requirePlaced(state);
      return decideInvoiceSent(command.data, o.invoices, now).map((data) => ({ type: 'InvoiceSent' as const, data }));
    }
    case 'ExpireReservation': {
      const o = requirePlaced(state);
      if (o.status === 'paid' || o.reservation !== 'held') return [];
      // A filled order shipped its units; a row edit in progress holds the order until it ends.
      if (o.staff.filled || editInProgress(o.staff, now)) return [];
      return [{ type: 'OrderReservationExpired', data: { orderId: o.orderId, reservations: o.reservations, expiredAt: now } }];
    }
    case 'RecordReservedAgain': {
      const o = requirePlaced(state);
      if (o.reservation !== 'expired' || o.staff.filled) return [];
      const reservations = command.data.reservations.filter((r) => r.quantity > 0).map((r) => ({ productId: r.productId, quantity: r.quantity }));
      return [{ type: 'OrderReservedAgain', data: { orderId: o.orderId, reservations, at: now } }];
    }
    case 'MarkOrderPaid':
    case 'MarkOrderUnpaid':
    case 'MarkOrderFilled':
    case 'MarkOrderUnfilled':
    case 'StartOrderEdit':
    case 'EditOrder':
    case 'AbandonOrderEdit':
    case 'CompleteOrderEdit': {
      const o = requirePlaced(state);
      return decideStaff(command, { orderId: o.orderId, paid: o.status === 'paid', reservations: o.reservations, reservation: o.reservation, staff: o.staff }, now);
    }
    default:
      return assertNever(command);
  }
}

/** Applies one event to the state. */
export function evolve(state: OrderState, event: OrderEvent): OrderState {
  if (event.type === 'OrderPlaced') {
    const d = event.data;
    return {
      status: 'placed', orderId: d.orderId, number: d.number, publicToken: d.publicToken, totalCents: d.totalCents, email: d.client.email,
      language: d.language, attempts: 0, startedAmountsCents: [], reservations: d.reservations, reservation: d.reservations.length ? 'held' : 'none', cancelledTransactions: [],
      invoices: noInvoices(),
      staff: staffFactsOf(d),
    };
  }
  if (state.status === 'empty') return state;
  switch (event.type) {
    case 'PaymentStarted':
      return { ...state, attempts: event.data.attempt, startedAmountsCents: [...(state.startedAmountsCents ?? []), event.data.amountCents] };
    case 'OrderPaid':
      return {
        ...state, status: 'paid', transactionId: event.data.transactionId, paidAt: event.data.paidAt, refundIds: [], refundedCents: 0,
        staff: { ...state.staff, paidTransactions: [...state.staff.paidTransactions, event.data.transactionId] },
      };
    case 'OrderMarkedPaid':
      // Staff marked it paid (no provider transaction).
      return state.status === 'paid' ? state : { ...state, status: 'paid', transactionId: '', paidAt: event.data.at, refundIds: [], refundedCents: 0 };
    case 'OrderMarkedUnpaid': {
      if (state.status !== 'paid') return state;
      const { transactionId: _t, paidAt: _p, refundIds: _r, refundedCents: _c, ...facts } = state;
      return { ...facts, status: 'placed' };
    }
    case 'OrderFilled':
    case 'OrderUnfilled':
    case 'OrderEditStarted':
    case 'OrderEditAbandoned':
    case 'OrderEditCompleted':
    case 'OrderRowsEdited':
    case 'OrderCommentsChanged':
      return evolveStaff(state, event);
    case 'OrderRefunded':
      if (state.status !== 'paid') return state;
      return { ...state, refundIds: [...state.refundIds, event.data.refundId], refundedCents: event.data.refundedTotalCents };
    case 'PaymentCancelled':
      return { ...state, cancelledTransactions: [...state.cancelledTransactions, event.data.transactionId] };
    case 'OrderReservationExpired':
      return { ...state, reservation: 'expired' };
    case 'OrderReservedAgain':
      return { ...state, reservations: event.data.reservations, reservation: event.data.reservations.length ? 'held' : 'none' };
    case 'InvoiceSendRequested':
    case 'InvoiceSent':
      return { ...state, invoices: evolveInvoices(state.invoices, event) };
    default:
      return assertNever(event);
  }
}

export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = { decide, evolve, initialState };
