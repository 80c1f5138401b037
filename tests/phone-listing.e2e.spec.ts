/**
 * The listing made for phones (spec 2 "Product listing", spec 9 breakpoints), in Debian's Chromium: at 390 px two
 * product cards side by side (their boxes), each name in at most 3 lines; below 1000 px the category tree and the
 * filters are a sheet, a labelled modal dialog used by keyboard alone (focus moves in and stays in, Space toggles a
 * filter and the sheet stays open with the new count, Escape and the backdrop close it, focus returns to the toggle),
 * axe-clean in both themes; without JavaScript the toggle shows the sheet as the page's target and a facet link
 * filters; the first HTML's category tree holds the top level and the selected branch only; loading the listing on a
 * phone shifts nothing (layout-shift entries sum to 0). Real PostgreSQL, the small fixture catalog plus 30 generated
 * products, the built browser and server bundles.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryNode } from '../api/contracts/catalog.js';
import { buildWebIfStale } from '../bin/web-build.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { seriousAxeViolations } from './support/axe.js';
import { chromiumExecutable, launchChromium } from './support/browser.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { patience } from './support/patience.js';
import { serveStorefront } from './support/storefront-server.js';

const repoRoot = path.resolve(__dirname, '..');
const PHONE = { width: 390, height: 844 };
let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let base: string;
let tmp: string;

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  tmp = mkdtempSync(path.join(tmpdir(), 'phone-listing-e2e-'));
  const fixture = readFileSync(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'), 'utf8');
  // Long names too: a card's name is clamped to 3 lines.
  const rows = Array.from(
    { length: 30 },
    (_, i) =>
      `GEN ${200 + i},,Õlifilter ${200 + i} pikk nimi mis ei mahu kahte ritta telefonis ega ka kolme ritta kuidagi,Oil filter ${200 + i} with a name too long for three lines on a phone screen,,,Filtrid > Õlifiltrid,Filters > Oil filters,${5 + i}.00,tallinn=2,pcs,available,,0,product,,,,`,
  );
  writeFileSync(path.join(tmp, 'more.csv'), `${fixture.split('\n', 1)[0]}\n${rows.join('\n')}\n`);
  h = await createShopHarness('phone_listing_e2e');
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

const phone = (options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> =>
  browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, ...options });
const eventually = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: patience(10_000), interval: 100 });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator} has no box`);
  return b;
}

/** Whether the focused element is inside the element matching `selector`. */
const focusInside = (page: Page, selector: string) => page.evaluate((s) => !!document.querySelector(s)?.contains(document.activeElement), selector);

describe('the listing on a 390 px phone', () => {
  it('shows two product cards across, each name in at most 3 lines', async () => {
    const context = await phone();
    const page = await context.newPage();
    try {
      await page.goto(`${base}/et/filtrid`);
      const cards = page.locator('.product-card');
      await eventually(() => cards.count()).toBeGreaterThan(3);
      const [a, b, c] = [await box(cards.nth(0)), await box(cards.nth(1)), await box(cards.nth(2))];
      expect(Math.abs(a.y - b.y)).toBeLessThan(1); // one row
      expect(b.x).toBeGreaterThanOrEqual(a.x + a.width); // side by side
      expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
      expect(a.width).toBeLessThan(PHONE.width / 2);
      expect(c.y).toBeGreaterThanOrEqual(a.y + a.height); // the third starts the next row
      // The long names are clamped: no name box is higher than 3 of its lines.
      const names = await page.locator('.product-card__name').evaluateAll((els) =>
        els.map((el) => ({ height: el.getBoundingClientRect().height, line: parseFloat(getComputedStyle(el).lineHeight) })),
      );
      expect(names.length).toBeGreaterThan(0);
      for (const n of names) expect(n.height).toBeLessThanOrEqual(n.line * 3 + 1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    } finally {
      await context.close();
    }
  });

  it('opens the categories and filters as a modal sheet by keyboard, keeps focus in it and closes it', async () => {
    const context = await phone();
    const page = await context.newPage();
    try {
      await page.goto(`${base}/et/filtrid`);
      const toggle = page.locator('.listing__sidebar-toggle');
      const dialog = page.getByRole('dialog', { name: 'Kategooriad ja filtrid' });
      expect(await page.locator('#listing-sidebar').isVisible()).toBe(false);
      await toggle.focus();
      await page.keyboard.press('Enter');
      await eventually(() => dialog.isVisible()).toBe(true);
      expect(await dialog.getAttribute('aria-modal')).toBe('true');
      expect(await focusInside(page, '#listing-sidebar')).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      // Shift+Tab from the first control goes to the last, Tab from the last to the first: focus never leaves.
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => document.activeElement?.classList.contains('listing-sheet__show'))).toBe(true);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.classList.contains('listing-sheet__close'))).toBe(true);
      const stops = await page.locator('#listing-sidebar').evaluate((el) => el.querySelectorAll('a[href], button').length);
      for (let i = 0; i < stops + 3; i++) {
        await page.keyboard.press('Tab');
        expect(await focusInside(page, '#listing-sidebar')).toBe(true);
      }
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Space on a facet option filters; the sheet stays open and its button counts the filtered products.
      const show = dialog.locator('.listing-sheet__show');
      expect(await show.innerText()).toMatch(/^Näita \d+ toodet$/);
      const option = dialog.getByRole('group', { name: 'Height [mm]' }).getByRole('checkbox', { name: /^177/ });
      await option.focus();
      await page.keyboard.press('Space');
      await page.waitForURL(/[?&]f=/);
      await eventually(() => show.innerText()).toBe('Näita 2 toodet');
      expect(await dialog.isVisible()).toBe(true);
      // "Show 2 products" closes it; focus returns to the toggle, the list shows the two.
      await show.focus();
      await page.keyboard.press('Enter');
      await eventually(() => dialog.count()).toBe(0);
      expect(await page.locator('#listing-sidebar').isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.classList.contains('listing__sidebar-toggle'))).toBe(true);
      await eventually(() => page.locator('.product-card').count()).toBe(2);

      // Escape closes it; so does a tap on the backdrop. The light theme is axe-clean too.
      await page.keyboard.press('Enter');
      await eventually(() => dialog.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await eventually(() => dialog.count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.classList.contains('listing__sidebar-toggle'))).toBe(true);
      await page.getByRole('button', { name: 'Lülita hele teema sisse' }).click();
      await eventually(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
      await toggle.click();
      await eventually(() => dialog.isVisible()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.mouse.click(PHONE.width / 2, 5);
      await eventually(() => dialog.count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('shifts nothing while the listing loads (layout-shift entries sum to 0)', async () => {
    const context = await phone();
    await context.addInitScript(() => {
      const w = window as unknown as { layoutShift: number; shifts: string[] };
      w.layoutShift = 0;
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
          if (entry.hadRecentInput) continue;
          w.layoutShift += entry.value;
          w.shifts.push(...(entry.sources ?? []).map((s) => (s.node instanceof Element ? s.node.className : String(s.node))));
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    try {
      for (const url of ['/et/products', '/et/filtrid']) {
        await page.goto(`${base}${url}`, { waitUntil: 'networkidle' });
        await eventually(() => page.locator('.product-card').count()).toBeGreaterThan(0);
        // The footer (a lazy chunk) and the pictograms are in; a frame later any shift would be recorded.
        await eventually(() => page.locator('footer').count()).toBeGreaterThan(0);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts), url).toEqual([]);
        expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift), url).toBe(0);
      }
    } finally {
      await context.close();
    }
  });
});

