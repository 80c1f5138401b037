/**
 * The invoice-number sequence (order documents: invoice numbers from a gap-free sequence). One stream per series
 * (`invoice-numbers-invoice`, `invoice-numbers-prepayment`); each InvoiceNumberAssigned {kind, sequence, number,
 * orderId} is appended with the stream's version as the expected version, so two staff members sending at the same
 * moment never get the same number and no number is skipped: `sequence` is always the stream's version + 1 (the
 * event's own stream position).
 *
 * Series (Estonian practice; Raamatupidamise seadus § 7 and KMS § 37: an invoice carries a sequential number that
 * identifies it): the invoices (arve) are numbered 1, 2, 3, ... without a prefix; the prepayment invoices
 * (ettemaksuarve) are a series of their own, `EA-1`, `EA-2`, ..., because a prepayment invoice is a request to pay,
 * not the sale's invoice: the sale gets its own invoice later, and keeping the requests out of the invoice series
 * keeps that series a gap-free list of real invoices for the accountant.
 *
 * A number, once assigned to an order and a kind, belongs to it for good: the order records it
 * (InvoiceSendRequested) and a resend reuses it (domain/order/invoicing.ts). `decide` also answers nothing when the
 * recent assignments it was given already hold the order (a retried request after a crash between the two appends).
 * Pure decider: ids and time come with the command.
 */
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { validation } from '../shared/errors.js';

export type InvoiceSeries = 'invoice' | 'prepayment';

export const toInvoiceNumberStreamId = (kind: InvoiceSeries) => `invoice-numbers-${kind}`;

/** Printed prefix per series: invoices none, prepayment invoices `EA-` (ettemaksuarve). */
export const INVOICE_NUMBER_PREFIX: Record<InvoiceSeries, string> = { invoice: '', prepayment: 'EA-' };

/** The printed number of `sequence` in a series: `formatInvoiceNumber('prepayment', 7)` -> "EA-7". */
export function formatInvoiceNumber(kind: InvoiceSeries, sequence: number): string {
  return `${INVOICE_NUMBER_PREFIX[kind]}${sequence}`;
}

export interface InvoiceNumberAssignedData {
  kind: InvoiceSeries;
  /** 1, 2, 3, ...: the event's position in its series stream. */
  sequence: number;
  /** As printed (formatInvoiceNumber). */
  number: string;
  orderId: string;
}

export type InvoiceNumberEvent = Message<'InvoiceNumberAssigned', InvoiceNumberAssignedData>;
export type InvoiceNumberCommand = Message<'AssignInvoiceNumber', { kind: InvoiceSeries; orderId: string }> & { metadata: CommandMetadata };

/**
 * The series as far as a decision needs it: the last sequence handed out (the stream's version) and the most recent
 * assignments (a handler reads only the stream's tail, not its whole history).
 */
export interface InvoiceNumberState {
  last: number;
  recent: InvoiceNumberAssignedData[];
}
export const initialState: InvoiceNumberState = { last: 0, recent: [] };

/** How many recent assignments the state keeps (and a handler reads back). */
export const RECENT_ASSIGNMENTS = 100;

/**
 * AssignInvoiceNumber -> InvoiceNumberAssigned with the next sequence; nothing when the order already holds a
 * number of this series among the recent assignments.
 * @throws DomainError validation `invoice_number.order_required`
 */
export function decide(command: InvoiceNumberCommand, state: InvoiceNumberState): InvoiceNumberEvent[] {
  switch (command.type) {
    case 'AssignInvoiceNumber': {
      const { kind, orderId } = command.data;
      if (!orderId.trim()) throw validation('invoice_number.order_required', 'An invoice number is assigned to an order', 'orderId');
      if (state.recent.some((a) => a.orderId === orderId && a.kind === kind)) return [];
      const sequence = state.last + 1;
      return [{ type: 'InvoiceNumberAssigned', data: { kind, sequence, number: formatInvoiceNumber(kind, sequence), orderId } }];
    }
    default:
      return assertNever(command.type);
  }
}

export function evolve(state: InvoiceNumberState, event: InvoiceNumberEvent): InvoiceNumberState {
  const recent = [...state.recent, event.data];
  return { last: event.data.sequence, recent: recent.length > RECENT_ASSIGNMENTS ? recent.slice(-RECENT_ASSIGNMENTS) : recent };
}

export const invoiceNumberDecider: Decider<InvoiceNumberCommand, InvoiceNumberEvent, InvoiceNumberState> = { decide, evolve, initialState };
