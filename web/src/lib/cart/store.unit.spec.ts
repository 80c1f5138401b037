/** The cart rules of spec 4 "Cart" and spec 5 "Quantity and stock", on the store without a browser. */
import { beforeEach, describe, expect, it } from 'vitest';
import { cartProduct as product } from './cart-product-fixture';
import { capAmount, cart, cartLines, cartTotals, parseQuantity } from './store';


beforeEach(() => cart.clear());

describe('cart store', () => {
  it('adds to an existing line, and overwrites with overwrite', () => {
    cart.add(product('a'), 2);
    expect(cart.add(product('a'), 3).amount).toBe(5);
    expect(cart.add(product('a'), 1, true).amount).toBe(1);
    expect(cart.get().items.a!.amount).toBe(1);
  });

  it('removes the line when the resulting amount is 0 or less', () => {
    cart.add(product('a'), 2);
    cart.add(product('a'), -2);
    expect(cart.get().items.a).toBeUndefined();
    cart.add(product('b'), 0, true);
    expect(cart.get().items.b).toBeUndefined();
  });

  it('resets a quantity of 0 or less, or without digits, to 1; strips non-digits', () => {
    cart.add(product('a'), 4);
    expect(cart.setQuantity('a', 0).amount).toBe(1);
    expect(cart.setQuantity('a', 'abc').amount).toBe(1);
    expect(cart.setQuantity('a', '1x2').amount).toBe(12);
    expect(parseQuantity(' 3 pcs')).toBe(3);
  });

  it('caps a limited product at the available amount, counting what is already in the cart', () => {
    const limited = product('l', { hasLimitedAmount: true, availableForSale: 3 });
    expect(cart.add(limited, 2)).toEqual({ amount: 2, capped: null });
    expect(cart.add(limited, 2)).toEqual({ amount: 3, capped: { requested: 4, available: 3 } });
    expect(cart.setQuantity('l', 10)).toEqual({ amount: 3, capped: { requested: 10, available: 3 } });
    expect(capAmount(product('z', { hasLimitedAmount: true, availableForSale: 0 }), 1)).toEqual({ amount: 0, capped: { requested: 1, available: 0 } });
    expect(capAmount(product('u'), 1000).capped).toBeNull();
  });

  it('lists the newest line first and totals in euro cents', () => {
    cart.add(product('a'), 1);
    cart.add(product('b', { priceCents: 999 }), 2);
    cart.add(product('a'), 1);
    expect(cartLines(cart.get()).map((l) => l.product.id)).toEqual(['a', 'b']);
    expect(cartTotals(cart.get())).toEqual({ totalCents: 2 * 1240 + 2 * 999, count: 4 });
  });

  it('counts products only: the postage line adds to the total but not to the number of items', () => {
    cart.add(product('a'), 1);
    cart.add(product('postikulu-omniva-parcel', { code1: 'postikulu-omniva-parcel', priceCents: 399 }), 1);
    expect(cartTotals(cart.get())).toEqual({ totalCents: 1240 + 399, count: 1 });
  });

  it('replaces all lines and clears', () => {
    cart.add(product('a'), 1);
    cart.replaceAll([{ product: product('c'), amount: 2 }, { product: product('d'), amount: 0 }]);
    expect(Object.keys(cart.get().items)).toEqual(['c']);
    cart.clear();
    expect(cart.get()).toEqual({ items: {}, latest: [] });
  });
});
