/**
 * The back-in-stock mail pipeline of a test shop, as the worker role runs it: the back-in-stock-mail
 * process manager following the event store, BullMQ on the real Redis (a queue prefix of its own per run), the
 * check-back-in-stock and send-back-in-stock processors on the harness's read models, and a real SMTP server in this
 * process (`sink`). With `options.workerInProcess: false` no worker runs the jobs here (a child process does,
 * tests/support/back-in-stock-worker-child.ts).
 */
import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { createMailTransport } from '../../platform/mail/transport.js';
import { testRedisUrl } from '../../platform/testing/database.js';
import { CHECK_BACK_IN_STOCK, createCheckBackInStockProcessor } from '../../workers/jobs/check-back-in-stock.js';
import { backInStockReadsOf, catalogProductLoader } from '../../bin/worker-ports.js';
import { createSendBackInStockProcessor, SEND_BACK_IN_STOCK } from '../../workers/jobs/send-back-in-stock.js';
import { BACK_IN_STOCK_JOB_OPTIONS, backInStockMailProcessManager } from '../../workers/process-managers/back-in-stock-mail.js';
import { startProcessManager } from '../../workers/process-managers/process-manager.js';
import type { ShopHarness } from './shop-harness.js';
import { type SmtpSink, startSmtpSink } from './smtp-sink.js';
import { patience } from './patience.js';

export const BACK_IN_STOCK_FROM = 'Baltic Parts <shop@baltic-parts.test>';

export interface BackInStockPipeline {
  sink: SmtpSink;
  queue: Queue;
  /** The queue prefix (for a worker in another process). */
  prefix: string;
  /** Resolves when the process manager has handled every event committed before the call. */
  caughtUp(): Promise<void>;
  /** Resolves when no job is waiting, delayed or active (checks and mails). */
  idle(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the pipeline on the harness's database; `shopUrl` is the base of the product links. */
export async function startBackInStockPipeline(h: ShopHarness, shopUrl: string, options: { workerInProcess?: boolean; backoffMs?: number } = {}): Promise<BackInStockPipeline> {
  const sink = await startSmtpSink();
  const transport = createMailTransport(sink.url, { timeoutMs: 10_000 });
  const prefix = `test-bis-${randomUUID().slice(0, 8)}`;
  const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
  const workerRedis = redis.duplicate();
  const queue = new Queue('shop', { connection: redis, prefix });
  // Short backoff: a check waiting on a read model retries after 100 ms here, not 2 s.
  const jobOptions = { ...BACK_IN_STOCK_JOB_OPTIONS, backoff: { type: 'fixed' as const, delay: options.backoffMs ?? 100 } };
  const now = () => h.clock.now;
  const check = createCheckBackInStockProcessor({ reads: backInStockReadsOf(h.db, h.store), queue, mailJobOptions: jobOptions, now });
  const send = createSendBackInStockProcessor({ db: h.db, store: h.store, transport, loadProduct: catalogProductLoader(h.db, now), from: BACK_IN_STOCK_FROM, shopUrl, now });
  const worker = new Worker(
    'shop',
    async (job) => {
      if (job.name === CHECK_BACK_IN_STOCK) return check(job.data);
      if (job.name === SEND_BACK_IN_STOCK) return send(job.data);
      throw new Error(`unknown job ${job.name}`);
    },
    { connection: workerRedis, prefix, concurrency: 2, autorun: options.workerInProcess ?? true },
  );
  await worker.waitUntilReady();
  const pm = startProcessManager(backInStockMailProcessManager, {
    db: h.db,
    store: h.store,
    queue: { addBulk: (jobs) => queue.addBulk(jobs.map((j) => ({ ...j, opts: { ...j.opts, ...jobOptions, jobId: j.opts?.jobId } }))) },
    retryMs: 200,
    pollIntervalMs: 100,
  });
  return {
    sink,
    queue,
    prefix,
    caughtUp: () => pm.caughtUp(),
    idle: async (timeoutMs = patience(20_000)) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const c = await queue.getJobCounts('waiting', 'delayed', 'active', 'prioritized');
        if (c.waiting + c.delayed + c.active + (c.prioritized ?? 0) === 0) return;
        if (Date.now() > deadline) throw new Error(`queue not idle after ${timeoutMs} ms: ${JSON.stringify(c)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
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
