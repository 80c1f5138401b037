/**
 * The storefront for signed-in staff in Debian's Chromium (spec 4 "Products not visible show ... the note
 * This product is not visible to the user", "Staff see a low-stock warning icon when the first stock amount is at or
 * below critical_stock_level"; spec 6 "Logged-in staff ... get ... the low-stock icon and hidden-product badges"):
 * a staff user signs in, opens a hidden product's page (badge and note), an inaccessible one's (its page, marked),
 * a low-stock product's page and the listing (the icon); the pages ask for fieldsPreset=frontEdit. A shopper's
 * context sees none of it, makes no staff call and never asks for frontEdit.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { setCriticalStockLevel } from '../commands/product/set-critical-stock-level.js';
import { setProductVisibility } from '../commands/product/set-product-visibility.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { registerUser } from '../commands/user/user-accounts.js';
import { chromiumExecutable, launchChromium, submitSignInForm } from './support/browser.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';
import { patience } from './support/patience.js';

const repoRoot = path.resolve(__dirname, '..');
const STAFF = { username: 'laohoidja', password: 'Rukkilill-Tartu-77' };
const FUEL_FILTER = productIdForCode('BF 1018/1'); // 4 in stock; critical level 4 below: low
const HIDDEN = productIdForCode('GB 200');
const INACCESSIBLE = productIdForCode('GSK 100');
const NOTE = 'See toode ei ole kasutajale nähtav';

let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let base: string;

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  h = await createShopHarness('staff_storefront_e2e');
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  const now = new Date().toISOString();
  const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now });
  await seedSiteContent(h.store, now);
  await registerUser(h.store, { ...STAFF, confirm: STAFF.password, roles: ['CLIENT'] }, ctx(), { usernameTaken: async () => false });
  await setCriticalStockLevel(h.store, { productId: FUEL_FILTER, level: 4 }, ctx());
  await setProductVisibility(h.store, { productId: HIDDEN, rule: { type: 'static', state: 'hidden' } }, ctx());
  await setProductVisibility(h.store, { productId: INACCESSIBLE, rule: { type: 'static', state: 'inaccessible' } }, ctx());
  await h.settle();
  ({ app, base } = await serveStorefront(h));
  browser = await launchChromium(executablePath);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
});

const eventually = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: patience(15_000), interval: 50 });

/** A browser context with the api calls its pages made. */
async function contextWithCalls(): Promise<{ context: BrowserContext; page: Page; calls: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/v1/') || url.pathname.startsWith('/product/')) calls.push(url.pathname + url.search);
  });
  return { context, page, calls };
}

const titleOf = (page: Page) => page.locator('h1').first().innerText();

describe('the storefront for signed-in staff', () => {
  it('shows staff the hidden badge and note, the inaccessible product, and the low-stock icon', async () => {
    const { context, page, calls } = await contextWithCalls();
    await page.goto(`${base}/login`);
    await submitSignInForm(page, STAFF);
    // Spec 7 "Success goes to /" (no next).
    await eventually(() => new URL(page.url()).pathname).toBe('/');

    await page.goto(`${base}/products/view/${HIDDEN}`);
    await eventually(() => page.getByTestId('hidden-badge').count()).toBe(1);
    expect(await page.getByTestId('hidden-badge').innerText()).toMatch(/peidetud/i);
    await eventually(() => page.getByText(NOTE).count()).toBe(1);
    expect(calls.some((c) => c.startsWith(`/product/view/${HIDDEN}`) && c.includes('fieldsPreset=frontEdit'))).toBe(true);

    await page.goto(`${base}/products/view/${INACCESSIBLE}`);
    await eventually(() => page.getByTestId('hidden-badge').count()).toBe(1);
    expect(await page.getByTestId('hidden-badge').innerText()).toMatch(/ligipääsmatu/i);
    expect(await page.getByText(NOTE).count()).toBe(1);

    await page.goto(`${base}/products/view/${FUEL_FILTER}`);
    await eventually(() => page.getByTestId('low-stock-icon').count()).toBe(1);
    expect(await page.getByTestId('hidden-badge').count()).toBe(0);
    expect(await page.getByText(NOTE).count()).toBe(0);

    await page.goto(`${base}/products`);
    await eventually(() => page.locator('.product-card').count()).toBeGreaterThan(0);
    await eventually(() => page.locator('.product-card').filter({ hasText: 'BF 1018/1' }).getByTestId('low-stock-icon').count()).toBe(1);
    expect(calls.some((c) => c.startsWith('/v1/products') && c.includes('fieldsPreset=frontEdit'))).toBe(true);
    await context.close();
  });

  it("shows a shopper none of it, with no staff call and no frontEdit request", async () => {
    const { context, page, calls } = await contextWithCalls();
    await page.goto(`${base}/products/view/${HIDDEN}`);
    await eventually(() => titleOf(page)).not.toBe('');
    await eventually(() => page.locator('.product-view').count()).toBe(1);
    expect(await page.getByTestId('hidden-badge').count()).toBe(0);
    expect(await page.getByText(NOTE).count()).toBe(0);

    await page.goto(`${base}/products/view/${FUEL_FILTER}`);
    await eventually(() => page.locator('.product-view').count()).toBe(1);
    expect(await page.getByTestId('low-stock-icon').count()).toBe(0);

    await page.goto(`${base}/products/view/${INACCESSIBLE}`);
    await eventually(() => titleOf(page)).toBe('Toodet ei leitud');

    await page.goto(`${base}/products`);
    await eventually(() => page.locator('.product-card').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('low-stock-icon').count()).toBe(0);
    expect(calls.filter((c) => c.startsWith('/v1/session'))).toEqual([]);
    expect(calls.filter((c) => c.includes('frontEdit'))).toEqual([]);
    await context.close();
  });
});
