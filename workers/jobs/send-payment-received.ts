/**
 * BullMQ processor of `send-payment-received` jobs: the 'payment received' mail
 * (workers/order-mail/payment-received.ts), one per OrderPaid, decided by the order-mail process manager and sent
 * like the confirmation (workers/jobs/send-order-confirmation.ts) through the outbox's one exactly-once send
 * (platform/mail/outbox.ts `sendOnce`): the outbox row and the Message-ID are keyed by the OrderPaid event id, so a
 * redelivered or replayed job sends nothing twice. The job waits (retries)
 * until the orders read model shows the order paid.
 */
import { buildPaymentReceivedMessage, paymentReceivedMessageId } from '../order-mail/payment-received.js';
import { createOrderMailProcessor, type OrderMail, type SendOrderConfirmationDeps, type SendOrderConfirmationResult } from './send-order-confirmation.js';

/** The job name on the shop queue. */
export const SEND_PAYMENT_RECEIVED = 'send-payment-received';

/** The payment-received mail as an order mail. */
export const PAYMENT_RECEIVED_MAIL: OrderMail = {
  kind: 'payment-received',
  jobName: SEND_PAYMENT_RECEIVED,
  messageId: paymentReceivedMessageId,
  ready: (summary) => summary.isPaid,
  build: buildPaymentReceivedMessage,
};

/**
 * Makes the processor; job data `{ eventId (the OrderPaid event id), orderId }`.
 * @returns `(data) => result`; throws UnrecoverableError on malformed data, OrderNotYetProjectedError while the order
 *   is not yet shown paid, SMTP or PostgreSQL errors (BullMQ retries with backoff, MAIL_JOB_OPTIONS)
 */
export function createSendPaymentReceivedProcessor(deps: SendOrderConfirmationDeps): (data: unknown) => Promise<SendOrderConfirmationResult> {
  return createOrderMailProcessor(PAYMENT_RECEIVED_MAIL, deps);
}
