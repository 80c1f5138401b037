/**
 * BullMQ processor of `send-invoice` jobs (staff send an invoice or a prepayment invoice by mail; conventions 9: the
 * invoice-mail process manager decided the job, the processor performs it). A job names one InvoiceSendRequested
 * event (its id and the order); the processor reads that request from the order stream (number, dates, recipient),
 * renders the invoice PDF in the order's language (domain/order/invoice-document.ts), hands it to the outbox's one
 * exactly-once send (platform/mail/outbox.ts `sendOnce`, keyed by the request's event id, with the Message-ID
 * derived from it), and records InvoiceSent on the order (commands/order/record-invoice-sent.ts).
 *
 * A redelivered job, a replayed one, or a second worker taking over the job of a worker killed with SIGKILL sends
 * nothing more and only records InvoiceSent if the killed worker had not (once per request: the command's id derives
 * from the event id, and the decider answers nothing for a request already sent). The one window in which a mail
 * may go out twice is documented at `sendOnce`.
 */
import { UnrecoverableError } from 'bullmq';
import { v5 as uuidv5 } from 'uuid';
import { z } from 'zod';
import { recordInvoiceSent } from '../../commands/order/record-invoice-sent.js';
import { type InvoiceOrder, invoiceSellerFromFields } from '../../domain/order/invoice-document.js';
import { parseOrderEvent } from '../../domain/order/events.js';
import type { InvoiceSendRequestedData } from '../../domain/order/invoicing.js';
import { toOrderStreamId } from '../../domain/order/order.js';
import type { Database } from '../../platform/db/database.js';
import type { EventStore, RecordedEvent } from '../../platform/event-store/port.js';
import { parseMailAddress } from '../../platform/mail/address.js';
import { readOutbox, type SendOnceResult, sendOnce } from '../../platform/mail/outbox.js';
import type { MailTransport } from '../../platform/mail/transport.js';
import { buildInvoiceMessage, invoiceMessageId } from '../order-mail/invoice-mail.js';
import { OrderNotYetProjectedError } from './send-order-confirmation.js';

/** The job name on the shop queue. */
export const SEND_INVOICE = 'send-invoice';

/** Job data: the InvoiceSendRequested event and its order. */
export const SendInvoiceJob = z.object({
  /** Id (uuid) of the InvoiceSendRequested event: keys the outbox row and the Message-ID. */
  eventId: z.string().uuid(),
  orderId: z.string().min(1),
});
export type SendInvoiceJob = z.infer<typeof SendInvoiceJob>;

export type SendInvoiceResult = SendOnceResult;

export interface SendInvoiceDeps {
  /** PostgreSQL pool (mail outbox): a send holds 2 connections. */
  db: Database;
  store: EventStore;
  transport: MailTransport;
  /**
   * The order as it stands now, after staff edits (amounts in euro cents; discount, fee, invoice comment); null while
   * unknown (the job is retried). The worker role gets projections/orders/order-from-stream.ts `invoiceOrderFromStream`.
   */
  loadOrder: (orderId: string) => Promise<InvoiceOrder | null>;
  /** The site's global fields: the seller's company, registry code, VAT number, contacts and bank accounts. */
  loadSiteFields: () => Promise<Record<string, Partial<Record<'et' | 'en', string>>>>;
  /**
   * Whether the order's client was forgotten (staff's 'forget this client'; the admin orders read model's
   * `forgotten`): a request still waiting then is skipped, never mailed to the forgotten address. Default: never.
   */
  clientForgotten?: (orderId: string) => Promise<boolean>;
  /** From header (MAIL_FROM). */
  from: string;
  log?: (line: string) => void;
}

const SENT_NAMESPACE = '6f1c2b9e-8d4a-4e7b-a5c3-1d9e0f2a3b4c';

/** The outbox kind of an invoice mail: 'invoice' or 'prepayment-invoice'. */
const outboxKind = (request: InvoiceSendRequestedData) => (request.kind === 'prepayment' ? 'prepayment-invoice' : 'invoice');

/**
 * Makes the processor.
 * @returns `(data) => result`; it throws UnrecoverableError on malformed data or an event that is not an invoice
 *   request of that order, OrderNotYetProjectedError while the order cannot be loaded, SMTP or PostgreSQL errors
 *   (BullMQ retries with backoff, MAIL_JOB_OPTIONS)
 */
export function createSendInvoiceProcessor(deps: SendInvoiceDeps): (data: unknown) => Promise<SendInvoiceResult> {
  return async (data) => {
    const parsed = SendInvoiceJob.safeParse(data);
    if (!parsed.success) throw new UnrecoverableError(`Malformed ${SEND_INVOICE} job: ${JSON.stringify(data)}`);
    const job = parsed.data;
    const { events } = await deps.store.readStream(toOrderStreamId(job.orderId));
    const event = events.find((e) => e.id === job.eventId);
    if (!event || event.type !== 'InvoiceSendRequested') throw new UnrecoverableError(`${SEND_INVOICE}: no InvoiceSendRequested ${job.eventId} in order ${job.orderId}`);
    const request = parseOrderEvent(event).data as InvoiceSendRequestedData;
    const mail = { eventId: job.eventId, kind: outboxKind(request), subjectId: job.orderId, messageId: invoiceMessageId(job.eventId, deps.from), label: 'invoice' };

    const result = await sendOnce(deps, mail, async () => {
      if (!parseMailAddress(request.recipient)) return { skip: 'the recipient is not exactly one valid address' };
      const summary = await deps.loadOrder(job.orderId);
      if (!summary) throw new OrderNotYetProjectedError(job.orderId);
      const seller = invoiceSellerFromFields(await deps.loadSiteFields(), summary.language);
      const invoice = { kind: request.kind, number: request.number, issueDate: request.issueDate, dueDate: request.dueDate };
      const message = await buildInvoiceMessage(summary, invoice, { eventId: job.eventId, from: deps.from, recipient: request.recipient, seller });
      // Checked under the send lock, as late as possible: a client forgotten meanwhile gets no mail.
      const recheck = async () => ((await (deps.clientForgotten?.(job.orderId) ?? false)) ? 'the client was forgotten' : null);
      return { recipient: request.recipient, compose: () => message, recheck };
    });
    // Sent now or before (also by a worker that died before recording InvoiceSent): record it, once.
    if (result.status !== 'skipped') await recordSent(deps.store, event, request, (await readOutbox(deps.db, job.eventId))?.sentAt ?? null);
    return result;
  };
}

/**
 * Records InvoiceSent for the request (once: the command id derives from the request's event id, and the order
 * decider answers nothing for a request already sent). Time: when the SMTP server accepted the mail. The metadata
 * names the staff member who asked for the send and correlates with the request.
 */
async function recordSent(store: EventStore, event: RecordedEvent, request: InvoiceSendRequestedData, sentAt: Date | null): Promise<void> {
  const commandId = uuidv5(`${event.id}/sent`, SENT_NAMESPACE);
  await recordInvoiceSent(
    store,
    { orderId: request.orderId, kind: request.kind, requestId: request.requestId },
    { commandId, correlationId: event.metadata.correlationId, userId: event.metadata.userId, now: (sentAt ?? new Date()).toISOString() },
  );
}
