/**
 * My garage (docs/architecture.md "Vehicle fitment"): a stored garage is read leniently (local storage is input too), vehicles are
 * added newest first up to the limit, one is active, removing the active one leaves none; `?v=` is read only when
 * well-formed and a vehicle change rewrites the query (`page` dropped, `unknown` only with a vehicle).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GARAGE_KEY, GARAGE_LIMIT, garage, parseGarage } from './store';
import { searchWithVehicle, vehicleParamOf } from './use-vehicle';

const data = new Map<string, string>();
beforeEach(() => {
  data.clear();
  vi.stubGlobal('localStorage', { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) });
  garage.reset();
});
afterEach(() => vi.unstubAllGlobals());

describe('parseGarage', () => {
  it('keeps well-formed vehicles once, drops the rest and a dangling active id', () => {
    const raw = JSON.stringify({
      vehicles: [{ id: 'mg.mgb.1962-1980', label: 'MG MGB (1962-1980)' }, { id: 'mg.mgb.1962-1980', label: 'again' }, { id: '<script>' }, { id: 'triumph.tr6.1972', label: 5 }, null],
      active: 'nope.nope.1999',
    });
    expect(parseGarage(raw)).toEqual({
      vehicles: [{ id: 'mg.mgb.1962-1980', label: 'MG MGB (1962-1980)' }, { id: 'triumph.tr6.1972', label: '' }],
      active: null,
      pickerOpen: false,
    });
  });

  it('gives an empty garage for garbage', () => {
    for (const raw of [null, '', '{', '[]', '"x"', '{"vehicles":"x"}']) expect(parseGarage(raw)).toMatchObject({ vehicles: [], active: null });
  });
});

describe('garage actions', () => {
  it('adds newest first, activates, keeps at most the limit, and stores at once', () => {
    garage.activate('mg.mgb.1962-1980', 'MG MGB (1962-1980)');
    garage.activate('triumph.tr6.1972');
    expect(garage.get().vehicles.map((v) => v.id)).toEqual(['triumph.tr6.1972', 'mg.mgb.1962-1980']);
    expect(garage.get().active).toBe('triumph.tr6.1972');
    expect(JSON.parse(data.get(GARAGE_KEY)!)).toEqual({ vehicles: garage.get().vehicles, active: 'triumph.tr6.1972' });
    garage.activate('mg.mgb.1962-1980');
    expect(garage.get().vehicles.map((v) => v.id)).toEqual(['triumph.tr6.1972', 'mg.mgb.1962-1980']); // no duplicate, no reorder
    for (let year = 1960; year < 1960 + GARAGE_LIMIT; year++) garage.activate(`mg.mga.${year}`);
    expect(garage.get().vehicles).toHaveLength(GARAGE_LIMIT);
    garage.activate('not a vehicle');
    expect(garage.get().active).toBe(`mg.mga.${1960 + GARAGE_LIMIT - 1}`);
  });

  it('removing the active vehicle leaves none active; a name is recorded once known', () => {
    garage.activate('triumph.tr6.1972');
    garage.setLabel('triumph.tr6.1972', 'Triumph TR6 1972');
    expect(garage.get().vehicles).toEqual([{ id: 'triumph.tr6.1972', label: 'Triumph TR6 1972' }]);
    garage.remove('triumph.tr6.1972');
    expect(garage.get()).toMatchObject({ vehicles: [], active: null });
  });
});

describe('the URL', () => {
  it('reads v= only when well-formed', () => {
    expect(vehicleParamOf(new URLSearchParams('v=mg.mgb.1962-1980'))).toBe('mg.mgb.1962-1980');
    expect(vehicleParamOf(new URLSearchParams('v=triumph.tr6.1972'))).toBe('triumph.tr6.1972');
    for (const bad of ['v=MG.MGB.1962', 'v=mg.mgb', 'v=mg.mgb.62', `v=${'a'.repeat(300)}.b.1970`, 'v=']) expect(vehicleParamOf(new URLSearchParams(bad))).toBeNull();
  });

  it('sets or drops v, dropping the page, and unknown=1 only with a vehicle', () => {
    expect(searchWithVehicle('?c=1&page=3&unknown=1', 'mg.mgb.1962-1980')).toBe('?c=1&unknown=1&v=mg.mgb.1962-1980');
    expect(searchWithVehicle('?v=mg.mgb.1962-1980&unknown=1&page=2', null)).toBe('');
  });
});
