/**
 * Delivery set-up for a start of the shop (`npm start`, the worker role): the locations from the shipped snapshots
 * (so checkout offers parcel machines without network) and the postage products. Both steps are idempotent: a
 * second start appends nothing, and a stream already refreshed from a live feed keeps the feed's list.
 */
import type { EventStore } from '../../platform/event-store/port.js';
import { ensurePostageProducts, type PostageProductReport } from './ensure-postage-products.js';
import { seedDeliveryLocationsFromSnapshots, type SeedReport } from './seed-delivery-locations.js';

/**
 * @param now decision time, ISO-8601 UTC
 * @param options.vatRatePercent VAT rate of the postage fees in percent (default 24)
 * @throws see `seedDeliveryLocationsFromSnapshots` and `ensurePostageProducts`
 */
export async function setupDelivery(store: EventStore, now: string, options: { vatRatePercent?: number } = {}): Promise<{ locations: SeedReport[]; postage: PostageProductReport[] }> {
  const locations = await seedDeliveryLocationsFromSnapshots(store, now);
  const postage = await ensurePostageProducts(store, now, options);
  return { locations, postage };
}
