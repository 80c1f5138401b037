/**
 * A server-rendered page carries its route's styles (docs/architecture.md section 6, "Server rendering: route styles
 * with the first HTML"), in Debian's Chromium on real PostgreSQL: with JavaScript off the product page, search results
 * and an album page are laid out by their lazy chunk's stylesheet (linked in the first HTML: the browser never runs
 * the chunk); with JavaScript on the product page and the album page load and hydrate without a layout shift
 * (PerformanceObserver 'layout-shift' entries, buffered from the navigation, sum to 0). The small fixture catalog, the
 * seeded site content and the demo album (six generated pictures).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { DEMO_ALBUM_ID, seedDemoAlbum } from '../commands/gallery/seed-demo-album.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { FileStorage } from '../platform/files/file-storage.js';
import { chromiumExecutable, launchChromium } from './support/browser.js';
import { patience } from './support/patience.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';

const repoRoot = path.resolve(__dirname, '..');
const PRODUCT = `/et/products/view/${productIdForCode('BF 1018/1')}`;
const ALBUM = `/et/gallery/${DEMO_ALBUM_ID}`;
let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let base: string;
let filesDir: string;

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  filesDir = await mkdtemp(path.join(tmpdir(), 'route-styles-'));
  h = await createShopHarness('route_styles_e2e');
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  await seedSiteContent(h.store, new Date().toISOString());
  await seedDemoAlbum(h.store, new FileStorage(filesDir), new Date().toISOString());
  await h.settle();
  ({ app, base } = await serveStorefront(h, { api: { files: { dir: filesDir, maxBytes: 5 * 1024 * 1024 } } }));
  browser = await launchChromium(executablePath);
}, patience(300_000));

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

const eventually = <T,>(fn: () => T | Promise<T>, ms = 15_000) => expect.poll(fn, { timeout: patience(ms), interval: 50 });

describe('with JavaScript disabled', () => {
  it("lays out the product page, search results and an album page with their chunk's stylesheet", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const pages: [url: string, selector: string, display: string][] = [
      [PRODUCT, '.product-view__top', 'grid'], // features/catalog/product-view.css
      ['/et/searchresults?q=filter', '.search-result', 'flex'], // features/catalog/search-results.css
      [ALBUM, '.gallery-grid', 'grid'], // features/gallery/gallery.css, with the album's chunks
    ];
    try {
      for (const [url, selector, display] of pages) {
        await page.goto(`${base}${url}`);
        await page.locator(selector).first().waitFor();
        expect(await page.locator(selector).first().evaluate((el) => getComputedStyle(el).display), url).toBe(display);
      }
    } finally {
      await context.close();
    }
  });
});

describe('with JavaScript enabled', () => {
  /** A context whose pages sum their layout shifts from the navigation on (`window.layoutShift`, the shifted nodes in `window.shifts`). */
  async function watchingLayoutShifts(): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
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
    return context;
  }

  it('shifts nothing while the product page and an album page load and hydrate', async () => {
    const context = await watchingLayoutShifts();
    const page = await context.newPage();
    // A slow phone's CPU (6x): the parser then yields mid-document, and a page painted half-parsed shifts when the
    // rest arrives (the first paint waits for the whole markup: entry-server.tsx, rel="expect").
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 6 });
    try {
      for (const [url, selector] of [
        [PRODUCT, '.product-view__top'],
        [ALBUM, '.gallery-thumb'],
      ] as const) {
        await page.goto(`${base}${url}`, { waitUntil: 'networkidle' });
        await page.locator(selector).first().waitFor();
        // The footer (a lazy chunk) is in and the page hydrated; a frame later any shift would be recorded.
        await eventually(() => page.locator('footer').count()).toBeGreaterThan(0);
        await eventually(() => page.evaluate(() => document.documentElement.dataset.pageReady !== undefined)).toBe(true);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts), url).toEqual([]);
        expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift), url).toBe(0);
        // The route's stylesheet is in the document once: the chunk's loader found the server's link and added none.
        const sheets = await page.evaluate(() => [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => (l as HTMLLinkElement).href));
        expect(new Set(sheets).size, url).toBe(sheets.length);
      }
    } finally {
      await context.close();
    }
  });
});
