/**
 * BullMQ processor of `send-order-confirmation` jobs (workers and mail; conventions 9: the processor only
 * performs the side effect, the order-mail process manager decided it). A job carries the OrderPlaced event id and
 * the order id; the processor loads the order summary, renders the mail with the PDF attached
 * (workers/order-mail/order-confirmation.ts) and sends it over SMTP with the Message-ID derived from the event id.
 *
 * Never a second mail for one event: the mail outbox (platform/mail/outbox.ts, `mail.outbox` keyed by event id)
 * is checked and the send is done while holding the event's send lock; the row becomes `sent` only after the SMTP
 * server answered 250 to DATA. A redelivered job, a job enqueued again by a replay, or a second worker picking up a
 * stalled job finds `sent` and sends nothing.
 *
 * The remaining at-least-once window (stated honestly): SMTP cannot tell a client whether a message it sent earlier
 * was accepted, and a server may deliver a message once it has received the final "." of DATA even when its 250
 * reply never reaches us (RFC 1047). So when the worker dies, or loses its PostgreSQL connection, after the end of
 * DATA and before the `sent` mark commits, the row stays `sending`, BullMQ's stalled-job check hands the job to
 * another worker, and that worker sends the mail again: a duplicate if the server had already queued the first
 * copy. Both copies carry the same Message-ID, so mail systems that deduplicate by Message-ID show one. The window
 * is the server's time to answer DATA plus our commit (milliseconds normally); closing it entirely would mean never
 * retrying an attempt whose outcome is unknown, i.e. risking no confirmation at all, and we prefer a rare duplicate.
 * Such rows keep `attempts` > 1 in the outbox, so they can be found. A worker that dies before the end of DATA
 * causes no duplicate (the server discards an incomplete message), and neither does one that dies while a server
 * which decides only when it replies (like the test's server) holds DATA: the test
 * tests/mail-worker-crash.int.spec.ts kills a worker exactly there. A second worker never sends concurrently with a
 * live first one: the send lock is held for the whole SMTP conversation.
 */
import { UnrecoverableError } from 'bullmq';
import type { SendMailOptions } from 'nodemailer';
import { z } from 'zod';
import { type SellerDetails, sellerFromFields } from '../../domain/order/order-document.js';
import type { OrderSummary } from '../../domain/order/order-summary.js';
import type { Database } from '../../platform/db/database.js';
import { buildOrderConfirmationMessage, orderConfirmationMessageId } from '../order-mail/order-confirmation.js';
import { ensureMailOutbox, markSent, markSkipped, readOutbox, recordAttempt, recordFailure, withMailSendLock } from '../../platform/mail/outbox.js';
import { InvalidRecipientError, parseMailAddress } from '../../platform/mail/address.js';
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
export type SendOrderConfirmationResult =
  | { status: 'sent'; messageId: string; attempts: number; smtpResponse: string }
  | { status: 'already-sent' | 'skipped'; messageId: string };

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
   * VAT number printed in the PDF; without it the PDF names none.
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

/** The order confirmation. */
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
  const log = deps.log ?? (() => {});
  const label = mail.kind.replace('-', ' ');
  return async (data) => {
    const parsed = SendOrderConfirmationJob.safeParse(data);
    // Malformed data will not get better by retrying: fail the job for good.
    if (!parsed.success) throw new UnrecoverableError(`Malformed ${mail.jobName} job: ${JSON.stringify(data)}`);
    const job = parsed.data;
    await ensureMailOutbox(deps.db);
    const messageId = mail.messageId(job.eventId, deps.from);
    // Cheap check without the lock: the common redelivery case.
    const before = await readOutbox(deps.db, job.eventId);
    if (before?.state === 'sent' || before?.state === 'skipped') return { status: before.state === 'sent' ? 'already-sent' : 'skipped', messageId };

    const summary = await deps.loadOrder(job.orderId);
    if (!summary || !mail.ready(summary)) throw new OrderNotYetProjectedError(job.orderId);
    const seller = deps.loadSiteFields ? sellerFromFields(await deps.loadSiteFields(), summary.language) : null;
    const message = await mail.build(summary, { eventId: job.eventId, from: deps.from, shopUrl: deps.shopUrl, seller });

    return withMailSendLock(deps.db, job.eventId, async (trx) => {
      const current = await readOutbox(trx, job.eventId);
      if (current?.state === 'sent') return { status: 'already-sent', messageId } as const;
      if (current?.state === 'skipped') return { status: 'skipped', messageId } as const;
      if (!summary.client.email) {
        await markSkipped(trx, { eventId: job.eventId, kind: mail.kind, orderId: job.orderId, reason: 'the order has no e-mail address' });
        return { status: 'skipped', messageId } as const;
      }
      // Exactly one address, or nothing is sent (orders placed before the checkout parsed its e-mail may
      // hold a list or a header); retrying cannot make such an address valid.
      if (!parseMailAddress(summary.client.email)) {
        await markSkipped(trx, { eventId: job.eventId, kind: mail.kind, orderId: job.orderId, reason: 'the order e-mail is not exactly one valid address' });
        log(`${label} ${messageId}: not sent, the order's e-mail is not one valid address`);
        return { status: 'skipped', messageId } as const;
      }
      const attempts = await recordAttempt(deps.db, {
        eventId: job.eventId,
        kind: mail.kind,
        orderId: job.orderId,
        recipient: summary.client.email,
        messageId,
      });
      if (attempts > 1) log(`${label} ${messageId}: attempt ${attempts}; an earlier attempt's outcome is unknown, sending again`);
      let smtpResponse: string;
      try {
        smtpResponse = (await deps.transport.send(message)).response;
      } catch (error) {
        await recordFailure(deps.db, job.eventId, (error as Error).message).catch(() => {});
        if (error instanceof InvalidRecipientError) throw new UnrecoverableError(error.message);
        throw error;
      }
      await markSent(trx, job.eventId, smtpResponse);
      return { status: 'sent', messageId, attempts, smtpResponse } as const;
    });
  };
}
