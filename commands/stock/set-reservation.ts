/**
 * SetReservation (staff edit an order's rows): raises or lowers the units an order holds in one stock
 * stream (`stock-{productId}`) to a target. See `SetReservation` in domain/stock/stock.ts: a raise reserves the
 * missing units all or nothing (DomainError `stock.insufficient`, conflict, when too few are free), a lower gives the
 * excess back (ReservationReleased, reason `order_edited`); both decide nothing at the target, so a repeat is safe.
 * Runs through `decideOnStock` (stock-streams.ts), the same optimistic-concurrency path as placing an order.
 */
import { reservedFor, stockDecider, type StockCommand } from '../../domain/stock/stock.js';
import type { EventStore } from '../../platform/event-store/port.js';
import type { CommandContext } from '../shared/command-handler.js';
import { decideOnStock } from './stock-streams.js';

/**
 * @returns the whole units the order holds in the stream afterwards
 * @throws DomainError stock.insufficient (conflict), stock.quantity_invalid (validation); WrongExpectedVersionError
 *   when the stream stays contended for 10 attempts
 */
export async function setReservation(store: EventStore, data: Extract<StockCommand, { type: 'SetReservation' }>['data'], ctx: CommandContext): Promise<{ held: number }> {
  let held = 0;
  await decideOnStock(store, { type: 'SetReservation', data, metadata: { now: ctx.now } }, ctx, (state, events) => {
    held = reservedFor(events.reduce(stockDecider.evolve, state), data.orderId);
  });
  return { held };
}
