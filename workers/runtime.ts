/**
 * The worker role: BullMQ workers for the shop's side effects (design brief "Side effects"). Processors are thin
 * (conventions 9): process managers decide, processors perform, and every job id derives from the event that
 * caused it. The role runs the `shop` queue's worker with the processors of `createProcessors` (order confirmation
 * mail, reservation expiry, delivery location refresh), their repeatable schedules, and the order-mail process
 * manager that enqueues one mail job per OrderPlaced.
 *
 * Nothing here opens a connection of its own or reads the configuration: the composition root (bin/runtime.ts)
 * builds the database pool, the event store, the Redis connection, the `shop` queue and the mailer once per
 * process and hands them down in `WorkerDeps` (issue 9 "One composition root"). Read models reach the workers as
 * functions (`loadOrder`, `findExpiredReservations`), so workers/ imports no projection.
 */
import { type Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { OrderSummary } from '../domain/order/order-summary.js';
import type { DeliveryConfig } from '../platform/config.js';
import type { Database } from '../platform/db/database.js';
import type { EventStore } from '../platform/event-store/port.js';
import type { MailTransport } from '../platform/mail/transport.js';
import { createExpireReservationsProcessor, EXPIRE_RESERVATIONS_JOB, type ExpiredReservation, startReservationExpirySchedule } from './jobs/expire-reservations.js';
import { createRefreshDeliveryLocationsProcessor, REFRESH_DELIVERY_LOCATIONS_JOB, startDeliveryLocationSchedule } from './jobs/refresh-delivery-locations.js';
import { createSendOrderConfirmationProcessor, SEND_ORDER_CONFIRMATION } from './jobs/send-order-confirmation.js';
import { ensureOrderMailCheckpoint, startOrderMailProcessManager } from './process-managers/order-mail.js';

export const SHOP_QUEUE = 'shop';

/** What the worker role needs, built once per process by the composition root (bin/runtime.ts). */
export interface WorkerDeps {
  /**
   * PostgreSQL pool (mail outbox, process-manager checkpoint). A mail send holds 2 connections, so give it at least
   * 2 x `concurrency` connections beside the other users of the pool.
   */
  db: Database;
  store: EventStore;
  /** Redis connection for BullMQ (`maxRetriesPerRequest: null`); the Worker duplicates it for blocking reads. */
  connection: Redis;
  /** The `shop` queue: process managers and schedules enqueue on it. */
  queue: Queue;
  mailer: MailTransport;
  /** The orders read model's summary of an order; null while not projected yet. */
  loadOrder: (orderId: string) => Promise<OrderSummary | null>;
  /** The orders read model's unpaid orders holding stock past `cutoff` (ISO-8601), oldest first, at most `limit`. */
  findExpiredReservations: (cutoff: string, limit: number) => Promise<ExpiredReservation[]>;
  config: {
    /** postgres:// URL for the process managers' advisory-lock connections. */
    databaseUrl: string;
    mail: { from: string; shopUrl: string };
    delivery: DeliveryConfig;
    /** ORDER_RESERVATION_TTL_MS and ORDER_RESERVATION_SWEEP_MS, milliseconds. */
    orderReservationTtlMs: number;
    orderReservationSweepMs: number;
  };
  /** Current time, ISO-8601 UTC. */
  now: () => string;
  log: (line: string) => void;
  /** Jobs run at the same time by this process (default 4). */
  concurrency?: number;
}

/**
 * Job name to processor, with their dependencies. A processor throws to let BullMQ retry the job.
 */
export function createProcessors(deps: WorkerDeps): Record<string, (data: unknown) => Promise<unknown>> {
  return {
    [REFRESH_DELIVERY_LOCATIONS_JOB]: createRefreshDeliveryLocationsProcessor({ store: deps.store, config: deps.config.delivery, now: deps.now, log: deps.log }),
    // Reservation expiry (issue 4): releases stock held by unpaid orders past ORDER_RESERVATION_TTL_MS.
    [EXPIRE_RESERVATIONS_JOB]: createExpireReservationsProcessor({
      store: deps.store,
      findExpired: deps.findExpiredReservations,
      now: deps.now,
      ttlMs: deps.config.orderReservationTtlMs,
      log: deps.log,
    }),
    // Order confirmation mail (issue 4): jobs enqueued by the order-mail process manager, one per OrderPlaced.
    [SEND_ORDER_CONFIRMATION]: createSendOrderConfirmationProcessor({
      db: deps.db,
      transport: deps.mailer,
      loadOrder: deps.loadOrder,
      from: deps.config.mail.from,
      shopUrl: deps.config.mail.shopUrl,
      log: deps.log,
    }),
  };
}

/**
 * Starts the worker role: the `shop` queue's worker, the schedules (delivery locations, reservation expiry) and the
 * order-mail process manager (one active runner per database; other worker processes stand by).
 * @returns a stop function; it closes what this function started, not the dependencies it was given
 * @throws Error (inside the job, which then fails and stays in the failed set) when a job of an unknown name arrives
 */
export async function startWorkers(deps: WorkerDeps): Promise<() => Promise<void>> {
  const processors = createProcessors(deps);
  const worker = new Worker(
    deps.queue.name,
    async (job) => {
      const processor = processors[job.name];
      if (!processor) throw new Error(`No processor for job ${job.name}`);
      return processor(job.data);
    },
    { connection: deps.connection, concurrency: deps.concurrency ?? 4 },
  );
  worker.on('failed', (job, error) => deps.log(`job ${job?.name} ${job?.id} failed: ${error.message}`));
  await worker.waitUntilReady();
  deps.log(`worker ready on queue ${deps.queue.name}`);
  // Delivery locations: one refresh job per provider and schedule slot (DELIVERY_REFRESH_INTERVAL_MS).
  const stopDeliverySchedule = await startDeliveryLocationSchedule({ queue: deps.queue, intervalMs: deps.config.delivery.refreshIntervalMs, log: deps.log });
  // Reservation expiry: a repeatable job every ORDER_RESERVATION_SWEEP_MS (one schedule for all workers).
  const stopExpirySchedule = await startReservationExpirySchedule({ queue: deps.queue, everyMs: deps.config.orderReservationSweepMs, log: deps.log });
  // Order confirmation mail: OrderPlaced events become send-order-confirmation jobs.
  await ensureOrderMailCheckpoint(deps.db);
  const orderMail = startOrderMailProcessManager({ db: deps.db, store: deps.store, queue: deps.queue, connectionString: deps.config.databaseUrl, log: deps.log });
  return async () => {
    await orderMail.stop();
    await stopExpirySchedule();
    await stopDeliverySchedule();
    await worker.close();
  };
}
