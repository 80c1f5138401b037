import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { toMovement } from './projection.js';

const PID = '5ad245e7-bc33-5517-8637-99d93ed36f80';
let position = 0n;
const recorded = (type: string, data: Record<string, unknown>, metadata: Record<string, unknown> = {}): RecordedEvent => {
  position += 1n;
  return {
    id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    type,
    data: { productId: PID, warehouseId: 'tallinn', ...data },
    metadata: { time: '2026-11-22T10:00:00.000Z', correlationId: 'c', causationId: 'k', userId: null, ...metadata },
    streamId: `stock-${PID}`,
    streamPosition: position,
    globalPosition: position + 100n,
    checkpoint: String(position + 100n),
  };
};

describe('toMovement (stock history)', () => {
  it('maps receipts, adjustments and counts with the change, the result, the reason and the staff member', () => {
    expect(toMovement(recorded('StockReceived', { quantity: 10, onHand: 14, reason: 'Tarne 42' }, { userId: 'u1' }), 4)).toMatchObject({
      product_id: PID, warehouse_id: 'tallinn', kind: 'received', change: 10, on_hand: 14, reason: 'Tarne 42', actor: 'staff', user_id: 'u1', order_id: null, at: '2026-11-22T10:00:00.000Z',
    });
    expect(toMovement(recorded('StockAdjusted', { delta: -3, onHand: 11 }, { userId: 'u1' }), 14)).toMatchObject({ kind: 'adjusted', change: -3, on_hand: 11, reason: null, actor: 'staff' });
    // A count's change is the counted figure minus the level before it: up, down or nothing.
    expect(toMovement(recorded('StockCounted', { quantity: 20, onHand: 20 }, { userId: 'u1' }), 11)).toMatchObject({ kind: 'counted', change: 9, on_hand: 20 });
    expect(toMovement(recorded('StockCounted', { quantity: 2, onHand: 2 }), 11)).toMatchObject({ kind: 'counted', change: -9, actor: 'system', user_id: null });
    expect(toMovement(recorded('StockCounted', { quantity: 0, onHand: 0 }), 0)).toMatchObject({ change: 0 });
  });

  it("names a shopper's order for a reservation and the system for an expired release", () => {
    expect(toMovement(recorded('StockReserved', { orderId: 'o1', quantity: 2, onHand: 9 }), 11)).toMatchObject({ kind: 'reserved', change: -2, on_hand: 9, actor: 'shopper', order_id: 'o1', reason: null });
    expect(toMovement(recorded('ReservationReleased', { orderId: 'o1', quantity: 2, onHand: 11, reason: 'expired' }), 9)).toMatchObject({ kind: 'released', change: 2, on_hand: 11, actor: 'system', order_id: 'o1', reason: 'expired' });
    expect(toMovement(recorded('ReservationReleased', { orderId: 'o2', quantity: 1, onHand: 12, reason: 'cancelled' }, { userId: 'u2' }), 11)).toMatchObject({ actor: 'staff', user_id: 'u2' });
  });

  it('keeps the event id and the stream position (the row key and the order of the history)', () => {
    const e = recorded('StockAdjusted', { delta: 1, onHand: 1 });
    expect(toMovement(e, 0)).toMatchObject({ event_id: e.id, stream_position: e.streamPosition.toString() });
  });

  it('refuses an event that does not match its schema', () => {
    expect(() => toMovement(recorded('StockAdjusted', { delta: 'x', onHand: 1 }), 0)).toThrow();
  });
});
