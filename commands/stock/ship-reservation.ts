/**
 * ShipReservation (an order is filled): the units an order holds in one stock stream leave with it
 * (StockShipped per warehouse; the free units stay as they are), until `quantity` units of the order are shipped in
 * all, so a repeat ships nothing more. See domain/stock/stock.ts.
 */
import type { StockCommand } from '../../domain/stock/stock.js';
import type { EventStore } from '../../platform/event-store/port.js';
import type { CommandContext, HandleResult } from '../shared/command-handler.js';
import type { StockEvent } from '../../domain/stock/stock.js';
import { decideOnStock } from './stock-streams.js';

/** @throws WrongExpectedVersionError when the stream stays contended for 10 attempts */
export function shipReservation(store: EventStore, data: Extract<StockCommand, { type: 'ShipReservation' }>['data'], ctx: CommandContext): Promise<HandleResult<StockEvent>> {
  return decideOnStock(store, { type: 'ShipReservation', data, metadata: { now: ctx.now } }, ctx);
}
