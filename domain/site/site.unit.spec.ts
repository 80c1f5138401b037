/** The Site (global content) decider given / when / then: global fields, global item containers, the banner switch. */
import { describe, expect, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import { fold } from '../shared/decider.js';
import { siteDecider, type SiteCommand, type SiteEvent } from './site.js';

const NOW = '2026-11-22T10:00:00.000Z';
const MARI = 'e3a1b2c4-0000-4000-8000-000000000001';
const site = spec(siteDecider);
const setFields = (fields: Record<string, { et?: string; en?: string }>, expectedVersion?: number): SiteCommand => ({ type: 'SetGlobalFields', data: { fields, expectedVersion }, metadata: { now: NOW, userId: MARI } });
const fieldsChanged = (fields: Record<string, { et: string; en: string }>): SiteEvent => ({ type: 'GlobalFieldsChanged', data: { fields, by: MARI, at: NOW } });
const storedBefore = (fields: Record<string, { et: string; en: string }>): SiteEvent => ({ type: 'GlobalFieldsChanged', data: { fields } });
const legacyMenu: SiteEvent = { type: 'MainMenuChanged', data: { entries: [{ kind: 'link', label: { et: 'Tooted', en: 'Products' }, target: '/tooted' }] } };

describe('SetGlobalFields', () => {
  it('records new fields with both languages, trimmed, a missing language as empty, with who and when', () => {
    site.when(setFields({ phone: { et: ' +372 5123 4567 ', en: '+372 5123 4567' }, address: { et: 'Peterburi tee 71' } }))
      .then([fieldsChanged({ phone: { et: '+372 5123 4567', en: '+372 5123 4567' }, address: { et: 'Peterburi tee 71', en: '' } })]);
  });

  it('records only the fields whose value changes (events stored before the editor fold too)', () => {
    site.given([storedBefore({ phone: { et: '1', en: '1' }, email: { et: 'a@b.ee', en: 'a@b.ee' } })])
      .when(setFields({ phone: { et: '1', en: '1' }, email: { et: 'info@b.ee', en: 'info@b.ee' } }))
      .then([fieldsChanged({ email: { et: 'info@b.ee', en: 'info@b.ee' } })]);
    site.given([storedBefore({ phone: { et: '1', en: '1' } })]).when(setFields({ phone: { et: '1', en: '1' } })).then([]);
  });

  it.each(['', '1abc', 'a b', 'x'.repeat(65)])('rejects the key "%s"', (key) => {
    site.when(setFields({ [key]: { et: 'x' } })).thenThrows('site.field_key_invalid', 'validation');
  });

  it('rejects a value over 2000 characters', () => {
    site.when(setFields({ about: { et: 'x'.repeat(2001) } })).thenThrows('site.value_too_long', 'validation');
  });

  it('refuses a stale version: the legacy menu events of the stream count too', () => {
    site.given([storedBefore({ phone: { et: '1', en: '1' } }), legacyMenu]).when(setFields({ phone: { et: '2' } }, 2)).then([fieldsChanged({ phone: { et: '2', en: '' } })]);
    site.given([storedBefore({ phone: { et: '1', en: '1' } }), legacyMenu]).when(setFields({ phone: { et: '2' } }, 1)).thenThrows('site.changed_meanwhile', 'conflict');
  });

  it('skips the legacy menu events in its fold', () => {
    expect(fold(siteDecider, [legacyMenu])).toMatchObject({ fields: {}, containers: {}, version: 1 });
  });
});

describe('SetGlobalItemContainers', () => {
  const cmd = (containers: Record<string, Array<{ id: string; html: { et?: string; en?: string } }>>): SiteCommand => ({ type: 'SetGlobalItemContainers', data: { containers }, metadata: { now: NOW, userId: MARI } });
  const changed = (containers: Record<string, Array<{ id: string; html: { et: string; en: string } }>>): SiteEvent => ({ type: 'GlobalItemContainersChanged', data: { containers, by: MARI, at: NOW } });

  it('records the containers that change, whole', () => {
    site.when(cmd({ footer: [{ id: 'f1', html: { et: '<p>Tere</p>' } }] })).then([changed({ footer: [{ id: 'f1', html: { et: '<p>Tere</p>', en: '' } }] })]);
    site
      .given([changed({ footer: [{ id: 'f1', html: { et: '<p>Tere</p>', en: '' } }] })])
      .when(cmd({ footer: [{ id: 'f1', html: { et: '<p>Tere</p>' } }], aside: [] }))
      .then([changed({ aside: [] })]);
  });

  it('refuses duplicate item ids and bad keys', () => {
    site.when(cmd({ footer: [{ id: 'a', html: {} }, { id: 'a', html: {} }] })).thenThrows('content.container_item_id_invalid', 'validation');
    site.when(cmd({ '1x': [] })).thenThrows('content.container_key_invalid', 'validation');
  });
});

describe('SetBannerShown (spec 1 banner)', () => {
  const cmd = (shown: boolean): SiteCommand => ({ type: 'SetBannerShown', data: { shown }, metadata: { now: NOW, userId: MARI } });

  it('the banner shows until switched off, and each switch is recorded once', () => {
    site.when(cmd(true)).then([]);
    site.when(cmd(false)).then([{ type: 'BannerShownChanged', data: { shown: false, by: MARI, at: NOW } }]);
    site.given([{ type: 'BannerShownChanged', data: { shown: false, by: MARI, at: NOW } }]).when(cmd(false)).then([]);
  });
});
