/**
 * The order-mail process manager (design brief "Side effects"; conventions 9): follows
 * `$all` for OrderPlaced and OrderPaid events (stream `order-{orderId}`, data `{ orderId, ... }`) and turns each
 * OrderPlaced into one BullMQ job `send-order-confirmation` and each OrderPaid into one `send-payment-received`
 * (the 'payment received' mail), whose job ids are derived from the event id. The decision is the pure `decide`; the
 * runner only reads events, enqueues the decided jobs and moves its checkpoint.
 *
 * Exactly one job per event
 * - The checkpoint is kept in PostgreSQL (schema `pm_order_mail`, table `checkpoint`, one row), like a read model's
 *   (projections/read-model.ts), and moved only after the batch's jobs are in Redis; a crash in between re-reads the
 *   batch and enqueues the same job ids again, which BullMQ ignores while the job exists (completed jobs are kept
 *   for `COMPLETED_JOB_RETENTION_S`). A replay from an older checkpoint does the same. Past that retention, or when
 *   Redis lost the job, a new job may be created: the processor's outbox (platform/mail/outbox.ts) still sends
 *   nothing twice.
 * - One active runner at a time: a lease row (`pm:order-mail`) renewed through the pool; other worker processes
 *   stand by and take over when the holder stops or dies (the shared runner: process-manager.ts). It is not a
 *   read model: a read-model rebuild never runs it, so a rebuild sends no mail (design brief "Read models").
 * - Its first run starts at the beginning of `$all`: every order placed so far gets its mail unless the outbox
 *   already records one (orders and their mail came into the shop together, so no older orders exist).
 */
import type { JobsOptions } from 'bullmq';
import { z } from 'zod';
import { OrderPlacedDataSchema } from '../../domain/order/events.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { SEND_ORDER_CONFIRMATION, type SendOrderConfirmationJob } from '../jobs/send-order-confirmation.js';
import { SEND_PAYMENT_RECEIVED } from '../jobs/send-payment-received.js';
import type { DecidedJob as ProcessManagerJob, ProcessManagerDefinition } from './process-manager.js';

/** What the decision reads of OrderPlaced and OrderPaid: a non-empty order id (domain/order/events.ts). */
const OrderPlacedOrderId = OrderPlacedDataSchema.pick({ orderId: true }).refine((d) => d.orderId !== '');
const OrderPaidOrderId = z.object({ orderId: z.string().min(1) });

/** The event types this process manager reads. */
export const ORDER_MAIL_EVENT_TYPES = ['OrderPlaced', 'OrderPaid'] as const;

/** How long completed jobs stay in Redis, so re-enqueueing the same event id is a no-op (seconds; 14 days). */
export const COMPLETED_JOB_RETENTION_S = 14 * 24 * 3600;

/** Retries of a mail job: 12 attempts, exponential backoff 2 s, 4 s, ... 2048 s (about 68 minutes in all). */
export const MAIL_JOB_OPTIONS: JobsOptions = {
  attempts: 12,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: COMPLETED_JOB_RETENTION_S },
  removeOnFail: false,
};

/** A job the process manager decided to enqueue; its id derives from the causing event id. */
export type DecidedJob = ProcessManagerJob<typeof SEND_ORDER_CONFIRMATION | typeof SEND_PAYMENT_RECEIVED, SendOrderConfirmationJob>;

/** The job id of the confirmation caused by an event (BullMQ job ids must not contain ':'). */
export const orderConfirmationJobId = (eventId: string) => `order-confirmation-${eventId}`;

/** The job id of the payment-received mail caused by an OrderPaid event. */
export const paymentReceivedJobId = (eventId: string) => `payment-received-${eventId}`;

/**
 * The decision (pure): OrderPlaced -> one `send-order-confirmation` job, OrderPaid -> one `send-payment-received`
 * job, each keyed by the event id; any other event, or one without a string `orderId`, -> none. The order aggregate
 * records OrderPaid once per order (a duplicate callback decides nothing), so one payment mail per paid order.
 */
export function decide(event: Pick<RecordedEvent, 'id' | 'type' | 'data' | 'streamId'>): DecidedJob[] {
  // Parsed with the Order aggregate's schemas, reading only the field the decision needs.
  if (event.type === 'OrderPlaced') {
    const parsed = OrderPlacedOrderId.safeParse(event.data);
    if (!parsed.success) return [];
    return [{ name: SEND_ORDER_CONFIRMATION, jobId: orderConfirmationJobId(event.id), data: { eventId: event.id, orderId: parsed.data.orderId } }];
  }
  if (event.type === 'OrderPaid') {
    const parsed = OrderPaidOrderId.safeParse(event.data);
    if (!parsed.success) return [];
    return [{ name: SEND_PAYMENT_RECEIVED, jobId: paymentReceivedJobId(event.id), data: { eventId: event.id, orderId: parsed.data.orderId } }];
  }
  return [];
}

/**
 * The order-mail process manager on the one runner (process-manager.ts): checkpoint schema `pm_order_mail`, lease
 * `pm:order-mail`. A replay moves its checkpoint back (`checkpointOf(db, orderMailProcessManager).reset(...)`, only
 * while no runner is active): the next run re-reads `$all` and enqueues the same job ids again.
 */
export const orderMailProcessManager: ProcessManagerDefinition<DecidedJob> = {
  name: 'order_mail',
  label: 'order-mail',
  lockKey: 'pm:order-mail',
  eventTypes: ORDER_MAIL_EVENT_TYPES,
  decide,
  jobOptions: MAIL_JOB_OPTIONS,
};
