import { describe, expect, it } from 'vitest';
import type { AdminFilter } from '../../../../../api/contracts/admin-filters';
import { changedFilters, toForm } from './filter-form';

const facet = (name: string, over: Partial<AdminFilter> = {}): AdminFilter => ({
  name,
  label: { et: '', en: '' },
  shown: true,
  position: null,
  hideWhenEmptyIn: [],
  version: 1,
  values: [{ value: 'Black', count: 2, label: { et: 'Must', en: 'Black' } }, { value: '1.5', count: 1, label: { et: '', en: '' } }],
  ...over,
});

describe('changedFilters (FilterList save)', () => {
  it('sends nothing when nothing changed, also for labels whose keys came back in another order', () => {
    const loaded = [facet('Colour', { label: { en: 'Colour', et: 'Värv' } as never, position: 0 }), facet('Side', { position: 5 })];
    expect(changedFilters(loaded, toForm(loaded))).toBeNull();
  });

  it('sends only the facet whose label, shown or value label changed, values without text left out', () => {
    const loaded = [facet('Colour'), facet('Side')];
    const form = toForm(loaded);
    form.filters[1]!.label.et = ' Pool ';
    form.filters[1]!.values[1]!.label.et = 'Poolteist';
    expect(changedFilters(loaded, form)).toEqual({
      filters: [{ name: 'Side', label: { et: 'Pool', en: '' }, values: { Black: { et: 'Must', en: 'Black' }, '1.5': { et: 'Poolteist', en: '' } }, shown: true, position: null, version: 1 }],
    });
    const hidden = toForm(loaded);
    hidden.filters[0]!.shown = false;
    expect(changedFilters(loaded, hidden)?.filters.map((f) => [f.name, f.shown])).toEqual([['Colour', false]]);
  });

  it('places every facet at its index once the order changed', () => {
    const loaded = [facet('Colour'), facet('Side'), facet('Kit')];
    const form = toForm(loaded);
    form.filters = [form.filters[1]!, form.filters[0]!, form.filters[2]!];
    expect(changedFilters(loaded, form)?.filters.map((f) => [f.name, f.position])).toEqual([['Side', 0], ['Colour', 1], ['Kit', 2]]);
  });

  it("sends the 'hide when its count is 0' categories only when they changed, sorted (spec 9)", () => {
    const A = '0f5c2a3e-1b2c-4d5e-8f90-a1b2c3d4e5f6';
    const B = '7a1b2c3d-4e5f-4a6b-9c8d-0e1f2a3b4c5d';
    const loaded = [facet('Marque', { hideWhenEmptyIn: [A, B] }), facet('Side')];
    const same = toForm(loaded);
    same.filters[0]!.hideWhenEmptyIn = [B, A];
    expect(changedFilters(loaded, same)).toBeNull();
    const form = toForm(loaded);
    form.filters[0]!.hideWhenEmptyIn = [B];
    form.filters[1]!.label.et = 'Pool';
    expect(changedFilters(loaded, form)?.filters.map((f) => [f.name, f.hideWhenEmptyIn])).toEqual([['Marque', [B]], ['Side', undefined]]);
  });
});
