import { describe, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import { filterDecider, MAX_FILTER_POSITION, MAX_FILTER_TEXT, MAX_FILTER_VALUES, type FilterCommand, type FilterEvent } from './filter.js';

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
