/**
 * MarkOrderFilled (issue 12; spec 4 "Order flags": filled toggles): staff mark an order filled, and its reserved
 * stock ships.
 *
 * 1. OrderFilled on `order-{orderId}` (optimistic concurrency, retried on conflicts) names the units it ships (what
 *    the order holds); nothing when it already is filled;
 * 2. then, for each product of it in id order, ShipReservation on `stock-{productId}`: StockShipped per warehouse
 *    until that many units of the order are shipped.
 * The order event comes first and step 2 runs whenever the order is filled, also when step 1 decided nothing, so a
 * crash between the steps is healed by the next 'filled' of the same order (each ship is idempotent).
 */
import { orderDecider, type OrderState, toOrderStreamId } from '../../domain/order/order.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { type CommandContext, handleWith, type HandleResult } from '../shared/command-handler.js';
import { shipReservation } from '../stock/ship-reservation.js';
import type { OrderEvent } from '../../domain/order/order.js';
import { stepCommandId } from './place-order.js';

/** @throws DomainError order.not_found, order.being_edited (conflict); WrongExpectedVersionError when contended */
export async function markOrderFilled(store: EventStore, data: { orderId: string }, ctx: CommandContext): Promise<HandleResult<OrderEvent>> {
  let after: OrderState = orderDecider.initialState;
  const result = await handleWith(store, toOrderStreamId(data.orderId), orderDecider, (state) => {
    const events = orderDecider.decide({ type: 'MarkOrderFilled', data, metadata: { now: ctx.now } }, state);
    after = events.reduce(orderDecider.evolve, state);
    return events;
  }, ctx);
  const order = after as OrderState;
  if (order.status !== 'empty' && order.staff.filled) {
    for (const r of [...order.staff.shipped].sort((a, b) => (a.productId < b.productId ? -1 : 1))) {
      await shipReservation(store, { productId: r.productId, orderId: data.orderId, quantity: r.quantity }, { ...ctx, commandId: stepCommandId(ctx.commandId, `ship/${r.productId}`) });
    }
  }
  return result;
}
