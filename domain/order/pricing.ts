/**
 * Order pricing (spec 3 "Order", spec 5 "Other rules: VAT"): rows priced from the catalog's gross prices, never
 * from the client. Money is integer euro cents.
 *
 * VAT rule (spec 5): when the client's VAT registration number is under 2 characters or starts with `EE`, VAT is
 * included (an Estonian or private buyer pays the gross price); otherwise (a business registered for VAT in another
 * country) the order is priced without VAT: every unit price is the net price.
 *
 * - VAT included: unit price = gross; total = sum of gross x quantity; the net total is derived once from the
 *   total, `round(total * 100 / (100 + rate))`, and VAT = total - net (so rows, net and VAT always add up).
 * - VAT excluded: unit price = `round(gross * 100 / (100 + rate))`; total = net total = sum of net x quantity;
 *   VAT = 0.
 */
import { netFromGross } from '../product/product.js';

/** Spec 5 "VAT": true when `vatRegNr` (trimmed) is under 2 characters or starts with EE (any case). */
export function isVatIncluded(vatRegNr: string): boolean {
  const v = vatRegNr.trim().toUpperCase();
  return v.length < 2 || v.startsWith('EE');
}

/**
 * The VAT registration number the VAT rule reads: a business client's (spec 3 "Client", spec 5 "Checkout": it is a
 * business field); a private client pays VAT whatever the form still holds from an earlier business order.
 */
export function clientVatRegNr(client: { type: 'private' | 'business'; vatRegNr: string }): string {
  return client.type === 'business' ? client.vatRegNr.trim() : '';
}

export interface PricedLine {
  /** Gross unit price from the catalog, euro cents (VAT included). */
  grossUnitCents: number;
  /** Whole units. */
  quantity: number;
}

export interface OrderPricing {
  vatIncluded: boolean;
  vatRatePercent: number;
  /** Per line, in the order given: the unit price (gross or net by the VAT rule) and unit price x quantity. */
  rows: { unitPriceCents: number; lineTotalCents: number }[];
  netTotalCents: number;
  vatCents: number;
  /** What the client pays. */
  totalCents: number;
}

/**
 * Prices an order's lines by the VAT rule of spec 5.
 * @param vatRatePercent the shop's VAT rate (VAT_RATE_PERCENT, 24 in Estonia)
 */
export function priceOrder(lines: readonly PricedLine[], vatRegNr: string, vatRatePercent: number): OrderPricing {
  const vatIncluded = isVatIncluded(vatRegNr);
  const rows = lines.map((l) => {
    const unitPriceCents = vatIncluded ? l.grossUnitCents : netFromGross(l.grossUnitCents, vatRatePercent);
    return { unitPriceCents, lineTotalCents: unitPriceCents * l.quantity };
  });
  const totalCents = rows.reduce((a, r) => a + r.lineTotalCents, 0);
  const netTotalCents = vatIncluded ? netFromGross(totalCents, vatRatePercent) : totalCents;
  return { vatIncluded, vatRatePercent, rows, netTotalCents, vatCents: totalCents - netTotalCents, totalCents };
}
