/**
 * Staff decisions on an order (staff order editing; spec 2 OrderEdit; spec 4 "Order flags"; spec 5 "VAT" and "an order
 * cannot be saved without a product or service name"). Part of the Order aggregate (stream `order-{orderId}`): the
 * pure rules the Order decider (domain/order/order.ts) delegates to. Time and ids arrive in the command.
 *
 * Commands and the events they decide:
 * - MarkOrderPaid / MarkOrderUnpaid -> OrderMarkedPaid / OrderMarkedUnpaid (spec 4: paid toggles; nothing when the
 *   order already is so). A provider's payment that was recorded once is never recorded again after an unpaid mark.
 * - MarkOrderFilled -> OrderFilled with the reservations it ships (the command handler then appends StockShipped per
 *   warehouse on the stock streams); MarkOrderUnfilled -> OrderUnfilled with the same units returned
 *   (StockShipmentReturned). Nothing when already so; refused while a row edit holds the order (`order.being_edited`).
 * - StartOrderEdit -> OrderEditStarted {editId, leaseUntil}: a row edit that changes stock reservations holds the order
 *   until `leaseUntil` (another edit is refused with 409 `order.being_edited` meanwhile; an expired lease is taken
 *   over). Refused for a filled order (`order.filled`).
 * - EditOrder -> OrderRowsEdited (rows, discount, fee, totals and VAT recomputed here, the reservations the order now
 *   claims, and the values before) and/or OrderCommentsChanged (employee and invoice comments). With an `editId` it
 *   must hold the lease.
 * - CompleteOrderEdit -> OrderEditCompleted: the edit gave back the units of lowered rows; closes the lease.
 * - AbandonOrderEdit -> OrderEditAbandoned: the edit gave up (not enough stock, or an error); closes the lease.
 *
 * Money is integer euro cents in the order's price basis: with VAT when VAT is included (spec 5), else without.
 * Totals: subtotal = sum of unit price x quantity; total = subtotal - discount + shop service fee (never below 0);
 * with VAT included net = round(total * 100 / (100 + rate)) and VAT = total - net; without, net = total and VAT = 0.
 */
import { netFromGross } from '../product/product.js';
import { DomainError, illegalState, validation } from '../shared/errors.js';
import type { OrderPlacedData, OrderReservation } from './order-placed.js';
import { isVatIncluded } from './pricing.js';

/** Most rows, units per row, cents per amount, characters per comment. */
export const ORDER_EDIT_LIMITS = { rows: 200, quantity: 100_000, cents: 100_000_000, comment: 5_000 } as const;
/** How long a row edit may hold the order (milliseconds); an edit that runs longer gives up before its last step. */
export const ORDER_EDIT_LEASE_MS = 30_000;

/** One row of an edited order: a catalog product (`productId`) or a service row (`productId` null). */
export interface EditedOrderRow {
  productId: string | null;
  code: string;
  name: string;
  /** Whole units. */
  quantity: number;
  unit: string;
  /** Euro cents in the order's price basis. */
  unitPriceCents: number;
  lineTotalCents: number;
}

/** A row as staff send it (before pricing). */
export interface EditRowInput {
  productId: string | null;
  code: string;
  name: string;
  quantity: number;
  unit: string;
  unitPriceCents: number;
}

/** The priced part of an order: rows, discount, fee and the totals (euro cents). */
export interface OrderPricedRows {
  rows: EditedOrderRow[];
  discountCents: number;
  serviceFeeCents: number;
  vatIncluded: boolean;
  vatRatePercent: number;
  netTotalCents: number;
  vatCents: number;
  totalCents: number;
}

export interface OrderRowsEditedData extends OrderPricedRows {
  orderId: string;
  /** The edit that held the order for its stock changes, or null when no reservation changed. */
  editId: string | null;
  /** Units the order claims per product after the edit (limited-amount products only). */
  reservations: OrderReservation[];
  /** The rows, discount, fee and total before the edit (the audit timeline's 'before'). */
  before: { rows: EditedOrderRow[]; discountCents: number; serviceFeeCents: number; totalCents: number };
  at: string;
}
export interface OrderCommentsChangedData { orderId: string; employeeComment: string; invoiceComment: string; at: string }
export interface OrderFlagData { orderId: string; at: string }
export interface OrderFilledData { orderId: string; at: string; shipped: OrderReservation[] }
export interface OrderUnfilledData { orderId: string; at: string; returned: OrderReservation[] }
export interface OrderEditStartedData { orderId: string; editId: string; leaseUntil: string; at: string }
export interface OrderEditAbandonedData { orderId: string; editId: string; reason: 'not_enough_stock' | 'failed'; at: string }
export interface OrderEditCompletedData { orderId: string; editId: string; at: string }

