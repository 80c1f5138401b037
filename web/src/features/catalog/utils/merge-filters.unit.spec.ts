import { describe, expect, it } from 'vitest';
import type { Filter } from '../../../../../api/contracts/catalog';
import { mergeFilters } from './merge-filters';

const marque: Filter = { name: 'Marque', label: 'Automark', options: { MG: 3, Triumph: 1 }, optionLabels: { MG: 'MG', Triumph: 'Triumph' } };
const side: Filter = { name: 'Side', label: 'Pool', options: { Left: 2 }, optionLabels: { Left: 'Vasak' } };

describe('mergeFilters (the filter panel)', () => {
  it('adds applied values the answer does not count, at 0', () => {
    const out = mergeFilters([side], { Marque: ['MG'] });
    expect(out.map((f) => [f.name, f.options])).toEqual([['Side', { Left: 2 }], ['Marque', { MG: 0 }]]);
  });

  it("leaves out a facet set to hide when its count is 0 (spec 9) while the listing counts none of its values, even applied", () => {
    expect(mergeFilters([side], { Marque: ['MG'] }, ['Marque']).map((f) => f.name)).toEqual(['Side']);
    expect(mergeFilters([side, { ...marque, options: { MG: 0 } }], {}, ['Marque']).map((f) => f.name)).toEqual(['Side']);
  });

  it('keeps such a facet while any of its values counts, and other facets at 0 as before', () => {
    expect(mergeFilters([marque], { Marque: ['Rover'] }, ['Marque'])[0]!.options).toEqual({ MG: 3, Triumph: 1, Rover: 0 });
    expect(mergeFilters([], { Side: ['Right'] }, ['Marque']).map((f) => [f.name, f.options])).toEqual([['Side', { Right: 0 }]]);
  });
});
