/**
 * Product availability as the storefront shows it (spec 4 "Product availability and display"):
 * available_in 0 Available, -1 On demand, -2 Not in stock, N > 0 Available in N workdays; when availableForSale
 * is above 0 also 'In stock: {n}{unit}', with '(more available on demand)' when available_in is -1 and the stock
 * is under 10. Pure: the component translates the keys.
 */
import type { Product } from '../../../../../api/contracts/catalog';

export type AvailabilityTone = 'available' | 'delayed' | 'on-demand' | 'out';

export interface AvailabilityView {
  /** shop namespace key of the status line, with `count` for availableInDays. */
  statusKey: 'availability.available' | 'availability.onDemand' | 'availability.notInStock' | 'availability.availableInDays';
  days: number | undefined;
  tone: AvailabilityTone;
  /** Whole units available for sale, when above 0. */
  inStock: number | undefined;
  moreOnDemand: boolean;
  outOfStock: boolean;
}

type AvailabilityInput = Pick<Product, 'available_in' | 'availableForSale' | 'stock'>;

/** First stock line amount in units ("4.000" -> 4); undefined when there is no stock line. */
export function firstStockAmount(product: Pick<Product, 'stock'>): number | undefined {
  const raw = product.stock[0]?.amount;
  if (raw === undefined) return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

/** Out of stock when available_in is -2 or the first stock amount is 0.000, unless available_in is 0 (spec 4). */
export function isOutOfStock(product: AvailabilityInput): boolean {
  if (product.available_in === 0) return false;
  return product.available_in === -2 || firstStockAmount(product) === 0;
}

export function describeAvailability(product: AvailabilityInput): AvailabilityView {
  const availableIn = product.available_in;
  const inStock = product.availableForSale > 0 ? product.availableForSale : undefined;
  const stock = firstStockAmount(product) ?? product.availableForSale;
  const outOfStock = isOutOfStock(product);
  const base = { inStock, outOfStock, moreOnDemand: availableIn === -1 && inStock !== undefined && stock < 10 };
  if (availableIn === 0) return { ...base, statusKey: 'availability.available', days: undefined, tone: 'available' };
  if (availableIn === -1) return { ...base, statusKey: 'availability.onDemand', days: undefined, tone: 'on-demand' };
  if (availableIn > 0) {
    return { ...base, statusKey: 'availability.availableInDays', days: availableIn, tone: inStock ? 'available' : 'delayed' };
  }
  return { ...base, statusKey: 'availability.notInStock', days: undefined, tone: 'out' };
}
