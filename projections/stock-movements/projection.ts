/**
 * The stock-movements read model's pure mapping (conventions 5): one Stock event (domain/stock/stock.ts) and the
 * warehouse's free units before it -> one movement row. No I/O.
 *
 * - StockReceived: +quantity; StockAdjusted: delta; StockCounted: counted - before (0 for a count that confirms);
 * - StockReserved: -quantity (an order holds them), ReservationReleased: +quantity (given back; `reason` says why:
 *   order_not_placed, expired (the expiry job), cancelled, order_edited).
 * - StockShipped: -quantity (the order was filled), StockShipmentReturned: +quantity (un-filled, reason
 *   `returned`); both kind `shipped`.
 * Who: metadata.userId -> staff; else metadata.actor or what the event is (domain/history/timeline.ts
 * anonymousActor: a reservation is a shopper's order, an expired release the system's job).
 */
import { anonymousActor } from '../../domain/history/timeline.js';
import { parseStockEvent } from '../../domain/stock/events.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import type { MovementActor, MovementKind } from './schema.js';

/** A movement as written (times ISO-8601, positions decimal text). */
export interface MovementRow {
  event_id: string;
  product_id: string;
  warehouse_id: string;
  stream_position: string;
  at: string;
  kind: MovementKind;
  change: number;
  on_hand: number;
  reason: string | null;
  actor: MovementActor;
  user_id: string | null;
  order_id: string | null;
}

/** The movement of one Stock event, given the warehouse's free units before it (0 when none were recorded). */
export function toMovement(event: RecordedEvent, before: number): MovementRow {
  const e = parseStockEvent(event);
  const metadata = (event.metadata ?? {}) as Record<string, unknown>;
  const userId = typeof metadata.userId === 'string' && metadata.userId ? metadata.userId : null;
  const base = {
    event_id: event.id,
    product_id: e.data.productId,
    warehouse_id: e.data.warehouseId,
    stream_position: event.streamPosition.toString(),
    at: typeof metadata.time === 'string' ? metadata.time : new Date(0).toISOString(),
    on_hand: e.data.onHand,
    actor: userId ? ('staff' as const) : anonymousActor({ type: e.type, data: e.data, metadata }),
    user_id: userId,
  };
  switch (e.type) {
    case 'StockReceived':
      return { ...base, kind: 'received', change: e.data.quantity, reason: e.data.reason ?? null, order_id: null };
    case 'StockAdjusted':
      return { ...base, kind: 'adjusted', change: e.data.delta, reason: e.data.reason ?? null, order_id: null };
    case 'StockCounted':
      return { ...base, kind: 'counted', change: e.data.quantity - before, reason: e.data.reason ?? null, order_id: null };
    case 'StockReserved':
      return { ...base, kind: 'reserved', change: -e.data.quantity, reason: null, order_id: e.data.orderId };
    case 'ReservationReleased':
      return { ...base, kind: 'released', change: e.data.quantity, reason: e.data.reason, order_id: e.data.orderId };
    // Units held for an order left with it (filled): -quantity of the warehouse's stock; un-filling brings
    // them back into the order's reservation (+quantity, reason `returned`). Free units (`on_hand`) stay as they were.
    case 'StockShipped':
      return { ...base, kind: 'shipped', change: -e.data.quantity, reason: null, order_id: e.data.orderId };
    case 'StockShipmentReturned':
      return { ...base, kind: 'shipped', change: e.data.quantity, reason: 'returned', order_id: e.data.orderId };
  }
}
