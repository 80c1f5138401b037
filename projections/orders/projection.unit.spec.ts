import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { evolveOrderRow, reservationChange } from './projection.js';

const meta = (time: string) => ({ correlationId: 'c', causationId: 'c', userId: null, time });
const ev = (type: string, data: unknown, position: number, streamId = 'order-o1', time = '2026-11-22T10:00:00.000Z'): RecordedEvent => ({
  id: `e${position}`, type, data, metadata: meta(time), streamId, streamPosition: BigInt(position), globalPosition: BigInt(position), checkpoint: String(position),
});
// Complete event data: the mapping parses events with the Order aggregate's schemas (domain/order/events.ts).
const placedData = {
  orderId: 'o1', number: 1001, publicToken: 't'.repeat(32), placedAt: '2026-11-22T10:00:00.000Z', language: 'et',
  client: { type: 'private', firstName: 'A', lastName: 'B', businessName: '', email: 'a@b.ee', phone: '1', vatRegNr: '' },
  shortContactAddress: '', comment: '', delivery: { providerId: 'omniva-courier', providerName: 'Kuller', optionId: null, optionName: null, address: null },
  rows: [], vatIncluded: true, vatRatePercent: 24, netTotalCents: 81, vatCents: 19, totalCents: 100, reservations: [{ productId: 'p1', quantity: 1 }],
};
const paid = (paidAt: string) => ({ orderId: 'o1', providerId: 'p', transactionId: 'tx', amountCents: 100, paidAt });

describe('orders read model mapping', () => {
  it('builds the row from OrderPlaced and follows payments and expiry', () => {
    let row = evolveOrderRow(null, ev('OrderPlaced', placedData, 1));
    expect(row).toMatchObject({ orderId: 'o1', number: 1001, isPaid: false, reservation: 'held', version: 1, summary: { isPaid: false, paidAt: null } });
    expect(row!.summary).not.toHaveProperty('reservations');
    row = evolveOrderRow(row, ev('PaymentStarted', { orderId: 'o1', attempt: 1, attemptId: 'a1', methodId: 'm', providerId: 'p', amountCents: 100 }, 2, 'order-o1', '2026-11-22T10:01:00.000Z'));
    expect(row!.attempts).toEqual([{ attempt: 1, attemptId: 'a1', methodId: 'm', providerId: 'p', startedAt: '2026-11-22T10:01:00.000Z' }]);
    row = evolveOrderRow(row, ev('OrderPaid', paid('2026-11-22T10:02:00.000Z'), 3));
    expect(row).toMatchObject({ isPaid: true, summary: { isPaid: true, paidAt: '2026-11-22T10:02:00.000Z' }, version: 3 });
  });

  it('records refunds on the summary: refunded total, partially refunded then refunded, and the list', () => {
    let row = evolveOrderRow(evolveOrderRow(null, ev('OrderPlaced', placedData, 1)), ev('OrderPaid', paid('2026-11-22T10:02:00.000Z'), 2));
    expect(row!.summary).toMatchObject({ refundedCents: 0, refundStatus: 'none', refunds: [] });
    const refunded = (refundId: string, amountCents: number, refundedTotalCents: number, at: string) => ({ orderId: 'o1', refundId, providerId: 'montonio', amountCents, refundedTotalCents, fully: refundedTotalCents === 100, at });
    row = evolveOrderRow(row, ev('OrderRefunded', refunded('r1', 40, 40, '2026-11-25T09:00:00.000Z'), 3));
    expect(row!.summary).toMatchObject({ isPaid: true, refundedCents: 40, refundStatus: 'partially_refunded' });
    row = evolveOrderRow(row, ev('OrderRefunded', refunded('r2', 60, 100, '2026-11-25T10:00:00.000Z'), 4));
    expect(row!.summary).toMatchObject({ isPaid: true, refundedCents: 100, refundStatus: 'refunded' });
    expect(row!.summary.refunds).toEqual([
      { refundId: 'r1', providerId: 'montonio', amountCents: 40, at: '2026-11-25T09:00:00.000Z' },
      { refundId: 'r2', providerId: 'montonio', amountCents: 60, at: '2026-11-25T10:00:00.000Z' },
    ]);
    // Replayed: nothing counted twice.
    expect(evolveOrderRow(row, ev('OrderRefunded', refunded('r2', 60, 100, '2026-11-25T10:00:00.000Z'), 4))).toBe(row);
  });

  it('ignores replayed events at or below the row version, and events before OrderPlaced', () => {
    const row = evolveOrderRow(evolveOrderRow(null, ev('OrderPlaced', placedData, 1)), ev('OrderReservationExpired', { orderId: 'o1', reservations: [{ productId: 'p1', quantity: 1 }], expiredAt: '2026-11-22T10:30:00.000Z' }, 2));
    expect(row!.reservation).toBe('expired');
    expect(evolveOrderRow(row, ev('OrderPaid', paid('x'), 2))).toBe(row);
    expect(evolveOrderRow(null, ev('OrderPaid', paid('x'), 2))).toBeNull();
  });

  it('an order holding nothing has reservation none', () => {
    expect(evolveOrderRow(null, ev('OrderPlaced', { ...placedData, reservations: [] }, 1))!.reservation).toBe('none');
  });

  it('maps stock reservation events to held-unit changes', () => {
    expect(reservationChange(ev('StockReserved', { productId: 'p1', orderId: 'o1', warehouseId: 'w', quantity: 2, onHand: 3 }, 4, 'stock-p1'))).toEqual({
      kind: 'add', orderId: 'o1', productId: 'p1', warehouseId: 'w', quantity: 2, at: '2026-11-22T10:00:00.000Z',
    });
    expect(reservationChange(ev('ReservationReleased', { productId: 'p1', orderId: 'o1', warehouseId: 'w', quantity: 2, onHand: 5, reason: 'expired' }, 5, 'stock-p1'))).toEqual({
      kind: 'remove', orderId: 'o1', productId: 'p1', warehouseId: 'w', quantity: 2,
    });
    // A partial release, a shipment (filled) and a returned shipment (un-filled).
    expect(reservationChange(ev('ReservationReleased', { productId: 'p1', orderId: 'o1', warehouseId: 'w', quantity: 1, onHand: 4, reason: 'order_edited' }, 6, 'stock-p1'))).toMatchObject({ kind: 'remove', quantity: 1 });
    expect(reservationChange(ev('StockShipped', { productId: 'p1', orderId: 'o1', warehouseId: 'w', quantity: 2, onHand: 3 }, 7, 'stock-p1'))).toMatchObject({ kind: 'remove', quantity: 2 });
    expect(reservationChange(ev('StockShipmentReturned', { productId: 'p1', orderId: 'o1', warehouseId: 'w', quantity: 2, onHand: 3 }, 8, 'stock-p1'))).toMatchObject({ kind: 'add', quantity: 2 });
    expect(reservationChange(ev('StockReceived', { productId: 'p1', warehouseId: 'w', quantity: 2, onHand: 5 }, 6, 'stock-p1'))).toBeNull();
  });

  it('refuses a stored event whose data does not match its schema (MalformedEventError), instead of a half-built row', () => {
    expect(() => evolveOrderRow(null, ev('OrderPlaced', { ...placedData, totalCents: '100' }, 1))).toThrow(/Malformed OrderPlaced event: totalCents/);
    expect(() => reservationChange(ev('StockReserved', { productId: 'p1', orderId: 'o1', warehouseId: 'w', quantity: 2.5, onHand: 3 }, 4, 'stock-p1'))).toThrow(/quantity/);
  });
});
