import { describe, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import { filterDecider, MAX_FILTER_POSITION, MAX_HIDE_WHEN_EMPTY_CATEGORIES, MAX_FILTER_TEXT, MAX_FILTER_VALUES, type FilterCommand, type FilterEvent } from './filter.js';

const filter = spec(filterDecider);
const set = (data: Extract<FilterCommand, { type: 'SetFilterLabels' }>['data']): FilterCommand => ({ type: 'SetFilterLabels', data, metadata: { now: '2026-11-22T10:00:00.000Z' } });
const colour: FilterEvent = {
  type: 'FilterLabelsChanged',
  data: { name: 'Colour', label: { et: 'Värv', en: 'Colour' }, values: { Black: { et: 'Must', en: 'Black' }, Red: { et: 'Punane', en: 'Red' } } },
};

describe('SetFilterLabels', () => {
  it('records the labels trimmed, values in a stable order, a missing language as empty', () => {
    filter
      .when(set({ name: ' Colour ', label: { et: ' Värv ', en: 'Colour' }, values: { Red: { et: 'Punane', en: 'Red' }, Black: { et: 'Must', en: 'Black' } } }))
      .then([colour]);
    filter
      .when(set({ name: 'Kit', label: { et: 'Komplekt' }, values: {} }))
      .then([{ type: 'FilterLabelsChanged', data: { name: 'Kit', label: { et: 'Komplekt', en: '' }, values: {} } }]);
  });

  it('decides nothing for the same labels stored with their keys in another order (jsonb), and replaces them when they differ', () => {
    const reordered: FilterEvent = { type: 'FilterLabelsChanged', data: { name: 'Colour', values: { Red: { en: 'Red', et: 'Punane' }, Black: { en: 'Black', et: 'Must' } }, label: { en: 'Colour', et: 'Värv' } } };
    filter.given([reordered]).when(set({ name: 'Colour', label: { et: 'Värv', en: 'Colour' }, values: { Black: { et: 'Must', en: 'Black' }, Red: { et: 'Punane', en: 'Red' } } })).then([]);
  });

  it('decides nothing for the same labels, and replaces them when they differ', () => {
    filter.given([colour]).when(set({ name: 'Colour', label: { et: 'Värv', en: 'Colour' }, values: { Black: { et: 'Must', en: 'Black' }, Red: { et: 'Punane', en: 'Red' } } })).then([]);
    filter
      .given([colour])
      .when(set({ name: 'Colour', label: { et: 'Värv', en: 'Colour' }, values: { Black: { et: 'Must', en: 'Black' } } }))
      .then([{ type: 'FilterLabelsChanged', data: { name: 'Colour', label: { et: 'Värv', en: 'Colour' }, values: { Black: { et: 'Must', en: 'Black' } } } }]);
  });

  it('rejects a missing name, a label without text, an empty value and text that is not text', () => {
    filter.when(set({ name: '  ', label: { et: 'Värv' }, values: {} })).thenThrows('filter.name_missing', 'validation');
    filter.when(set({ name: 'Colour', label: { et: ' ', en: '' }, values: {} })).thenThrows('filter.label_missing', 'validation');
    filter.when(set({ name: 'Colour', label: { et: 'Värv' }, values: { Black: {} } })).thenThrows('filter.label_missing', 'validation');
    filter.when(set({ name: 'Colour', label: { et: 'Värv' }, values: { ' ': { et: 'Must' } } })).thenThrows('filter.text_invalid', 'validation');
    filter.when(set({ name: 'Colour', label: { et: 42 as unknown as string }, values: {} })).thenThrows('filter.text_invalid', 'validation');
  });

  it('rejects text over the length limit and too many values', () => {
    filter.when(set({ name: 'Colour', label: { et: 'x'.repeat(MAX_FILTER_TEXT + 1) }, values: {} })).thenThrows('filter.text_too_long');
    const values = Object.fromEntries(Array.from({ length: MAX_FILTER_VALUES + 1 }, (_, i) => [`v${i}`, { et: `v${i}` }]));
    filter.when(set({ name: 'Colour', label: { et: 'Värv' }, values })).thenThrows('filter.too_many_values');
  });
});

const meta = { now: '2026-11-22T10:00:00.000Z' };
const shown = (name: string, value: boolean): FilterCommand => ({ type: 'SetFilterShown', data: { name, shown: value }, metadata: meta });
const position = (name: string, value: number | null): FilterCommand => ({ type: 'SetFilterPosition', data: { name, position: value }, metadata: meta });

describe('SetFilterShown', () => {
  it('hides a shown facet (also one without labels) and shows it again; the same state decides nothing', () => {
    filter.when(shown('Height [mm]', false)).then([{ type: 'FilterHidden', data: { name: 'Height [mm]' } }]);
    filter.when(shown('Colour', true)).then([]);
    filter.given([colour, { type: 'FilterHidden', data: { name: 'Colour' } }]).when(shown(' Colour ', true)).then([{ type: 'FilterShown', data: { name: 'Colour' } }]);
    filter.given([{ type: 'FilterHidden', data: { name: 'Colour' } }]).when(shown('Colour', false)).then([]);
  });

  it('rejects a value that is not a boolean', () => {
    filter.when({ type: 'SetFilterShown', data: { name: 'Colour', shown: 'no' as unknown as boolean }, metadata: meta }).thenThrows('filter.shown_invalid', 'validation');
  });
});

describe('SetFilterPosition', () => {
  it('places a facet, moves it, and clears the place; the same place decides nothing', () => {
    filter.when(position('Colour', 0)).then([{ type: 'FilterPositionSet', data: { name: 'Colour', position: 0 } }]);
    filter.given([{ type: 'FilterPositionSet', data: { name: 'Colour', position: 0 } }]).when(position('Colour', 0)).then([]);
    filter.given([{ type: 'FilterPositionSet', data: { name: 'Colour', position: 0 } }]).when(position('Colour', 3)).then([{ type: 'FilterPositionSet', data: { name: 'Colour', position: 3 } }]);
    filter.given([{ type: 'FilterPositionSet', data: { name: 'Colour', position: 3 } }]).when(position('Colour', null)).then([{ type: 'FilterPositionSet', data: { name: 'Colour', position: null } }]);
    filter.when(position('Colour', null)).then([]);
  });

  it('rejects negative, fractional and huge positions', () => {
    for (const bad of [-1, 1.5, MAX_FILTER_POSITION + 1, Number.NaN]) filter.when(position('Colour', bad)).thenThrows('filter.position_invalid', 'validation');
  });

  it('keeps labels, shown and position apart: new labels leave a hidden, placed facet hidden and placed', () => {
    filter
      .given([{ type: 'FilterHidden', data: { name: 'Colour' } }, { type: 'FilterPositionSet', data: { name: 'Colour', position: 2 } }, colour])
      .when(shown('Colour', false))
      .then([]);
    filter
      .given([{ type: 'FilterHidden', data: { name: 'Colour' } }, colour])
      .when(set({ name: 'Colour', label: { et: 'Värv', en: 'Colour' }, values: { Black: { et: 'Must', en: 'Black' }, Red: { et: 'Punane', en: 'Red' } } }))
      .then([]);
  });
});

const A = '0f5c2a3e-1b2c-4d5e-8f90-a1b2c3d4e5f6';
const B = '7a1b2c3d-4e5f-4a6b-9c8d-0e1f2a3b4c5d';
const hideIn = (name: string, categoryIds: string[]): FilterCommand => ({ type: 'SetFilterHiddenWhenEmpty', data: { name, categoryIds }, metadata: meta });

describe('SetFilterHiddenWhenEmpty (spec 9: a facet hidden when its count is 0, per category)', () => {
  it('records the categories sorted and each once; the same set in another order decides nothing; an empty set clears it', () => {
    filter.when(hideIn(' Marque ', [B, A, B])).then([{ type: 'FilterHiddenWhenEmptyChanged', data: { name: 'Marque', categoryIds: [A, B].sort() } }]);
    const given: FilterEvent = { type: 'FilterHiddenWhenEmptyChanged', data: { name: 'Marque', categoryIds: [A, B].sort() } };
    filter.given([given]).when(hideIn('Marque', [B, A])).then([]);
    filter.given([given]).when(hideIn('Marque', [A])).then([{ type: 'FilterHiddenWhenEmptyChanged', data: { name: 'Marque', categoryIds: [A] } }]);
    filter.given([given]).when(hideIn('Marque', [])).then([{ type: 'FilterHiddenWhenEmptyChanged', data: { name: 'Marque', categoryIds: [] } }]);
    filter.when(hideIn('Marque', [])).then([]);
  });

  it('rejects what is not a lower-case category uuid, a list that is not a list and too many categories', () => {
    filter.when(hideIn('Marque', ['237'])).thenThrows('filter.category_invalid', 'validation');
    filter.when(hideIn('Marque', [A.toUpperCase()])).thenThrows('filter.category_invalid', 'validation');
    filter.when(hideIn('Marque', [42 as unknown as string])).thenThrows('filter.category_invalid', 'validation');
    filter.when(hideIn('Marque', 'x' as unknown as string[])).thenThrows('filter.category_invalid', 'validation');
    filter.when(hideIn('Marque', Array.from({ length: MAX_HIDE_WHEN_EMPTY_CATEGORIES + 1 }, () => A))).thenThrows('filter.too_many_categories', 'validation');
  });

  it('keeps the rule apart from labels, shown and position', () => {
    filter
      .given([{ type: 'FilterHiddenWhenEmptyChanged', data: { name: 'Colour', categoryIds: [A] } }, colour, { type: 'FilterHidden', data: { name: 'Colour' } }])
      .when(hideIn('Colour', [A]))
      .then([]);
  });
});
