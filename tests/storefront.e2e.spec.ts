/**
 * A shopper browses the first storefront in Debian's Chromium (playwright-core, installed from Debian's `chromium`
 * package when missing): the listing with the category tree, a category, the search box with a part number, the
 * product page with its price and availability, paging size and sort, the English prefix, and an unknown path.
 * The api serves the built web app (web/dist, built here when missing) over the small fixture catalog.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../api/app.js';
import { SearchRecorder } from '../commands/catalog/record-search.js';
import { ensureChromium } from '../platform/services/ensure-services.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';

const repoRoot = path.resolve(__dirname, '..');
let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let page: Page;
let base: string;

beforeAll(async () => {
  if (!existsSync(path.join(repoRoot, 'web', 'dist', 'index.html'))) {
    const vite = path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
    const r = spawnSync(process.execPath, [vite, 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: repoRoot, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('vite build failed');
  }
  const executablePath = await ensureChromium((line) => process.stderr.write(`${line}\n`));
  h = await createShopHarness('storefront');
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  await h.settle();
  app = await buildApp({ db: h.db, store: h.store, now: () => new Date().toISOString(), webRoot: path.join(repoRoot, 'web', 'dist'), listingCacheTtlMs: 0, searches: new SearchRecorder(h.store, { flushIntervalMs: 0 }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
});

const cardCodes = () => page.locator('.product-card__code').allInnerTexts().then((codes) => codes.map((c) => c.replace(/^.*:\s*/, '').trim()));

describe('storefront', () => {
  it('lists the catalog at / and /tooted with the category tree, in Estonian', async () => {
    await page.goto(`${base}/`);
    await expect.poll(cardCodes).toHaveLength(5);
    expect(await page.locator('nav.category-tree').innerText()).toContain('Filtrid');
    await page.goto(`${base}/tooted`);
    await expect.poll(cardCodes).toHaveLength(5);
    expect(await page.locator('html').getAttribute('lang')).toMatch(/^et/);
  });

  it('browses a category and its subcategories', async () => {
    await page.goto(`${base}/products`);
    await page.locator('nav.category-tree').getByRole('link', { name: /Filtrid/ }).first().click();
    await expect.poll(() => page.url()).toContain('c=');
    await expect.poll(async () => (await cardCodes()).sort()).toEqual(['BF 1018/1', 'BF 1018/2', 'W 712/75']);
  });

  it('sorts by price and changes the page size through the URL state', async () => {
    await page.goto(`${base}/products?sort=total_price&pageSize=48`);
    await expect.poll(cardCodes).toEqual(['W 712/75', 'BF 1018/2', 'BF 1018/1', 'GSK 100', 'GB 200']);
    expect(await page.getByLabel('Tooteid lehel').inputValue()).toBe('48');
  });

  it('searches a part number however typed and shows it first, then opens the product page', async () => {
    await page.goto(`${base}/products`);
    const search = page.getByRole('search').getByRole('searchbox');
    await search.fill('bf 1018 1');
    await search.press('Enter');
    await expect.poll(() => page.url()).toMatch(/\/products\?q=bf\+1018\+1&iu=user/);
    await expect.poll(async () => (await cardCodes())[0]).toBe('BF 1018/1');
    await page.locator('.product-card').first().getByRole('link').click();
    await expect.poll(() => page.url()).toContain('/products/view/');
    const main = page.locator('main');
    // The description is shown on the product page only: wait for it, not for the listing's price.
    await expect.poll(() => main.innerText(), { timeout: 10_000 }).toContain('Kütusefilter diiselmootorile');
    const text = await main.innerText();
    expect(text).toContain('12,40');
    expect(text).toContain('€');
    expect(text).toContain('Saadaval');
    expect(text).toMatch(/Laos:\s*4/);
  });

  it('shows the product page in English under /en', async () => {
    await page.goto(`${base}/en/products?q=${encodeURIComponent('GSK 100')}`);
    await expect.poll(async () => (await cardCodes())[0]).toBe('GSK 100');
    await page.locator('.product-card').first().getByRole('link').click();
    await expect.poll(() => page.url()).toContain('/en/products/view/');
    await expect.poll(() => page.locator('main h1').innerText(), { timeout: 10_000 }).toBe('Brake pads');
    await expect.poll(() => page.locator('main').innerText()).toContain('Not in stock');
    const text = await page.locator('main').innerText();
    expect(text).toContain('€25.00');
    expect(text).toContain('Not in stock');
  });

  it('shows the not-found page for an unknown path', async () => {
    await page.goto(`${base}/no-such-page/here`);
    await expect.poll(() => page.locator('main').innerText()).toMatch(/Lehekülge ei leitud|Page not found/);
  });
});
