/**
 * Adapters of the checkout use case's ports (commands/order/place-order-from-cart.ts) over the read models and the
 * order-number sequence, wired here because commands/ may not import projections/ (design brief, folders).
 */
import { sql } from 'kysely';
import type { CatalogPrices, DeliveryLocations, OrderNumbers } from '../commands/order/place-order-from-cart.js';
import type { Database } from '../platform/db/database.js';
import { getProduct } from '../projections/catalog/queries.js';
import { getLocation, offeredOptionFor } from '../projections/delivery/queries.js';

/** CatalogPrices from the catalog read model (prices in euro cents, visibility evaluated at `now`). */
export function catalogPricesOf(db: Database): CatalogPrices {
  return {
    async product(productId, now) {
      const p = await getProduct(db, productId, now);
      if (!p) return null;
      const d = p.doc;
      return {
        productId,
        code: d.code1,
        names: { et: d.name_et, en: d.name_en },
        unit: d.unit,
        grossCents: d.gross_cents,
        visibility: p.visibility,
        hasLimitedAmount: p.hasLimitedAmount,
        stockTotal: p.stockTotal,
        policy: d.policy,
        deliveryDays: d.delivery_days,
        bigProduct: d.big_product,
      };
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
