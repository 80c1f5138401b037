/**
 * The location snapshots shipped in data/delivery (copies of the carriers' public feeds, November 2024; see
 * data/ATTRIBUTION.md): the first-start seed, and the fallback of the refresh job when a live feed fails.
 * There is no Finnish snapshot: itella-fi-parcel has locations only from a configured feed.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ParsedFeed, parseLocationFeed } from '../../domain/delivery/feeds.js';
import type { DeliveryProviderId } from '../../domain/delivery/providers.js';

/** Folder of the snapshots (data/delivery in the repository). */
export const DELIVERY_SNAPSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'data', 'delivery');

/** Snapshot file per provider with locations (null: none ships). */
export const DELIVERY_SNAPSHOTS: Record<DeliveryProviderId, string | null> = {
  'omniva-parcel': 'omniva-locations-2024-11.json',
  'omniva-po': 'omniva-locations-2024-11.json',
  'omniva-courier': null,
  'itella-ee-parcel': 'smartpost-ee-2024-11.json',
  'itella-fi-parcel': null,
};

/**
 * The provider's locations from its snapshot, or null when it has none.
 * @param dir folder to read from (tests point it elsewhere); default data/delivery
 * @throws Error when the file cannot be read or is not JSON; FeedFormatError when it is not a location list
 */
export async function loadSnapshot(providerId: DeliveryProviderId, dir = DELIVERY_SNAPSHOT_DIR): Promise<ParsedFeed | null> {
  const file = DELIVERY_SNAPSHOTS[providerId];
  if (!file) return null;
  return parseLocationFeed(providerId, JSON.parse(await readFile(path.join(dir, file), 'utf8')));
}
