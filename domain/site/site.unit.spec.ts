import { describe, expect, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import { isHiddenMenuEntry, MAX_MENU_ENTRIES, siteDecider, type SiteCommand, type SiteEvent } from './site.js';

const NOW = '2026-11-22T10:00:00.000Z';
const site = spec(siteDecider);
const setFields = (fields: Record<string, { et?: string; en?: string }>): SiteCommand => ({ type: 'SetGlobalFields', data: { fields }, metadata: { now: NOW } });
const setMenu = (entries: Array<{ kind: 'page' | 'link' | 'category'; label: { et?: string; en?: string }; target: string }>): SiteCommand => ({ type: 'SetMainMenu', data: { entries }, metadata: { now: NOW } });
const fieldsChanged = (fields: Record<string, { et: string; en: string }>): SiteEvent => ({ type: 'GlobalFieldsChanged', data: { fields } });

describe('SetGlobalFields', () => {
  it('records new fields with both languages, trimmed, a missing language as empty', () => {
    site.when(setFields({ phone: { et: ' +372 5123 4567 ', en: '+372 5123 4567' }, address: { et: 'Peterburi tee 71' } }))
      .then([fieldsChanged({ phone: { et: '+372 5123 4567', en: '+372 5123 4567' }, address: { et: 'Peterburi tee 71', en: '' } })]);
  });

  it('records only the fields whose value changes', () => {
    site.given([fieldsChanged({ phone: { et: '1', en: '1' }, email: { et: 'a@b.ee', en: 'a@b.ee' } })])
      .when(setFields({ phone: { et: '1', en: '1' }, email: { et: 'info@b.ee', en: 'info@b.ee' } }))
      .then([fieldsChanged({ email: { et: 'info@b.ee', en: 'info@b.ee' } })]);
  });

  it('decides nothing when nothing changes', () => {
    site.given([fieldsChanged({ phone: { et: '1', en: '1' } })]).when(setFields({ phone: { et: '1', en: '1' } })).then([]);
  });

  it.each(['', '1abc', 'a b', 'x'.repeat(65)])('rejects the key "%s"', (key) => {
    site.when(setFields({ [key]: { et: 'x' } })).thenThrows('site.field_key_invalid', 'validation');
  });

  it('rejects a value over 2000 characters', () => {
    site.when(setFields({ about: { et: 'x'.repeat(2001) } })).thenThrows('site.value_too_long', 'validation');
  });
});

describe('SetMainMenu', () => {
  const menu = [
    { kind: 'link' as const, label: { et: 'Tooted', en: 'Products' }, target: '/tooted' },
    { kind: 'page' as const, label: { et: 'Galerii', en: 'Gallery' }, target: 'gallery' },
  ];

  it('replaces the entries', () => {
    site.when(setMenu(menu)).then([{ type: 'MainMenuChanged', data: { entries: menu } }]);
  });

  it('decides nothing for the same entries', () => {
    site.given([{ type: 'MainMenuChanged', data: { entries: menu } }]).when(setMenu(menu)).then([]);
  });

  it('rejects an unknown kind, a missing label, a missing target and too many entries', () => {
    site.when(setMenu([{ kind: 'widget' as 'page', label: { et: 'x' }, target: 'x' }])).thenThrows('site.menu_kind_invalid');
    site.when(setMenu([{ kind: 'page', label: {}, target: 'x' }])).thenThrows('site.menu_label_missing');
    site.when(setMenu([{ kind: 'page', label: { en: 'X' }, target: '  ' }])).thenThrows('site.menu_target_missing');
    site.when(setMenu(Array.from({ length: MAX_MENU_ENTRIES + 1 }, () => menu[0]!))).thenThrows('site.menu_too_long');
  });
});

describe('isHiddenMenuEntry (spec 2 "Header")', () => {
  it('hides the entry labelled Galerii in Estonian, whatever its English label', () => {
    expect(isHiddenMenuEntry({ label: { et: 'Galerii', en: 'Gallery' } })).toBe(true);
    expect(isHiddenMenuEntry({ label: { et: ' galerii ', en: 'Photos' } })).toBe(true);
  });

  it('shows every other entry, an English-only Gallery included', () => {
    expect(isHiddenMenuEntry({ label: { et: 'Galeriid ja pildid', en: 'Gallery' } })).toBe(false);
    expect(isHiddenMenuEntry({ label: { et: '', en: 'Gallery' } })).toBe(false);
    expect(isHiddenMenuEntry({ label: { et: 'Tooted', en: 'Products' } })).toBe(false);
  });
});