/** What the Order aggregate knows for the staff's decisions (OrderFacts.staff). */
export interface OrderStaffFacts {
  rows: EditedOrderRow[];
  discountCents: number;
  serviceFeeCents: number;
  /** The client's VAT registration number the VAT rule reads (spec 5). */
  vatRegNr: string;
  vatRatePercent: number;
  employeeComment: string;
  invoiceComment: string;
  filled: boolean;
  filledAt: string | null;
  /** What the last OrderFilled shipped (returned by OrderUnfilled). */
  shipped: OrderReservation[];
  pendingEdit: { editId: string; leaseUntil: string } | null;
  /** Provider transactions recorded as OrderPaid (never recorded twice, even after an unpaid mark). */
  paidTransactions: string[];
}

/** The staff facts of a just placed order. */
export function staffFactsOf(placed: OrderPlacedData): OrderStaffFacts {
  return {
    rows: placed.rows.map((r) => ({ ...r })),
    discountCents: 0,
    serviceFeeCents: 0,
    vatRegNr: placed.client.type === 'business' ? placed.client.vatRegNr : '',
    vatRatePercent: placed.vatRatePercent,
    employeeComment: '',
    invoiceComment: '',
    filled: false,
    filledAt: null,
    shipped: [],
    pendingEdit: null,
    paidTransactions: [],
  };
}

/**
 * Prices edited rows by spec 5's VAT rule (see the module comment).
 * @throws DomainError validation `order.empty`, `order.too_many_rows`, `order.row_name_required` (spec 5's message;
 *   field `rows.<i>.name`), `order.quantity_invalid`, `order.price_invalid` (field `rows.<i>.…`), `order.discount_invalid`
 *   (a negative amount, or a discount above the rows and the fee), `order.fee_invalid`
 */
export function priceEditedRows(rows: readonly EditRowInput[], discountCents: number, serviceFeeCents: number, vatRegNr: string, vatRatePercent: number): OrderPricedRows {
  if (rows.length === 0) throw validation('order.empty', 'Cannot submit an empty order', 'rows');
  if (rows.length > ORDER_EDIT_LIMITS.rows) throw validation('order.too_many_rows', `An order holds at most ${ORDER_EDIT_LIMITS.rows} rows`, 'rows');
  const amount = (n: number) => Number.isInteger(n) && n >= 0 && n <= ORDER_EDIT_LIMITS.cents;
  const priced = rows.map((r, i): EditedOrderRow => {
    if (!r.name.trim()) throw validation('order.row_name_required', "Saving failed, can't save order without product/service name", `rows.${i}.name`);
    if (!Number.isInteger(r.quantity) || r.quantity < 1 || r.quantity > ORDER_EDIT_LIMITS.quantity) throw validation('order.quantity_invalid', 'A quantity is a whole number of at least 1', `rows.${i}.quantity`);
    if (!amount(r.unitPriceCents)) throw validation('order.price_invalid', 'A row needs a price in whole cents', `rows.${i}.unitPriceCents`);
    return { productId: r.productId, code: r.code.trim(), name: r.name.trim(), quantity: r.quantity, unit: r.unit.trim(), unitPriceCents: r.unitPriceCents, lineTotalCents: r.unitPriceCents * r.quantity };
  });
  if (!amount(discountCents)) throw validation('order.discount_invalid', 'The discount is a whole number of cents', 'discountCents');
  if (!amount(serviceFeeCents)) throw validation('order.fee_invalid', 'The service fee is a whole number of cents', 'serviceFeeCents');
  const subtotal = priced.reduce((a, r) => a + r.lineTotalCents, 0);
  const totalCents = subtotal - discountCents + serviceFeeCents;
  if (totalCents < 0) throw validation('order.discount_invalid', `The discount ${discountCents} is more than the rows and the fee (${subtotal + serviceFeeCents})`, 'discountCents');
  const vatIncluded = isVatIncluded(vatRegNr);
  const netTotalCents = vatIncluded ? netFromGross(totalCents, vatRatePercent) : totalCents;
  return { rows: priced, discountCents, serviceFeeCents, vatIncluded, vatRatePercent, netTotalCents, vatCents: totalCents - netTotalCents, totalCents };
}

/** Units the rows ask for per catalog product (product rows only, summed), as reservation targets. */
export function reservationTargets(rows: readonly { productId: string | null; quantity: number }[]): Map<string, number> {
  const targets = new Map<string, number>();
  for (const r of rows) if (r.productId) targets.set(r.productId, (targets.get(r.productId) ?? 0) + r.quantity);
  return targets;
}

const sameRows = (a: readonly EditedOrderRow[], b: readonly EditedOrderRow[]) =>
  a.length === b.length &&
  a.every((r, i) => {
    const o = b[i];
    return r.productId === o.productId && r.code === o.code && r.name === o.name && r.quantity === o.quantity && r.unit === o.unit && r.unitPriceCents === o.unitPriceCents;
  });

