import { describe, expect, it } from 'vitest';
import { MAX_MENU_ENTRIES } from '../../../../../domain/menu/menu';
import {
  addEntry,
  findEntry,
  flattenMenu,
  menuFromApi,
  menuSaveEntries,
  entryAtPath,
  placeOf,
  moveEntry,
  nestEntry,
  nestTarget,
  newEntryId,
  removeEntry,
  sameMenu,
  unnestEntry,
  updateEntry,
  type MenuNode,
} from './menu-tree';

const node = (id: string, kind: MenuNode['kind'] = 'page', children: MenuNode[] = []): MenuNode => ({ id, kind, label: { et: id.toUpperCase(), en: id }, target: `/${id}`, hidden: false, children });
/** Terms, Info (with Contact and Hours), Filters (a category), Gallery. */
const menu = (): MenuNode[] => [node('terms'), node('info', 'link', [node('contact'), node('hours')]), node('filters', 'category'), node('gallery')];
/** The rows as ids, children indented with '>'. */
const rows = (tree: MenuNode[]) => flattenMenu(tree).map((r) => (r.depth ? `>${r.entry.id}` : r.entry.id));

describe('menu tree operations (spec 2 menu edit: order, one level of nesting)', () => {
  it('flattens to rows with depth and parent, and finds an entry with its place', () => {
    expect(rows(menu())).toEqual(['terms', 'info', '>contact', '>hours', 'filters', 'gallery']);
    expect(findEntry(menu(), 'hours')).toMatchObject({ parentId: 'info', index: 1, count: 2 });
    expect(findEntry(menu(), 'filters')).toMatchObject({ parentId: null, index: 2, count: 4 });
    expect(findEntry(menu(), 'nope')).toBeNull();
  });

  it('reorders siblings like arrayMove, down and up', () => {
    expect(rows(moveEntry(menu(), 'terms', 'filters'))).toEqual(['info', '>contact', '>hours', 'filters', 'terms', 'gallery']);
    expect(rows(moveEntry(menu(), 'gallery', 'terms'))).toEqual(['gallery', 'terms', 'info', '>contact', '>hours', 'filters']);
    expect(rows(moveEntry(menu(), 'hours', 'contact'))).toEqual(['terms', 'info', '>hours', '>contact', 'filters', 'gallery']);
  });

  it('a drop on another level joins it where the rows showed it', () => {
    // A child dragged down onto the next top-level entry leaves its parent and lands after it.
    expect(rows(moveEntry(menu(), 'hours', 'filters'))).toEqual(['terms', 'info', '>contact', 'filters', 'hours', 'gallery']);
    // A top-level entry dragged up onto a child joins that parent before it.
    expect(rows(moveEntry(menu(), 'gallery', 'hours'))).toEqual(['terms', 'info', '>contact', '>gallery', '>hours', 'filters']);
    // A child dragged up onto its own parent goes out, before it.
    expect(rows(moveEntry(menu(), 'contact', 'info'))).toEqual(['terms', 'contact', 'info', '>hours', 'filters', 'gallery']);
  });

  it('never nests two levels deep or under a category, and an entry never moves into itself', () => {
    const two = [node('a', 'link', [node('a1')]), node('b', 'link', [node('b1')])];
    // An entry with children dropped on another's child takes that parent's place instead.
    expect(rows(moveEntry(two, 'b', 'a1'))).toEqual(['b', '>b1', 'a', '>a1']);
    expect(moveEntry(menu(), 'info', 'contact')).toEqual(menu());
    expect(nestTarget(menu(), 'gallery')).toBeNull(); // the entry above is a category
    expect(nestEntry(menu(), 'gallery')).toEqual(menu());
    expect(nestTarget(menu(), 'filters')?.id).toBe('info');
    expect(nestTarget(menu(), 'info')).toBeNull(); // it has children
    expect(nestTarget(menu(), 'terms')).toBeNull(); // nothing above
  });

  it('moves an entry in (under the entry above) and out (after its parent)', () => {
    expect(rows(nestEntry(menu(), 'filters'))).toEqual(['terms', 'info', '>contact', '>hours', '>filters', 'gallery']);
    expect(rows(unnestEntry(menu(), 'contact'))).toEqual(['terms', 'info', '>hours', 'contact', 'filters', 'gallery']);
    expect(unnestEntry(menu(), 'terms')).toEqual(menu());
  });

  it('adds at the end, up to the limit; removes an entry (a parent with its children)', () => {
    expect(rows(addEntry(menu(), node('new')))).toEqual(['terms', 'info', '>contact', '>hours', 'filters', 'gallery', 'new']);
    const full = Array.from({ length: MAX_MENU_ENTRIES }, (_, i) => node(`e${i}`));
    expect(addEntry(full, node('one-more'))).toBe(full);
    expect(rows(removeEntry(menu(), 'info'))).toEqual(['terms', 'filters', 'gallery']);
    expect(rows(removeEntry(menu(), 'contact'))).toEqual(['terms', 'info', '>hours', 'filters', 'gallery']);
  });

  it('updates labels per language, the target and the hidden flag, at either level', () => {
    const tree = updateEntry(updateEntry(menu(), 'hours', { label: { en: 'Opening hours' }, hidden: true }), 'gallery', { target: 'https://example.com' });
    expect(findEntry(tree, 'hours')!.entry).toMatchObject({ label: { et: 'HOURS', en: 'Opening hours' }, hidden: true });
    expect(findEntry(tree, 'gallery')!.entry.target).toBe('https://example.com');
    expect(findEntry(tree, 'terms')!.entry).toEqual(menu()[0]);
  });

  it('makes ids the domain accepts and no entry has', () => {
    expect(newEntryId(menu(), 'link')).toBe('link-1');
    expect(newEntryId([node('page-1'), node('x', 'link', [node('page-2')])], 'page')).toBe('page-3');
    expect(newEntryId([], 'category')).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });

  it('round-trips the api shape and compares menus by what a save sends', () => {
    const api = menuSaveEntries(menu());
    expect(api[1]).toEqual({ id: 'info', kind: 'link', label: { et: 'INFO', en: 'info' }, target: '/info', hidden: false, children: [
      { id: 'contact', kind: 'page', label: { et: 'CONTACT', en: 'contact' }, target: '/contact', hidden: false },
      { id: 'hours', kind: 'page', label: { et: 'HOURS', en: 'hours' }, target: '/hours', hidden: false },
    ] });
    expect(menuFromApi(api.map((e) => ({ ...e, children: e.children.map((c) => ({ ...c, children: [] })) })))).toEqual(menu());
    expect(sameMenu(menu(), menu())).toBe(true);
    expect(sameMenu(menu(), moveEntry(menu(), 'terms', 'info'))).toBe(false);
    expect(sameMenu(menu(), updateEntry(menu(), 'terms', { hidden: true }))).toBe(false);
  });

  it('names the entry an error field path points at, and an entry\'s place for announcements', () => {
    expect(entryAtPath(menu(), 'entries.2.label.et')?.id).toBe('filters');
    expect(entryAtPath(menu(), 'entries.1.children.1.target')?.id).toBe('hours');
    expect(entryAtPath(menu(), 'entries.1')?.id).toBe('info');
    for (const bad of ['entries', 'entries.9.label', 'entries.1.children.5', 'menu', 'entries.1x']) expect(entryAtPath(menu(), bad), bad).toBeNull();
    expect(placeOf(menu(), 'filters')).toEqual({ position: 3, count: 4, parent: null });
    expect(placeOf(menu(), 'hours')).toMatchObject({ position: 2, count: 2, parent: { id: 'info' } });
    expect(placeOf(menu(), 'nope')).toBeNull();
  });
});
