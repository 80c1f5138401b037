/**
 * Invoices of an order (order documents; spec 3 "Order": timestamps for prepayment and invoice sent; spec 4
 * "Order flags": the prepayment invoice and the invoice can be sent, and resent once already sent).
 *
 * Part of the Order aggregate (stream `order-{orderId}`): these are the pure decisions the Order decider
 * (domain/order/order.ts) delegates to for two commands:
 *
 * - RequestInvoiceSend {orderId, kind, number, recipient} -> InvoiceSendRequested {orderId, kind, number, recipient,
 *   requestId, issueDate, dueDate, requestedAt, resend}. `number` comes from the invoice-number sequence
 *   (domain/invoice-number): the first request of a kind fixes it, a resend must carry the same number (never a
 *   second number for the same invoice). The first request also fixes the issue date and the due date (a resend is
 *   the same document). While a request waits for its mail, a second one is refused (`invoice.send_pending`), so a
 *   double click does not send twice.
 * - RecordInvoiceSent {orderId, kind, requestId} -> InvoiceSent {orderId, kind, number, recipient, requestId, sentAt},
 *   once per request (a redelivered job decides nothing).
 *
 * Dates: `issueDate` and `dueDate` are calendar dates (YYYY-MM-DD) in Europe/Tallinn, the shop's time zone; the due
 * date is INVOICE_DUE_DAYS after the issue date. Times are ISO-8601 UTC. Pure: `now` arrives in the command.
 */
import { illegalState, validation } from '../shared/errors.js';

/** 'prepayment': ettemaksuarve (asks for payment before the goods ship); 'invoice': arve. */
export type InvoiceKind = 'invoice' | 'prepayment';
export const INVOICE_KINDS: readonly InvoiceKind[] = ['invoice', 'prepayment'];

/** Days from the issue date to the due date (maksetähtaeg), both kinds. */
export const INVOICE_DUE_DAYS = 7;

export interface InvoiceSendRequestedData {
  orderId: string;
  kind: InvoiceKind;
  /** The invoice number as printed, e.g. `12` or `EA-5` (domain/invoice-number: formatInvoiceNumber). */
  number: string;
  /** One e-mail address. */
  recipient: string;
  /** Id of this request (uuid): the mail job and InvoiceSent name it. */
  requestId: string;
  /** YYYY-MM-DD, Europe/Tallinn; the first request's date, kept on resends. */
  issueDate: string;
  /** YYYY-MM-DD, Europe/Tallinn. */
  dueDate: string;
  /** ISO-8601 UTC. */
  requestedAt: string;
  /** True when the invoice was sent before (a resend). */
  resend: boolean;
}

export interface InvoiceSentData {
  orderId: string;
  kind: InvoiceKind;
  number: string;
  recipient: string;
  requestId: string;
  /** When the mail transport accepted the message, ISO-8601 UTC. */
  sentAt: string;
}

/** What the order knows of one invoice kind. */
export interface OrderInvoiceState {
  number: string;
  issueDate: string;
  dueDate: string;
  recipient: string;
  /** The last request's time. */
  requestedAt: string;
  /** The request waiting for its mail, or null. */
  pendingRequestId: string | null;
  /** The last InvoiceSent's time, or null before the first one. */
  sentAt: string | null;
  /** Requests already sent (a redelivered job decides nothing). */
  sentRequestIds: string[];
}

export type OrderInvoices = Record<InvoiceKind, OrderInvoiceState | null>;
export const noInvoices = (): OrderInvoices => ({ invoice: null, prepayment: null });

export interface RequestInvoiceSendData {
  orderId: string;
  kind: InvoiceKind;
  /** From the sequence, or the number the order already holds for this kind. */
  number: string;
  recipient: string;
  /** A new uuid per request (the command id). */
  requestId: string;
}

export interface RecordInvoiceSentData {
  orderId: string;
  kind: InvoiceKind;
  requestId: string;
}

const tallinnDates = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tallinn', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date (YYYY-MM-DD) in Europe/Tallinn of an ISO-8601 instant. */
export function tallinnDate(iso: string): string {
  return tallinnDates.format(new Date(iso));
}

