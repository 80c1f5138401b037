/**
 * The DeliveryLocations aggregate (stream `delivery-locations-{providerId}`): the parcel machines, post offices
 * and parcel points a delivery provider offers (spec 3 "Delivery provider" options {id, name, country}).
 *
 * The carriers publish their whole list as a feed; a refresh hands the decider the list just fetched and the
 * decider records only what changed: DeliveryLocationAdded, DeliveryLocationChanged, DeliveryLocationRemoved, and
 * one DeliveryLocationsRefreshed marker closing the batch (its counts and source). An unchanged list decides no
 * event. A location that disappears from the feed is removed: it is no longer offered.
 *
 * One command, RefreshDeliveryLocations, with the list and its source:
 * - `feed`: the list fetched from the carrier's live feed, always applied;
 * - `snapshot`: the list of the snapshot shipped in data/delivery (a first start without network, or a feed that
 *   failed), applied only while no live feed was ever applied to the stream: an old snapshot never overwrites a
 *   newer feed (it would re-offer closed parcel machines and drop new ones).
 */
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { validation } from '../shared/errors.js';
import { DELIVERY_PROVIDERS, type DeliveryCountryCode, type DeliveryProviderId, isDeliveryCountryCode, isDeliveryProviderId } from './providers.js';

export const toDeliveryLocationsStreamId = (providerId: string) => `delivery-locations-${providerId}`;

/** Longest id, name and text field accepted, in characters. */
export const LOCATION_LIMITS = { id: 64, text: 255, locations: 20_000 } as const;

/** One location as the carrier publishes it, reduced to what checkout shows and the order keeps. */
export interface DeliveryLocation {
  /** The carrier's id of the location (Omniva: ZIP; SmartPost: place_id): the order's delivery_option. */
  id: string;
  name: string;
  country: DeliveryCountryCode;
  city: string;
  /** Street and house, '' when the carrier gives none. */
  address: string;
  /** Postal code, null when the carrier gives none (Omniva's ZIP is the machine's id, not a postal code). */
  postalCode: string | null;
}

/** Where a list came from: the carrier's live feed, or the snapshot shipped in data/delivery. */
export type LocationSource = 'feed' | 'snapshot';

// ---- events ---------------------------------------------------------------------------------------------------
export type DeliveryLocationsEvent =
  | Message<'DeliveryLocationAdded', { providerId: DeliveryProviderId; location: DeliveryLocation }>
  | Message<'DeliveryLocationChanged', { providerId: DeliveryProviderId; location: DeliveryLocation }>
  | Message<'DeliveryLocationRemoved', { providerId: DeliveryProviderId; locationId: string }>
  | Message<'DeliveryLocationsRefreshed', { providerId: DeliveryProviderId; source: LocationSource; offered: number; added: number; changed: number; removed: number }>;
export const DELIVERY_LOCATIONS_EVENT_TYPES: DeliveryLocationsEvent['type'][] = [
  'DeliveryLocationAdded',
  'DeliveryLocationChanged',
  'DeliveryLocationRemoved',
  'DeliveryLocationsRefreshed',
];

// ---- commands -------------------------------------------------------------------------------------------------
type Cmd<T extends string, D> = Message<T, D> & { metadata: CommandMetadata };
export type DeliveryLocationsCommand = Cmd<'RefreshDeliveryLocations', { providerId: DeliveryProviderId; source: LocationSource; locations: DeliveryLocation[] }>;

// ---- state ----------------------------------------------------------------------------------------------------
export interface DeliveryLocationsState {
  /** True once a list from the carrier's live feed was applied (snapshots are then ignored). */
  fedFromFeed: boolean;
  /** Offered locations by id. */
  locations: Record<string, DeliveryLocation>;
}
export const initialState: DeliveryLocationsState = { fedFromFeed: false, locations: {} };

// ---- rules ----------------------------------------------------------------------------------------------------
const sameLocation = (a: DeliveryLocation, b: DeliveryLocation) =>
  a.id === b.id && a.name === b.name && a.country === b.country && a.city === b.city && a.address === b.address && a.postalCode === b.postalCode;

