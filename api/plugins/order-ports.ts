/**
 * Adapters of the checkout use case's ports (commands/order/place-order-from-cart.ts) over the read models and the
 * order-number sequence, wired here because commands/ may not import projections/ (design brief, folders).
 */
import { sql } from 'kysely';
import type { CatalogPrices, CatalogProduct, DeliveryLocations, OrderNumbers } from '../../commands/order/place-order-from-cart.js';
import type { Database } from '../../platform/db/database.js';
import { getProducts } from '../../projections/catalog/queries.js';
import { getLocation, offeredOptionFor } from '../../projections/delivery/queries.js';

/** CatalogPrices from the catalog read model (prices in euro cents, visibility evaluated at `now`). */
export function catalogPricesOf(db: Database): CatalogPrices {
  return {
    async products(productIds, now) {
      const found = await getProducts(db, productIds, now);
      const out = new Map<string, CatalogProduct>();
      for (const { doc: d, visibility, hasLimitedAmount, stockTotal } of found.values()) {
        out.set(d.id, {
          productId: d.id,
          code: d.code1,
          names: { et: d.name_et, en: d.name_en },
          unit: d.unit,
          grossCents: d.gross_cents,
          visibility,
          hasLimitedAmount,
          stockTotal,
          policy: d.policy,
          deliveryDays: d.delivery_days,
          bigProduct: d.big_product,
        });
      }
      return out;
    },
  };
}

/** DeliveryLocations from the delivery locations read model. */
export function deliveryLocationsOf(db: Database): DeliveryLocations {
  return {
    isOffered: async (providerId, optionId) => (await offeredOptionFor(db, providerId, optionId))(providerId, optionId),
    locationName: async (providerId, optionId) => (await getLocation(db, providerId, optionId))?.name ?? null,
  };
}

/** Order numbers from the PostgreSQL sequence `order_number_seq` (spec 3: assigned on saving; gaps allowed). */
export function orderNumbersOf(db: Database): OrderNumbers {
  return {
    async next() {
      const r = await sql<{ n: string }>`select nextval('order_number_seq')::text as n`.execute(db);
      return Number(r.rows[0].n);
    },
  };
}
