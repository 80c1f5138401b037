import { describe, expect, it } from 'vitest';
import { CountedFacet } from '../../projections/catalog/listing-facets.js';
import { type FilterLabelMap, labeledFacetsJsonText, labelFilter, shownFacets } from './filter-labels.js';

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

describe('labeledFacetsJsonText (docs/architecture.md "Caches, hot routes and recorded searches")', () => {
  // Values that JSON or object keys treat apart: integer-like keys (listed first by objects), quotes, U+2028, a lone
  // surrogate, '__proto__' and Object.prototype's names.
  const values = ['12', '3', '007', 'a"b', 'x\u2028y', '\ud800', '__proto__', 'constructor', 'toString', 'Ä', 'z', '', '1e3', '-1', '0', '4294967294', '4294967295', '99999999999'];
  const names = ['Colour', 'Side', 'Värv', 'n"q', '10', '__proto__'];
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pickOne = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];

  it('writes the same bytes as labelling the facets and JSON.stringify, for random facets and labels', () => {
    for (let round = 0; round < 300; round++) {
      const facets = names
        .filter(() => random() < 0.7)
        .map((name) => ({ name, options: Object.fromEntries(values.filter(() => random() < 0.5).map((v) => [v, Math.floor(random() * 1000)])) as Record<string, number> }));
      const map: FilterLabelMap = new Map(
        names
          .filter(() => random() < 0.6)
          .map((name) => [
            name,
            {
              name,
              label: { et: pickOne(['', 'Värv', 'a"b']), en: pickOne(['', 'Colour']) },
              values: Object.fromEntries(values.filter(() => random() < 0.5).map((v) => [v, { et: pickOne(['', 'punane', '\u2028']), en: pickOne(['', 'red']) }])),
              shown: pickOne([undefined, true, false, true]),
              position: pickOne([undefined, null, 0, 3, 3]),
            },
          ]),
      );
      // The same facets as counted for one request (listing-facets.ts CountedFacet: values in insertion order).
      const counted = facets.map((f) => {
        const inserted = values.filter((v) => Object.prototype.hasOwnProperty.call(f.options, v));
        return new CountedFacet(f.name, inserted, inserted.map((v) => f.options[v]));
      });
      expect(JSON.stringify(counted)).toBe(JSON.stringify(facets));
      for (const c of counted) expect([...c.orderedValues]).toEqual(Object.keys(c.options));
      for (const language of ['et', 'en'] as const) {
        const expected = JSON.stringify(shownFacets(facets, map).map((f) => labelFilter(f, map, language)));
        // Twice: once making the memoised pieces, once from them.
        expect(labeledFacetsJsonText(facets, map, language)).toBe(expected);
        expect(labeledFacetsJsonText(facets, map, language)).toBe(expected);
        expect(labeledFacetsJsonText(counted, map, language)).toBe(expected);
      }
    }
  });

  it('writes [] for no facets and an empty options object as {}', () => {
    expect(labeledFacetsJsonText([], new Map(), 'et')).toBe('[]');
    expect(labeledFacetsJsonText([{ name: 'A', options: {} }], new Map(), 'en')).toBe(JSON.stringify([labelFilter({ name: 'A', options: {} }, new Map(), 'en')]));
  });
});
