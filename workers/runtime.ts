/**
 * The worker role: BullMQ workers for the shop's side effects (design brief "Side effects"). Processors are thin
 * (conventions 9): process managers decide, processors perform, and every job id derives from the event that
 * caused it. The role runs the `shop` queue's worker with the processors in `PROCESSORS` (order confirmation mail,
 * reservation expiry, delivery location refresh), their repeatable schedules, and the order-mail process manager
 * that enqueues one mail job per OrderPlaced.
 */
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { EXPIRE_RESERVATIONS_JOB, expireReservationsProcessor, startReservationExpirySchedule } from './jobs/expire-reservations.js';
import { REFRESH_DELIVERY_LOCATIONS_JOB, refreshDeliveryLocationsProcessor, startDeliveryLocationSchedule } from './jobs/refresh-delivery-locations.js';
import { SEND_ORDER_CONFIRMATION, sendOrderConfirmationProcessor } from './jobs/send-order-confirmation.js';
import { startOrderMailFromConfig } from './process-managers/order-mail.js';

/** Job name to processor. A processor throws to let BullMQ retry the job. */
export const PROCESSORS: Record<string, (data: unknown) => Promise<unknown>> = {
  [REFRESH_DELIVERY_LOCATIONS_JOB]: refreshDeliveryLocationsProcessor,
  // Reservation expiry (issue 4): releases stock held by unpaid orders past ORDER_RESERVATION_TTL_MS.
  [EXPIRE_RESERVATIONS_JOB]: expireReservationsProcessor,
  // Order confirmation mail (issue 4): jobs enqueued by the order-mail process manager, one per OrderPlaced.
  [SEND_ORDER_CONFIRMATION]: sendOrderConfirmationProcessor,
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
  // Reservation expiry: a repeatable job every ORDER_RESERVATION_SWEEP_MS (one schedule for all workers).
  const stopExpirySchedule = await startReservationExpirySchedule({ redisUrl: options.redisUrl, queueName: SHOP_QUEUE, log: options.log });
  // Order confirmation mail: the order-mail process manager turns OrderPlaced events into send-order-confirmation
  // jobs (one active runner per database; other worker processes stand by).
  const stopOrderMail = await startOrderMailFromConfig({ redisUrl: options.redisUrl, queueName: SHOP_QUEUE, log: options.log });
  return async () => {
    await stopOrderMail();
    await stopExpirySchedule();
    await stopDeliverySchedule();
    await worker.close();
    connection.disconnect();
  };
}
