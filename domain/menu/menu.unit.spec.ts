/** The Menu decider given / when / then (spec 2 "Header"), the legacy start and the hidden rule. */
import { describe, expect, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import { fold } from '../shared/decider.js';
import { isHiddenMenuEntry, legacyMenuState, MAX_MENU_ENTRIES, menuDecider, type MenuCommand, type MenuItem, type MenuItemInput } from './menu.js';

const NOW = '2026-11-22T10:00:00.000Z';
const MARI = 'e3a1b2c4-0000-4000-8000-000000000001';
const menu = spec(menuDecider);
const setMenu = (entries: MenuItemInput[], expectedVersion?: number): MenuCommand => ({ type: 'SetMenu', data: { entries, expectedVersion }, metadata: { now: NOW, userId: MARI } });
const products: MenuItemInput = { id: 'products', kind: 'link', label: { et: 'Tooted', en: 'Products' }, target: '/tooted' };
const gallery: MenuItemInput = { id: 'gallery', kind: 'page', label: { et: 'Galerii', en: 'Gallery' }, target: 'gallery', hidden: true };
const item = (e: MenuItemInput, children: MenuItemInput[] = []): MenuItem => ({ id: e.id, kind: e.kind as MenuItem['kind'], label: { et: e.label.et ?? '', en: e.label.en ?? '' }, target: e.target, hidden: e.hidden ?? false, children: children.map((c) => item(c)) });

describe('SetMenu', () => {
  it('records the ordered entries, one level of children, hidden flags and labels per language', () => {
    const contact: MenuItemInput = { id: 'contact', kind: 'page', label: { et: 'Kontakt' }, target: 'kontakt' };
    menu.when(setMenu([{ ...products, children: [contact] }, gallery])).then([{ type: 'MenuChanged', data: { entries: [item(products, [contact]), item(gallery)], by: MARI, at: NOW } }]);
  });

  it('decides nothing for the same entries', () => {
    menu.given([{ type: 'MenuChanged', data: { entries: [item(products)], by: MARI, at: NOW } }]).when(setMenu([products])).then([]);
  });

  it('refuses a second level, children under a category, unsafe links and bad entries', () => {
    const child = { id: 'c', kind: 'link', label: { et: 'C' }, target: '/c' };
    menu.when(setMenu([{ ...products, children: [{ ...child, children: [{ ...child, id: 'd' }] }] }])).thenThrows('menu.too_deep', 'validation');
    menu.when(setMenu([{ id: 'cat', kind: 'category', label: { et: 'Mootor' }, target: 'x', children: [child] }])).thenThrows('menu.category_children');
    menu.when(setMenu([{ ...products, target: 'javascript:alert(1)' }])).thenThrows('menu.link_invalid');
    menu.when(setMenu([{ ...products, target: '//evil.example' }])).thenThrows('menu.link_invalid');
    menu.when(setMenu([{ ...products, kind: 'widget' }])).thenThrows('menu.kind_invalid');
    menu.when(setMenu([{ ...products, label: { et: ' ' } }])).thenThrows('menu.label_missing');
    menu.when(setMenu([{ ...products, target: ' ' }])).thenThrows('menu.target_missing');
    menu.when(setMenu([products, products])).thenThrows('menu.id_invalid');
    menu.when(setMenu(Array.from({ length: MAX_MENU_ENTRIES + 1 }, (_, i) => ({ ...products, id: `p${i}` })))).thenThrows('menu.too_long');
  });

  it('refuses a stale version, naming who saved meanwhile', () => {
    menu.given([{ type: 'MenuChanged', data: { entries: [item(products)], by: MARI, at: NOW } }]).when(setMenu([gallery], 0)).thenThrows('menu.changed_meanwhile', 'conflict');
    menu.given([{ type: 'MenuChanged', data: { entries: [item(products)], by: MARI, at: NOW } }]).when(setMenu([], 1)).then([{ type: 'MenuChanged', data: { entries: [], by: MARI, at: NOW } }]);
  });
});

describe('the legacy menu of the site stream', () => {
  it('starts the aggregate: ids by position, no children, Galerii hidden; the menu stream folds on top', () => {
    const start = legacyMenuState([
      { kind: 'link', label: { et: 'Tooted', en: 'Products' }, target: '/tooted' },
      { kind: 'page', label: { et: 'Galerii', en: 'Gallery' }, target: 'gallery' },
    ]);
    expect(start).toEqual({
      version: 0,
      lastChange: { by: null, at: null },
      entries: [
        { id: 'legacy-1', kind: 'link', label: { et: 'Tooted', en: 'Products' }, target: '/tooted', hidden: false, children: [] },
        { id: 'legacy-2', kind: 'page', label: { et: 'Galerii', en: 'Gallery' }, target: 'gallery', hidden: true, children: [] },
      ],
    });
    expect(menuDecider.decide(setMenu(start.entries, 0), start)).toEqual([]);
    expect(fold({ ...menuDecider, initialState: start }, [{ type: 'MenuChanged', data: { entries: [], by: MARI, at: NOW } }]).entries).toEqual([]);
  });
});

describe('isHiddenMenuEntry (spec 2 "Header")', () => {
  it('follows the hidden flag when there is one', () => {
    expect(isHiddenMenuEntry({ label: { et: 'Galerii', en: 'Gallery' }, hidden: false })).toBe(false);
    expect(isHiddenMenuEntry({ label: { et: 'Tooted', en: 'Products' }, hidden: true })).toBe(true);
  });

  it('without one, hides the entry labelled Galerii in Estonian, whatever its English label', () => {
    expect(isHiddenMenuEntry({ label: { et: ' galerii ', en: 'Photos' } })).toBe(true);
    expect(isHiddenMenuEntry({ label: { et: '', en: 'Gallery' } })).toBe(false);
    expect(isHiddenMenuEntry({ label: { et: 'Galeriid ja pildid', en: 'Gallery' } })).toBe(false);
  });
});
