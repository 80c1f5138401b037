/**
 * The client registration of a test shop, as the worker role runs it: the client-registration process
 * manager following the event store, BullMQ on the real Redis (a queue prefix of its own per run) and the
 * record-client-order processor. `caughtUp()` resolves when every OrderPlaced committed before the call has been
 * enqueued and every enqueued job has finished.
 */
import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { testRedisUrl } from '../../platform/testing/database.js';
import { createRecordClientOrderProcessor, RECORD_CLIENT_ORDER } from '../../workers/jobs/record-client-order.js';
import { clientRegistrationProcessManager } from '../../workers/process-managers/client-registration.js';
import { startProcessManager } from '../../workers/process-managers/process-manager.js';
import type { ShopHarness } from './shop-harness.js';

export interface ClientPipeline {
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

export async function startClientPipeline(h: Pick<ShopHarness, 'db' | 'store' | 'url'>, now: () => string = () => new Date().toISOString()): Promise<ClientPipeline> {
  const prefix = `test-clients-${randomUUID().slice(0, 8)}`;
  const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
  const workerRedis = redis.duplicate();
  const queue = new Queue('shop', { connection: redis, prefix });
  const processor = createRecordClientOrderProcessor({ store: h.store, db: h.db, now });
  const worker = new Worker('shop', async (job) => (job.name === RECORD_CLIENT_ORDER ? processor(job.data) : undefined), { connection: workerRedis, prefix, concurrency: 4 });
  await worker.waitUntilReady();
  const pm = startProcessManager(clientRegistrationProcessManager, { db: h.db, store: h.store, queue, retryMs: 200, pollIntervalMs: 100 });
  return {
    caughtUp: async () => {
      await pm.caughtUp();
      for (let i = 0; i < 500; i++) {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
        if (Object.values(counts).every((n) => n === 0)) return;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('client pipeline: jobs still running after 10 s');
    },
    stop: async () => {
      await pm.stop();
      await worker.close();
      await queue.obliterate({ force: true }).catch(() => {});
      await queue.close();
      redis.disconnect();
      workerRedis.disconnect();
    },
  };
}
