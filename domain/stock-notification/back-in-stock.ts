/**
 * When a back-in-stock request is answered (back-in-stock mail; spec 4 "Product availability and
 * display"): a product covers a request of `quantity` units when the storefront would let the shopper order that
 * many now: it is not out of stock (domain/product/availability.ts isOutOfStock) and, when orders are capped at the
 * available amount (hasLimitedAmount), the available amount (`stockTotal`, whole units free for sale over every
 * warehouse) is at least `quantity`. Pure.
 */
import { isOutOfStock } from '../product/availability.js';

/** What the storefront knows of a product's availability (the catalog read model's row). */
export interface ProductAvailability {
  /** spec 4 available_in: 0 available, -1 on demand, -2 not in stock, N > 0 in N workdays. */
  availableIn: number;
  hasLimitedAmount: boolean;
  /** Whole units free for sale over every warehouse. */
  stockTotal: number;
}

/** True when `product` can be ordered in `quantity` units now, so the request is due (or needs no request). */
export function coversRequest(product: ProductAvailability, quantity: number): boolean {
  if (isOutOfStock(product.availableIn, product.stockTotal)) return false;
  return !product.hasLimitedAmount || product.stockTotal >= quantity;
}
