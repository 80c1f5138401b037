/**
 * The worker role: BullMQ workers for the shop's side effects (design brief "Side effects"). Processors are thin
 * (conventions 9): process managers decide, processors perform, and every job id derives from the event that
 * caused it. The role runs the `shop` queue's worker with the processors of `createProcessors` (order confirmation
 * mail, payment-received mail, password-reset mail, back-in-stock check and mail, reservation expiry, delivery
 * location refresh), their repeatable schedules, and the order-mail, password-reset-mail and back-in-stock-mail
 * process managers that enqueue one mail job per OrderPlaced, per OrderPaid and per PasswordResetRequested, and one
 * back-in-stock check per stock event or request.
 *
 * Nothing here opens a connection of its own or reads the configuration: the composition root (bin/runtime.ts)
 * builds the database pool, the event store, the Redis connection, the `shop` queue and the mailer once per
 * process and hands them down in `WorkerDeps` (design brief "Wiring": one composition root). Read models reach the workers as
 * functions (`loadOrder`, `findExpiredReservations`, `backInStockReads`, `loadCatalogProduct`; bin/worker-ports.ts), so
 * workers/ imports no projection.
 */
import { type Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { OrderSummary } from '../domain/order/order-summary.js';
import type { InvoiceOrder } from '../domain/order/invoice-document.js';
import type { DeliveryConfig } from '../platform/config.js';
import type { Database } from '../platform/db/database.js';
import type { EventStore } from '../platform/event-store/port.js';
import type { MailTransport } from '../platform/mail/transport.js';
import { ResetTokens } from '../platform/security/reset-tokens.js';
import { createExpireReservationsProcessor, EXPIRE_RESERVATIONS_JOB, type ExpiredReservation, startReservationExpirySchedule } from './jobs/expire-reservations.js';
import { createRefreshDeliveryLocationsProcessor, REFRESH_DELIVERY_LOCATIONS_JOB, startDeliveryLocationSchedule } from './jobs/refresh-delivery-locations.js';
import { type BackInStockReads, CHECK_BACK_IN_STOCK, createCheckBackInStockProcessor } from './jobs/check-back-in-stock.js';
import { createSendBackInStockProcessor, SEND_BACK_IN_STOCK, type SendBackInStockDeps } from './jobs/send-back-in-stock.js';
import { createSendOrderConfirmationProcessor, SEND_ORDER_CONFIRMATION } from './jobs/send-order-confirmation.js';
import { createSendPasswordResetProcessor, SEND_PASSWORD_RESET } from './jobs/send-password-reset.js';
import { createSendPaymentReceivedProcessor, SEND_PAYMENT_RECEIVED } from './jobs/send-payment-received.js';
import { BACK_IN_STOCK_JOB_OPTIONS } from './process-managers/back-in-stock-mail.js';
import { startProcessManager } from './process-managers/process-manager.js';
import { PROCESS_MANAGERS } from './process-managers/process-managers.js';
import { createRecordClientOrderProcessor, RECORD_CLIENT_ORDER } from './jobs/record-client-order.js';
import { createSendInvoiceProcessor, SEND_INVOICE } from './jobs/send-invoice.js';
import { createSendPartInquiryProcessor, SEND_PART_INQUIRY } from './jobs/send-part-inquiry.js';

export const SHOP_QUEUE = 'shop';

/** What the worker role needs, built once per process by the composition root (bin/runtime.ts). */
export interface WorkerDeps {
  /**
   * PostgreSQL pool (mail outbox, process-manager leases and checkpoints). A mail send may hold 2 connections at
   * once; the pool queues what does not fit, so a small pool slows the sends but never deadlocks them.
   */
  db: Database;
  store: EventStore;
  /** Redis connection for BullMQ (`maxRetriesPerRequest: null`); the Worker duplicates it for blocking reads. */
  connection: Redis;
  /** The `shop` queue: process managers and schedules enqueue on it. */
  queue: Queue;
  /**
   * The pool and store the process managers run on (bin/runtime.ts `Runtime.daemon()`: apart from the jobs' pool, so
   * their polling never queues a job's queries); default `db` and `store`.
   */
  daemon?: { db: Database; store: EventStore };
  mailer: MailTransport;
  /**
   * The forgot-password tokens (platform/security/reset-tokens.ts); default: on `connection` with the default prefix
   * and lifetime (30 minutes), where the api's staff routes read them.
   */
  resetTokens?: ResetTokens;
  /** The orders read model's summary of an order; null while not projected yet. */
  loadOrder: (orderId: string) => Promise<OrderSummary | null>;
  /**
   * The order as it stands for its invoice, after staff edits (folded from the order stream,
   * projections/orders/order-from-stream.ts); default `loadOrder`.
   */
  loadInvoiceOrder?: (orderId: string) => Promise<InvoiceOrder | null>;
  /** Whether the order's client was forgotten: its waiting invoice mails are skipped. Default: never. */
  orderClientForgotten?: (orderId: string) => Promise<boolean>;
  /** Back-in-stock mail: the read models the check reads, and the product's code and names for the mail. */
  backInStockReads: BackInStockReads;
  loadCatalogProduct: SendBackInStockDeps['loadProduct'];
  /** The site's global fields (the seller's registry code and VAT number in the order PDF). */
  loadSiteFields?: () => Promise<Record<string, Partial<Record<'et' | 'en', string>>>>;
  /** The orders read model's unpaid orders holding stock past `cutoff` (ISO-8601), oldest first, at most `limit`. */
  findExpiredReservations: (cutoff: string, limit: number) => Promise<ExpiredReservation[]>;
  config: {
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
  const tokens = deps.resetTokens ?? new ResetTokens({ redis: deps.connection });
  return {
    [REFRESH_DELIVERY_LOCATIONS_JOB]: createRefreshDeliveryLocationsProcessor({ store: deps.store, config: deps.config.delivery, now: deps.now, log: deps.log }),
    // Reservation expiry: releases stock held by unpaid orders past ORDER_RESERVATION_TTL_MS.
    [EXPIRE_RESERVATIONS_JOB]: createExpireReservationsProcessor({
      store: deps.store,
      findExpired: deps.findExpiredReservations,
      now: deps.now,
      ttlMs: deps.config.orderReservationTtlMs,
      log: deps.log,
    }),
    // Order confirmation mail: jobs enqueued by the order-mail process manager, one per OrderPlaced.
    [SEND_ORDER_CONFIRMATION]: createSendOrderConfirmationProcessor({
      db: deps.db,
      transport: deps.mailer,
      loadOrder: deps.loadOrder,
      loadSiteFields: deps.loadSiteFields,
      from: deps.config.mail.from,
      shopUrl: deps.config.mail.shopUrl,
      log: deps.log,
    }),
    // 'Payment received' mail: jobs enqueued by the order-mail process manager, one per OrderPaid.
    [SEND_PAYMENT_RECEIVED]: createSendPaymentReceivedProcessor({
      db: deps.db,
      transport: deps.mailer,
      loadOrder: deps.loadOrder,
      loadSiteFields: deps.loadSiteFields,
      from: deps.config.mail.from,
      shopUrl: deps.config.mail.shopUrl,
      log: deps.log,
    }),
    // Forgot-password mail: jobs enqueued by the password-reset-mail process manager; the token is made here.
    [SEND_PASSWORD_RESET]: createSendPasswordResetProcessor({
      db: deps.db,
      store: deps.store,
      transport: deps.mailer,
      tokens,
      from: deps.config.mail.from,
      shopUrl: deps.config.mail.shopUrl,
      now: deps.now,
      log: deps.log,
    }),
    // Clients: each OrderPlaced registers its e-mail's client or joins it (client-registration process manager).
    [RECORD_CLIENT_ORDER]: createRecordClientOrderProcessor({ store: deps.store, db: deps.db, now: deps.now, log: deps.log }),
    // Invoice and prepayment invoice mail: jobs enqueued by the invoice-mail process manager, one per InvoiceSendRequested.
    [SEND_INVOICE]: createSendInvoiceProcessor({
      db: deps.db,
      store: deps.store,
      transport: deps.mailer,
      loadOrder: deps.loadInvoiceOrder ?? deps.loadOrder,
      clientForgotten: deps.orderClientForgotten,
      loadSiteFields: deps.loadSiteFields ?? (async () => ({})),
      from: deps.config.mail.from,
      log: deps.log,
    }),
    // Spare part inquiry: the staff mail and the shopper's confirmation (part-inquiry-mail process manager).
    [SEND_PART_INQUIRY]: createSendPartInquiryProcessor({
      db: deps.db,
      store: deps.store,
      transport: deps.mailer,
      from: deps.config.mail.from,
      shopUrl: deps.config.mail.shopUrl,
      loadSiteFields: deps.loadSiteFields ?? (async () => ({})),
      log: deps.log,
    }),
    // Back-in-stock mail: a check per stock event or request (the back-in-stock-mail process manager),
    // then one mail job per request the product now covers.
    [CHECK_BACK_IN_STOCK]: createCheckBackInStockProcessor({ reads: deps.backInStockReads, queue: deps.queue, mailJobOptions: BACK_IN_STOCK_JOB_OPTIONS, now: deps.now, log: deps.log }),
    [SEND_BACK_IN_STOCK]: createSendBackInStockProcessor({
      db: deps.db,
      store: deps.store,
      transport: deps.mailer,
      loadProduct: deps.loadCatalogProduct,
      from: deps.config.mail.from,
      shopUrl: deps.config.mail.shopUrl,
      now: deps.now,
      log: deps.log,
    }),
  };
}

/**
 * Starts the worker role: the `shop` queue's worker, the schedules (delivery locations, reservation expiry) and every
 * process manager of PROCESS_MANAGERS (one active runner each per database; other worker processes stand by).
 * @returns `stop`, which closes what this function started (not the dependencies it was given), and `caughtUp`,
 *   which resolves once every process manager has enqueued the jobs of every event committed before the call
 * @throws Error (inside the job, which then fails and stays in the failed set) when a job of an unknown name arrives
 */
export async function startWorkers(deps: WorkerDeps): Promise<{ stop: () => Promise<void>; caughtUp: () => Promise<void> }> {
  const processors = createProcessors(deps);
  const worker = new Worker(
    deps.queue.name,
    async (job) => {
      const processor = processors[job.name];
      if (!processor) throw new Error(`No processor for job ${job.name}`);
      return processor(job.data);
    },
    // The queue's key prefix too (a test's or benchmark's queue apart from a shop on the same Redis).
    { connection: deps.connection, concurrency: deps.concurrency ?? 4, prefix: deps.queue.opts.prefix },
  );
  worker.on('failed', (job, error) => deps.log(`job ${job?.name} ${job?.id} failed: ${error.message}`));
  await worker.waitUntilReady();
  deps.log(`worker ready on queue ${deps.queue.name}`);
  // Delivery locations: one refresh job per provider and schedule slot (DELIVERY_REFRESH_INTERVAL_MS).
  const stopDeliverySchedule = await startDeliveryLocationSchedule({ queue: deps.queue, intervalMs: deps.config.delivery.refreshIntervalMs, log: deps.log });
  // Reservation expiry: a repeatable job every ORDER_RESERVATION_SWEEP_MS (one schedule for all workers).
  const stopExpirySchedule = await startReservationExpirySchedule({ queue: deps.queue, everyMs: deps.config.orderReservationSweepMs, log: deps.log });
  // The process managers (process-managers/process-managers.ts), each on the one runner and this process's pool.
  const { db, store } = deps.daemon ?? deps;
  const managers = PROCESS_MANAGERS.map((definition) => startProcessManager(definition, { db, store, queue: deps.queue, log: deps.log }));
  return {
    caughtUp: async () => {
      await Promise.all(managers.map((m) => m.caughtUp()));
    },
    stop: async () => {
      await Promise.all(managers.map((m) => m.stop()));
      await stopExpirySchedule();
      await stopDeliverySchedule();
      await worker.close();
    },
  };
}
