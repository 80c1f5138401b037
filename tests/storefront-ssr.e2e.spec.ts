/**
 * The storefront rendered on the server, in Chromium (api/ssr/storefront-renderer.ts, web/src/entry-server.tsx):
 * with JavaScript off a shopper lists products, opens a category, pages, searches and opens a product from the
 * server's HTML alone; with JavaScript on the page hydrates without a recoverable hydration error (React reports a
 * mismatch as an uncaught error or a console error) and then reacts to clicks. Real PostgreSQL, the small fixture
 * catalog plus 30 generated products (two pages of 24), the built browser and server bundles.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { chromiumExecutable, launchChromium } from './support/browser.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';

const repoRoot = path.resolve(__dirname, '..');
let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let base: string;
let tmp: string;

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  tmp = mkdtempSync(path.join(tmpdir(), 'ssr-e2e-'));
  const fixture = readFileSync(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'), 'utf8');
  const rows = Array.from({ length: 30 }, (_, i) => `GEN ${100 + i},,Õlifilter ${100 + i},Oil filter ${100 + i},,,Filtrid > Õlifiltrid,Filters > Oil filters,${5 + i}.00,tallinn=2,pcs,available,,0,product,,,,`);
  writeFileSync(path.join(tmp, 'more.csv'), `${fixture.split('\n', 1)[0]}\n${rows.join('\n')}\n`);
  h = await createShopHarness('storefront_ssr_e2e');
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  await h.importFile(path.join(tmp, 'more.csv'));
  await seedSiteContent(h.store, new Date().toISOString());
  await h.settle();
  ({ app, base } = await serveStorefront(h));
  browser = await launchChromium(executablePath);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('with JavaScript disabled', () => {
  it('lists, opens a category, pages, searches and opens a product', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`${base}/et/products`);
      await expect.poll(() => page.locator('.product-card').count()).toBe(24);
      expect(await page.locator('h1').innerText()).toBe('Kõik tooted');

      // A category from the tree (its own URL, its products only), then its next page.
      await page.locator('.category-tree a', { hasText: 'Filtrid' }).first().click();
      await page.waitForURL(/\/et\/filtrid$/);
      expect(await page.locator('h1').innerText()).toBe('Filtrid');
      await expect.poll(() => page.locator('.product-card').count()).toBe(24);
      const firstPage = await page.locator('.product-card a').allInnerTexts();
      await page.locator('a[rel="next"]').first().click();
      await page.waitForURL(/page=2/);
      await expect.poll(() => page.locator('.product-card').count()).toBeGreaterThan(0);
      const secondPage = await page.locator('.product-card a').allInnerTexts();
      expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);

      // The search box is a GET form to the listing.
      await page.locator('.search-box input[name="q"]').fill('Kütusefilter');
      await page.locator('.search-box button[type="submit"]').click();
      await page.waitForURL(/\/et\/products\?q=/);
      await expect.poll(() => page.locator('.product-card').count()).toBeGreaterThan(0);
      expect(await page.locator('.product-card').first().innerText()).toContain('Kütusefilter');

      // A product's page from its card.
      const name = await page.locator('.product-card a').first().innerText();
      await page.locator('.product-card a').first().click();
      await page.waitForURL(/\/products\/view\//);
      expect(await page.locator('h1').innerText()).toBe(name);
      expect(await page.locator('main').innerText()).toMatch(/\d+,\d\d\s*€/);
    } finally {
      await context.close();
    }
  });
});

describe('with JavaScript enabled', () => {
  it('hydrates the server HTML without a mismatch and then handles clicks', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      // The fixture's product pictures point at https://example.org/, which this machine cannot reach and the CSP
      // may block: not the page's fault.
      const picture = message.text().includes('https://example.org/') || message.location().url.startsWith('https://example.org/');
      if (message.type() === 'error' && !picture) errors.push(message.text());
    });
    try {
      for (const url of ['/et/products', '/en/filters', '/et/filtrid?page=2', `/et/products?q=filter`]) {
        await page.goto(`${base}${url}`);
        await page.waitForLoadState('networkidle');
      }
      // Hydrated: a client-side navigation (no new document) and the theme toggle work.
      await page.goto(`${base}/et/products`);
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
      await page.locator('.product-card a').first().click();
      await page.waitForURL(/\/products\/view\//);
      await expect.poll(() => page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
      const before = await page.evaluate(() => document.documentElement.dataset.theme);
      await page.locator('.site-header .icon-button').first().click();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).not.toBe(before);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
