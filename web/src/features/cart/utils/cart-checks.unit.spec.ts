/** The cart page's rules (spec 4 "Cart", spec 5 "Quantity and stock", spec 8 cart line warnings) and the postage line. */
import { beforeEach, describe, expect, it } from 'vitest';
import { isPostage, markInaccessible, refreshProducts, setPostage } from '../../../lib/cart/cart-actions';
import { cartProduct as product } from '../../../lib/cart/cart-product-fixture';
import { cart, cartLines } from '../../../lib/cart/store';
import { loadProgress } from '../../../lib/cart/get-cart-product';
import { checkoutBlock, lineProblem, notEnoughKey, purchaseBlockReason, summaryTotals } from './cart-checks';

const postage = (provider: string) => product(`p-${provider}`, { code1: `postikulu-${provider}`, priceCents: 399, priceWoVatCents: 322, visibility: 'hidden' });

beforeEach(() => cart.clear());

describe('line warnings', () => {
  it('says not available for an inaccessible, unpriced or sold-out limited product', () => {
    expect(lineProblem({ product: product('a', { visibility: 'inaccessible' }), amount: 1 })).toEqual({ kind: 'unavailable' });
    expect(lineProblem({ product: product('a', { priceCents: null }), amount: 1 })).toEqual({ kind: 'unavailable' });
    expect(lineProblem({ product: product('a', { hasLimitedAmount: true, availableForSale: 0 }), amount: 1 })).toEqual({ kind: 'unavailable' });
  });

  it('says not enough in stock with the count when the amount exceeds a limited product', () => {
    expect(lineProblem({ product: product('a', { hasLimitedAmount: true, availableForSale: 3 }), amount: 4 })).toEqual({ kind: 'notEnough', available: 3 });
    expect(lineProblem({ product: product('a', { hasLimitedAmount: true, availableForSale: 3 }), amount: 3 })).toBeNull();
    // Unlimited (on demand, non-stock) products never run out; hidden ones are still buyable by direct link.
    expect(lineProblem({ product: product('a', { availableForSale: 0 }), amount: 50 })).toBeNull();
    expect(lineProblem({ product: product('a', { visibility: 'hidden' }), amount: 1 })).toBeNull();
  });

  it('picks the none / one / many form of the stock warning', () => {
    expect([0, 1, 2, 7].map(notEnoughKey)).toEqual(['cart.notEnough_none', 'cart.notEnough_one', 'cart.notEnough_many', 'cart.notEnough_many']);
  });
});

describe('checkout block', () => {
  it('blocks an empty cart and a cart holding only the delivery fee', () => {
    expect(checkoutBlock(cart.get())).toBe('empty');
    setPostage(postage('omniva-parcel'));
    expect(checkoutBlock(cart.get())).toBe('empty');
  });

  it('blocks a cart with an unpurchasable line and lets a good cart through', () => {
    cart.add(product('a'), 2);
    expect(checkoutBlock(cart.get())).toBeNull();
    cart.add(product('b', { hasLimitedAmount: true, availableForSale: 5 }), 5);
    refreshProducts([product('b', { hasLimitedAmount: true, availableForSale: 2 })]);
    expect(checkoutBlock(cart.get())).toBe('unpurchasable');
    cart.setQuantity('b', 2);
    expect(checkoutBlock(cart.get())).toBeNull();
    markInaccessible('a');
    expect(cart.get().items.a!.product.visibility).toBe('inaccessible');
    expect(checkoutBlock(cart.get())).toBe('unpurchasable');
  });

  it("names the reason staff see in brackets after 'This product can't be purchased'", () => {
    cart.add(product('a'), 1);
    expect(purchaseBlockReason(cart.get())).toBeNull();
    cart.add(product('b', { hasLimitedAmount: true, availableForSale: 5 }), 5);
    refreshProducts([product('b', { hasLimitedAmount: true, availableForSale: 2 })]);
    expect(purchaseBlockReason(cart.get())).toBe('reasonNotEnough');
    refreshProducts([product('b', { hasLimitedAmount: true, availableForSale: 0 })]);
    expect(purchaseBlockReason(cart.get())).toBe('reasonNotInStock');
    cart.remove('b');
    refreshProducts([product('a', { priceCents: null })]);
    expect(purchaseBlockReason(cart.get())).toBe('reasonNoPrice');
    markInaccessible('a');
    expect(purchaseBlockReason(cart.get())).toBe('reasonInaccessible');
  });
});

describe('postage line', () => {
  it('keeps exactly one postage line, the newest provider, as the last line with quantity 1', () => {
    cart.add(product('a'), 1);
    cart.add(product('b'), 3);
    setPostage(postage('omniva-parcel'));
    setPostage(postage('omniva-courier'));
    const lines = cartLines(cart.get());
    expect(lines.map((l) => [l.product.id, l.amount])).toEqual([
      ['b', 3],
      ['a', 1],
      ['p-omniva-courier', 1],
    ]);
    expect(lines.filter((l) => isPostage(l.product))).toHaveLength(1);
    setPostage(null);
    expect(cartLines(cart.get()).map((l) => l.product.id)).toEqual(['b', 'a']);
  });

  it('recognises postage by code1 starting with postikulu in any case', () => {
    expect(isPostage({ code1: 'POSTIKULU-omniva' })).toBe(true);
    expect(isPostage({ code1: 'BF 1018/1' })).toBe(false);
  });

  it('refreshing keeps amounts and order and ignores products not in the cart', () => {
    cart.add(product('a'), 2);
    cart.add(product('b'), 1);
    refreshProducts([product('a', { priceCents: 999, name: 'New name' }), product('zzz')]);
    expect(cartLines(cart.get()).map((l) => [l.product.id, l.amount, l.product.priceCents])).toEqual([
      ['b', 1, 1240],
      ['a', 2, 999],
    ]);
  });
});

describe('summary totals and load progress', () => {
  it('sums gross and net line totals in cents; derives a missing net price from the VAT rate', () => {
    const t = summaryTotals([
      { product: product('a', { priceCents: 1240, priceWoVatCents: 1000, vatRate: 24 }), amount: 2 },
      { product: product('b', { priceCents: 620 }), amount: 1 },
      { product: product('c', { priceCents: null }), amount: 5 },
    ]);
    expect(t).toEqual({ grossCents: 3100, netCents: 2500, vatCents: 600, vatRate: 24 });
  });

  it('goes 0, then 30, then up to 100', () => {
    expect(loadProgress(false, 0, 4)).toBe(0);
    expect(loadProgress(true, 0, 4)).toBe(30);
    expect(loadProgress(true, 2, 4)).toBe(65);
    expect(loadProgress(true, 4, 4)).toBe(100);
    expect(loadProgress(false, 0, 0)).toBe(100);
  });
});
