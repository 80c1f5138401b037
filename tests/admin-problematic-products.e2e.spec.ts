/**
 * ProblematicProductsList and FilterList in Debian's Chromium (spec 2 "Admin area": what staff look at each morning,
 * "FilterList"): a staff member signs in at /admin/ProblematicProducts; the menu entry shows; a product without a
 * price is listed on the problematic tab with its reason, and its row opens the product's edit path (also in English); the stale tab's
 * N days live in the URL. On /admin/filter the staff member renames a facet's Estonian label and moves it with the
 * keyboard, saves, and the storefront's listing shows the new label in its filter panel; then sets Side to hide when
 * its count is 0 in the category Klambrid (spec 9), sees the sentence in the facet's timeline, and a listing of that
 * category whose products carry no Side no longer shows the applied Side group. axe-core finds no serious
 * or critical violation in either theme. Screenshots in /tmp/admin-problematic-products-e2e-*.png.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { type ImportRow, productIdForCode } from '../commands/catalog/catalog-csv.js';
import { setFilterLabels } from '../commands/filter/set-filter-labels.js';
import { registerUser } from '../commands/user/user-accounts.js';
import { accessibilityCheck } from './support/axe.js';
import { chromiumExecutable, launchChromium, submitSignInForm } from './support/browser.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';
import { patience } from './support/patience.js';

const expectAccessibleInBothThemes = accessibilityCheck('admin-problematic-products-e2e');

const CLAMPS = 'a3c1f0de-2222-4e5f-8a9b-000000000012';
const STAFF = { username: 'kati.kask', password: 'Roheline-Mets-2026!' };

let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let page: Page;
let base: string;

let line = 2;
function row(code1: string, names: { et: string; en: string }, over: Partial<ImportRow> = {}): ImportRow {
  return {
    line: line++, productId: productIdForCode(code1), code1, code2: null, names, descriptions: { et: `${names.et}.`, en: `${names.en}.` },
    categoryPath: [{ id: 'a3c1f0de-2222-4e5f-8a9b-000000000011', et: 'Filtrid', en: 'Filters' }], grossCents: 1500, stock: { tallinn: 5 },
    unit: 'pcs', policy: 'available', deliveryDays: null, bigProduct: false, productClass: 'product', attributes: [], oeNumbers: [], vehicles: [],
    images: [`https://example.org/${code1}.jpg`], ...over,
  };
}

beforeAll(async () => {
  buildWebIfStale((l) => process.stderr.write(`${l}\n`));
  const executablePath = chromiumExecutable();
  h = await createShopHarness('admin_problematic_products_e2e');
  const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: new Date().toISOString() });
  await registerUser(h.store, { ...STAFF, confirm: STAFF.password, roles: ['CLIENT'] }, ctx(), { usernameTaken: async () => false });
  h.clock.now = new Date().toISOString();
  await h.importCatalogRows([
    row('DASH-NOPRICE', { et: 'Hinnata tihend', en: 'Gasket without price' }, { grossCents: null }),
    row('DASH-OK', { et: 'Korras filter', en: 'Fine filter' }, { attributes: [{ name: 'Colour', value: 'Black' }, { name: 'Side', value: 'Left' }] }),
    row('DASH-OK2', { et: 'Teine filter', en: 'Second filter' }, { attributes: [{ name: 'Colour', value: 'Red' }, { name: 'Side', value: 'Right' }] }),
    // A category whose products carry no Side (spec 9's 'hide when its count is 0').
    row('DASH-CLAMP', { et: 'Lihtne klamber', en: 'Plain clamp' }, { categoryPath: [{ id: CLAMPS, et: 'Klambrid', en: 'Clamps' }], attributes: [{ name: 'Colour', value: 'Black' }] }),
  ]);
  await setFilterLabels(h.store, { name: 'Colour', label: { et: 'Värv', en: 'Colour' }, values: { Black: { et: 'Must', en: 'Black' } } }, ctx());
  await h.settle();
  ({ app, base } = await serveStorefront(h));
  browser = await launchChromium(executablePath);
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
});

const eventually = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: patience(15_000), interval: 50 });
const pathOf = () => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

describe('ProblematicProductsList (/admin/ProblematicProducts)', () => {
  it('signs in and lists a product without a price with its reason; the row opens the product\'s edit path', async () => {
    await page.goto(`${base}/admin/ProblematicProducts`);
    await eventually(pathOf).toBe('/login?next=%2Fadmin%2FProblematicProducts');
    await submitSignInForm(page, STAFF);
    await eventually(pathOf).toBe('/admin/ProblematicProducts');
    await eventually(() => page.locator('h1').innerText()).toBe('Probleemsed tooted');
    // The side menu's entry shows now that the screen exists.
    await eventually(() => page.getByRole('navigation', { name: /Haldusmenüü|Admin menu/ }).getByRole('link', { name: /Probleemsed tooted/ }).count()).toBe(1);

    const noPrice = page.locator('.problematic-products-screen tbody tr', { hasText: 'DASH-NOPRICE' });
    await eventually(() => noPrice.count()).toBe(1);
    await eventually(async () => (await noPrice.locator('.problematic-products-reason').allInnerTexts()).map((s) => s.trim())).toEqual(['Nähtav, kuid ei saa osta', 'Hind puudub']);
    expect(await page.locator('.problematic-products-screen tbody tr', { hasText: 'DASH-OK' }).count()).toBe(0);
    expect(await page.getByRole('tab', { selected: true }).innerText()).toMatch(/^Probleemsed\s*1$/);
    await expectAccessibleInBothThemes(page, 'problematic');

    await noPrice.getByRole('link', { name: 'DASH-NOPRICE' }).click();
    await eventually(pathOf).toBe(`/admin/product/edit/${productIdForCode('DASH-NOPRICE')}`);
  });

  it('keeps the tab and the stale days in the URL and moves between tabs with the keyboard', async () => {
    await page.goto(`${base}/admin/ProblematicProducts`);
    await eventually(() => page.getByRole('tab', { selected: true }).innerText()).toMatch(/^Probleemsed/);
    await page.getByRole('tab', { selected: true }).focus();
    await page.keyboard.press('ArrowRight');
    await eventually(pathOf).toBe('/admin/ProblematicProducts?kind=stale');
    await eventually(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^Vananenud/);
    await page.getByLabel('Muutmata päevi', { exact: true }).fill('30');
    await page.getByRole('button', { name: 'Näita' }).click();
    await eventually(pathOf).toBe('/admin/ProblematicProducts?kind=stale&days=30');
    await eventually(() => page.locator('.problematic-products-screen__intro').innerText()).toBe('Tooted, mida ei ole muudetud vähemalt 30 päeva.');
    await eventually(() => page.locator('.data-table__empty').innerText()).toBe('Nii kaua muutmata tooteid ei ole.');
  });
});

describe('ProblematicProductsList in English', () => {
  it('speaks English at /en/admin/ProblematicProducts', async () => {
    await page.goto(`${base}/en/admin/ProblematicProducts`);
    await eventually(() => page.locator('h1').innerText()).toBe('Problematic products');
    const noPrice = page.locator('.problematic-products-screen tbody tr', { hasText: 'DASH-NOPRICE' });
    await eventually(async () => (await noPrice.locator('.problematic-products-reason').allInnerTexts()).map((s) => s.trim())).toEqual(['Visible but cannot be bought', 'No price']);
    await eventually(() => noPrice.getByRole('link', { name: 'Gasket without price' }).getAttribute('href')).toBe(`/en/admin/product/edit/${productIdForCode('DASH-NOPRICE')}`);
    expect((await page.getByRole('tab').allInnerTexts()).map((s) => s.replace(/\s*\d+$/, '').trim())).toEqual(['Problematic', 'Stale', 'Outdated', 'Popular', 'Low stock', 'Without category', 'No fitment data', 'Fits nothing']);
  });
});

describe('FilterList (/admin/filter)', () => {
  const legends = async () => {
    const res = await fetch(`${base}/v1/products?lang=et`);
    return ((await res.json()) as { data: { availableFilters: { label: string }[] } }).data.availableFilters.map((f) => f.label);
  };

  it('renames a facet and moves it with the keyboard; the storefront listing shows the new label first', async () => {
    expect(await legends()).toContain('Värv');
    await page.goto(`${base}/admin/filter`);
    await eventually(() => page.locator('h1').innerText()).toBe('Filtrid');
    const label = page.getByLabel('Filtri Colour eestikeelne nimi', { exact: true });
    await eventually(() => label.inputValue()).toBe('Värv');
    await label.fill('Toon');
    // Side below Colour by name; move Side up with the keyboard: the focus stays on its button.
    const sideUp = page.getByRole('button', { name: 'Liiguta filter Side üles' });
    await sideUp.focus();
    await page.keyboard.press('Enter');
    await eventually(async () => (await page.locator('.filter-list tbody tr td:nth-child(2)').allInnerTexts()).map((s) => s.trim())).toEqual(['Side', 'Colour']);
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toBe('Liiguta filter Side alla');
    await expectAccessibleInBothThemes(page, 'filters');
    await page.getByRole('button', { name: 'Salvesta' }).click();
    await eventually(() => page.locator('.toast').first().innerText()).toMatch(/Salvestatud/);

    await eventually(legends).toEqual(['Side', 'Toon']);
    await page.goto(`${base}/products`);
    await eventually(async () => (await page.locator('.filter-panel legend').allInnerTexts()).map((s) => s.trim())).toEqual(['Side', 'Toon']);
  });

  it("sets a facet to hide when its count is 0 in a category (spec 9): the timeline says so, the panel leaves it out there", async () => {
    // In Klambrid no product carries Side: an applied Side counts 0 there (and shows at 0 until the rule is set).
    const emptySide = `${base}/products?c=${CLAMPS}&f=${encodeURIComponent(JSON.stringify({ Side: ['Left'] }))}`;
    const panelLegends = async () => (await page.locator('.filter-panel legend').allInnerTexts()).map((s) => s.trim());
    await page.goto(emptySide);
    await eventually(panelLegends).toContain('Side');

    await page.goto(`${base}/admin/filter`);
    await eventually(() => page.locator('h1').innerText()).toBe('Filtrid');
    const sideRow = page.locator('.filter-list tbody tr', { hasText: 'Side' });
    await sideRow.getByRole('button', { name: /väärtust$/ }).click();
    await eventually(() => page.locator('.filter-list__hide-empty legend').innerText()).toBe('Filter Side: peidetud, kui selle arv on 0');
    const chooser = page.getByLabel('Kategooria', { exact: true });
    await eventually(() => chooser.locator('option', { hasText: 'Klambrid' }).count()).toBe(1);
    await chooser.selectOption({ label: 'Klambrid' });
    await page.getByRole('button', { name: 'Lisa', exact: true }).click();
    await eventually(() => page.locator('.filter-list__hide-empty-list li').allInnerTexts()).toEqual(['Klambrid']);
    await expectAccessibleInBothThemes(page, 'filters-hide-when-empty');
    await page.getByRole('button', { name: 'Salvesta' }).click();
    await eventually(() => page.locator('.toast').first().innerText()).toMatch(/Salvestatud/);

    // The facet's audit timeline, in formal Estonian.
    await eventually(async () => {
      if ((await page.locator('.filter-list__hide-empty').count()) === 0) await sideRow.getByRole('button', { name: /väärtust$/ }).click();
      return page.locator('.history').innerText();
    }).toMatch(/muutis, kus filter Side peidetakse, kui selle arv on 0 \(kategooriaid: 1\)/);

    await page.goto(emptySide);
    await eventually(() => page.locator('.filter-panel').count()).toBe(1);
    await eventually(panelLegends).not.toContain('Side');
    // Elsewhere the facet shows as before.
    await page.goto(`${base}/products`);
    await eventually(panelLegends).toContain('Side');
  });
});
