/**
 * The client-registration process manager (spec 3 "Client"): follows `$all` for OrderPlaced and turns each into
 * one `record-client-order` job keyed by the event id (workers/jobs/record-client-order.ts registers the client of
 * the order's e-mail address or links the order to it). The decision is the pure `decide`; the shared runner
 * (process-manager.ts) reads events, enqueues and moves the checkpoint (schema `pm_client_registration`). Its first
 * run starts at the beginning of `$all`, so the orders placed before clients existed register their clients too.
 * The job data holds ids only, never the shopper's details.
 */
import type { JobsOptions } from 'bullmq';
import { OrderPlacedDataSchema } from '../../domain/order/events.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { RECORD_CLIENT_ORDER, type RecordClientOrderJob } from '../jobs/record-client-order.js';
import type { DecidedJob as ProcessManagerJob, ProcessManagerDefinition } from './process-manager.js';

/** The event types this process manager reads. */
export const CLIENT_REGISTRATION_EVENT_TYPES = ['OrderPlaced'] as const;

/** 10 attempts, exponential backoff from 1 s; completed jobs kept 14 days (a re-enqueue meanwhile is a no-op). */
export const CLIENT_REGISTRATION_JOB_OPTIONS: JobsOptions = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 14 * 24 * 3600 },
  removeOnFail: false,
};

export type DecidedJob = ProcessManagerJob<typeof RECORD_CLIENT_ORDER, RecordClientOrderJob>;

/** The job id of the client registration caused by an OrderPlaced event. */
export const clientRegistrationJobId = (eventId: string) => `client-order-${eventId}`;

const OrderId = OrderPlacedDataSchema.pick({ orderId: true }).refine((d) => d.orderId !== '');

/** The decision (pure): OrderPlaced with an order id -> one job keyed by the event id; anything else none. */
export function decide(event: Pick<RecordedEvent, 'id' | 'type' | 'data'>): DecidedJob[] {
  if (event.type !== 'OrderPlaced') return [];
  const parsed = OrderId.safeParse(event.data);
  if (!parsed.success) return [];
  return [{ name: RECORD_CLIENT_ORDER, jobId: clientRegistrationJobId(event.id), data: { eventId: event.id, orderId: parsed.data.orderId } }];
}

/** The client-registration process manager on the one runner (process-manager.ts). */
export const clientRegistrationProcessManager: ProcessManagerDefinition<DecidedJob> = {
  name: 'client_registration',
  label: 'client-registration',
  eventTypes: CLIENT_REGISTRATION_EVENT_TYPES,
  decide,
  jobOptions: CLIENT_REGISTRATION_JOB_OPTIONS,
};
