import { describe, expect, it } from 'vitest';
import { AVAILABILITY_POLICIES, isOutOfStock, shopperAvailability, type AvailabilityPolicy } from './availability.js';

const IN_STOCK = 5;
const OUT_OF_STOCK = 0;

describe('shopperAvailability: the table in availability.ts', () => {
  it('knows exactly the four back-office policies', () => {
    expect([...AVAILABILITY_POLICIES]).toEqual(['available', 'on_demand', 'not_available', 'non_stock']);
  });

  // policy, delivery days, available for sale -> available_in, hasLimitedAmount
  it.each<[AvailabilityPolicy, number | null, number, number, boolean]>([
    // available: 0 in stock; N when set, else -2 out of stock; limited unless N is set
    ['available', null, IN_STOCK, 0, true],
    ['available', 3, IN_STOCK, 0, false],
    ['available', null, OUT_OF_STOCK, -2, true],
    ['available', 3, OUT_OF_STOCK, 3, false],
    // on_demand: -1 in stock; -1 (or N when set) out of stock; never limited
    ['on_demand', null, IN_STOCK, -1, false],
    ['on_demand', 3, IN_STOCK, -1, false],
    ['on_demand', null, OUT_OF_STOCK, -1, false],
    ['on_demand', 3, OUT_OF_STOCK, 3, false],
    // not_available: 0 in stock; -2 out of stock; always limited
    ['not_available', null, IN_STOCK, 0, true],
    ['not_available', 3, IN_STOCK, 0, true],
    ['not_available', null, OUT_OF_STOCK, -2, true],
    ['not_available', 3, OUT_OF_STOCK, -2, true],
    // non_stock: always 0; never limited
    ['non_stock', null, IN_STOCK, 0, false],
    ['non_stock', 3, IN_STOCK, 0, false],
    ['non_stock', null, OUT_OF_STOCK, 0, false],
    ['non_stock', 3, OUT_OF_STOCK, 0, false],
  ])('%s, delivery days %s, %s for sale -> available_in %s, limited %s', (policy, days, forSale, availableIn, limited) => {
    expect(shopperAvailability(policy, days, forSale)).toEqual({ available_in: availableIn, hasLimitedAmount: limited });
  });

  it('stock oversold below zero counts as out of stock', () => {
    expect(shopperAvailability('available', null, -1)).toEqual({ available_in: -2, hasLimitedAmount: true });
    expect(shopperAvailability('on_demand', 4, -1)).toEqual({ available_in: 4, hasLimitedAmount: false });
  });

  it('a single unit for sale counts as in stock', () => {
    expect(shopperAvailability('not_available', null, 1)).toEqual({ available_in: 0, hasLimitedAmount: true });
  });
});

describe('isOutOfStock (spec 4): available_in -2 or first stock amount 0, unless available_in is 0', () => {
  it.each<[number, number, boolean]>([
    [0, 0, false], // non-stock product: available with an amount of 0.000
    [0, 5, false],
    [-2, 0, true],
    [-2, 5, true],
    [-1, 0, true],
    [-1, 3, false],
    [7, 0, true],
    [7, 2, false],
    [-1, -1, true],
  ])('available_in %s, first stock amount %s -> %s', (availableIn, amount, out) => {
    expect(isOutOfStock(availableIn, amount)).toBe(out);
  });

  it('follows from shopperAvailability for each policy with no stock', () => {
    const outOfStock = (policy: AvailabilityPolicy, days: number | null) => isOutOfStock(shopperAvailability(policy, days, 0).available_in, 0);
    expect(outOfStock('available', null)).toBe(true);
    expect(outOfStock('available', 3)).toBe(true);
    expect(outOfStock('on_demand', null)).toBe(true);
    expect(outOfStock('not_available', null)).toBe(true);
    expect(outOfStock('non_stock', null)).toBe(false);
  });
});
