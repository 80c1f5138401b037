/**
 * First-start seeding from the shipped snapshots (data/delivery), so the shop offers parcel machines and post
 * offices without network: RefreshDeliveryLocations with source `snapshot` (domain/delivery/locations.ts), which a
 * stream already refreshed from a live feed ignores and an unchanged stream answers with no event, so seeding on
 * every start is harmless.
 */
import { createHash } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import { DELIVERY_PROVIDER_IDS, DELIVERY_PROVIDERS, type DeliveryProviderId } from '../../domain/delivery/providers.js';
import type { EventStore } from '../../platform/event-store/port.js';
import type { CommandContext } from '../shared/command-handler.js';
import { refreshDeliveryLocations } from './refresh-delivery-locations.js';
import { DELIVERY_SNAPSHOTS, loadSnapshot } from './snapshots.js';

const SEED_NAMESPACE = '0d7c3f1e-9a2b-4c61-8e5f-3b6a2d9c4e17';

export interface SeedReport {
  providerId: DeliveryProviderId;
  /** Snapshot file name, or null when the provider has no snapshot (itella-fi-parcel). */
  snapshot: string | null;
  /** Events appended (0 when the stream already holds the snapshot's list or was refreshed from a live feed). */
  appended: number;
}

/**
 * Seeds every location provider that has a snapshot, unless a live feed was applied to its stream. Idempotent: the
 * command id is derived from the provider and the snapshot's list, and an unchanged stream decides nothing.
 * @param now decision time, ISO-8601 UTC
 * @throws DomainError (validation) when a snapshot holds no valid location; I/O errors reading a snapshot
 */
export async function seedDeliveryLocationsFromSnapshots(store: EventStore, now: string): Promise<SeedReport[]> {
  const reports: SeedReport[] = [];
  for (const providerId of DELIVERY_PROVIDER_IDS) {
    if (!DELIVERY_PROVIDERS[providerId].locations) continue;
    const snapshot = await loadSnapshot(providerId);
    if (!snapshot) {
      reports.push({ providerId, snapshot: null, appended: 0 });
      continue;
    }
    const digest = createHash('sha256').update(JSON.stringify(snapshot.locations)).digest('hex');
    const commandId = uuidv5(`seed/${providerId}/${digest}`, SEED_NAMESPACE);
    const ctx: CommandContext = { commandId, correlationId: commandId, userId: null, now };
    const result = await refreshDeliveryLocations(store, { providerId, source: 'snapshot', locations: snapshot.locations }, ctx);
    reports.push({ providerId, snapshot: DELIVERY_SNAPSHOTS[providerId], appended: result.events.length });
  }
  return reports;
}
