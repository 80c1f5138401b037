import { describe, expect, it } from 'vitest';
import type { DeliveryLocation, DeliveryLocationsEvent } from '../../domain/delivery/locations.js';
import { applyDeliveryEvent, emptyChanges } from './projection.js';

const loc = (id: string, name = `Machine ${id}`): DeliveryLocation => ({ id, name, country: 'EE', city: 'Tartu', address: 'Riia 1', postalCode: '51004' });
const added = (l: DeliveryLocation): DeliveryLocationsEvent => ({ type: 'DeliveryLocationAdded', data: { providerId: 'omniva-parcel', location: l } });
const removed = (id: string): DeliveryLocationsEvent => ({ type: 'DeliveryLocationRemoved', data: { providerId: 'omniva-parcel', locationId: id } });
const fold = (events: DeliveryLocationsEvent[]) => events.reduce((c, e, i) => applyDeliveryEvent(c, e, `2026-11-22T10:00:0${i}.000Z`), emptyChanges());

describe('delivery projection', () => {
  it('an added location becomes an offered row', () => {
    const c = fold([added(loc('1'))]);
    expect([...c.upserts.values()]).toEqual([
      { provider_id: 'omniva-parcel', location_id: '1', name: 'Machine 1', country: 'EE', city: 'Tartu', address: 'Riia 1', postal_code: '51004', offered: true, changed_at: '2026-11-22T10:00:00.000Z' },
    ]);
    expect(c.removals.size).toBe(0);
  });

  it('a removal of a row outside the batch marks it not offered; inside the batch it updates the row', () => {
    const outside = fold([removed('9')]);
    expect([...outside.removals.values()]).toEqual([{ provider_id: 'omniva-parcel', location_id: '9', changed_at: '2026-11-22T10:00:00.000Z' }]);
    const inside = fold([added(loc('1')), removed('1')]);
    expect(inside.upserts.get('omniva-parcel\u00001')!.offered).toBe(false);
    expect(inside.removals.size).toBe(0);
  });

  it('removed and added again in one batch: offered, no pending removal', () => {
    const c = fold([removed('1'), added(loc('1', 'Back again'))]);
    expect(c.removals.size).toBe(0);
    expect(c.upserts.get('omniva-parcel\u00001')).toMatchObject({ name: 'Back again', offered: true });
  });

  it('the refresh marker updates the provider row', () => {
    const c = fold([{ type: 'DeliveryLocationsRefreshed', data: { providerId: 'omniva-po', source: 'snapshot', offered: 84, added: 84, changed: 0, removed: 0 } }]);
    expect([...c.providers.values()]).toEqual([{ provider_id: 'omniva-po', source: 'snapshot', offered: 84, refreshed_at: '2026-11-22T10:00:00.000Z' }]);
  });
});
