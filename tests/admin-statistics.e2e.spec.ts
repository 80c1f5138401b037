/**
 * StatisticsList in Debian's Chromium (spec 2 StatisticsList): a shop staff member opens /admin/statistics,
 * signs in and comes back to it; the 'found nothing' tab comes first and shows the keyword that found nothing, the
 * searches per day chart has its text summary; the 'all keywords' tab and the range picker (last 30 days -> last 14
 * days) change the rows and the URL; the CSV link downloads the range's keywords with the session; the English
 * screen has its labels; axe-core finds no serious or critical violation in either theme. Then the one click: the
 * keyword that found nothing becomes a category's search keyword, the table's 'Finds now' says 1, and the storefront's
 * search for it finds the category's product. The searches that named a vehicle (one made with an MG MGB chosen in
 * the garage): the keyword's mark, the 'only searches that named a vehicle' filter in the URL, and the Vehicles tab
 * with the MG MGB row and its CSV. Screenshots in /tmp/admin-statistics-e2e-*.png.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { categoryIdForPath } from '../commands/catalog/catalog-csv.js';
import { SearchRecorder } from '../commands/catalog/record-search.js';
import { registerUser } from '../commands/user/user-accounts.js';
import type { SearchVehicle } from '../domain/search/search.js';
import { accessibilityCheck, seriousAxeViolations } from './support/axe.js';
import { chromiumExecutable, launchChromium, submitSignInForm } from './support/browser.js';
import { productRow } from './support/order-test-kit.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';
import { patience } from './support/patience.js';

const expectAccessibleInBothThemes = accessibilityCheck('admin-statistics-e2e');

const STAFF = { username: 'otsingute.vaatleja', password: 'Sinine-Meri-2026!' };
const DAY_MS = 86_400_000;

let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let base: string;

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  h = await createShopHarness('admin_statistics_e2e');
  const ctx = (now: string) => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now });
  const now = Date.now();
  await registerUser(h.store, { ...STAFF, confirm: STAFF.password, roles: ['CLIENT'] }, ctx(new Date(now).toISOString()), { usernameTaken: async () => false });
  const recorder = new SearchRecorder(h.store, { flushIntervalMs: 0 });
  const search = (query: string, resultCount: number, daysAgo: number, vehicle?: SearchVehicle) =>
    recorder.record({ query, categoryId: null, filters: {}, resultCount, typedByUser: true, language: 'et', ...(vehicle ? { vehicle } : {}) }, ctx(new Date(now - daysAgo * DAY_MS).toISOString()));
  await search('vihmavarjuhoidja', 0, 0);
  await search('vihmavarjuhoidja', 0, 1);
  const mgb: SearchVehicle = { how: 'chosen', key: 'mg.mgb.1962-1980', label: 'MG MGB (1962-1980)', modelKey: 'mg.mgb', modelLabel: 'MG MGB' };
  for (let i = 0; i < 3; i++) await search('piduriklotsid', 5, i, i === 0 ? mgb : undefined);
  await search('summuti', 3, 20); // in the last 30 days, not in the last 14
  await h.importCatalogRows([
    { ...productRow('ACC-UMB-1', { names: { et: 'Salongi hoidik', en: 'Cabin holder' } }), categoryPath: [{ id: categoryIdForPath(['Accessories']), et: 'Lisatarvikud', en: 'Accessories' }] },
    { ...productRow('WIP-1', { names: { et: 'Klaasipuhastaja hari', en: 'Wiper blade' } }), categoryPath: [{ id: categoryIdForPath(['Wipers']), et: 'Klaasipuhastid', en: 'Wipers' }] },
  ]);
  await h.settle();
  ({ app, base } = await serveStorefront(h));
  browser = await launchChromium(executablePath);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
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
const keywordsShown = async () => (await page.locator('#statistics-panel tbody .statistics-keyword').allInnerTexts()).map((s) => s.trim());

describe('StatisticsList (/admin/statistics)', () => {
  it('signs in to the search keywords, the found-nothing tab first, with the chart and its summary', async () => {
    await page.goto(`${base}/admin/statistics`);
    await eventually(pathOf).toBe('/login?next=%2Fadmin%2Fstatistics');
    await submitSignInForm(page, STAFF);
    await eventually(pathOf).toBe('/admin/statistics');
    await eventually(() => page.locator('h1').innerText()).toBe('Otsingusõnad');
    await eventually(() => page.getByRole('navigation', { name: 'Haldusmenüü' }).getByRole('link', { name: 'Otsingusõnad' }).count()).toBe(1);
    const zeroTab = page.getByRole('tab', { name: /Ei leidnud midagi/ });
    await eventually(() => zeroTab.getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab').first().innerText()).toMatch(/^Ei leidnud midagi/);
    await eventually(keywordsShown).toEqual(['vihmavarjuhoidja']);
    await eventually(() => page.locator('.searches-chart__summary').innerText()).toMatch(/^Kokku 6 otsingut 30 päeva jooksul/);
    expect(await page.locator('.searches-chart__plot').getAttribute('data-days')).toBe('30');
    expect(await page.locator('.searches-chart__plot canvas').count()).toBe(1);
    // uPlot's cursor over the last day: its legend names today and its 2 searches.
    const over = page.locator('.searches-chart__plot .u-over');
    const area = (await over.boundingBox())!;
    await page.mouse.move(area.x + area.width - 2, area.y + area.height / 2);
    await eventually(() => page.locator('.searches-chart__plot .u-legend .u-series').nth(1).locator('.u-value').innerText()).toBe('2');
    await page.mouse.move(0, 0);
    await expectAccessibleInBothThemes(page, 'zero');
  });

  it('switches to all keywords and to the last 14 days, both in the URL', async () => {
    await page.getByRole('tab', { name: /Kõik otsingusõnad/ }).click();
    await eventually(pathOf).toBe('/admin/statistics?tab=all');
    await eventually(keywordsShown).toEqual(['piduriklotsid', 'vihmavarjuhoidja', 'summuti']);
    const row = page.locator('#statistics-panel tbody tr', { hasText: 'piduriklotsid' });
    expect((await row.locator('td').allInnerTexts()).slice(1, 5)).toEqual(['3', '3', '0', '5']);
    // Sorted by a header button: keyword A-Z.
    await page.getByRole('button', { name: /^Otsingusõna,/ }).click();
    await eventually(keywordsShown).toEqual(['piduriklotsid', 'summuti', 'vihmavarjuhoidja']);

    await page.getByLabel('Ajavahemik').selectOption({ label: 'Viimased 14 päeva' });
    await eventually(() => new URL(page.url()).searchParams.get('range')).toBe('last-14-days');
    await eventually(keywordsShown).toEqual(['piduriklotsid', 'vihmavarjuhoidja']);
    expect(await page.locator('.searches-chart__plot').getAttribute('data-days')).toBe('14');
    // The tab keys: ArrowLeft goes back to 'found nothing'.
    await page.getByRole('tab', { name: /Kõik otsingusõnad/ }).press('ArrowLeft');
    await eventually(keywordsShown).toEqual(['vihmavarjuhoidja']);
    await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('statistics-tab-zero');
    await expectAccessibleInBothThemes(page, 'last-14-days');
  });

  it('downloads the range\'s keywords as CSV with the session', async () => {
    await page.getByRole('tab', { name: /Kõik otsingusõnad/ }).click();
    await eventually(() => page.getByRole('tab', { name: /Kõik otsingusõnad/ }).getAttribute('aria-selected')).toBe('true');
    const href = await page.getByRole('link', { name: 'Ekspordi CSV' }).getAttribute('href');
    expect(href).toContain('range=last-14-days');
    expect(href).not.toContain('zero=1');
    expect(href).toContain('format=csv');
    const res = await context.request.get(`${base}${href}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-disposition']).toMatch(/^attachment; filename="search-keywords-last-14-days-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text()).replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toMatch(/^Otsingusõna,Otsinguid/);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['piduriklotsid', 'vihmavarjuhoidja']);
  });

  it('marks and filters the keywords of searches that named a vehicle, and lists the vehicles in their own tab', async () => {
    await page.goto(`${base}/admin/statistics?tab=all`);
    await eventually(keywordsShown).toEqual(['piduriklotsid', 'vihmavarjuhoidja', 'summuti']);
    const row = page.locator('#statistics-panel tbody tr', { hasText: 'piduriklotsid' });
    await eventually(() => row.locator('.statistics-vehicle-mark').innerText()).toBe('garaaž');
    expect(await page.locator('#statistics-panel .statistics-vehicle-mark').count()).toBe(1);
    await page.getByLabel('Ainult sõidukit nimetanud otsingud').check();
    await eventually(pathOf).toBe('/admin/statistics?tab=all&vehicle=1');
    await eventually(keywordsShown).toEqual(['piduriklotsid']);
    expect(await page.getByRole('link', { name: 'Ekspordi CSV' }).getAttribute('href')).toContain('vehicle=1');
    await expectAccessibleInBothThemes(page, 'vehicle-keywords');

    await page.getByRole('tab', { name: /Sõidukid/ }).click();
    await eventually(() => new URL(page.url()).searchParams.get('tab')).toBe('vehicles');
    const vehicleRow = page.locator('#statistics-panel tbody tr', { hasText: 'MG MGB' });
    await eventually(async () => (await vehicleRow.locator('td').allInnerTexts()).slice(0, 5)).toEqual(['MG MGB', '1', '1', '0', '0']);
    expect(await vehicleRow.locator('td').last().innerText()).toMatch(/piduriklotsid\s*\(1\)/);
    expect(await page.getByRole('tab', { name: /Sõidukid/ }).innerText()).toMatch(/1/);
    expect(await page.getByLabel('Ainult sõidukit nimetanud otsingud').count()).toBe(0);
    const href = await page.getByRole('link', { name: 'Ekspordi CSV' }).getAttribute('href');
    expect(href).toContain('/v1/admin/statistics/search-vehicles?');
    const csv = await context.request.get(`${base}${href}`);
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toMatch(/^Sõiduk,Võti,Otsinguid/);
    expect(lines[1]).toMatch(/^MG MGB,mg\.mgb,1,1,0,0,/);
    await expectAccessibleInBothThemes(page, 'vehicles');
  });

  it('speaks English at /en/admin/statistics', async () => {
    await page.goto(`${base}/en/admin/statistics?range=all`);
    await eventually(() => page.locator('h1').innerText()).toBe('Search keywords');
    await eventually(() => page.getByRole('tab', { name: /Found nothing/ }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByLabel('Time range').inputValue()).toBe('all');
    await eventually(keywordsShown).toEqual(['vihmavarjuhoidja']);
    await eventually(() => page.locator('.searches-chart__summary').innerText()).toMatch(/^6 searches over \d+ days/);
    await expectAccessibleInBothThemes(page, 'en');
  });

  it('makes the keyword that found nothing a category search keyword in one click; the storefront search then finds the product', async () => {
    await page.goto(`${base}/admin/statistics?range=all`);
    await eventually(keywordsShown).toEqual(['vihmavarjuhoidja']);
    const row = page.locator('#statistics-panel tbody tr', { hasText: 'vihmavarjuhoidja' });
    await eventually(() => row.locator('td').nth(6).innerText()).toBe('0');
    await row.getByRole('button', { name: 'Lisa otsingusse „vihmavarjuhoidja“' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tehke „vihmavarjuhoidja“ leitavaks' });
    await eventually(() => dialog.isVisible()).toBe(true);
    await eventually(() => dialog.getByLabel('Kategooria', { exact: true }).locator('option').allInnerTexts()).toContain('Lisatarvikud');
    await dialog.getByLabel('Kategooria', { exact: true }).selectOption({ label: 'Lisatarvikud' });
    expect(await dialog.getByLabel('Otsingusõna keel').inputValue()).toBe('et');
    // The modal makes the page behind it inert (the theme toggle too): axe checks it in the current theme.
    await page.screenshot({ path: '/tmp/admin-statistics-e2e-assign.png' });
    expect(await seriousAxeViolations(page), 'assign dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Lisa', exact: true }).click();
    await eventually(() => page.getByText('Otsing „vihmavarjuhoidja“ leiab nüüd 1 toote.').count()).toBe(1);
    await eventually(() => dialog.isVisible()).toBe(false);
    // The table asks again: the keyword finds one product now, and its button is gone.
    await eventually(() => row.locator('td').nth(6).innerText()).toBe('1');
    expect(await row.getByRole('button').count()).toBe(0);

    const shop = await context.newPage();
    await shop.goto(`${base}/products?q=vihmavarjuhoidja`);
    await expect.poll(() => shop.locator('.product-card, .search-result').allInnerTexts(), { timeout: patience(15_000) }).toEqual([expect.stringContaining('Salongi hoidik')]);
    await shop.close();
  });
});