function cleanLocation(providerId: DeliveryProviderId, l: DeliveryLocation): DeliveryLocation {
  const text = (value: string | null | undefined, field: string, required: boolean) => {
    const t = (value ?? '').trim().replace(/\s+/g, ' ');
    if (required && !t) throw validation('delivery.location_invalid', `A location needs ${field}`, field);
    if (t.length > (field === 'id' ? LOCATION_LIMITS.id : LOCATION_LIMITS.text)) throw validation('delivery.location_invalid', `${field} is too long`, field);
    return t;
  };
  const country = (l.country ?? '').toUpperCase();
  if (!isDeliveryCountryCode(country) || !DELIVERY_PROVIDERS[providerId].supportedCountries.includes(country)) {
    throw validation('delivery.location_country_invalid', `${providerId} does not deliver to ${l.country}`, 'country');
  }
  const postalCode = text(l.postalCode, 'postalCode', false);
  return {
    id: text(l.id, 'id', true),
    name: text(l.name, 'name', true),
    country,
    city: text(l.city, 'city', false),
    address: text(l.address, 'address', false),
    postalCode: postalCode || null,
  };
}

/**
 * The events that turn the offered locations of `state` into `locations`, in a stable order (added and changed in
 * the list's order, then removed by id), closed by a DeliveryLocationsRefreshed marker; [] when nothing changed
 * (but the marker alone when a live feed first confirms a list that came from a snapshot).
 * @throws DomainError delivery.provider_unknown, delivery.locations_empty (an empty list is a broken feed, never
 *   "every location closed"), delivery.location_duplicate, delivery.location_invalid,
 *   delivery.location_country_invalid, delivery.locations_too_many (all validation).
 */
function refresh(providerId: DeliveryProviderId, source: LocationSource, list: DeliveryLocation[], state: DeliveryLocationsState): DeliveryLocationsEvent[] {
  if (list.length === 0) throw validation('delivery.locations_empty', 'A location list without locations is refused (a broken feed)', 'locations');
  if (list.length > LOCATION_LIMITS.locations) throw validation('delivery.locations_too_many', `At most ${LOCATION_LIMITS.locations} locations`, 'locations');
  const next = new Map<string, DeliveryLocation>();
  for (const raw of list) {
    const location = cleanLocation(providerId, raw);
    if (next.has(location.id)) throw validation('delivery.location_duplicate', `Location ${location.id} is listed twice`, 'locations');
    next.set(location.id, location);
  }
  const events: DeliveryLocationsEvent[] = [];
  let added = 0;
  let changed = 0;
  let removed = 0;
  for (const location of next.values()) {
    const before = state.locations[location.id];
    if (!before) {
      events.push({ type: 'DeliveryLocationAdded', data: { providerId, location } });
      added++;
    } else if (!sameLocation(before, location)) {
      events.push({ type: 'DeliveryLocationChanged', data: { providerId, location } });
      changed++;
    }
  }
  for (const locationId of Object.keys(state.locations).sort()) {
    if (!next.has(locationId)) {
      events.push({ type: 'DeliveryLocationRemoved', data: { providerId, locationId } });
      removed++;
    }
  }
  // Nothing changed: no event, except the marker that a live feed now backs a list that came from a snapshot.
  if (events.length === 0 && !(source === 'feed' && !state.fedFromFeed)) return [];
  events.push({ type: 'DeliveryLocationsRefreshed', data: { providerId, source, offered: next.size, added, changed, removed } });
  return events;
}

/** Pure decision for one command. @throws DomainError (validation), see `refresh`. */
export function decide(command: DeliveryLocationsCommand, state: DeliveryLocationsState): DeliveryLocationsEvent[] {
  const { providerId } = command.data;
  if (!isDeliveryProviderId(providerId) || !DELIVERY_PROVIDERS[providerId].locations) {
    throw validation('delivery.provider_unknown', `${providerId} is not a delivery provider with locations`, 'providerId');
  }
  switch (command.type) {
    case 'RefreshDeliveryLocations': {
      const { source } = command.data;
      if (source !== 'feed' && source !== 'snapshot') throw validation('delivery.source_unknown', 'The source is feed or snapshot', 'source');
      if (source === 'snapshot' && state.fedFromFeed) return [];
      return refresh(providerId, source, command.data.locations, state);
    }
    default:
      return assertNever(command.type);
  }
}

/** Applies one event to the state. */
export function evolve(state: DeliveryLocationsState, event: DeliveryLocationsEvent): DeliveryLocationsState {
  switch (event.type) {
    case 'DeliveryLocationAdded':
    case 'DeliveryLocationChanged':
      return { ...state, locations: { ...state.locations, [event.data.location.id]: event.data.location } };
    case 'DeliveryLocationRemoved': {
      const { [event.data.locationId]: _removed, ...rest } = state.locations;
      return { ...state, locations: rest };
    }
    case 'DeliveryLocationsRefreshed':
      return event.data.source === 'feed' ? { ...state, fedFromFeed: true } : state;
    default:
      return assertNever(event);
  }
}

export const deliveryLocationsDecider: Decider<DeliveryLocationsCommand, DeliveryLocationsEvent, DeliveryLocationsState> = { decide, evolve, initialState };
