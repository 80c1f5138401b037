/**
 * The worker role: BullMQ workers for the shop's side effects (design brief "Side effects"). Processors are thin
 * (conventions 9): process managers decide, processors perform, and every job id derives from the event that
 * caused it. This catalog has no side effects yet: the role connects to Redis and runs the `shop` queue's
 * worker with the processors registered in `PROCESSORS` (mail, payments and location sync arrive with the
 * checkout issue).
 */
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { REFRESH_DELIVERY_LOCATIONS_JOB, refreshDeliveryLocationsProcessor, startDeliveryLocationSchedule } from './jobs/refresh-delivery-locations.js';

/** Job name to processor. A processor throws to let BullMQ retry the job. */
export const PROCESSORS: Record<string, (data: unknown) => Promise<unknown>> = {
  [REFRESH_DELIVERY_LOCATIONS_JOB]: refreshDeliveryLocationsProcessor,
};

export const SHOP_QUEUE = 'shop';

/** @throws Error when a job of an unknown name arrives (the job fails and stays in the failed set). */
export async function startWorkers(options: { redisUrl: string; log: (line: string) => void }): Promise<() => Promise<void>> {
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const worker = new Worker(
    SHOP_QUEUE,
    async (job) => {
      const processor = PROCESSORS[job.name];
      if (!processor) throw new Error(`No processor for job ${job.name}`);
      return processor(job.data);
    },
    { connection, concurrency: 4 },
  );
  worker.on('failed', (job, error) => options.log(`job ${job?.name} ${job?.id} failed: ${error.message}`));
  await worker.waitUntilReady();
  options.log(`worker ready on queue ${SHOP_QUEUE}`);
  // Delivery locations: one refresh job per provider and schedule slot (DELIVERY_REFRESH_INTERVAL_MS).
  const stopDeliverySchedule = await startDeliveryLocationSchedule({ redisUrl: options.redisUrl, queueName: SHOP_QUEUE, log: options.log });
  return async () => {
    await stopDeliverySchedule();
    await worker.close();
    connection.disconnect();
  };
}
