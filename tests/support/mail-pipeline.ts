/**
 * The confirmation-mail pipeline of a test shop, as the worker role runs it: the order-mail process manager
 * following the event store, BullMQ on the real Redis (a queue prefix of its own per run), the
 * send-order-confirmation processor loading orders from the orders read model, and a real SMTP server in this
 * process (`sink`) that receives the mail.
 */
import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { createMailTransport } from '../../platform/mail/transport.js';
import { testRedisUrl } from '../../platform/testing/database.js';
import { getOrderSummary } from '../../projections/orders/queries.js';
import { createSendOrderConfirmationProcessor, SEND_ORDER_CONFIRMATION } from '../../workers/jobs/send-order-confirmation.js';
import { startOrderMailProcessManager } from '../../workers/process-managers/order-mail.js';
import type { ShopHarness } from './shop-harness.js';
import { type SmtpSink, startSmtpSink } from './smtp-sink.js';

export interface MailPipeline {
  sink: SmtpSink;
  /** Resolves when the process manager has handled every event committed before the call. */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the pipeline on the harness's database; `shopUrl` is the base of the links in the mail. */
export async function startMailPipeline(h: ShopHarness, shopUrl: string): Promise<MailPipeline> {
  const sink = await startSmtpSink();
  const transport = createMailTransport(sink.url, { timeoutMs: 10_000 });
  const prefix = `test-mail-${randomUUID().slice(0, 8)}`;
  const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
  const workerRedis = redis.duplicate();
  const queue = new Queue('shop', { connection: redis, prefix });
  const processor = createSendOrderConfirmationProcessor({
    db: h.db,
    transport,
    loadOrder: (orderId) => getOrderSummary(h.db, orderId),
    from: 'Baltic Parts <shop@baltic-parts.test>',
    shopUrl,
  });
  const worker = new Worker('shop', async (job) => (job.name === SEND_ORDER_CONFIRMATION ? processor(job.data) : undefined), { connection: workerRedis, prefix });
  await worker.waitUntilReady();
  const pm = startOrderMailProcessManager({ db: h.db, store: h.store, queue, connectionString: h.url, retryMs: 200, pollIntervalMs: 100 });
  return {
    sink,
    caughtUp: () => pm.caughtUp(),
    stop: async () => {
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
