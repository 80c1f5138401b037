/**
 * The analysis screens in Debian's Chromium (docs/architecture.md "Analyses: search conversion and the order funnel"): a staff member with statistics.view
 * signs in at /admin/SearchConversion; the side menu shows both analyses; the search-conversion screen draws its
 * uPlot chart and lists the keywords of the last 30 days with their counts; the order-funnel screen the weeks and
 * the payment method share; another range goes into the URL; both screens in Estonian and English, axe-core clean
 * (no serious or critical violation) in both themes. The history is tests/support/analytics-history.ts, in the
 * last 25 days. Screenshots in /tmp/admin-analytics-e2e-*.png.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildWebIfStale } from '../bin/web-build.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { registerUser } from '../commands/user/user-accounts.js';
import { appendAnalyticsHistory } from './support/analytics-history.js';
import { accessibilityCheck } from './support/axe.js';
import { chromiumExecutable, launchChromium, submitSignInForm } from './support/browser.js';
import { patience } from './support/patience.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';

const expectAccessibleInBothThemes = accessibilityCheck('admin-analytics-e2e');

const STAFF = { username: 'mari.analyytik', password: 'Kollane-Pilv-2026!' };

let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let page: Page;
let base: string;

beforeAll(async () => {
  buildWebIfStale((l) => process.stderr.write(`${l}\n`));
  const executablePath = chromiumExecutable();
  h = await createShopHarness('admin_analytics_e2e');
  const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: new Date().toISOString() });
  await registerUser(h.store, { ...STAFF, confirm: STAFF.password, roles: ['CLIENT'] }, ctx(), { usernameTaken: async () => false });
  h.clock.now = new Date().toISOString();
  await h.importCatalogRows([
    {
      line: 2, productId: productIdForCode('CONV-FILTER'), code1: 'CONV-FILTER', code2: null, names: { et: 'Konversiooni õlifilter', en: 'Conversion oil filter' },
      descriptions: { et: 'Õlifilter.', en: 'Oil filter.' }, categoryPath: [{ id: 'a3c1f0de-2222-4e5f-8a9b-000000000021', et: 'Filtrid', en: 'Filters' }],
      grossCents: 1500, stock: { tallinn: 5 }, unit: 'pcs', policy: 'available', deliveryDays: null, bigProduct: false, productClass: 'product',
      attributes: [], oeNumbers: [], vehicles: [], images: [],
    },
  ]);
  await appendAnalyticsHistory(h.store, { sessions: 300, seed: 3, start: new Date(Date.now() - 25 * 86_400_000).toISOString(), days: 24 });
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

const rows = () => page.locator('.analysis-screen .data-table tbody tr');

describe('the storefront tab\'s anonymous session', () => {
  it('goes with a typed search, the product opened from its results and the cart addition into the events', async () => {
    const shopper = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await shopper.goto(`${base}/products`);
    await shopper.getByRole('search').getByRole('combobox').fill('Konversiooni');
    await shopper.getByRole('search').getByRole('combobox').press('Enter');
    await shopper.getByRole('link', { name: /Konversiooni õlifilter/ }).first().click();
    await shopper.getByRole('button', { name: 'Lisa ostukorvi' }).click();
    await shopper.locator('.toaster').getByRole('status').filter({ hasText: /ostukorvi/i }).first().waitFor({ timeout: patience(15_000) });
    const session = await shopper.evaluate(() => sessionStorage.getItem('pageViewSession'));
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    const steps = async () =>
      (await sql<{ type: string }>`select event_type as type from es_events where metadata->>'shopperSession' = ${session} order by global_position`.execute(h.db)).rows.map((r) => r.type);
    // In this order (a listing may record its search more than once: paging, facets).
    const distinct = async () => (await steps()).filter((t, i, all) => t !== all[i - 1]);
    await eventually(distinct).toEqual(['SearchPerformed', 'ShopperOpenedProduct', 'ShopperAddedToCart']);
    await shopper.context().close();
  });
});

describe('analysis screens', () => {
  it('signs in at /admin/SearchConversion and shows the chart and the keywords with their counts', async () => {
    await page.goto(`${base}/admin/SearchConversion`);
    await eventually(pathOf).toBe('/login?next=%2Fadmin%2FSearchConversion');
    await submitSignInForm(page, STAFF);
    await eventually(pathOf).toBe('/admin/SearchConversion');
    await eventually(() => page.locator('h1').innerText()).toBe('Otsingute konversioon');
    const menu = page.getByRole('navigation', { name: 'Haldusmenüü' });
    await eventually(() => menu.getByRole('link', { name: /Otsingute konversioon/ }).count()).toBe(1);
    await eventually(() => menu.getByRole('link', { name: /Tellimuste lehter/ }).count()).toBe(1);
    await eventually(() => page.locator('.analysis-chart__plot canvas').count()).toBeGreaterThan(0);
    await eventually(() => rows().count()).toBeGreaterThan(3);
    const oil = rows().filter({ has: page.locator('.analysis-keyword', { hasText: /^õlifilter$/ }) });
    await eventually(() => oil.count()).toBe(1);
    // Searches, then the ones that found nothing: a keyword that always finds something has 0 there.
    expect(Number((await oil.locator('td').nth(1).innerText()).trim())).toBeGreaterThan(0);
    expect((await oil.locator('td').nth(2).innerText()).trim()).toBe('0');
    await expectAccessibleInBothThemes(page, 'conversion-et');

    await page.getByLabel('Ajavahemik').selectOption('last-14-days');
    await eventually(pathOf).toBe('/admin/SearchConversion?range=last-14-days');
  });

  it('shows the order funnel per week and the payment method share', async () => {
    await page.getByRole('navigation', { name: 'Haldusmenüü' }).getByRole('link', { name: /Tellimuste lehter/ }).click();
    await eventually(pathOf).toBe('/admin/OrderFunnel');
    await eventually(() => page.locator('h1').innerText()).toBe('Tellimuste lehter');
    await eventually(() => page.locator('.analysis-chart__plot canvas').count()).toBeGreaterThan(0);
    await eventually(() => rows().count()).toBeGreaterThan(3);
    await eventually(() => page.getByRole('heading', { name: 'Makseviiside osakaal' }).count()).toBe(1);
    await expectAccessibleInBothThemes(page, 'funnel-et');
  });

  it('speaks English at /en/admin/... on both screens, accessible in both themes', async () => {
    await page.goto(`${base}/en/admin/OrderFunnel`);
    await eventually(() => page.locator('h1').innerText()).toBe('Order funnel');
    await eventually(() => page.getByRole('heading', { name: 'Payment method share' }).count()).toBe(1);
    await eventually(() => rows().count()).toBeGreaterThan(3);
    await expectAccessibleInBothThemes(page, 'funnel-en');
    await page.goto(`${base}/en/admin/SearchConversion`);
    await eventually(() => page.locator('h1').innerText()).toBe('Search conversion');
    await eventually(() => page.getByRole('columnheader', { name: /Product opened/ }).count()).toBe(1);
    await eventually(() => rows().count()).toBeGreaterThan(3);
    await expectAccessibleInBothThemes(page, 'conversion-en');
  });
});
