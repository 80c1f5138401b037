/**
 * The invoice-mail process manager (spec 4 "Order flags": invoices by mail; design brief "Side effects"; conventions 9): follows `$all`
 * for InvoiceSendRequested events (stream `order-{orderId}`) and turns each into one BullMQ job `send-invoice` whose
 * job id derives from the event id (`invoice-{eventId}`). The decision is the pure `decide`; the shared runner
 * (process-manager.ts) reads events, enqueues the decided jobs and moves the checkpoint (schema `pm_invoice_mail`),
 * with the same exactly-one-job-per-event guarantees as the order mail (order-mail.ts): a crash between enqueue and
 * checkpoint re-enqueues the same job id, which BullMQ ignores, and the processor's outbox
 * (workers/jobs/send-invoice.ts) sends nothing twice beyond the queue's retention. A read-model rebuild never runs
 * it, so a rebuild sends no invoice.
 */
import { z } from 'zod';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { SEND_INVOICE, type SendInvoiceJob } from '../jobs/send-invoice.js';
import { MAIL_JOB_OPTIONS } from './order-mail.js';
import type { DecidedJob as ProcessManagerJob, ProcessManagerDefinition } from './process-manager.js';

/** The event types this process manager reads. */
export const INVOICE_MAIL_EVENT_TYPES = ['InvoiceSendRequested'] as const;

/** What the decision reads of InvoiceSendRequested: a non-empty order id (domain/order/events.ts). */
const RequestOrderId = z.object({ orderId: z.string().min(1) });

export type DecidedJob = ProcessManagerJob<typeof SEND_INVOICE, SendInvoiceJob>;

/** The job id of the mail of one InvoiceSendRequested event (BullMQ job ids must not contain ':'). */
export const invoiceJobId = (eventId: string) => `invoice-${eventId}`;

/** The decision (pure): InvoiceSendRequested -> one `send-invoice` job keyed by the event id; anything else -> none. */
export function decide(event: Pick<RecordedEvent, 'id' | 'type' | 'data'>): DecidedJob[] {
  if (event.type !== 'InvoiceSendRequested') return [];
  const parsed = RequestOrderId.safeParse(event.data);
  if (!parsed.success) return [];
  return [{ name: SEND_INVOICE, jobId: invoiceJobId(event.id), data: { eventId: event.id, orderId: parsed.data.orderId } }];
}

/** The invoice-mail process manager on the one runner (process-manager.ts): lease `pm:invoice-mail`. */
export const invoiceMailProcessManager: ProcessManagerDefinition<DecidedJob> = {
  name: 'invoice_mail',
  label: 'invoice-mail',
  lockKey: 'pm:invoice-mail',
  eventTypes: INVOICE_MAIL_EVENT_TYPES,
  decide,
  jobOptions: MAIL_JOB_OPTIONS,
};
