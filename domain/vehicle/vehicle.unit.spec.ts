/** The vehicle reference's decider (AddVehicles -> VehicleAdded) as given/when/then: slugs, idempotency, errors. */
import { describe, expect, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import { type NewVehicle, slugify, type VehicleCommand, type VehicleEvent, vehicleLabel, vehicleMakeDecider } from './vehicle.js';

const add = (make: string, vehicles: NewVehicle[]): VehicleCommand => ({ type: 'AddVehicles', data: { make, vehicles }, metadata: { now: '2026-11-28T10:00:00.000Z' } });
const mgb: NewVehicle = { model: 'MGB', from: '1962-05', to: '1980-10', source: 'classic' };
const added = (over: Partial<VehicleEvent['data']>): VehicleEvent => ({
  type: 'VehicleAdded',
  data: { vehicleId: 'mg.mgb.1962-1980', make: 'MG', makeSlug: 'mg', model: 'MGB', modelSlug: 'mgb', generation: null, generationSlug: '1962-1980', from: '1962-05', to: '1980-10', bodyStyles: [], source: 'classic', ...over },
});
const reference = spec(vehicleMakeDecider);

describe('AddVehicles', () => {
  it('adds a vehicle with its URL form make.model.generation', () => {
    reference.when(add(' MG ', [mgb])).then([added({})]);
  });
  it('a generation code leads its slug; an open end reads "on"', () => {
    reference.when(add('Mazda', [{ model: 'MX-5', generation: 'ND', from: '2015-04', to: null, source: 'eparts' }])).then([
      added({ vehicleId: 'mazda.mx-5.nd-2015-on', make: 'Mazda', makeSlug: 'mazda', model: 'MX-5', modelSlug: 'mx-5', generation: 'ND', generationSlug: 'nd-2015-on', from: '2015-04', to: null, source: 'eparts' }),
    ]);
  });
  it('the same vehicle again decides nothing (set-up runs twice)', () => {
    reference.given([added({})]).when(add('mg', [mgb, mgb])).then([]);
  });
  it('two ranges with the same years get distinct slugs; a model keeps its first spelling', () => {
    reference.given([added({})]).when(add('MG', [{ model: 'mgb', from: '1962-09', to: '1980-12', source: 'staff' }])).then([
      added({ vehicleId: 'mg.mgb.1962-1980-2', generationSlug: '1962-1980-2', from: '1962-09', to: '1980-12', source: 'staff' }),
    ]);
  });
  it('refuses a bad make, model, range or source', () => {
    reference.when(add('  ', [mgb])).thenThrows('vehicle.make_invalid', 'validation');
    reference.when(add('MG', [{ ...mgb, model: '!!' }])).thenThrows('vehicle.model_invalid');
    reference.when(add('MG', [{ ...mgb, from: '1962-13' }])).thenThrows('vehicle.range_invalid');
    reference.when(add('MG', [{ ...mgb, to: '1960-01' }])).thenThrows('vehicle.range_invalid');
    reference.when(add('MG', [{ ...mgb, source: 'guess' as never }])).thenThrows('vehicle.source_invalid');
    reference.given([added({})]).when(add('Triumph', [mgb])).thenThrows('vehicle.make_invalid');
  });
});

describe('slugs and labels', () => {
  it('slugify folds diacritics, case and punctuation', () => {
    expect(slugify('Citroën C4 Aircross')).toBe('citroen-c4-aircross');
    expect(slugify('2000/2500')).toBe('2000-2500');
    expect(slugify('S&M')).toBe('s-and-m');
  });
  it('labels show make, model, code and years', () => {
    expect(vehicleLabel({ make: 'MG', model: 'MGB', generation: null, from: '1962-05', to: '1980-10' })).toBe('MG MGB (1962-1980)');
    expect(vehicleLabel({ make: 'Mazda', model: 'MX-5', generation: 'ND', from: '2015-04', to: null })).toBe('Mazda MX-5 ND (2015-)');
  });
});
