/**
 * The pure mapping of the delivery read model (conventions 5): DeliveryLocations events to row changes of
 * `locations` and `providers`. A removed location keeps its row with `offered = false`, so an order placed before
 * the removal still finds its parcel machine's name; checkout offers only `offered` rows.
 */
import type { DeliveryLocation, DeliveryLocationsEvent } from '../../domain/delivery/locations.js';

/** A row of rm_delivery.locations. */
export interface LocationRow {
  provider_id: string;
  location_id: string;
  name: string;
  country: string;
  city: string;
  address: string;
  postal_code: string | null;
  offered: boolean;
  /** Time of the event that last changed the row, ISO-8601. */
  changed_at: string;
}

/** A row of rm_delivery.providers: the last refresh of a provider's locations. */
export interface ProviderRow {
  provider_id: string;
  source: string;
  offered: number;
  refreshed_at: string;
}

/** The rows a batch changes: whole location rows to upsert, removals of rows not in the batch, provider rows. */
export interface DeliveryRowChanges {
  upserts: Map<string, LocationRow>;
  /** Keys `provider\u0000location` of rows to mark not offered (rows the batch did not upsert). */
  removals: Map<string, { provider_id: string; location_id: string; changed_at: string }>;
  providers: Map<string, ProviderRow>;
}

export const emptyChanges = (): DeliveryRowChanges => ({ upserts: new Map(), removals: new Map(), providers: new Map() });
const key = (providerId: string, locationId: string) => `${providerId}\u0000${locationId}`;

const toRow = (providerId: string, l: DeliveryLocation, time: string): LocationRow => ({
  provider_id: providerId,
  location_id: l.id,
  name: l.name,
  country: l.country,
  city: l.city,
  address: l.address,
  postal_code: l.postalCode,
  offered: true,
  changed_at: time,
});

/** Folds one event (stored at `time`, ISO-8601) into the batch's changes; returns the same object. */
export function applyDeliveryEvent(changes: DeliveryRowChanges, event: DeliveryLocationsEvent, time: string): DeliveryRowChanges {
  switch (event.type) {
    case 'DeliveryLocationAdded':
    case 'DeliveryLocationChanged': {
      const k = key(event.data.providerId, event.data.location.id);
      changes.removals.delete(k);
      changes.upserts.set(k, toRow(event.data.providerId, event.data.location, time));
      return changes;
    }
    case 'DeliveryLocationRemoved': {
      const k = key(event.data.providerId, event.data.locationId);
      const row = changes.upserts.get(k);
      if (row) changes.upserts.set(k, { ...row, offered: false, changed_at: time });
      else changes.removals.set(k, { provider_id: event.data.providerId, location_id: event.data.locationId, changed_at: time });
      return changes;
    }
    case 'DeliveryLocationsRefreshed':
      changes.providers.set(event.data.providerId, { provider_id: event.data.providerId, source: event.data.source, offered: event.data.offered, refreshed_at: time });
      return changes;
  }
}
