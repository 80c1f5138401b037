import { describe, expect, it } from 'vitest';
import { reorderFigures, reorderReason, SERVICE_LEVELS } from './reorder.js';

const z95 = SERVICE_LEVELS['95'];
const settings = { leadTimeDays: 7, packSize: 12 };

describe('reorder arithmetic', () => {
  it('computes demand over in-stock days, safety stock, reorder point and rounds the quantity up to whole packs', () => {
    // 56 days in stock, 2 units a day every day: no spread, so no safety stock.
    const f = reorderFigures({ sold: 112, soldSquares: 56 * 4, demandDays: 56, onHand: 5 }, settings, z95);
    expect(f.dailyDemand).toBe(2);
    expect(f.sigma).toBe(0);
    expect(f.safetyStock).toBe(0);
    expect(f.reorderPoint).toBe(14);
    expect(f.daysOfCover).toBe(2.5);
    // 14 - 5 = 9 units, one pack of 12.
    expect(f.quantity).toBe(12);
    expect(f.packs).toBe(1);
  });

  it('adds z x sigma x sqrt(lead time) of safety stock for uneven demand', () => {
    // 4 days: 0, 4, 0, 4 -> mean 2, sigma 2; 95 %: 1.645 x 2 x sqrt(4) = 6.58 -> 7.
    const f = reorderFigures({ sold: 8, soldSquares: 32, demandDays: 4, onHand: 0 }, { leadTimeDays: 4, packSize: 1 }, z95);
    expect(f.sigma).toBe(2);
    expect(f.safetyStock).toBe(7);
    expect(f.reorderPoint).toBe(15); // 8 + 6.58 rounded up
    expect(f.quantity).toBe(15);
    expect(reorderFigures({ sold: 8, soldSquares: 32, demandDays: 4, onHand: 0 }, { leadTimeDays: 4, packSize: 1 }, SERVICE_LEVELS['98']).safetyStock).toBe(9);
  });

  it('suggests nothing without sales, and for a new product without days in stock', () => {
    expect(reorderFigures({ sold: 0, soldSquares: 0, demandDays: 30, onHand: 3 }, settings, z95)).toMatchObject({ dailyDemand: 0, reorderPoint: 0, quantity: 0, daysOfCover: null });
    expect(reorderFigures({ sold: 0, soldSquares: 0, demandDays: 0, onHand: 0 }, settings, z95)).toMatchObject({ dailyDemand: 0, sigma: 0, quantity: 0, packs: 0, daysOfCover: null });
  });

  it('orders the oversold units too when the stock is negative, with 0 days of cover', () => {
    const f = reorderFigures({ sold: 10, soldSquares: 10, demandDays: 10, onHand: -3 }, { leadTimeDays: 2, packSize: 5 }, 0);
    expect(f.daysOfCover).toBe(0);
    // reorder point 2, need 2 - (-3) = 5: one pack.
    expect(f.quantity).toBe(5);
  });

  it('takes demand over the days in stock only: a stock-out inside the window raises the speed, not lowers it', () => {
    // 30 days in the window, 10 of them out of stock: 40 units over 20 demand days is 2 a day, not 1.33.
    const f = reorderFigures({ sold: 40, soldSquares: 80, demandDays: 20, onHand: 0 }, { leadTimeDays: 10, packSize: 1 }, 0);
    expect(f.dailyDemand).toBe(2);
    expect(f.quantity).toBe(20);
  });

  it('suggests nothing above the reorder point, and orders cycle days beyond it when asked', () => {
    expect(reorderFigures({ sold: 20, soldSquares: 40, demandDays: 10, onHand: 15 }, settings, 0).quantity).toBe(0);
    expect(reorderFigures({ sold: 20, soldSquares: 40, demandDays: 10, onHand: 14 }, { leadTimeDays: 7, packSize: 1 }, 0, 10).quantity).toBe(20);
  });

  it('refuses a lead time or pack size that is not a whole number of at least 1', () => {
    const figures = { sold: 1, soldSquares: 1, demandDays: 1, onHand: 0 };
    expect(() => reorderFigures(figures, { leadTimeDays: 0, packSize: 1 }, z95)).toThrow(RangeError);
    expect(() => reorderFigures(figures, { leadTimeDays: 7, packSize: 1.5 }, z95)).toThrow(RangeError);
  });

  it('says why in both languages', () => {
    const s = { leadTimeDays: 7, packSize: 12 };
    const f = { dailyDemand: 2.1, sigma: 1, safetyStock: 6, reorderPoint: 21, daysOfCover: 0, quantity: 24, packs: 2 };
    expect(reorderReason(f, 56, s, 'en')).toBe('2.1 a day over 56 days in stock, lead time 7 days, safety stock 6: order 24, 2 packs');
    expect(reorderReason(f, 56, s, 'et')).toBe('2,1 päevas 56 laopäeva jooksul, tarneaeg 7 päeva, kindlusvaru 6: tellida 24, 2 pakki');
  });
});
