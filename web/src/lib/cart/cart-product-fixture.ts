/**
 * Test fixture (imported by specs only, never by the app): a cart product as the product page adds it, a
 * 12.40 EUR gross visible part of unlimited amount, with `over` replacing any field.
 */
import type { CartProduct } from './store';

export const cartProduct = (id: string, over: Partial<CartProduct> = {}): CartProduct => ({
  id,
  name: `Part ${id}`,
  code1: id.toUpperCase(),
  priceCents: 1240,
  unit: 'pcs',
  image: null,
  hasLimitedAmount: false,
  availableForSale: 0,
  big_product: false,
  visibility: 'visible',
  ...over,
});
