/**
 * menuEntryChanges (domain/menu/menu-changes.ts): what one menu save did to each entry, for the audit timeline's
 * one line per entry (added, removed, moved, renamed, changed).
 */
import { describe, expect, it } from 'vitest';
import type { MenuItem } from './menu.js';
import { menuEntryChanges } from './menu-changes.js';

const entry = (id: string, et: string, children: MenuItem[] = [], over: Partial<MenuItem> = {}): MenuItem => ({
  id,
  kind: 'page',
  label: { et, en: `${et} (en)` },
  target: `/${id}`,
  hidden: false,
  children,
  ...over,
});

const summary = (before: MenuItem[], after: MenuItem[]) => menuEntryChanges(before, after).map((c) => [c.entryId, c.kinds, c.before?.place ?? null, c.after?.place ?? null]);

describe('menuEntryChanges', () => {
  const menu = [entry('a', 'Tooted'), entry('b', 'Kontakt'), entry('c', 'Meist', [entry('c1', 'Ajalugu'), entry('c2', 'Tiim')])];

  it('says nothing for an unchanged menu', () => {
    expect(menuEntryChanges(menu, structuredClone(menu))).toEqual([]);
  });

  it('names an added entry with its place, and does not count the entries it pushed down as moved', () => {
    const after = [entry('new', 'Uudised'), ...menu];
    expect(summary(menu, after)).toEqual([['new', ['added'], null, '1']]);
    const change = menuEntryChanges(menu, after)[0]!;
    expect(change.after).toEqual({ label: { et: 'Uudised', en: 'Uudised (en)' }, place: '1', parentId: null, kind: 'page', target: '/new', hidden: false });
  });

  it('names a removed entry (and its removed children) with the place it had', () => {
    expect(summary(menu, menu.slice(0, 2))).toEqual([
      ['c', ['removed'], '3', null],
      ['c1', ['removed'], '3.1', null],
      ['c2', ['removed'], '3.2', null],
    ]);
  });

  it('moves the fewest entries: of two swapped the one moved up, the one taken from the end to the top', () => {
    expect(summary(menu, [menu[1]!, menu[0]!, menu[2]!])).toEqual([['b', ['moved'], '2', '1']]);
    expect(summary(menu, [menu[2]!, menu[0]!, menu[1]!])).toEqual([['c', ['moved'], '3', '1']]);
  });

  it('moves an entry to another parent, and reorders children', () => {
    const after = [entry('a', 'Tooted', [entry('c2', 'Tiim')]), entry('b', 'Kontakt'), entry('c', 'Meist', [entry('c1', 'Ajalugu')])];
    expect(summary(menu, after)).toEqual([['c2', ['moved'], '3.2', '1.1']]);
    expect(menuEntryChanges(menu, after)[0]!.after?.parentId).toBe('a');
    const reordered = [menu[0]!, menu[1]!, entry('c', 'Meist', [entry('c2', 'Tiim'), entry('c1', 'Ajalugu')])];
    expect(summary(menu, reordered)).toEqual([['c2', ['moved'], '3.2', '3.1']]);
  });

  it('names a renamed entry (either language) and a changed target or hidden flag; a moved and renamed entry has both', () => {
    const after = [entry('b', 'Kontaktid'), entry('a', 'Tooted', [], { hidden: true }), entry('c', 'Meist', [entry('c1', 'Ajalugu', [], { label: { et: 'Ajalugu', en: 'Our story' } }), entry('c2', 'Tiim')])];
    expect(summary(menu, after)).toEqual([
      ['b', ['moved', 'renamed'], '2', '1'],
      ['a', ['changed'], '1', '2'],
      ['c1', ['renamed'], '3.1', '3.1'],
    ]);
  });
});
