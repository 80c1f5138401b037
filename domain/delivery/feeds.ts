/**
 * Parsers of the carriers' public location feeds into DeliveryLocation lists (pure; the refresh job fetches).
 *
 * - Omniva, https://www.omniva.ee/locations.json: a JSON array of
 *   `{ ZIP, NAME, TYPE, A0_NAME (country), A1_NAME (county), A2_NAME (municipality), A3_NAME (settlement),
 *   A5_NAME (street), A7_NAME (house), X_COORDINATE, Y_COORDINATE, SERVICE_HOURS, comment_*, MODIFIED }`, every
 *   value a string. TYPE "0" is a parcel machine (omniva-parcel), TYPE "1" a post office (omniva-po). ZIP is the
 *   location's id (unique in the feed; it is the machine's own code, not the postal code of its address).
 * - Itella SmartPost (itella.ee `ld_get_baltics_lockers`; the shape of data/delivery/smartpost-ee-2024-11.json):
 *   a JSON array of `{ ID, place_id, name, city, address, country ("ee"), postalcode, availability, description,
 *   latitude, longitude, pupcode, type ("apt" | "ipb" parcel machines, "pudo" parcel points), open }`. place_id
 *   is the id SmartPost takes as the destination of a shipment. A body `{ data: [...] }` is accepted too.
 *
 * A row that lacks an id, a name or a country the provider serves is skipped and counted, never fatal: one bad
 * row must not stop the refresh of the rest.
 */
import type { DeliveryLocation } from './locations.js';
import { DELIVERY_PROVIDERS, type DeliveryProviderId, isDeliveryCountryCode } from './providers.js';

export interface ParsedFeed {
  locations: DeliveryLocation[];
  /** Rows left out because they are malformed (no id, no name, unknown country) or repeat an id. */
  skipped: number;
}

/** Thrown when a feed body is not the expected JSON shape at all (the caller falls back to the snapshot). */
export class FeedFormatError extends Error {
  readonly code = 'delivery.feed_format';
  constructor(message: string) {
    super(message);
    this.name = 'FeedFormatError';
  }
}

const str = (value: unknown) => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : typeof value === 'number' ? String(value) : '');
const joinNonEmpty = (parts: string[], separator: string) => parts.filter(Boolean).join(separator);

function rowsOf(body: unknown, carrier: string): Record<string, unknown>[] {
  const rows = Array.isArray(body) ? body : body && typeof body === 'object' && Array.isArray((body as { data?: unknown }).data) ? (body as { data: unknown[] }).data : null;
  if (!rows) throw new FeedFormatError(`${carrier} feed: expected a JSON array of locations`);
  return rows.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object');
}

function collect(providerId: DeliveryProviderId, candidates: (DeliveryLocation | null)[], total: number): ParsedFeed {
  const supported = DELIVERY_PROVIDERS[providerId].supportedCountries as readonly string[];
  const seen = new Set<string>();
  const locations: DeliveryLocation[] = [];
  for (const l of candidates) {
    if (!l || !l.id || !l.name || !supported.includes(l.country) || seen.has(l.id)) continue;
    seen.add(l.id);
    locations.push(l);
  }
  return { locations, skipped: total - locations.length };
}

/**
 * Omniva locations.json for omniva-parcel (TYPE 0) or omniva-po (TYPE 1); rows of the other type are not counted
 * as skipped. @throws FeedFormatError when the body is not an array.
 */
export function parseOmnivaLocations(body: unknown, providerId: 'omniva-parcel' | 'omniva-po'): ParsedFeed {
  const source = DELIVERY_PROVIDERS[providerId].locations;
  if (source?.carrier !== 'omniva') throw new Error(`${providerId} is not an Omniva location provider`);
  const rows = rowsOf(body, 'Omniva').filter((r) => str(r.TYPE) === source.type);
  const candidates = rows.map((r): DeliveryLocation | null => {
    const country = str(r.A0_NAME).toUpperCase();
    if (!isDeliveryCountryCode(country)) return null;
    return {
      id: str(r.ZIP),
      name: str(r.NAME),
      country,
      city: str(r.A3_NAME) || str(r.A2_NAME) || str(r.A1_NAME),
      address: joinNonEmpty([str(r.A5_NAME), str(r.A7_NAME)], ' '),
      postalCode: null,
    };
  });
  return collect(providerId, candidates, rows.length);
}

/**
 * Itella SmartPost locations for itella-ee-parcel (country ee) or itella-fi-parcel (country fi): parcel machines
 * and parcel points alike. @throws FeedFormatError when the body is not an array (or `{ data: array }`).
 */
export function parseItellaLocations(body: unknown, providerId: 'itella-ee-parcel' | 'itella-fi-parcel'): ParsedFeed {
  const source = DELIVERY_PROVIDERS[providerId].locations;
  if (source?.carrier !== 'itella') throw new Error(`${providerId} is not an Itella location provider`);
  const rows = rowsOf(body, 'Itella').filter((r) => str(r.country).toUpperCase() === source.country);
  const candidates = rows.map((r): DeliveryLocation | null => {
    const country = str(r.country).toUpperCase();
    if (!isDeliveryCountryCode(country)) return null;
    const city = str(r.city);
    // The feed's address repeats the city after a comma ("Kopli tee 1, Ääsmäe"): keep the street part.
    const address = str(r.address).replace(new RegExp(`,\\s*${city.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), '');
    return {
      id: str(r.place_id) || str(r.ID),
      name: str(r.name),
      country,
      city,
      address,
      postalCode: str(r.postalcode) || null,
    };
  });
  return collect(providerId, candidates, rows.length);
}

/**
 * Parses a feed body for any provider with locations.
 * @throws FeedFormatError (body not the expected shape); Error when the provider has no locations (the courier).
 */
export function parseLocationFeed(providerId: DeliveryProviderId, body: unknown): ParsedFeed {
  switch (providerId) {
    case 'omniva-parcel':
    case 'omniva-po':
      return parseOmnivaLocations(body, providerId);
    case 'itella-ee-parcel':
    case 'itella-fi-parcel':
      return parseItellaLocations(body, providerId);
    case 'omniva-courier':
      throw new Error('omniva-courier has no locations');
  }
}
