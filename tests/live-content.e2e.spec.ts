/**
 * Live content in Chromium (architecture "Live content"): a guest's open content page shows a newly published text
 * without a reload, and a menu save reaches the header and a global field save the footer of the open page, pushed
 * over GET /v1/live (ids and kinds) and refetched by web/src/lib/live-content.ts. The staff's changes are sent as
 * the content commands the back office sends. Each wait reads the page until the text shows (no fixed sleep); a
 * marker set on `window` before the change proves the page was never reloaded. Real PostgreSQL, the built browser
 * and server bundles.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { loadMenu, setMenu } from '../commands/menu/menu-handler.js';
import { publishPage } from '../commands/page/publish-page.js';
import { savePageDraft } from '../commands/page/save-page-draft.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { setGlobalFields } from '../commands/site/set-global-fields.js';
import { chromiumExecutable, launchChromium } from './support/browser.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { patience } from './support/patience.js';
import { serveStorefront } from './support/storefront-server.js';

const repoRoot = path.resolve(__dirname, '..');
/** How long a pushed change may take to show, in ms: the 2 s of the requirement, times the machine's patience. */
const LIVE_WAIT_MS = patience(2_000);
let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let base: string;
const PAGE_ID = randomUUID();
const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: new Date().toISOString() });
const draft = (text: string) => ({
  pageId: PAGE_ID,
  title: { et: 'Lahtiolekuajad', en: 'Opening hours' },
  slug: { et: 'lahtiolekuajad', en: 'opening-hours' },
  content: { et: `<p>${text}</p>`, en: '<p>Open on weekdays.</p>' },
});

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  h = await createShopHarness('live_content_e2e');
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  await seedSiteContent(h.store, new Date().toISOString());
  await savePageDraft(h.store, draft('Avatud esmaspäevast reedeni 9-17.'), ctx());
  await publishPage(h.store, { pageId: PAGE_ID }, ctx());
  await h.settle();
  ({ app, base } = await serveStorefront(h));
  browser = await launchChromium(executablePath);
}, patience(300_000));

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
});

/** Marks the document; `stillSameDocument` is true until a reload or navigation replaced it. */
async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    (window as unknown as { liveMark?: boolean }).liveMark = true;
  });
  return () => page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark === true);
}

/**
 * A new guest page that records whether the server acknowledged its content subscription on GET /v1/live;
 * `untilLive` waits for that, since a push sent before it would not reach the page.
 */
async function guestPage(): Promise<{ page: Page; untilLive: () => Promise<void> }> {
  const page = await browser.newPage();
  let live = false;
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/v1/live')) return;
    // The server's acknowledgement of the content subscription (api/routes/live/index.ts).
    ws.on('framereceived', (frame) => {
      if (String(frame.payload).includes('"type":"subscribed","content":true')) live = true;
    });
  });
  return { page, untilLive: () => expect.poll(() => live, { timeout: patience(10_000) }).toBe(true) };
}

describe('a guest\'s open page follows published content', () => {
  it('shows a newly published text of the open content page without a reload', async () => {
    const { page, untilLive } = await guestPage();
    try {
      await page.goto(`${base}/lahtiolekuajad`);
      await expect.poll(() => page.locator('.content-page').innerText()).toContain('Avatud esmaspäevast reedeni 9-17.');
      await untilLive();
      const sameDocument = await markDocument(page);

      await savePageDraft(h.store, draft('Jõulude ajal suletud.'), ctx());
      await publishPage(h.store, { pageId: PAGE_ID }, ctx());
      await page.locator('.content-page', { hasText: 'Jõulude ajal suletud.' }).waitFor({ timeout: LIVE_WAIT_MS });
      expect(await page.locator('.content-page').innerText()).not.toContain('Avatud esmaspäevast reedeni 9-17.');
      expect(await sameDocument()).toBe(true);
    } finally {
      await page.close();
    }
  });

  it('shows a menu change in the header and a global field change in the footer of the open page', async () => {
    const { page, untilLive } = await guestPage();
    try {
      await page.goto(`${base}/en/opening-hours`);
      await expect.poll(() => page.locator('.content-page h1').innerText()).toBe('Opening hours');
      await untilLive();
      const sameDocument = await markDocument(page);

      const menu = await loadMenu(h.store);
      await setMenu(h.store, { entries: [...menu.entries, { id: 'hours', kind: 'page', label: { et: 'Lahtiolekuajad', en: 'Our hours' }, target: 'lahtiolekuajad' }] }, ctx());
      await page.locator('.main-nav a', { hasText: 'Our hours' }).waitFor({ timeout: LIVE_WAIT_MS });
      expect(await page.locator('.main-nav a', { hasText: 'Our hours' }).getAttribute('href')).toBe('/en/lahtiolekuajad');

      await setGlobalFields(h.store, { fields: { phone: { et: '+372 5000 1234', en: '+372 5000 1234' } } }, ctx());
      await page.locator('footer', { hasText: '+372 5000 1234' }).waitFor({ timeout: LIVE_WAIT_MS });
      expect(await sameDocument()).toBe(true);
    } finally {
      await page.close();
    }
  });
});