/**
 * How long a request waits for its mail before a new request may replace it: 15 minutes (milliseconds). The mail
 * worker retries a temporary SMTP failure within this time; a request still pending after it has failed for good.
 */
export const INVOICE_PENDING_MS = 15 * 60_000;

/** A calendar date (YYYY-MM-DD) plus `days` days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * RequestInvoiceSend for a placed order.
 * @throws DomainError validation `invoice.recipient_invalid` (no address), `invoice.number_invalid` (empty);
 *   illegal_state `invoice.number_mismatch` (a different number than the one the invoice holds),
 *   `invoice.send_pending` (the previous request has not been sent yet)
 */
export function decideInvoiceSend(data: RequestInvoiceSendData, invoices: OrderInvoices, orderId: string, now: string): InvoiceSendRequestedData[] {
  const recipient = data.recipient.trim();
  if (!recipient || /\s/.test(recipient) || !recipient.includes('@')) throw validation('invoice.recipient_invalid', 'Please enter a valid email address', 'recipient');
  if (!data.number.trim()) throw validation('invoice.number_invalid', 'An invoice needs a number', 'number');
  const current = invoices[data.kind];
  if (current && current.number !== data.number) {
    throw illegalState('invoice.number_mismatch', `The ${data.kind} of this order is number ${current.number}, not ${data.number}`);
  }
  // A request whose mail has not gone out within INVOICE_PENDING_MS (the recipient refused it for good, or the
  // worker skipped it) no longer blocks a new one: staff can correct the address and send again.
  if (current?.pendingRequestId && Date.parse(now) - Date.parse(current.requestedAt) < INVOICE_PENDING_MS) {
    throw illegalState('invoice.send_pending', 'The invoice is being sent; try again when it has been sent');
  }
  const issueDate = current?.issueDate ?? tallinnDate(now);
  return [
    {
      orderId,
      kind: data.kind,
      number: data.number,
      recipient,
      requestId: data.requestId,
      issueDate,
      dueDate: current?.dueDate ?? addDays(issueDate, INVOICE_DUE_DAYS),
      requestedAt: now,
      resend: current?.sentAt != null,
    },
  ];
}

/**
 * RecordInvoiceSent: once per request.
 * @throws DomainError illegal_state `invoice.request_unknown` (no such request is waiting)
 */
export function decideInvoiceSent(data: RecordInvoiceSentData, invoices: OrderInvoices, now: string): InvoiceSentData[] {
  const current = invoices[data.kind];
  if (current?.sentRequestIds.includes(data.requestId)) return [];
  if (!current || current.pendingRequestId !== data.requestId) throw illegalState('invoice.request_unknown', 'No such invoice request is waiting to be sent');
  return [{ orderId: data.orderId, kind: data.kind, number: current.number, recipient: current.recipient, requestId: data.requestId, sentAt: now }];
}

/** Applies InvoiceSendRequested / InvoiceSent to the order's invoices. */
export function evolveInvoices(invoices: OrderInvoices, event: { type: 'InvoiceSendRequested'; data: InvoiceSendRequestedData } | { type: 'InvoiceSent'; data: InvoiceSentData }): OrderInvoices {
  const current = invoices[event.data.kind];
  if (event.type === 'InvoiceSendRequested') {
    const d = event.data;
    return {
      ...invoices,
      [d.kind]: {
        number: d.number, issueDate: d.issueDate, dueDate: d.dueDate, recipient: d.recipient, requestedAt: d.requestedAt, pendingRequestId: d.requestId,
        sentAt: current?.sentAt ?? null, sentRequestIds: current?.sentRequestIds ?? [],
      },
    };
  }
  if (!current) return invoices;
  return {
    ...invoices,
    [event.data.kind]: {
      ...current,
      pendingRequestId: current.pendingRequestId === event.data.requestId ? null : current.pendingRequestId,
      sentAt: event.data.sentAt,
      sentRequestIds: [...current.sentRequestIds, event.data.requestId],
    },
  };
}
