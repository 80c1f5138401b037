/**
 * The header's navigation follows the menu editor (spec 2 "Header": entries of kind page, menu link or category;
 * "menu edit"): a menu saved through PUT /v1/admin/menu shows in GET /v1/site on the next request, in its order, with
 * a page's or link's child entries as its drop-down (hidden children and unknown categories left out, a category
 * child at its category URL) and the hidden flag passed on.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryIdForPath } from '../../../commands/catalog/catalog-csv.js';
import { seedSiteContent } from '../../../commands/site/seed-site-content.js';
import { createShopHarness, type ShopHarness } from '../../../tests/support/shop-harness.js';
import { createStaffSessions, headersOf, registerStaff, type StaffBrowser } from '../../../tests/support/staff-session.js';

const PASSWORD = 'Menuu-Pais-2026!';
const fixture = path.join(import.meta.dirname, '../../../tests/fixtures/small-catalog.csv');
const sessions = createStaffSessions('site_menu');
let h: ShopHarness;
let staff: StaffBrowser;

beforeAll(async () => {
  h = await createShopHarness('site_menu', { api: { sessions: sessions.deps() } });
  await h.importFile(fixture);
  await seedSiteContent(h.store, h.clock.now);
  await registerStaff(h.store, [['mari', ['CLIENT']]], { password: PASSWORD, now: h.clock.now });
  await h.settle();
  staff = await sessions.signIn(h.app, 'mari', PASSWORD);
});

afterAll(async () => {
  await h?.close();
  await sessions.cleanup();
});

const site = async (lang: 'et' | 'en') => (await h.app.inject({ url: `/v1/site?lang=${lang}` })).json().data.menu as { kind: string; label: string; href: string; hidden: boolean; children: { label: string; href: string; categoryId: string | null }[] }[];

describe('GET /v1/site after a menu save', () => {
  it('shows the saved order at once, with child entries as the drop-down of a link or page', async () => {
    const read = (await h.app.inject({ url: '/v1/admin/menu', headers: headersOf(staff) })).json().data as { version: number };
    const entries = [
      { id: 'contact', kind: 'page', label: { et: 'Kontakt', en: 'Contact' }, target: 'kontakt' },
      {
        id: 'info',
        kind: 'link',
        label: { et: 'Info', en: 'About' },
        target: '/muugitingimused',
        children: [
          { id: 'terms', kind: 'page', label: { et: 'Müügitingimused', en: 'Terms of sale' }, target: 'muugitingimused' },
          { id: 'secret', kind: 'page', label: { et: 'Peidus', en: 'Hidden' }, target: 'kontakt', hidden: true },
          { id: 'filters', kind: 'category', label: { et: 'Filtrid', en: 'Filters' }, target: categoryIdForPath(['Filters']) },
          { id: 'gone', kind: 'category', label: { et: 'Kadunud', en: 'Gone' }, target: '00000000-0000-4000-8000-000000000000' },
          { id: 'out', kind: 'link', label: { et: 'Tootja', en: 'Maker' }, target: 'https://example.com/maker' },
        ],
      },
      { id: 'gallery', kind: 'page', label: { et: 'Galerii', en: 'Gallery' }, target: 'gallery', hidden: true },
    ];
    const res = await h.app.inject({ method: 'PUT', url: '/v1/admin/menu', headers: { ...headersOf(staff), 'content-type': 'application/json' }, payload: JSON.stringify({ version: read.version, entries }) });
    expect(res.statusCode, res.body).toBe(200);

    const et = await site('et');
    expect(et.map((m) => [m.label, m.href, m.hidden])).toEqual([
      ['Kontakt', '/kontakt', false],
      ['Info', '/muugitingimused', false],
      ['Galerii', '/gallery', true],
    ]);
    expect(et[1]!.children).toEqual([
      { label: 'Müügitingimused', href: '/muugitingimused', categoryId: null },
      { label: 'Filtrid', href: '/et/filtrid', categoryId: categoryIdForPath(['Filters']) },
      { label: 'Tootja', href: 'https://example.com/maker', categoryId: null },
    ]);
    const en = await site('en');
    expect(en[1]!.children.map((c) => [c.label, c.href])).toEqual([
      ['Terms of sale', '/muugitingimused'],
      ['Filters', '/en/filters'],
      ['Maker', 'https://example.com/maker'],
    ]);
  });
});
