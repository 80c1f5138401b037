/**
 * MarkOrderUnfilled (spec 4 "Order flags": filled toggles): staff mark a filled order not filled, and the
 * units it shipped come back into its reservation.
 *
 * 1. OrderUnfilled on `order-{orderId}` (what it returns); nothing when it is not filled;
 * 2. then ReturnShipment on each stock stream the order shipped from (StockShipmentReturned per warehouse).
 * Step 2 runs whenever the order is not filled, also when step 1 decided nothing, so a crash between the steps is
 * healed by the next 'unfilled' of the same order (a return of nothing shipped appends nothing).
 */
import { orderDecider, type OrderEvent, type OrderState, toOrderStreamId } from '../../domain/order/order.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { type CommandContext, handleWith, type HandleResult } from '../shared/command-handler.js';
import { returnShipment } from '../stock/return-shipment.js';
import { stepCommandId } from './place-order.js';

/** @throws DomainError order.not_found; WrongExpectedVersionError when contended */
export async function markOrderUnfilled(store: EventStore, data: { orderId: string }, ctx: CommandContext): Promise<HandleResult<OrderEvent>> {
  let before: OrderState = orderDecider.initialState;
  let after: OrderState = orderDecider.initialState;
  const result = await handleWith(store, toOrderStreamId(data.orderId), orderDecider, (state) => {
    before = state;
    const events = orderDecider.decide({ type: 'MarkOrderUnfilled', data, metadata: { now: ctx.now } }, state);
    after = events.reduce(orderDecider.evolve, state);
    return events;
  }, ctx);
  const was = before as OrderState;
  const now = after as OrderState;
  if (now.status !== 'empty' && !now.staff.filled) {
    // The products it may have shipped from: what the fill named (just returned), its rows and its reservations.
    const products = new Set<string>([
      ...result.events.flatMap((e) => (e.type === 'OrderUnfilled' ? e.data.returned.map((r) => r.productId) : [])),
      ...(was.status !== 'empty' ? was.staff.shipped.map((r) => r.productId) : []),
      ...now.staff.rows.flatMap((r) => (r.productId ? [r.productId] : [])),
      ...now.reservations.map((r) => r.productId),
    ]);
    for (const productId of [...products].sort()) {
      await returnShipment(store, { productId, orderId: data.orderId }, { ...ctx, commandId: stepCommandId(ctx.commandId, `return/${productId}`) });
    }
  }
  return result;
}
