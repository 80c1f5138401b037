/**
 * Availability of a product for shoppers (spec 4 "Product availability and display").
 *
 * Staff choose one of the back-office policies (spec 4): `available`, `on_demand` (pre-order when out of stock),
 * `not_available` (cannot be ordered when out of stock), `non_stock` (always available, stock not kept), and
 * optionally a delivery time in workdays. The storefront's `available_in` and `hasLimitedAmount` follow from the
 * policy and the stock available for sale:
 *
 * | policy        | in stock | out of stock                              | limited amount |
 * |---------------|----------|-------------------------------------------|----------------|
 * | available     | 0        | N (delivery days) when set, else -2       | yes, unless N set |
 * | on_demand     | -1       | -1 (or N when set)                        | no             |
 * | not_available | 0        | -2                                        | yes            |
 * | non_stock     | 0        | 0                                         | no             |
 *
 * available_in: 0 Available, -1 On demand, -2 Not in stock, N > 0 Available in N workdays.
 */
export const AVAILABILITY_POLICIES = ['available', 'on_demand', 'not_available', 'non_stock'] as const;
export type AvailabilityPolicy = (typeof AVAILABILITY_POLICIES)[number];

export interface ShopperAvailability {
  available_in: number;
  /** True when the cart and orders are capped at `availableForSale` (spec 5 "Quantity and stock"). */
  hasLimitedAmount: boolean;
}

/**
 * @param policy the back-office policy
 * @param deliveryDays workdays to deliver when out of stock (null: none set)
 * @param availableForSale whole units sellable now (stock minus reservations)
 */
export function shopperAvailability(policy: AvailabilityPolicy, deliveryDays: number | null, availableForSale: number): ShopperAvailability {
  const inStock = availableForSale > 0;
  switch (policy) {
    case 'non_stock':
      return { available_in: 0, hasLimitedAmount: false };
    case 'on_demand':
      return { available_in: !inStock && deliveryDays ? deliveryDays : -1, hasLimitedAmount: false };
    case 'not_available':
      return { available_in: inStock ? 0 : -2, hasLimitedAmount: true };
    case 'available':
      if (inStock) return { available_in: 0, hasLimitedAmount: !deliveryDays };
      return deliveryDays ? { available_in: deliveryDays, hasLimitedAmount: false } : { available_in: -2, hasLimitedAmount: true };
  }
}

/**
 * Out of stock as the storefront shows it (spec 4): available_in is -2 or the first stock amount is 0, unless
 * available_in is 0 — and an amount of 0 with available_in 0 happens only for non-stock products.
 */
export function isOutOfStock(availableIn: number, firstStockAmount: number): boolean {
  if (availableIn === 0) return false;
  return availableIn === -2 || firstStockAmount <= 0;
}
