import { describe, expect, it } from 'vitest';
import { shopperAvailability } from '../product/availability.js';
import { coversRequest } from './back-in-stock.js';

const product = (policy: Parameters<typeof shopperAvailability>[0], stockTotal: number, deliveryDays: number | null = null) => {
  const a = shopperAvailability(policy, deliveryDays, stockTotal);
  return { availableIn: a.available_in, hasLimitedAmount: a.hasLimitedAmount, stockTotal };
};

describe('coversRequest (the available amount reaches the requested quantity)', () => {
  it('is false while out of stock, true once the stock reaches the quantity (limited amount)', () => {
    expect(coversRequest(product('available', 0), 1)).toBe(false);
    expect(coversRequest(product('available', 2), 3)).toBe(false);
    expect(coversRequest(product('available', 3), 3)).toBe(true);
    expect(coversRequest(product('not_available', 4), 3)).toBe(true);
    expect(coversRequest(product('not_available', 0), 1)).toBe(false);
  });

  it('follows the storefront for products not capped at their stock', () => {
    expect(coversRequest(product('non_stock', 0), 5)).toBe(true);
    expect(coversRequest(product('on_demand', 0), 1)).toBe(false);
    expect(coversRequest(product('available', 1, 3), 5)).toBe(true);
    expect(coversRequest(product('available', 0, 3), 1)).toBe(false);
  });
});
