/**
 * Category search suggestions in the header's search box (spec 9 "Category search suggestions: at most 10 ... Search
 * key-up delay 300 ms"), in Debian's Chromium on the built storefront over the small fixture catalog: typing shows
 * the matching categories as a WAI-ARIA combobox (aria-expanded, aria-activedescendant), the arrow keys move through
 * them (wrapping), Enter opens the active category's page, Escape closes the list, Enter with none active still
 * searches; in Estonian and English; axe clean with the list open.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
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
  h = await createShopHarness('category_suggestions_e2e');
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

const box = () => page.locator('header').getByRole('combobox');
const optionNames = () => page.getByRole('listbox').getByRole('option').locator('.search-box__suggestion-name').allInnerTexts();
const activeName = async () => {
  const id = await box().getAttribute('aria-activedescendant');
  return id ? page.locator(`[id="${id}"] .search-box__suggestion-name`).innerText() : null;
};

describe('category search suggestions', () => {
  it('shows the matching categories while typing, moves with the arrow keys and opens one with Enter (English)', async () => {
    await page.goto(`${base}/en/products`);
    await expect.poll(() => page.locator('.product-card').count()).toBeGreaterThan(0);
    expect(await box().getAttribute('aria-expanded')).toBe('false');
    await box().pressSequentially('filters', { delay: 30 });
    await expect.poll(optionNames, { timeout: patience(10_000) }).toEqual(['Filters', 'Fuel filters', 'Oil filters']);
    expect(await box().getAttribute('aria-expanded')).toBe('true');
    expect(await box().getAttribute('aria-controls')).toBe(await page.getByRole('listbox').getAttribute('id'));
    expect(await activeName()).toBeNull();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await box().press('ArrowDown');
    await expect.poll(activeName).toBe('Filters');
    await box().press('ArrowDown');
    await box().press('ArrowDown');
    await expect.poll(activeName).toBe('Oil filters');
    await box().press('ArrowDown'); // wraps
    await expect.poll(activeName).toBe('Filters');
    await box().press('ArrowUp'); // wraps back
    await expect.poll(activeName).toBe('Oil filters');
    expect(await page.getByRole('option', { selected: true }).locator('.search-box__suggestion-path').innerText()).toBe('Filters');

    await box().press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/en/filters/oil-filters');
    await expect.poll(() => page.locator('.product-card').count()).toBe(1);
    expect(await box().getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape closes the list; Enter with no suggestion active searches the text (Estonian)', async () => {
    await page.goto(`${base}/tooted`);
    await expect.poll(() => page.locator('.product-card').count()).toBeGreaterThan(0);
    await box().pressSequentially('pidurid', { delay: 30 });
    await expect.poll(optionNames, { timeout: patience(10_000) }).toEqual(['Pidurid']);
    await box().press('Escape');
    await expect.poll(() => box().getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('listbox').isHidden()).toBe(true);
    await box().press('ArrowDown'); // opens again on the same suggestions
    await expect.poll(activeName).toBe('Pidurid');
    await box().press('Escape');
    await box().press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('pidurid');
    expect(new URL(page.url()).pathname).toBe('/products');
  });
});
