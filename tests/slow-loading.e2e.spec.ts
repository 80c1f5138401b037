/**
 * A shopper on a slow connection and the shop's own page views, in Debian's Chromium (playwright-core) on the built
 * storefront over the small fixture catalog: a listing request held by the test shows 'Still loading…' after the
 * threshold (spec 9) and the hint goes once the answer arrives; each page shown is recorded once idle through
 * POST /v1/page-view (spec 7, first-party) with the previous path as referrer.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { latestPageViews } from '../platform/analytics/page-views.js';
import { seriousAxeViolations } from './support/axe.js';
import { chromiumExecutable, launchChromium } from './support/browser.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';
import { patience } from './support/patience.js';

const repoRoot = path.resolve(__dirname, '..');
let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let page: Page;
let base: string;

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  h = await createShopHarness('slow_loading');
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  await seedSiteContent(h.store, new Date().toISOString());
  await h.settle();
  ({ app, base } = await serveStorefront(h));
  browser = await launchChromium(executablePath);
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
});

const hint = () => page.locator('.loading-hint').innerText();

describe('slow loading and page views', () => {
  it("a held listing request shows 'Still loading…' after the threshold, and the hint goes when it answers", async () => {
    await page.goto(`${base}/tooted`);
    await expect.poll(() => page.locator('.product-card').count()).toBeGreaterThan(0);
    expect(await hint()).toBe('');
    let held: Route | null = null;
    await page.route('**/v1/products?**', async (route) => {
      if (new URL(route.request().url()).searchParams.get('q') === 'filter') held = route;
      else await route.continue();
    });
    await page.locator('header input[type=search]').fill('filter');
    await page.locator('header input[type=search]').press('Enter');
    await expect.poll(() => held !== null).toBe(true);
    const heldSince = Date.now();
    await expect.poll(hint, { timeout: patience(10_000) }).toBe('Laadimine kestab veel…');
    expect(Date.now() - heldSince).toBeGreaterThanOrEqual(2500);
    // The hint is a polite status: read out, not a landmark of its own.
    expect(await page.locator('.loading-hint').getAttribute('role')).toBe('status');
    await held!.continue();
    await expect.poll(hint, { timeout: patience(10_000) }).toBe('');
    await expect.poll(() => page.locator('.product-card').count()).toBeGreaterThan(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.unroute('**/v1/products?**');
  });

  it('records each page shown once idle, with the previous path as referrer and no query', async () => {
    await page.goto(`${base}/en/products`);
    await expect.poll(() => page.locator('.product-card').count()).toBeGreaterThan(0);
    await page.locator('.product-card a').first().click();
    await expect.poll(() => page.url()).toContain('/en/products/view/');
    const productPath = new URL(page.url()).pathname;
    await expect
      .poll(async () => (await latestPageViews(h.db, 2)).map(({ path, referrerPath, language }) => ({ path, referrerPath, language })), { timeout: patience(15_000) })
      .toEqual([
        { path: productPath, referrerPath: '/en/products', language: 'en' },
        { path: '/en/products', referrerPath: null, language: 'en' },
      ]);
    const [newest, previous] = await latestPageViews(h.db, 2);
    expect(newest!.sessionId).toBe(previous!.sessionId);
  });
});
