/**
 * The confirmation-mail pipeline of a test shop, as the worker role runs it: the order-mail process manager
 * following the event store, BullMQ on the real Redis (a queue prefix of its own per run), the
 * send-order-confirmation and send-payment-received processors loading orders from the orders read model, and a
 * real SMTP server in this
 * process (`sink`) that receives the mail. With `options.resetTokens` it also runs the forgot-password mail (issue
 * 10): the password-reset-mail process manager and the send-password-reset processor issuing tokens there.
 */
import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { createMailTransport } from '../../platform/mail/transport.js';
import type { ResetTokens } from '../../platform/security/reset-tokens.js';
import { testRedisUrl } from '../../platform/testing/database.js';
import { getOrderSummary } from '../../projections/orders/queries.js';
import { getSiteContent } from '../../projections/site/queries.js';
import { createSendOrderConfirmationProcessor, SEND_ORDER_CONFIRMATION } from '../../workers/jobs/send-order-confirmation.js';
import { createSendPasswordResetProcessor, SEND_PASSWORD_RESET } from '../../workers/jobs/send-password-reset.js';
import { createSendPaymentReceivedProcessor, SEND_PAYMENT_RECEIVED } from '../../workers/jobs/send-payment-received.js';
import { orderMailProcessManager } from '../../workers/process-managers/order-mail.js';
import { passwordResetMailProcessManager } from '../../workers/process-managers/password-reset-mail.js';
import { startProcessManager } from '../../workers/process-managers/process-manager.js';
import type { ShopHarness } from './shop-harness.js';
import { type SmtpSink, startSmtpSink } from './smtp-sink.js';

export interface MailPipeline {
  sink: SmtpSink;
  /** Resolves when the process manager has handled every event committed before the call. */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the pipeline on the harness's database; `shopUrl` is the base of the links in the mail.
 * @param options.resetTokens also send forgot-password mails, issuing their tokens here (the api's Redis and prefix)
 */
export async function startMailPipeline(h: ShopHarness, shopUrl: string, options: { resetTokens?: ResetTokens } = {}): Promise<MailPipeline> {
  const sink = await startSmtpSink();
  const transport = createMailTransport(sink.url, { timeoutMs: 10_000 });
  const prefix = `test-mail-${randomUUID().slice(0, 8)}`;
  const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
  const workerRedis = redis.duplicate();
  const queue = new Queue('shop', { connection: redis, prefix });
  const orderMailDeps = {
    db: h.db,
    transport,
    loadOrder: (orderId: string) => getOrderSummary(h.db, orderId),
    loadSiteFields: async () => (await getSiteContent(h.db)).fields,
    from: 'Baltic Parts <shop@baltic-parts.test>',
    shopUrl,
  };
  const processors: Record<string, (data: unknown) => Promise<unknown>> = {
    [SEND_ORDER_CONFIRMATION]: createSendOrderConfirmationProcessor(orderMailDeps),
    [SEND_PAYMENT_RECEIVED]: createSendPaymentReceivedProcessor(orderMailDeps),
  };
  const resetProcessor = options.resetTokens
    ? createSendPasswordResetProcessor({ db: h.db, store: h.store, transport, tokens: options.resetTokens, from: 'Baltic Parts <shop@baltic-parts.test>', shopUrl, now: () => h.clock.now })
    : null;
  const worker = new Worker(
    'shop',
    async (job) => (processors[job.name] ? processors[job.name]!(job.data) : job.name === SEND_PASSWORD_RESET && resetProcessor ? resetProcessor(job.data) : undefined),
    { connection: workerRedis, prefix },
  );
  await worker.waitUntilReady();
  const pm = startProcessManager(orderMailProcessManager, { db: h.db, store: h.store, queue, retryMs: 200, pollIntervalMs: 100 });
  const resetPm = resetProcessor ? startProcessManager(passwordResetMailProcessManager, { db: h.db, store: h.store, queue, retryMs: 200, pollIntervalMs: 100 }) : null;
  return {
    sink,
    caughtUp: async () => {
      await pm.caughtUp();
      await resetPm?.caughtUp();
    },
    stop: async () => {
      await resetPm?.stop();
      await pm.stop();
      await worker.close();
      await queue.obliterate({ force: true }).catch(() => {});
      await queue.close();
      redis.disconnect();
      workerRedis.disconnect();
      transport.close();
      await sink.close();
    },
  };
}