/** True when the priced rows, discount or fee differ from the order's. */
export function rowsChanged(staff: OrderStaffFacts, priced: OrderPricedRows): boolean {
  return !sameRows(staff.rows, priced.rows) || staff.discountCents !== priced.discountCents || staff.serviceFeeCents !== priced.serviceFeeCents;
}

/** A row edit holds the order at `now` (ISO-8601): a lease not yet expired. */
export const editInProgress = (staff: OrderStaffFacts, now: string) => staff.pendingEdit !== null && staff.pendingEdit.leaseUntil > now;

const beingEdited = () => new DomainError('order.being_edited', 'conflict', 'Another save of this order is in progress; try again in a moment');
const filledOrder = () => illegalState('order.filled', 'A filled order: mark it unfilled before changing its rows');

/** The order facts the staff decisions read (a slice of the Order aggregate's state). */
export interface StaffDecisionState {
  orderId: string;
  paid: boolean;
  reservations: OrderReservation[];
  reservation: 'held' | 'expired' | 'none';
  staff: OrderStaffFacts;
}

export type StaffOrderEvent =
  | { type: 'OrderMarkedPaid'; data: OrderFlagData }
  | { type: 'OrderMarkedUnpaid'; data: OrderFlagData }
  | { type: 'OrderFilled'; data: OrderFilledData }
  | { type: 'OrderUnfilled'; data: OrderUnfilledData }
  | { type: 'OrderEditStarted'; data: OrderEditStartedData }
  | { type: 'OrderEditAbandoned'; data: OrderEditAbandonedData }
  | { type: 'OrderEditCompleted'; data: OrderEditCompletedData }
  | { type: 'OrderRowsEdited'; data: OrderRowsEditedData }
  | { type: 'OrderCommentsChanged'; data: OrderCommentsChangedData };
export const STAFF_ORDER_EVENT_TYPES = ['OrderMarkedPaid', 'OrderMarkedUnpaid', 'OrderFilled', 'OrderUnfilled', 'OrderEditStarted', 'OrderEditAbandoned', 'OrderEditCompleted', 'OrderRowsEdited', 'OrderCommentsChanged'] as const;

export interface EditOrderData {
  orderId: string;
  /** The held edit (StartOrderEdit) when stock reservations change, else null. */
  editId: string | null;
  rows: EditRowInput[];
  discountCents: number;
  serviceFeeCents: number;
  employeeComment: string;
  invoiceComment: string;
  /** The units the order claims per product after the stock changes; null keeps the current claims. */
  reservations: OrderReservation[] | null;
}

export type StaffOrderCommand =
  | { type: 'MarkOrderPaid'; data: { orderId: string } }
  | { type: 'MarkOrderUnpaid'; data: { orderId: string } }
  | { type: 'MarkOrderFilled'; data: { orderId: string } }
  | { type: 'MarkOrderUnfilled'; data: { orderId: string } }
  | { type: 'StartOrderEdit'; data: { orderId: string; editId: string; leaseUntil: string } }
  | { type: 'EditOrder'; data: EditOrderData }
  | { type: 'AbandonOrderEdit'; data: { orderId: string; editId: string; reason: 'not_enough_stock' | 'failed' } }
  | { type: 'CompleteOrderEdit'; data: { orderId: string; editId: string } };
export const STAFF_ORDER_COMMAND_TYPES = ['MarkOrderPaid', 'MarkOrderUnpaid', 'MarkOrderFilled', 'MarkOrderUnfilled', 'StartOrderEdit', 'EditOrder', 'AbandonOrderEdit', 'CompleteOrderEdit'] as const;

/**
 * Pure decision of one staff command (see the module comment).
 * @throws DomainError `order.filled` (illegal_state), `order.being_edited` (conflict), `order.comment_invalid` and
 *   the validation errors of priceEditedRows
 */
