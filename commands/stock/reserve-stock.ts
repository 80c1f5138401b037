/**
 * ReserveStock: holds units of a limited-amount product for an order (stream `stock-{productId}`). See
 * `ReserveStock` in domain/stock/stock.ts for its rules; raises DomainError `stock.insufficient` (conflict) when
 * fewer units are free, `stock.quantity_invalid` (validation). Version conflicts are retried by the handler, so
 * concurrent orders for the last units end with exactly as many reservations as there were units.
 */
import { reservedFor, stockDecider, type StockCommand } from '../../domain/stock/stock.js';
import type { EventStore } from '../../platform/event-store/port.js';
import type { CommandContext } from '../shared/command-handler.js';
import { stockHandler } from './stock-handler.js';
import { decideOnStock } from './stock-streams.js';

export const reserveStock = stockHandler('ReserveStock');

/**
 * ReserveStock that also tells how many units the order holds afterwards (whole units): the units it reserved
 * now, or those an earlier attempt of the same order already holds (a retried request), or 0 when the product
 * has no limited amount. Runs through `decideOnStock` (stock-streams.ts: a per-process lock and state cache per
 * hot stream; optimistic concurrency across processes).
 * @throws DomainError stock.insufficient (conflict), stock.quantity_invalid (validation)
 */
export async function reserveStockForOrder(
  store: EventStore,
  data: Extract<StockCommand, { type: 'ReserveStock' }>['data'],
  ctx: CommandContext,
): Promise<{ held: number }> {
  let held = 0;
  await decideOnStock(store, { type: 'ReserveStock', data, metadata: { now: ctx.now } }, ctx, (state, events) => {
    held = reservedFor(events.reduce(stockDecider.evolve, state), data.orderId);
  });
  return { held };
}
