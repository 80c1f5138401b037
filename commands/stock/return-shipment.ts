/**
 * ReturnShipment (a filled order is marked unfilled): every unit shipped for the order comes back into its
 * reservation in one stock stream (StockShipmentReturned per warehouse); nothing when none was shipped, so a repeat
 * is safe. See domain/stock/stock.ts.
 */
import type { StockCommand, StockEvent } from '../../domain/stock/stock.js';
import type { EventStore } from '../../platform/event-store/port.js';
import type { CommandContext, HandleResult } from '../shared/command-handler.js';
import { decideOnStock } from './stock-streams.js';

/** @throws WrongExpectedVersionError when the stream stays contended for 10 attempts */
export function returnShipment(store: EventStore, data: Extract<StockCommand, { type: 'ReturnShipment' }>['data'], ctx: CommandContext): Promise<HandleResult<StockEvent>> {
  return decideOnStock(store, { type: 'ReturnShipment', data, metadata: { now: ctx.now } }, ctx);
}
