import { describe, expect, it } from 'vitest';
import { type FilterLabelMap, labelFilter, shownFacets } from './filter-labels.js';

const facet = (name: string) => ({ name, options: { a: 1 } });
const labels = (entries: [string, { shown?: boolean; position?: number | null; et?: string }][]): FilterLabelMap =>
  new Map(entries.map(([name, s]) => [name, { name, label: { et: s.et ?? '', en: '' }, values: {}, shown: s.shown, position: s.position }]));

describe('shownFacets (spec 2 FilterList)', () => {
  it('keeps the listing order when nothing is set', () => {
    expect(shownFacets([facet('B'), facet('A'), facet('C')], new Map()).map((f) => f.name)).toEqual(['B', 'A', 'C']);
  });

  it('drops hidden facets', () => {
    expect(shownFacets([facet('B'), facet('A'), facet('C')], labels([['A', { shown: false }]])).map((f) => f.name)).toEqual(['B', 'C']);
  });

  it('puts placed facets first by position (0 first), the others after in their own order', () => {
    const map = labels([['C', { position: 0 }], ['A', { position: 5 }], ['B', { position: null }]]);
    expect(shownFacets([facet('B'), facet('A'), facet('D'), facet('C')], map).map((f) => f.name)).toEqual(['C', 'A', 'B', 'D']);
  });

  it('a hidden facet stays hidden whatever its position; equal positions keep the listing order', () => {
    const map = labels([['A', { position: 1, shown: false }], ['B', { position: 2 }], ['C', { position: 2 }]]);
    expect(shownFacets([facet('C'), facet('A'), facet('B')], map).map((f) => f.name)).toEqual(['C', 'B']);
  });

  it('labels a facet in the language, falling back to its own name', () => {
    expect(labelFilter(facet('Colour'), labels([['Colour', { et: 'Värv' }]]), 'et').label).toBe('Värv');
    expect(labelFilter(facet('Side'), new Map(), 'et').label).toBe('Side');
  });
});
