/**
 * BullMQ processor of `send-order-confirmation` jobs (the order confirmation with its PDF, one per OrderPlaced;
 * conventions 9: the processor only performs the side effect, the order-mail process manager decided it). A job
 * carries the OrderPlaced event id and the order id; the processor loads the order summary, renders the mail with
 * the PDF attached (workers/order-mail/order-confirmation.ts) and hands it to the outbox's one exactly-once send
 * (platform/mail/outbox.ts `sendOnce`, keyed by the event id, with the Message-ID derived from it). A redelivered
 * job, a job enqueued again by a replay, or a second worker picking up a stalled job sends nothing; the one window in
 * which a mail may go out twice is documented at `sendOnce`.
 */
import { UnrecoverableError } from 'bullmq';
import type { SendMailOptions } from 'nodemailer';
import { z } from 'zod';
import { type SellerDetails, sellerFromFields } from '../../domain/order/order-document.js';
import type { OrderSummary } from '../../domain/order/order-summary.js';
import type { Database } from '../../platform/db/database.js';
import { buildOrderConfirmationMessage, orderConfirmationMessageId } from '../order-mail/order-confirmation.js';
import { type SendOnceResult, sendOnce } from '../../platform/mail/outbox.js';
import { parseMailAddress } from '../../platform/mail/address.js';
import type { MailTransport } from '../../platform/mail/transport.js';

/** The job name on the shop queue. */
export const SEND_ORDER_CONFIRMATION = 'send-order-confirmation';

/** Job data: the OrderPlaced event that caused the mail and its order. */
export const SendOrderConfirmationJob = z.object({
  /** Id (uuid) of the causing event (OrderPlaced; OrderPaid for the payment-received mail): keys the outbox row and the Message-ID. */
  eventId: z.string().uuid(),
  orderId: z.string().min(1),
});
export type SendOrderConfirmationJob = z.infer<typeof SendOrderConfirmationJob>;

/** What a job returns (kept as the BullMQ job's return value). */
export type SendOrderConfirmationResult = SendOnceResult;

/** Thrown while the orders read model has not yet projected the order: BullMQ retries the job with backoff. */
export class OrderNotYetProjectedError extends Error {
  readonly code = 'mail.order_not_projected';
  constructor(readonly orderId: string) {
    super(`Order ${orderId} is not in the orders read model yet; retrying later`);
    this.name = 'OrderNotYetProjectedError';
  }
}

export interface SendOrderConfirmationDeps {
  /**
   * PostgreSQL pool: a send holds one connection for its lock transaction and briefly needs a second one, so give
   * it at least 2 connections per job processed at the same time (worker concurrency).
   */
  db: Database;
  transport: MailTransport;
  /** Loads the order summary (projections/orders/queries.ts getOrderSummary); null while not projected yet. */
  loadOrder: (orderId: string) => Promise<OrderSummary | null>;
  /** From header (MAIL_FROM). */
  from: string;
  /** Absolute storefront base URL for the /payment/{token} link (MAIL_SHOP_URL). */
  shopUrl: string;
  /**
   * The site's global fields (projections/site/queries.ts getSiteContent): the seller's company, registry code and
   * VAT number printed in the PDF (the seller's details every order document carries); without it the PDF names none.
   */
  loadSiteFields?: () => Promise<Record<string, Partial<Record<'et' | 'en', string>>>>;
  log?: (line: string) => void;
}

/**
 * A mail about an order sent once per causing event (the confirmation per OrderPlaced; the payment-received mail per
 * OrderPaid, workers/jobs/send-payment-received.ts): its outbox kind, job name, Message-ID, when the order read model
 * is ready for it, and the message.
 */
export interface OrderMail {
  kind: 'order-confirmation' | 'payment-received';
  jobName: string;
  messageId(eventId: string, from: string): string;
  /** False while the orders read model has not projected what the mail reports (the job is retried). */
  ready(summary: OrderSummary): boolean;
  build(summary: OrderSummary, options: { eventId: string; from: string; shopUrl: string; seller: SellerDetails | null }): Promise<SendMailOptions & { messageId: string }>;
}

/** The order confirmation, one per OrderPlaced. */
export const ORDER_CONFIRMATION_MAIL: OrderMail = {
  kind: 'order-confirmation',
  jobName: SEND_ORDER_CONFIRMATION,
  messageId: orderConfirmationMessageId,
  ready: () => true,
  build: buildOrderConfirmationMessage,
};

/**
 * Makes the processor.
 * @returns `(data) => result`; it throws UnrecoverableError on malformed data (the job fails without retries), and
 *   OrderNotYetProjectedError, SMTP or PostgreSQL errors (BullMQ retries with backoff, MAIL_JOB_OPTIONS).
 */
export function createSendOrderConfirmationProcessor(deps: SendOrderConfirmationDeps): (data: unknown) => Promise<SendOrderConfirmationResult> {
  return createOrderMailProcessor(ORDER_CONFIRMATION_MAIL, deps);
}

/**
 * The processor of one kind of order mail: job data `{ eventId, orderId }` (the causing event keys the outbox row and
 * the Message-ID), exactly-once as described above.
 * @returns `(data) => result`; throws as createSendOrderConfirmationProcessor's
 */
export function createOrderMailProcessor(mail: OrderMail, deps: SendOrderConfirmationDeps): (data: unknown) => Promise<SendOrderConfirmationResult> {
  const label = mail.kind.replace('-', ' ');
  return async (data) => {
    const parsed = SendOrderConfirmationJob.safeParse(data);
    // Malformed data will not get better by retrying: fail the job for good.
    if (!parsed.success) throw new UnrecoverableError(`Malformed ${mail.jobName} job: ${JSON.stringify(data)}`);
    const job = parsed.data;
    const outboxMail = { eventId: job.eventId, kind: mail.kind, subjectId: job.orderId, messageId: mail.messageId(job.eventId, deps.from), label };
    return sendOnce(deps, outboxMail, async () => {
      const summary = await deps.loadOrder(job.orderId);
      if (!summary || !mail.ready(summary)) throw new OrderNotYetProjectedError(job.orderId);
      if (!summary.client.email) return { skip: 'the order has no e-mail address' };
      // Exactly one address, or nothing is sent (spec 5 "Checkout": orders placed before the checkout parsed its
      // e-mail may hold a list or a header); retrying cannot make such an address valid.
      if (!parseMailAddress(summary.client.email)) return { skip: 'the order e-mail is not exactly one valid address' };
      const seller = deps.loadSiteFields ? sellerFromFields(await deps.loadSiteFields(), summary.language) : null;
      const message = await mail.build(summary, { eventId: job.eventId, from: deps.from, shopUrl: deps.shopUrl, seller });
      return { recipient: summary.client.email, compose: () => message };
    });
  };
}