describe('the category tree in the first HTML', () => {
  /** The visible children of `nodes` (the tree shows no hidden category). */
  const visible = (nodes: CategoryNode[]) => nodes.filter((n) => !n.hidden);

  it('holds the top level and the selected branch only', async () => {
    const tree = ((await app.inject({ method: 'GET', url: '/v1/categories?lang=et' })).json() as { data: CategoryNode[] }).data;
    const all = (nodes: CategoryNode[]): number => visible(nodes).reduce((n, node) => n + 1 + all(node.children), 0);
    const items = (html: string) => (html.match(/class="category-tree__item"/g) ?? []).length;

    const listing = await app.inject({ method: 'GET', url: '/et/products' });
    expect(listing.statusCode).toBe(200);
    expect(items(listing.body)).toBe(visible(tree).length);
    expect(items(listing.body)).toBeLessThan(all(tree)); // the children come when a branch is opened

    // A category two levels down: the top level, Filtrid's children and Kütusefiltrid's own (none).
    const filters = tree.find((n) => n.name.et === 'Filtrid')!;
    const fuel = filters.children.find((n) => n.name.et === 'Kütusefiltrid')!;
    const category = await app.inject({ method: 'GET', url: '/et/filtrid/kutusefiltrid' });
    expect(category.statusCode).toBe(200);
    expect(items(category.body)).toBe(visible(tree).length + visible(filters.children).length + visible(fuel.children).length);
  });
});

describe('without JavaScript on a phone', () => {
  it('shows the sheet as the page target, filters through a facet link and closes it with "Show N products"', async () => {
    const context = await phone({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`${base}/et/filtrid`);
      const sidebar = page.locator('#listing-sidebar');
      expect(await sidebar.isVisible()).toBe(false);
      await page.locator('.listing__sidebar-toggle').click();
      await page.waitForURL(/#listing-sidebar$/);
      await eventually(() => sidebar.isVisible()).toBe(true);
      expect(await sidebar.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
      await sidebar.getByRole('group', { name: 'Height [mm]' }).getByRole('checkbox', { name: /^177/ }).click();
      await page.waitForURL(/[?&]f=/);
      expect(new URL(page.url()).searchParams.get('f')).toBe('{"Height [mm]":["177"]}');
      await eventually(() => page.locator('.product-card').count()).toBe(2);
      expect(await sidebar.isVisible()).toBe(false);
      await page.locator('.listing__sidebar-toggle').click();
      await eventually(() => sidebar.isVisible()).toBe(true);
      const show = sidebar.locator('.listing-sheet__show');
      expect(await show.innerText()).toBe('Näita 2 toodet');
      await show.click();
      await page.waitForURL(/#listing-title$/);
      await eventually(() => sidebar.isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });
});
