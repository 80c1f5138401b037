/**
 * The back-in-stock-mail process manager (back-in-stock mail; spec 2, 3, 8): follows `$all` for the
 * stock events that can raise a product's available amount (StockReceived, StockAdjusted, StockCounted,
 * ReservationReleased; domain/stock) and for StockNotificationRequested, and turns each into one BullMQ job
 * `check-back-in-stock` keyed by the event id (workers/jobs/check-back-in-stock.ts). That job compares the product's
 * available amount, as the storefront computes it, with the product's waiting requests once the read models have
 * seen the event, and enqueues one `send-back-in-stock` job per covered request, keyed by the event and the request
 * (workers/jobs/send-back-in-stock.ts); the mail itself goes through the outbox keyed by the request, so a request
 * gets one mail however many events cover it and however often a worker dies.
 *
 * Runs on the shared runner (process-manager.ts): checkpoint schema `pm_back_in_stock_mail`, lease
 * `pm:back_in_stock_mail`, one active runner per database. A read-model rebuild never runs it.
 */
import type { JobsOptions } from 'bullmq';
import { z } from 'zod';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { CHECK_BACK_IN_STOCK, type CheckBackInStockJob } from '../jobs/check-back-in-stock.js';
import { MAIL_JOB_OPTIONS } from './order-mail.js';
import type { DecidedJob as ProcessManagerJob, ProcessManagerDefinition } from './process-manager.js';

/** The stock events that can raise the available amount (a reservation only lowers it), and new requests. */
export const BACK_IN_STOCK_EVENT_TYPES = ['StockReceived', 'StockAdjusted', 'StockCounted', 'ReservationReleased', 'StockNotificationRequested'] as const;

/** Retries: the mail jobs' (12 attempts, exponential backoff from 2 s), also for a check waiting on a read model. */
export const BACK_IN_STOCK_JOB_OPTIONS: JobsOptions = MAIL_JOB_OPTIONS;

export type DecidedJob = ProcessManagerJob<typeof CHECK_BACK_IN_STOCK, CheckBackInStockJob>;

/** The job id of the check caused by an event (BullMQ job ids must not contain ':'). */
export const backInStockCheckJobId = (eventId: string) => `back-in-stock-check-${eventId}`;

const ProductIdData = z.object({ productId: z.string().min(1) });

/**
 * The decision (pure): one of BACK_IN_STOCK_EVENT_TYPES with a product id -> one `check-back-in-stock` job keyed
 * by the event id, carrying the product, the event's `$all` checkpoint and whether a request (not stock) caused it;
 * anything else -> none.
 */
export function decide(event: Pick<RecordedEvent, 'id' | 'type' | 'data' | 'checkpoint'>): DecidedJob[] {
  if (!(BACK_IN_STOCK_EVENT_TYPES as readonly string[]).includes(event.type)) return [];
  const parsed = ProductIdData.safeParse(event.data);
  if (!parsed.success) return [];
  return [
    {
      name: CHECK_BACK_IN_STOCK,
      jobId: backInStockCheckJobId(event.id),
      data: { eventId: event.id, productId: parsed.data.productId, checkpoint: event.checkpoint, cause: event.type === 'StockNotificationRequested' ? 'request' : 'stock' },
    },
  ];
}

/** The back-in-stock-mail process manager on the one runner (process-manager.ts). */
export const backInStockMailProcessManager: ProcessManagerDefinition<DecidedJob> = {
  name: 'back_in_stock_mail',
  label: 'back-in-stock-mail',
  eventTypes: BACK_IN_STOCK_EVENT_TYPES,
  decide,
  jobOptions: BACK_IN_STOCK_JOB_OPTIONS,
};
