import { describe, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import { filterDecider, MAX_FILTER_TEXT, MAX_FILTER_VALUES, type FilterCommand, type FilterEvent } from './filter.js';

const filter = spec(filterDecider);
const set = (data: FilterCommand['data']): FilterCommand => ({ type: 'SetFilterLabels', data, metadata: { now: '2026-11-22T10:00:00.000Z' } });
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
