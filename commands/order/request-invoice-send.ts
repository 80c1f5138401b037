/**
 * RequestInvoiceSend (order documents; spec 4 "Order flags": the prepayment invoice and the invoice can be sent,
 * and resent once already sent): a staff member asks for the invoice (or prepayment invoice) of an order to be mailed.
 *
 * 1. Load the order and check the request would be accepted (order exists, no send of this kind pending, a valid
 *    recipient) before a number is drawn, so a refused request uses no number.
 * 2. The number: the one the order already holds for this kind (a resend), else the next of the series
 *    (commands/invoice-number/assign-invoice-number.ts: gap-free, optimistic concurrency on the series stream).
 * 3. Append InvoiceSendRequested to `order-{orderId}` (retried on conflicts); the invoice-mail process manager
 *    (workers/process-managers/invoice-mail.ts) turns it into one mail job keyed by the event id.
 *
 * The acting staff member is `ctx.userId`, copied into every event's metadata (the number's and the order's).
 */
import { v5 as uuidv5 } from 'uuid';
import { type InvoiceKind, type OrderInvoiceState } from '../../domain/order/invoicing.js';
import { orderDecider, type OrderState, toOrderStreamId } from '../../domain/order/order.js';
import { fold } from '../../domain/shared/decider.js';
import { notFound } from '../../domain/shared/errors.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { assignInvoiceNumber } from '../invoice-number/assign-invoice-number.js';
import { type CommandContext, handleCommand } from '../shared/command-handler.js';
import { toDomainEvent } from '../shared/event-parsers.js';

const STEP_NAMESPACE = 'a3d9c1f2-6b7e-4c1a-9f0d-2e8b5c4d7a10';

/** Loads and folds the order stream. */
export async function loadOrderState(store: EventStore, orderId: string): Promise<OrderState> {
  const { events } = await store.readStream(toOrderStreamId(orderId));
  return fold(orderDecider, events.map((e) => toDomainEvent(e)));
}

/**
 * @param data.recipient one e-mail address; default the order's e-mail
 * @returns the invoice's state after the request (number, dates, recipient, requestedAt, sentAt of the last send)
 * @throws DomainError order.not_found (404), invoice.recipient_invalid (400), invoice.send_pending (409),
 *   invoice.number_mismatch (409, a concurrent first request got another number); WrongExpectedVersionError when the
 *   streams stay contended
 */
export async function requestInvoiceSend(store: EventStore, data: { orderId: string; kind: InvoiceKind; recipient?: string }, ctx: CommandContext): Promise<OrderInvoiceState> {
  const before = await loadOrderState(store, data.orderId);
  if (before.status === 'empty') throw notFound('order.not_found', "We couldn't find the requested order.");
  const recipient = data.recipient?.trim() || before.email;
  const held = before.invoices[data.kind]?.number;
  // Refused requests (pending send, bad recipient) are refused before a number is drawn.
  orderDecider.decide({ type: 'RequestInvoiceSend', data: { orderId: data.orderId, kind: data.kind, number: held ?? '?', recipient, requestId: ctx.commandId }, metadata: { now: ctx.now } }, before);
  const number =
    held ?? (await assignInvoiceNumber(store, { kind: data.kind, orderId: data.orderId }, { ...ctx, commandId: uuidv5(`${ctx.commandId}/number`, STEP_NAMESPACE) })).number;
  await handleCommand(
    store,
    toOrderStreamId(data.orderId),
    orderDecider,
    { type: 'RequestInvoiceSend', data: { orderId: data.orderId, kind: data.kind, number, recipient, requestId: ctx.commandId }, metadata: { now: ctx.now } },
    ctx,
  );
  const after = await loadOrderState(store, data.orderId);
  if (after.status === 'empty' || !after.invoices[data.kind]) throw notFound('order.not_found', "We couldn't find the requested order.");
  return after.invoices[data.kind]!;
}
