/**
 * ExpireReservation as a use case over the order and its stock streams: an unpaid order that held stock
 * longer than ORDER_RESERVATION_TTL_MS gets OrderReservationExpired on `order-{orderId}`, and each stock stream it
 * holds units in gets ReservationReleased (reason `expired`). Units held by an order id that was never placed (a
 * crash between reserving and saving) are released with reason `order_not_placed`.
 *
 * A paid order is never touched: the order stream is decided first with optimistic concurrency, so a payment that
 * lands meanwhile makes the expiry decide nothing and nothing is released. Safe to repeat: every step is
 * idempotent (an expired order decides nothing again, a release of nothing appends nothing).
 */
import { orderDecider, type OrderCommand, type OrderState, toOrderStreamId } from '../../domain/order/order.js';
import { editInProgress } from '../../domain/order/staff-edits.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { type CommandContext, handleWith } from '../shared/command-handler.js';
import { releaseReservation } from '../stock/release-reservation.js';
import { readPlaced, stepCommandId } from './place-order.js';

export interface ExpireOutcome {
  /**
   * expired: the order's reservations were released; orphan: units of a never-placed order were released; paid:
   * nothing done; busy: nothing done, the order is filled (its units shipped) or a staff edit holds it.
   */
  outcome: 'expired' | 'orphan' | 'paid' | 'busy';
}

/**
 * @param productIds the products the order holds units of (from the orders read model)
 * @throws WrongExpectedVersionError when a stream stays contended; errors of the event store
 */
export async function expireReservation(store: EventStore, data: { orderId: string; productIds: string[] }, ctx: CommandContext): Promise<ExpireOutcome> {
  const placed = await readPlaced(store, data.orderId);
  let outcome: ExpireOutcome['outcome'] = 'orphan';
  if (placed) {
    let status = 'placed' as OrderState['status'];
    let busy = false;
    const command: OrderCommand = { type: 'ExpireReservation', data: { orderId: data.orderId }, metadata: { now: ctx.now } };
    await handleWith(store, toOrderStreamId(data.orderId), orderDecider, (state) => {
      status = state.status;
      busy = state.status !== 'empty' && (state.staff.filled || editInProgress(state.staff, ctx.now));
      return orderDecider.decide(command, state);
    }, ctx);
    if (status === 'paid') return { outcome: 'paid' };
    if (busy) return { outcome: 'busy' };
    outcome = 'expired';
  }
  const products = new Set([...data.productIds, ...(placed?.reservations.map((r) => r.productId) ?? [])]);
  for (const productId of [...products].sort()) {
    await releaseReservation(
      store,
      { productId, orderId: data.orderId, reason: outcome === 'expired' ? 'expired' : 'order_not_placed' },
      { ...ctx, commandId: stepCommandId(ctx.commandId, `release/${productId}`) },
    );
  }
  return { outcome };
}
