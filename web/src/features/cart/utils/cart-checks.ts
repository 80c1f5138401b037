/**
 * Pure rules of the cart page (spec 2 "Cart page", spec 4 "Cart", spec 5 "Quantity and stock", spec 8 "Cart line
 * warnings"): a line's warning, whether checkout may start, the purchase summary's totals with the VAT rule of
 * spec 5 ("Other rules"). (The load progress of spec 4 is lib/cart/get-cart-product.ts `loadProgress`.) Money is integer euro cents; amounts are whole units.
 */
import { isPostage } from '../../../lib/cart/cart-actions';
import { type CartItem, type CartState, cartLines } from '../../../lib/cart/store';

/**
 * A line's warning (spec 8): `unavailable` ('This product is not available.') when the product is inaccessible,
 * has no price, or is a limited product with nothing available; `notEnough` ('There is not enough items in
 * stock.' plus the count) when the amount exceeds a limited product's available amount; null when purchasable.
 */
export type LineProblem = { kind: 'unavailable' } | { kind: 'notEnough'; available: number } | null;

export function lineProblem(item: CartItem): LineProblem {
  const p = item.product;
  if (p.visibility === 'inaccessible' || p.priceCents === null) return { kind: 'unavailable' };
  if (p.hasLimitedAmount && p.availableForSale <= 0) return { kind: 'unavailable' };
  if (p.hasLimitedAmount && item.amount > p.availableForSale) return { kind: 'notEnough', available: p.availableForSale };
  return null;
}

/**
 * Why checkout cannot start (spec 5 "Quantity and stock"), or null: `empty` when the cart holds no product other
 * than the delivery fee line ('No products in cart'); `unpurchasable` when a line is inaccessible, unpriced or over
 * a limited product's available amount ('This product can't be purchased'). Both are shown for 6 s (spec 9).
 */
export function checkoutBlock(state: CartState): 'empty' | 'unpurchasable' | null {
  const lines = cartLines(state);
  if (!lines.some((l) => !isPostage(l.product))) return 'empty';
  if (lines.some((l) => lineProblem(l) !== null)) return 'unpurchasable';
  return null;
}

/** The reason in brackets staff see after 'This product can't be purchased' (spec 4): a shop text key. */
export type PurchaseBlockReason = 'reasonInaccessible' | 'reasonNoPrice' | 'reasonNotInStock' | 'reasonNotEnough';

/** Why the first unpurchasable line cannot be bought, or null when every line can (see `lineProblem`). */
export function purchaseBlockReason(state: CartState): PurchaseBlockReason | null {
  for (const line of cartLines(state)) {
    const p = line.product;
    const problem = lineProblem(line);
    if (!problem) continue;
    if (p.visibility === 'inaccessible') return 'reasonInaccessible';
    if (p.priceCents === null) return 'reasonNoPrice';
    return problem.kind === 'notEnough' ? 'reasonNotEnough' : 'reasonNotInStock';
  }
  return null;
}

/** Display time of the checkout-blocked messages in milliseconds (spec 9: checkout errors 6 s). */
export const CHECKOUT_BLOCK_MS = 6000;

export interface SummaryTotals {
  /** Sum of gross line totals (VAT included), euro cents. */
  grossCents: number;
  /** Sum of net line totals, euro cents. */
  netCents: number;
  /** grossCents - netCents. */
  vatCents: number;
  /** VAT rate in percent of the lines (the first line's; 24 when unknown). */
  vatRate: number;
}

/**
 * Totals of the purchase summary. A line's net total is its net unit price times the amount; for a product stored
 * without a net price it is derived from the gross one: round(gross x 100 / (100 + rate)).
 */
export function summaryTotals(lines: CartItem[]): SummaryTotals {
  let grossCents = 0;
  let netCents = 0;
  let vatRate: number | null = null;
  for (const { product, amount } of lines) {
    if (product.priceCents === null) continue;
    const rate = product.vatRate ?? 24;
    vatRate ??= rate;
    const netUnit = product.priceWoVatCents ?? Math.round((product.priceCents * 100) / (100 + rate));
    grossCents += product.priceCents * amount;
    netCents += netUnit * amount;
  }
  return { grossCents, netCents, vatCents: grossCents - netCents, vatRate: vatRate ?? 24 };
}

/** The shop bundle key of the 'Not enough items available.' warning for `available` units (none / one / many). */
export function notEnoughKey(available: number): 'cart.notEnough_none' | 'cart.notEnough_one' | 'cart.notEnough_many' {
  return available <= 0 ? 'cart.notEnough_none' : available === 1 ? 'cart.notEnough_one' : 'cart.notEnough_many';
}
