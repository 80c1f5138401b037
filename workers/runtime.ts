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
 * process and hands them down in `WorkerDeps` (one composition root). Read models reach the workers as
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
import { ensureOrderMailCheckpoint, startOrderMailProcessManager } from './process-managers/order-mail.js';
import { BACK_IN_STOCK_JOB_OPTIONS, ensureBackInStockMailCheckpoint, startBackInStockMailProcessManager } from './process-managers/back-in-stock-mail.js';
import { ensurePasswordResetMailCheckpoint, startPasswordResetMailProcessManager } from './process-managers/password-reset-mail.js';
import { createRecordClientOrderProcessor, RECORD_CLIENT_ORDER } from './jobs/record-client-order.js';
import { ensureClientRegistrationCheckpoint, startClientRegistrationProcessManager } from './process-managers/client-registration.js';
import { createSendInvoiceProcessor, SEND_INVOICE } from './jobs/send-invoice.js';
import { ensureInvoiceMailCheckpoint, startInvoiceMailProcessManager } from './process-managers/invoice-mail.js';

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
  // Forgot-password mail: PasswordResetRequested events become send-password-reset jobs.
  await ensurePasswordResetMailCheckpoint(deps.db);
  const passwordResetMail = startPasswordResetMailProcessManager({ db: deps.db, store: deps.store, queue: deps.queue, connectionString: deps.config.databaseUrl, log: deps.log });
  // Back-in-stock mail: stock events and requests become check-back-in-stock jobs.
  await ensureBackInStockMailCheckpoint(deps.db);
  const backInStockMail = startBackInStockMailProcessManager({ db: deps.db, store: deps.store, queue: deps.queue, connectionString: deps.config.databaseUrl, log: deps.log });
  // Clients: OrderPlaced events become record-client-order jobs.
  await ensureClientRegistrationCheckpoint(deps.db);
  const clientRegistration = startClientRegistrationProcessManager({ db: deps.db, store: deps.store, queue: deps.queue, connectionString: deps.config.databaseUrl, log: deps.log });
  // Invoice mail: InvoiceSendRequested events become send-invoice jobs.
  await ensureInvoiceMailCheckpoint(deps.db);
  const invoiceMail = startInvoiceMailProcessManager({ db: deps.db, store: deps.store, queue: deps.queue, connectionString: deps.config.databaseUrl, log: deps.log });
  return async () => {
    await invoiceMail.stop();
    await clientRegistration.stop();
    await backInStockMail.stop();
    await passwordResetMail.stop();
    await orderMail.stop();
    await stopExpirySchedule();
    await stopDeliverySchedule();
    await worker.close();
  };
}
