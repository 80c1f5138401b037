/**
 * The cart survives leaving the page in Debian's Chromium (playwright-core) on the built storefront over
 * the small fixture catalog: a product added and the page reloaded at once (well inside spec 4's 1000 ms save delay)
 * is still in the cart; and in a browser that blocks site storage (an init script makes `localStorage` throw, as
 * Chromium does with third-party or site data blocked) the app still renders and the cart works in memory.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { chromiumExecutable, launchChromium } from './support/browser.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';

const repoRoot = path.resolve(__dirname, '..');
let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let base: string;

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  // Installed once before the tests by npm test / the global setup (tests/support/browser.ts); only launched here.
  const executablePath = chromiumExecutable();
  h = await createShopHarness('cart_persistence');
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  await seedSiteContent(h.store, new Date().toISOString());
  await h.settle();
  ({ app, base } = await serveStorefront(h));
  browser = await launchChromium(executablePath);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
});

/** innerText with no-break spaces (Intl number formats) as plain spaces. */
const miniCartText = async (page: Page) => (await page.locator('.mini-cart__link').innerText()).replace(/\u00a0|\u202f/g, ' ');

describe('cart persistence', () => {
  it('keeps a product added just before a reload', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/en/products/view/${productIdForCode('BF 1018/1')}`);
    await page.getByLabel('Quantity').fill('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => miniCartText(page)).toMatch(/2 items/);
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull(); // the 1000 ms save is still due
    await page.reload();
    await expect.poll(() => miniCartText(page)).toMatch(/€24.80[\s\S]*2 items/);
    expect(await page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('cart') ?? '{}')))).toEqual([productIdForCode('BF 1018/1')]);
    await context.close();
  });

  it('renders and keeps the cart in memory when the browser blocks storage', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => {
      const blocked = () => {
        throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", 'SecurityError');
      };
      Object.defineProperty(window, 'localStorage', { configurable: true, get: blocked });
      Object.defineProperty(window, 'sessionStorage', { configurable: true, get: blocked });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/en/products/view/${productIdForCode('BF 1018/1')}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => miniCartText(page)).toMatch(/€12.40[\s\S]*1 item/);
    // Inside the app the cart page lists it (no page load, so the memory holds it).
    await page.locator('.mini-cart__link').click();
    await expect.poll(() => page.locator('main').innerText()).toContain('BF 1018/1');
    await page.waitForTimeout(1300); // the save runs against the blocked storage without breaking the page
    expect(await miniCartText(page)).toMatch(/1 item/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
