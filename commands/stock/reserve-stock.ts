/**
 * ReserveStock: holds units of a limited-amount product for an order (stream `stock-{productId}`). See
 * `ReserveStock` in domain/stock/stock.ts for its rules; raises DomainError `stock.insufficient` (conflict) when
 * fewer units are free, `stock.quantity_invalid` (validation). Version conflicts are retried by the handler, so
 * concurrent orders for the last units end with exactly as many reservations as there were units.
 */
import { stockDecider, type StockCommand, toStockStreamId, reservedFor } from '../../domain/stock/stock.js';
import type { EventStore } from '../../platform/event-store/port.js';
import type { CommandContext } from '../shared/command-handler.js';
import { handleWith } from '../shared/command-handler.js';
import { stockHandler } from './stock-handler.js';

export const reserveStock = stockHandler('ReserveStock');

/**
 * ReserveStock that also tells how many units the order holds afterwards (whole units): the units it reserved
 * now, or those an earlier attempt of the same order already holds (a retried request), or 0 when the product
 * has no limited amount.
 * @throws DomainError stock.insufficient (conflict), stock.quantity_invalid (validation)
 */
export async function reserveStockForOrder(
  store: EventStore,
  data: Extract<StockCommand, { type: 'ReserveStock' }>['data'],
  ctx: CommandContext,
): Promise<{ held: number }> {
  let held = 0;
  const command: StockCommand = { type: 'ReserveStock', data, metadata: { now: ctx.now } };
  await handleWith(
    store,
    toStockStreamId(data.productId),
    stockDecider,
    (state) => {
      const events = stockDecider.decide(command, state);
      held = reservedFor(events.reduce(stockDecider.evolve, state), data.orderId);
      return events;
    },
    ctx,
  );
  return { held };
}
