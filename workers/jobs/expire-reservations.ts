/**
 * Reservation expiry: a BullMQ repeatable job (`expire-reservations`, every ORDER_RESERVATION_SWEEP_MS,
 * default 1 minute) that finds, in the orders read model, unpaid orders (and never-placed order ids left by a crash
 * between reserving and saving) holding stock reserved more than ORDER_RESERVATION_TTL_MS ago (default 30 minutes,
 * counted from placing: payment attempts do not extend it, so an order cannot hold stock for ever), and releases it: OrderReservationExpired on the order stream, ReservationReleased (reason `expired`, or
 * `order_not_placed` for an order that was never saved) on each stock stream (commands/order/expire-reservation.ts).
 *
 * Thin (conventions 9): the decision is the Order and Stock deciders'; command ids derive from the order id, so a
 * repeated or concurrent run appends nothing twice, and a paid order is never released.
 */
import type { Queue } from 'bullmq';
import { v5 as uuidv5 } from 'uuid';
import { expireReservation } from '../../commands/order/expire-reservation.js';
import type { EventStore } from '../../platform/event-store/port.js';

export const EXPIRE_RESERVATIONS_JOB = 'expire-reservations';
const EXPIRY_NAMESPACE = '6d1f0c3a-9b8e-4a27-8f5d-2e7c4b1a9d03';

/** An order id holding stock past the cutoff, and the products it holds (from the orders read model). */
export interface ExpiredReservation {
  orderId: string;
  productIds: string[];
}

export interface ExpireReservationsDeps {
  /**
   * Unpaid (or never-placed) orders whose reservation (made when the order was placed) is older than `cutoff` (ISO-8601),
   * oldest first, at most `limit`: the orders read model's query (projections/orders/queries.ts
   * findExpiredReservations), passed in by the composition root (bin/runtime.ts).
   */
  findExpired: (cutoff: string, limit: number) => Promise<ExpiredReservation[]>;
  store: EventStore;
  /** Current time, ISO-8601 UTC. */
  now: () => string;
  /** Milliseconds an unpaid order may hold stock (ORDER_RESERVATION_TTL_MS). */
  ttlMs: number;
  log?: (line: string) => void;
}

export interface ExpireReservationsReport {
  /** Orders whose reservations were released (OrderReservationExpired written). */
  expired: number;
  /** Never-placed order ids whose units were released. */
  orphans: number;
  /** Orders found paid when deciding (nothing released). */
  paid: number;
}

/**
 * One sweep: releases the reservations of every unpaid order older than the TTL, oldest first, at most `limit`.
 * @throws errors of the event store or the database (the job fails and BullMQ retries it)
 */
export async function expireReservations(deps: ExpireReservationsDeps, limit = 500): Promise<ExpireReservationsReport> {
  const now = deps.now();
  const cutoff = new Date(Date.parse(now) - deps.ttlMs).toISOString();
  const report: ExpireReservationsReport = { expired: 0, orphans: 0, paid: 0 };
  for (const candidate of await deps.findExpired(cutoff, limit)) {
    const commandId = uuidv5(`expire-reservation/${candidate.orderId}`, EXPIRY_NAMESPACE);
    const { outcome } = await expireReservation(deps.store, { orderId: candidate.orderId, productIds: candidate.productIds }, { commandId, correlationId: commandId, userId: null, now });
    if (outcome === 'expired') report.expired++;
    else if (outcome === 'orphan') report.orphans++;
    else report.paid++;
  }
  if (report.expired || report.orphans) deps.log?.(`reservations released: ${report.expired} unpaid orders, ${report.orphans} never-placed orders`);
  return report;
}

/** The BullMQ processor of `expire-reservations` with its dependencies. */
export function createExpireReservationsProcessor(deps: ExpireReservationsDeps): (data: unknown) => Promise<ExpireReservationsReport> {
  return async () => expireReservations(deps);
}

/**
 * Registers the repeatable `expire-reservations` job on `queue` (a BullMQ job scheduler: one schedule however
 * many workers call this) every `everyMs` milliseconds (ORDER_RESERVATION_SWEEP_MS); 0 removes the schedule.
 * The queue belongs to the caller (the composition root), which closes it.
 * @returns a function that stops nothing more (the schedule lives in Redis); kept for symmetry with the others
 */
export async function startReservationExpirySchedule(options: { queue: Pick<Queue, 'upsertJobScheduler' | 'removeJobScheduler'>; everyMs: number; log: (line: string) => void }): Promise<() => Promise<void>> {
  const { everyMs, queue } = options;
  if (everyMs > 0) {
    await queue.upsertJobScheduler(EXPIRE_RESERVATIONS_JOB, { every: everyMs }, { name: EXPIRE_RESERVATIONS_JOB, opts: { removeOnComplete: 100, removeOnFail: 100 } });
    options.log(`reservation expiry every ${everyMs} ms`);
  } else {
    await queue.removeJobScheduler(EXPIRE_RESERVATIONS_JOB);
  }
  return async () => {};
}
