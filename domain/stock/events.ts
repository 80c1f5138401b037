/**
 * Zod schemas of the Stock aggregate's event data (domain/stock/stock.ts StockEvent), for the readers of stored
 * events (domain/shared/events.ts). Quantities are whole units (integers).
 */
import { z } from 'zod';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import { RELEASE_REASONS, type StockEvent } from './stock.js';

const units = z.number().int();
const at = { productId: z.string(), warehouseId: z.string() };
/** Staff's note; optional, so events stored before it still parse. */
const reason = z.string().max(200).optional();

export const STOCK_EVENT_SCHEMAS: EventDataSchemas<StockEvent> = {
  StockReceived: z.object({ ...at, quantity: units, onHand: units, reason }),
  StockAdjusted: z.object({ ...at, delta: units, onHand: units, reason }),
  StockCounted: z.object({ ...at, quantity: units, onHand: units, reason }),
  StockReserved: z.object({ ...at, orderId: z.string(), quantity: units, onHand: units }),
  ReservationReleased: z.object({ ...at, orderId: z.string(), quantity: units, onHand: units, reason: z.enum(RELEASE_REASONS) }),
  StockShipped: z.object({ ...at, orderId: z.string(), quantity: units, onHand: units }),
  StockShipmentReturned: z.object({ ...at, orderId: z.string(), quantity: units, onHand: units }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parseStockEvent = eventParser<StockEvent>(STOCK_EVENT_SCHEMAS);
