import { describe, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import { type DeliveryLocation, deliveryLocationsDecider, type DeliveryLocationsCommand, type DeliveryLocationsEvent, type LocationSource } from './locations.js';

const now = '2026-11-22T10:00:00.000Z';
const loc = (id: string, name = `Machine ${id}`, city = 'Tallinn'): DeliveryLocation => ({ id, name, country: 'EE', city, address: 'Pärnu mnt 1', postalCode: null });
const refresh = (locations: DeliveryLocation[], source: LocationSource = 'feed', providerId: DeliveryLocationsCommand['data']['providerId'] = 'omniva-parcel'): DeliveryLocationsCommand => ({
  type: 'RefreshDeliveryLocations',
  data: { providerId, source, locations },
  metadata: { now },
});
const added = (l: DeliveryLocation): DeliveryLocationsEvent => ({ type: 'DeliveryLocationAdded', data: { providerId: 'omniva-parcel', location: l } });
const changed = (l: DeliveryLocation): DeliveryLocationsEvent => ({ type: 'DeliveryLocationChanged', data: { providerId: 'omniva-parcel', location: l } });
const removed = (locationId: string): DeliveryLocationsEvent => ({ type: 'DeliveryLocationRemoved', data: { providerId: 'omniva-parcel', locationId } });
const refreshed = (source: LocationSource, offered: number, a: number, c: number, r: number): DeliveryLocationsEvent => ({
  type: 'DeliveryLocationsRefreshed',
  data: { providerId: 'omniva-parcel', source, offered, added: a, changed: c, removed: r },
});
const decider = spec(deliveryLocationsDecider);

describe('RefreshDeliveryLocations', () => {
  it('a first list adds every location and closes with the refresh marker', () => {
    decider.when(refresh([loc('1'), loc('2')])).then([added(loc('1')), added(loc('2')), refreshed('feed', 2, 2, 0, 0)]);
  });

  it('an unchanged list decides no event', () => {
    decider.given([added(loc('1')), added(loc('2')), refreshed('feed', 2, 2, 0, 0)]).when(refresh([loc('2'), loc('1')])).then([]);
  });

  it('records only what changed: a new location, a renamed one, and one gone from the feed', () => {
    decider
      .given([added(loc('1')), added(loc('2')), added(loc('3')), refreshed('feed', 3, 3, 0, 0)])
      .when(refresh([loc('1'), loc('2', 'Machine 2 (moved)'), loc('4')]))
      .then([changed(loc('2', 'Machine 2 (moved)')), added(loc('4')), removed('3'), refreshed('feed', 3, 1, 1, 1)]);
  });

  it('a location that disappears and comes back is added again', () => {
    decider
      .given([added(loc('1')), added(loc('2')), refreshed('feed', 2, 2, 0, 0), removed('2'), refreshed('feed', 1, 0, 0, 1)])
      .when(refresh([loc('1'), loc('2')]))
      .then([added(loc('2')), refreshed('feed', 2, 1, 0, 0)]);
  });

  it('trims text and upper-cases the country before comparing', () => {
    const messy = { ...loc('1'), id: ' 1 ', name: '  Machine   1 ', country: 'ee' as never };
    decider.given([added(loc('1')), refreshed('feed', 1, 1, 0, 0)]).when(refresh([messy])).then([]);
  });

  it('a snapshot seeds an empty stream, and never overrides a list a live feed gave', () => {
    decider.when(refresh([loc('1')], 'snapshot')).then([added(loc('1')), refreshed('snapshot', 1, 1, 0, 0)]);
    decider.given([added(loc('1')), added(loc('2')), refreshed('feed', 2, 2, 0, 0)]).when(refresh([loc('1')], 'snapshot')).then([]);
  });

  it('a snapshot replaces a list that came from an older snapshot', () => {
    decider.given([added(loc('1')), refreshed('snapshot', 1, 1, 0, 0)]).when(refresh([loc('2')], 'snapshot')).then([added(loc('2')), removed('1'), refreshed('snapshot', 1, 1, 0, 1)]);
  });

  it('a live feed that confirms a snapshot list records only the marker, once', () => {
    const seeded = [added(loc('1')), refreshed('snapshot', 1, 1, 0, 0)];
    decider.given(seeded).when(refresh([loc('1')])).then([refreshed('feed', 1, 0, 0, 0)]);
    decider.given([...seeded, refreshed('feed', 1, 0, 0, 0)]).when(refresh([loc('1')])).then([]);
  });

  it('refuses an empty list (a broken feed), duplicates, rows without id or name, and countries the provider does not serve', () => {
    decider.given([added(loc('1')), refreshed('feed', 1, 1, 0, 0)]).when(refresh([])).thenThrows('delivery.locations_empty', 'validation');
    decider.when(refresh([loc('1'), loc('1', 'again')])).thenThrows('delivery.location_duplicate', 'validation');
    decider.when(refresh([loc('')])).thenThrows('delivery.location_invalid', 'validation');
    decider.when(refresh([{ ...loc('1'), name: ' ' }])).thenThrows('delivery.location_invalid', 'validation');
    decider.when(refresh([{ ...loc('1'), country: 'LV' }], 'feed', 'itella-ee-parcel')).thenThrows('delivery.location_country_invalid', 'validation');
  });

  it('refuses providers without locations and unknown providers', () => {
    decider.when(refresh([loc('1')], 'feed', 'omniva-courier')).thenThrows('delivery.provider_unknown', 'validation');
    decider.when(refresh([loc('1')], 'feed', 'dhl' as never)).thenThrows('delivery.provider_unknown', 'validation');
  });
});
