/**
 * MarkOrderFilled (spec 4 "Order flags": filled toggles): staff mark an order filled, and its reserved
 * stock ships.
 *
 * 1. OrderFilled on `order-{orderId}` (optimistic concurrency, retried on conflicts) names the units it ships (what
 *    the order holds); nothing when it already is filled;
 * 2. then, for each product of it in id order, ShipReservation on `stock-{productId}`: StockShipped per warehouse
 *    until that many units of the order are shipped.
 * 3. units the order still holds beyond that (an excess a crashed edit left) are released.
 * The order event comes first and steps 2-3 run whenever the order is filled, also when step 1 decided nothing, so a
 * crash between the steps is healed by the next 'filled' of the same order (each step is idempotent).
 *
 * An order whose reservation expired holds no units (it was not paid in time; staff may have marked it paid by
 * hand): before step 1 its units are reserved again, all or nothing, and recorded (OrderReservedAgain), so filling
 * ships them and the stock count falls; when stock is short, nothing is held and the call answers 409
 * `order.fill_stock_short` (receive or count the stock first).
 */
import { parseOrderEvent } from '../../domain/order/events.js';
import { orderDecider, type OrderReservation, type OrderState, toOrderStreamId } from '../../domain/order/order.js';
import { DomainError } from '../../domain/shared/errors.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { type CommandContext, handleWith, type HandleResult } from '../shared/command-handler.js';
import { setReservation } from '../stock/set-reservation.js';
import { reserveStockForOrder } from '../stock/reserve-stock.js';
import { shipReservation } from '../stock/ship-reservation.js';
import type { OrderEvent } from '../../domain/order/order.js';
import { stepCommandId } from './place-order.js';
import { recordReservedAgain } from './record-payment.js';

/**
 * @throws DomainError order.not_found, order.being_edited (conflict), order.fill_stock_short (conflict);
 *   WrongExpectedVersionError when contended
 */
export async function markOrderFilled(store: EventStore, data: { orderId: string }, ctx: CommandContext): Promise<HandleResult<OrderEvent>> {
  await holdExpiredOrderAgain(store, data.orderId, ctx);
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
    // Units still held beyond what shipped (an edit that crashed left them): free them. No edit can raise now (a
    // filled order's rows are refused), so nothing of another edit is taken.
    const products = new Set([...order.staff.shipped.map((r) => r.productId), ...order.staff.rows.flatMap((r) => (r.productId ? [r.productId] : []))]);
    for (const productId of [...products].sort()) {
      await setReservation(store, { productId, orderId: data.orderId, quantity: 0, mode: 'lower', policy: 'available', deliveryDays: null }, { ...ctx, commandId: stepCommandId(ctx.commandId, `free/${productId}`) });
    }
  }
  return result;
}

/** Reserves again, all or nothing, the units of an order whose reservation expired (see the module comment). */
async function holdExpiredOrderAgain(store: EventStore, orderId: string, ctx: CommandContext): Promise<void> {
  const { events } = await store.readStream(toOrderStreamId(orderId));
  const state = events.reduce((s, e) => orderDecider.evolve(s, parseOrderEvent(e)), orderDecider.initialState);
  if (state.status === 'empty' || state.staff.filled || state.reservation !== 'expired') return;
  const claims = [...state.reservations].filter((r) => r.quantity > 0).sort((a, b) => (a.productId < b.productId ? -1 : 1));
  const held: OrderReservation[] = [];
  for (const r of claims) {
    const step = { ...ctx, commandId: stepCommandId(ctx.commandId, `fill-reserve/${r.productId}`) };
    let got = 0;
    try {
      got = (await reserveStockForOrder(store, { productId: r.productId, orderId, quantity: r.quantity, policy: 'available', deliveryDays: null }, step)).held;
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'stock.insufficient')) throw error;
    }
    if (got < r.quantity) {
      // Give back what this attempt took, then refuse: a fill never ships units the stock does not have.
      for (const h of [...held, ...(got > 0 ? [{ productId: r.productId, quantity: got }] : [])]) {
        await setReservation(store, { productId: h.productId, orderId, quantity: 0, mode: 'lower', policy: 'available', deliveryDays: null }, { ...ctx, commandId: stepCommandId(ctx.commandId, `fill-undo/${h.productId}`) });
      }
      throw new DomainError('order.fill_stock_short', 'conflict', `Not enough stock to fill the order: ${r.quantity} needed, ${got} free`);
    }
    held.push({ productId: r.productId, quantity: r.quantity });
  }
  await recordReservedAgain(store, { orderId, reservations: held }, { ...ctx, commandId: stepCommandId(ctx.commandId, 'fill-reserved-again') });
}
