/**
 * The fitment decider on the product stream (ChangeProductFitment -> ProductFitmentChanged) as given/when/then,
 * and the three-state answer: ranges by month, open-ended generations, universal and not vehicle-specific parts.
 */
import { describe, expect, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import { productDecider, type ProductCommand, type ProductEvent } from '../product/product.js';
import { type Application, answerFitment, applicationCovers, type ChosenVehicle, decideFitmentChange, type Fitment, UNKNOWN_FITMENT } from './fitment.js';

const NOW = '2026-11-28T10:00:00.000Z';
const ID = 'p-1';
const STAFF = 'user-7';

const created: ProductEvent = {
  type: 'ProductCreated',
  data: { productId: ID, code1: 'GHF123', code2: null, names: { et: 'Pidurikettad', en: 'Brake discs' }, descriptions: { et: '', en: '' }, unit: 'pcs', productClass: 'product', bigProduct: false },
};
const change = (data: Extract<ProductCommand, { type: 'ChangeProductFitment' }>['data']['change'], userId: string | null = STAFF): ProductCommand => ({
  type: 'ChangeProductFitment',
  data: { productId: ID, change: data },
  metadata: { now: NOW, userId },
});
const changed = (data: Omit<Extract<ProductEvent, { type: 'ProductFitmentChanged' }>['data'], 'productId' | 'changedBy'>, changedBy: string | null = STAFF): ProductEvent => ({
  type: 'ProductFitmentChanged',
  data: { productId: ID, ...data, changedBy },
});

const mgb: Application = { kind: 'generation', make: 'mg', model: 'mgb', generation: '1962-1980', from: '1962-05', to: '1980-10', label: 'MG MGB (1962-1980)' };
const tr6Years: Application = { kind: 'years', make: 'triumph', model: 'tr6', fromYear: 1973, toYear: 1976, label: 'Triumph TR6 (1973-1976)' };
const allTriumph: Application = { kind: 'make', make: 'triumph', label: 'Triumph' };
const miataModel: Application = { kind: 'model', make: 'mazda', model: 'mx-5-miata', label: 'Mazda MX-5 Miata' };
const mx5Nd: Application = { kind: 'generation', make: 'mazda', model: 'mx-5', generation: 'nd-2015-on', from: '2015-04', to: null, label: 'Mazda MX-5 ND (2015-)' };

const product = spec(productDecider);
const withMgb = () => product.given([created, changed({ modeBefore: 'unknown', modeAfter: 'applications', added: [mgb], removed: [], reason: 'catalogue' })]);

describe('ChangeProductFitment', () => {
  it('adds applications to a product without fitment: unknown -> applications, by whom and why', () => {
    product.given([created]).when(change({ add: [mgb, tr6Years], reason: ' From the supplier catalogue ' })).then([
      changed({ modeBefore: 'unknown', modeAfter: 'applications', added: [mgb, tr6Years], removed: [], reason: 'From the supplier catalogue' }),
    ]);
  });

  it('adding an application already there decides nothing (an import run twice appends nothing)', () => {
    withMgb().when(change({ add: [{ ...mgb, label: 'another label' }], reason: 'again' })).then([]);
  });

  it('removes an application; removing the last makes the fitment unknown again', () => {
    withMgb().when(change({ remove: [mgb], reason: 'wrong' })).then([changed({ modeBefore: 'applications', modeAfter: 'unknown', added: [], removed: [mgb], reason: 'wrong' })]);
  });

  it('removing an application the product does not have decides nothing', () => {
    withMgb().when(change({ remove: [tr6Years], reason: 'x' })).then([]);
  });

  it('replace removes every application and adds the new ones; one kept by the replace is neither removed nor added', () => {
    withMgb().when(change({ replace: true, add: [mgb, allTriumph], reason: 'bulk replace' })).then([
      changed({ modeBefore: 'applications', modeAfter: 'applications', added: [allTriumph], removed: [], reason: 'bulk replace' }),
    ]);
    withMgb().when(change({ replace: true, add: [allTriumph], reason: 'bulk replace' })).then([
      changed({ modeBefore: 'applications', modeAfter: 'applications', added: [allTriumph], removed: [mgb], reason: 'bulk replace' }),
    ]);
  });

  it('universal fit removes the applications; setting it again decides nothing', () => {
    withMgb().when(change({ mode: 'universal', reason: 'fits all' })).then([changed({ modeBefore: 'applications', modeAfter: 'universal', added: [], removed: [mgb], reason: 'fits all' })]);
    product.given([created, changed({ modeBefore: 'unknown', modeAfter: 'universal', added: [], removed: [], reason: 'x' })]).when(change({ mode: 'universal', reason: 'y' })).then([]);
  });

  it('adding applications to a universal part makes it vehicle-specific', () => {
    product.given([created, changed({ modeBefore: 'unknown', modeAfter: 'not-vehicle-specific', added: [], removed: [], reason: 'a tool' })])
      .when(change({ add: [mgb], reason: 'it is an MGB part' }))
      .then([changed({ modeBefore: 'not-vehicle-specific', modeAfter: 'applications', added: [mgb], removed: [], reason: 'it is an MGB part' })]);
  });

  it('qualifiers are normalised and part of an application\'s identity', () => {
    const front = { ...mgb, positions: ['right', 'front'] as Application['positions'], engineCode: ' 18V ', note: '' };
    withMgb().when(change({ add: [front], reason: 'front only' })).then([
      changed({ modeBefore: 'applications', modeAfter: 'applications', added: [{ ...mgb, positions: ['front', 'right'], engineCode: '18V' }], removed: [], reason: 'front only' }),
    ]);
  });

  it('records an import or the set-up with no user', () => {
    product.given([created]).when(change({ add: [mgb], reason: 'demo' }, null)).then([changed({ modeBefore: 'unknown', modeAfter: 'applications', added: [mgb], removed: [], reason: 'demo' }, null)]);
  });

  it('refuses a change without a reason, a bad application, applications with a non-list mode, an unknown product', () => {
    product.given([created]).when(change({ add: [mgb], reason: '  ' })).thenThrows('fitment.reason_required', 'validation');
    product.given([created]).when(change({ add: [{ ...mgb, make: 'M G!' }], reason: 'x' })).thenThrows('fitment.application_invalid', 'validation');
    product.given([created]).when(change({ add: [{ ...mgb, from: '1962-13' }], reason: 'x' })).thenThrows('fitment.application_invalid');
    product.given([created]).when(change({ add: [{ ...mgb, from: '1980-01', to: '1970-01' }], reason: 'x' })).thenThrows('fitment.application_invalid');
    product.given([created]).when(change({ add: [{ ...tr6Years, fromYear: 1976, toYear: 1973 }], reason: 'x' })).thenThrows('fitment.application_invalid');
    product.given([created]).when(change({ add: [{ ...tr6Years, fromYear: 19.5 }], reason: 'x' })).thenThrows('fitment.application_invalid');
    product.given([created]).when(change({ add: [{ ...mgb, label: '' }], reason: 'x' })).thenThrows('fitment.application_invalid');
    product.given([created]).when(change({ add: [{ ...mgb, positions: ['top' as never] }], reason: 'x' })).thenThrows('fitment.application_invalid');
    product.given([created]).when(change({ add: [{ kind: 'axle' } as never], reason: 'x' })).thenThrows('fitment.application_invalid');
    product.given([created]).when(change({ mode: 'universal', add: [mgb], reason: 'x' })).thenThrows('fitment.mode_with_applications');
    product.given([created]).when(change({ mode: 'sometimes' as never, reason: 'x' })).thenThrows('fitment.mode_unknown');
    product.when(change({ add: [mgb], reason: 'x' })).thenThrows('product.not_found', 'not_found');
  });

  it('refuses more than 2000 applications', () => {
    const many = Array.from({ length: 2001 }, (_, i): Application => ({ kind: 'years', make: 'mg', model: 'mgb', fromYear: 1900 + (i % 100), toYear: 2000, note: String(i), label: 'MGB' }));
    expect(() => decideFitmentChange(UNKNOWN_FITMENT, { add: many, reason: 'x' })).toThrow(/2000/);
  });
});

describe('answerFitment: three states', () => {
  const apps = (...applications: Application[]): Fitment => ({ mode: 'applications', applications });
  const mgb1970: ChosenVehicle = { make: 'mg', model: 'mgb', year: 1970 };
  const mgbGeneration: ChosenVehicle = { make: 'mg', model: 'mgb', generation: '1962-1980', from: '1962-05', to: '1980-10' };

  it('no data is unknown, never a silent fits', () => {
    expect(answerFitment(UNKNOWN_FITMENT, mgb1970)).toEqual({ state: 'unknown' });
  });
  it('universal and not vehicle-specific parts fit every vehicle, saying why', () => {
    expect(answerFitment({ mode: 'universal', applications: [] }, mgb1970)).toEqual({ state: 'fits', reason: 'universal' });
    expect(answerFitment({ mode: 'not-vehicle-specific', applications: [] }, mgb1970)).toEqual({ state: 'fits', reason: 'not-vehicle-specific' });
  });
  it('a generation application fits that generation and the model years inside its production range', () => {
    expect(answerFitment(apps(mgb), mgbGeneration).state).toBe('fits');
    expect(answerFitment(apps(mgb), mgb1970).state).toBe('fits');
    expect(answerFitment(apps(mgb), { make: 'mg', model: 'mgb', year: 1962 }).state).toBe('fits'); // May 1962 is in 1962
    expect(answerFitment(apps(mgb), { make: 'mg', model: 'mgb', year: 1961 }).state).toBe('does-not-fit');
    expect(answerFitment(apps(mgb), { make: 'mg', model: 'mgb', year: 1981 }).state).toBe('does-not-fit');
    expect(answerFitment(apps(mgb), { make: 'mg', model: 'mgb', generation: 'gt-1965-1980', from: '1965-10', to: '1980-10' }).state).toBe('does-not-fit');
  });
  it('another make or model does not fit', () => {
    expect(answerFitment(apps(mgb), { make: 'mg', model: 'mga', year: 1960 })).toEqual({ state: 'does-not-fit' });
    expect(answerFitment(apps(mgb), { make: 'triumph', model: 'mgb', year: 1970 }).state).toBe('does-not-fit');
  });
  it('year ranges are by month: a generation fits when its production overlaps the years', () => {
    const tr6 = (from: string, to: string | null): ChosenVehicle => ({ make: 'triumph', model: 'tr6', generation: 'g', from, to });
    expect(answerFitment(apps(tr6Years), tr6('1968-01', '1976-12')).state).toBe('fits');
    expect(answerFitment(apps(tr6Years), tr6('1968-01', '1972-12')).state).toBe('does-not-fit'); // ends the month before 1973
    expect(answerFitment(apps(tr6Years), tr6('1977-01', null)).state).toBe('does-not-fit');
    expect(answerFitment(apps(tr6Years), tr6('1976-12', null)).state).toBe('fits'); // the last month of 1976
    expect(answerFitment(apps(tr6Years), { make: 'triumph', model: 'tr6', year: 1973 }).state).toBe('fits');
    expect(answerFitment(apps(tr6Years), { make: 'triumph', model: 'tr6', year: 1972 }).state).toBe('does-not-fit');
  });
  it('open-ended generations: an application of a generation still produced fits every later year', () => {
    expect(answerFitment(apps(mx5Nd), { make: 'mazda', model: 'mx-5', year: 2099 }).state).toBe('fits');
    expect(answerFitment(apps(mx5Nd), { make: 'mazda', model: 'mx-5', year: 2014 }).state).toBe('does-not-fit');
    expect(applicationCovers({ kind: 'years', make: 'mazda', model: 'mx-5', fromYear: 2030, toYear: 2031 }, { make: 'mazda', model: 'mx-5', generation: 'x', from: '2015-04', to: null })).toBe(true);
  });
  it('make and model applications cover every generation and year below them', () => {
    expect(answerFitment(apps(allTriumph), { make: 'triumph', model: 'spitfire', year: 1970 }).state).toBe('fits');
    expect(answerFitment(apps(miataModel), { make: 'mazda', model: 'mx-5-miata', generation: '1992-1997', from: '1992-01', to: '1997-12' }).state).toBe('fits');
    expect(answerFitment(apps(miataModel), { make: 'mazda', model: 'mx-5', year: 1995 }).state).toBe('does-not-fit');
  });
});
