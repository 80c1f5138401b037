import { describe, expect, it } from 'vitest';
import { analysisSpec, recorded } from '../../tests/support/analysis-spec.js';
import { runInMemory } from '../analysis.js';
import { sellThroughAnalysis } from './mapping.js';

const P = 'p1';
const W = 'w1';
// Noon UTC is afternoon in Tallinn: the same calendar day.
const at = (day: string, hour = 10) => ({ time: `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`, streamId: `stock-${P}` });
const received = (day: string, quantity: number, onHand: number) => recorded('StockReceived', { productId: P, warehouseId: W, quantity, onHand }, at(day));
const counted = (day: string, quantity: number) => recorded('StockCounted', { productId: P, warehouseId: W, quantity, onHand: quantity }, at(day));
const adjusted = (day: string, delta: number, onHand: number) => recorded('StockAdjusted', { productId: P, warehouseId: W, delta, onHand }, at(day));
const reserved = (day: string, orderId: string, quantity: number, onHand: number, hour = 10) =>
  recorded('StockReserved', { productId: P, warehouseId: W, orderId, quantity, onHand }, at(day, hour));
const released = (day: string, orderId: string, quantity: number, onHand: number) =>
  recorded('ReservationReleased', { productId: P, warehouseId: W, orderId, quantity, onHand, reason: 'expired' }, at(day, 12));
const shipped = (day: string, orderId: string, quantity: number, onHand: number) => recorded('StockShipped', { productId: P, warehouseId: W, orderId, quantity, onHand }, at(day, 12));
const settings = (leadTimeDays: number | null, packSize: number | null) =>
  recorded('ProductReorderSettingsChanged', { productId: P, leadTimeDays, packSize, changedBy: 'u1' }, { streamId: `product-${P}` });

const day = (d: string, over: Record<string, number>) => ({ product_id: P, warehouse_id: W, day: d, sold: 0, received: 0, on_hand_change: 0, in_stock: 0, events: 0, ...over });

describe('sell-through mapping', () => {
  it('given nothing, when stock is received, then the day has stock, the receipt and the change of free units', () => {
    analysisSpec(sellThroughAnalysis)
      .when([received('2026-03-02', 10, 10)])
      .then({ stock_days: [day('2026-03-02', { received: 10, on_hand_change: 10, in_stock: 1, events: 1 })] });
  });

  it('given stock, when days pass without events, then the days between count as in stock', () => {
    analysisSpec(sellThroughAnalysis)
      .given([received('2026-03-02', 5, 5)])
      .when([reserved('2026-03-05', 'o1', 2, 3)])
      .then({
        stock_days: [
          day('2026-03-03', { in_stock: 1 }),
          day('2026-03-04', { in_stock: 1 }),
          day('2026-03-05', { sold: 2, on_hand_change: -2, in_stock: 1, events: 1 }),
        ],
      });
  });

  it('given a sell-out, when the days pass with stock 0, then they do not count; the day of the next receipt does', () => {
    analysisSpec(sellThroughAnalysis)
      .given([received('2026-03-02', 2, 2), reserved('2026-03-02', 'o1', 2, 0, 14)])
      .when([received('2026-03-06', 4, 4)])
      .then({ stock_days: [day('2026-03-06', { received: 4, on_hand_change: 4, in_stock: 1, events: 1 })] });
  });

  it('when a reservation is released, then its units are taken back from the day they were reserved on', () => {
    analysisSpec(sellThroughAnalysis)
      .given([received('2026-03-02', 5, 5), reserved('2026-03-02', 'o1', 3, 2, 11)])
      .when([released('2026-03-04', 'o1', 3, 5)])
      .then({
        stock_days: [
          day('2026-03-02', { sold: -3 }),
          day('2026-03-03', { in_stock: 1 }),
          day('2026-03-04', { on_hand_change: 3, in_stock: 1, events: 1 }),
        ],
      });
  });

  it('when a reservation is shipped, then the sale stays and a later release finds nothing to take back', () => {
    analysisSpec(sellThroughAnalysis)
      .given([received('2026-03-02', 5, 5), reserved('2026-03-02', 'o1', 3, 2, 11)])
      .when([shipped('2026-03-02', 'o1', 3, 2), released('2026-03-02', 'o1', 3, 2)])
      .then({ stock_days: [day('2026-03-02', { events: 2 })] });
  });

  it('counts a day whose stock was negative or 0 all day as out of stock', () => {
    analysisSpec(sellThroughAnalysis)
      .given([adjusted('2026-03-02', -2, -2)])
      .when([adjusted('2026-03-04', 1, -1), counted('2026-03-05', 0)])
      .then({ stock_days: [day('2026-03-04', { on_hand_change: 1, events: 1 }), day('2026-03-05', { on_hand_change: 1, events: 1 })] });
  });

  it('sums the changes of free units to the stock on hand, however the history is cut', () => {
    const history = [received('2026-03-02', 10, 10), reserved('2026-03-03', 'o1', 4, 6), released('2026-03-05', 'o1', 1, 7), counted('2026-03-09', 12)];
    const rows = runInMemory(sellThroughAnalysis, history).stock_days;
    expect(rows.reduce((n, r) => n + Number(r.on_hand_change), 0)).toBe(12);
    expect(rows.reduce((n, r) => n + Number(r.sold), 0)).toBe(3);
    expect(rows.filter((r) => r.in_stock === 1).map((r) => r.day)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09']);
  });

  it('keeps the latest reorder settings as sums of differences, unset as 0', () => {
    analysisSpec(sellThroughAnalysis)
      .given([settings(7, 6)])
      .when([settings(10, 6), settings(null, null)])
      .then({ reorder_settings: [{ product_id: P, lead_time_days: -7, pack_size: -6, is_set: -1 }] });
    expect(runInMemory(sellThroughAnalysis, [settings(7, 6), settings(21, 12)]).reorder_settings).toEqual([{ product_id: P, lead_time_days: 21, pack_size: 12, is_set: 1 }]);
  });
});