export function decideStaff(command: StaffOrderCommand, o: StaffDecisionState, now: string): StaffOrderEvent[] {
  const orderId = o.orderId;
  switch (command.type) {
    case 'MarkOrderPaid':
      return o.paid ? [] : [{ type: 'OrderMarkedPaid', data: { orderId, at: now } }];
    case 'MarkOrderUnpaid':
      return o.paid ? [{ type: 'OrderMarkedUnpaid', data: { orderId, at: now } }] : [];
    case 'MarkOrderFilled':
      if (o.staff.filled) return [];
      if (editInProgress(o.staff, now)) throw beingEdited();
      return [{ type: 'OrderFilled', data: { orderId, at: now, shipped: o.reservation === 'held' ? o.reservations.map((r) => ({ ...r })) : [] } }];
    case 'MarkOrderUnfilled':
      if (!o.staff.filled) return [];
      return [{ type: 'OrderUnfilled', data: { orderId, at: now, returned: o.staff.shipped.map((r) => ({ ...r })) } }];
    case 'StartOrderEdit': {
      const { editId, leaseUntil } = command.data;
      if (o.staff.pendingEdit?.editId === editId) return [];
      if (o.staff.filled) throw filledOrder();
      if (editInProgress(o.staff, now)) throw beingEdited();
      return [{ type: 'OrderEditStarted', data: { orderId, editId, leaseUntil, at: now } }];
    }
    case 'AbandonOrderEdit':
      return o.staff.pendingEdit?.editId === command.data.editId ? [{ type: 'OrderEditAbandoned', data: { orderId, editId: command.data.editId, reason: command.data.reason, at: now } }] : [];
    case 'CompleteOrderEdit':
      return o.staff.pendingEdit?.editId === command.data.editId ? [{ type: 'OrderEditCompleted', data: { orderId, editId: command.data.editId, at: now } }] : [];
    case 'EditOrder':
      return decideEdit(command.data, o, now);
  }
}

function decideEdit(d: EditOrderData, o: StaffDecisionState, now: string): StaffOrderEvent[] {
  const s = o.staff;
  for (const [field, value] of [['employeeComment', d.employeeComment], ['invoiceComment', d.invoiceComment]] as const) {
    if (value.length > ORDER_EDIT_LIMITS.comment) throw validation('order.comment_invalid', `A comment holds at most ${ORDER_EDIT_LIMITS.comment} characters`, field);
  }
  const priced = priceEditedRows(d.rows, d.discountCents, d.serviceFeeCents, s.vatRegNr, s.vatRatePercent);
  const changed = rowsChanged(s, priced);
  if (d.editId !== null && s.pendingEdit?.editId !== d.editId) throw beingEdited();
  if (d.editId === null && changed && editInProgress(s, now)) throw beingEdited();
  if (changed && s.filled) throw filledOrder();
  const events: StaffOrderEvent[] = [];
  if (changed || d.editId !== null) {
    const reservations = (d.reservations ?? o.reservations).filter((r) => r.quantity > 0).map((r) => ({ ...r }));
    const before = { rows: s.rows.map((r) => ({ ...r })), discountCents: s.discountCents, serviceFeeCents: s.serviceFeeCents, totalCents: totalOf(s) };
    events.push({ type: 'OrderRowsEdited', data: { orderId: o.orderId, editId: d.editId, ...priced, reservations, before, at: now } });
  }
  const employeeComment = d.employeeComment.trim();
  const invoiceComment = d.invoiceComment.trim();
  if (employeeComment !== s.employeeComment || invoiceComment !== s.invoiceComment) {
    events.push({ type: 'OrderCommentsChanged', data: { orderId: o.orderId, employeeComment, invoiceComment, at: now } });
  }
  return events;
}

const totalOf = (s: OrderStaffFacts) => s.rows.reduce((a, r) => a + r.lineTotalCents, 0) - s.discountCents + s.serviceFeeCents;

/** The order facts the staff events change (a slice of the Order aggregate's state). */
export interface StaffEvolvedState {
  totalCents: number;
  reservations: OrderReservation[];
  reservation: 'held' | 'expired' | 'none';
  staff: OrderStaffFacts;
}

/**
 * Applies one staff event to the order's facts (the paid flag itself is the Order decider's, domain/order/order.ts).
 */
export function evolveStaff<S extends StaffEvolvedState>(state: S, event: StaffOrderEvent): S {
  const staff = state.staff;
  switch (event.type) {
    case 'OrderMarkedPaid':
    case 'OrderMarkedUnpaid':
      return state;
    case 'OrderFilled':
      return { ...state, staff: { ...staff, filled: true, filledAt: event.data.at, shipped: event.data.shipped } };
    case 'OrderUnfilled':
      return { ...state, staff: { ...staff, filled: false, filledAt: null, shipped: [] } };
    case 'OrderEditStarted':
      return { ...state, staff: { ...staff, pendingEdit: { editId: event.data.editId, leaseUntil: event.data.leaseUntil } } };
    case 'OrderEditAbandoned':
    case 'OrderEditCompleted':
      return { ...state, staff: { ...staff, pendingEdit: null } };
    case 'OrderRowsEdited': {
      const d = event.data;
      return {
        ...state,
        totalCents: d.totalCents,
        reservations: d.reservations,
        reservation: d.reservations.length ? 'held' : state.reservation === 'expired' ? 'expired' : 'none',
        staff: { ...staff, rows: d.rows, discountCents: d.discountCents, serviceFeeCents: d.serviceFeeCents },
      };
    }
    case 'OrderCommentsChanged':
      return { ...state, staff: { ...staff, employeeComment: event.data.employeeComment, invoiceComment: event.data.invoiceComment } };
  }
}
