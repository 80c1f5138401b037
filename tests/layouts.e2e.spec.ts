/**
 * The content page layouts of spec 1 in Debian's Chromium (playwright-core), server-rendered and hydrated: each of
 * the thirteen layouts renders its own landmark or structure; /et and /en are the language home pages (spec 2) with
 * the featured categories; the spare-parts form sends an inquiry (the spec's success text, the event stored); axe-core
 * finds no serious or critical violation on any layout in either theme and language.
 *
 * Whole shop on real services: a fresh PostgreSQL database with every projector (tests/support/shop-harness.ts), the
 * api with the built storefront and its server render (tests/support/storefront-server.ts; `npm run build:web`).
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishPage } from '../commands/page/publish-page.js';
import { savePageDraft } from '../commands/page/save-page-draft.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { PAGE_LAYOUTS, type PageLayout } from '../domain/page/page-doc.js';
import { seriousAxeViolations } from './support/axe.js';
import { launchChromium } from './support/browser.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';
import { patience } from './support/patience.js';

const repoRoot = path.resolve(__dirname, '..');
let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let base: string;

const item = (id: string, et: string, en: string) => ({ id, html: { et: `<p>${et}</p>`, en: `<p>${en}</p>` } });

/** The page of each layout: its Estonian slug (the seeded ones for homepage, contact and spare-parts contact). */
const SLUGS: Record<PageLayout, string> = Object.fromEntries(PAGE_LAYOUTS.map((l) => [l, `paigutus-${l}`])) as Record<PageLayout, string>;
SLUGS.contact = 'kontakt';
SLUGS['spare-parts-contact'] = 'varuosaparing';
SLUGS.homepage = 'avaleht';

/** What marks each layout on the page: a selector only that layout renders. */
const LANDMARK: Record<PageLayout, string> = {
  basic: 'article[data-layout="basic"] > h1 + .content-page__body:last-child',
  default: 'article[data-layout="default"] .layout-cards .layout-card',
  contact: 'article[data-layout="contact"] .contact-card address a[href^="https://www.openstreetmap.org/search?query="]',
  'spare-parts-contact': 'article[data-layout="spare-parts-contact"] form.inquiry-form textarea[name="part"]',
  homepage: 'article[data-layout="homepage"] nav.home-categories a',
  parallax: 'article[data-layout="parallax"] header.parallax-hero h1',
  'sidebar-right': 'article[data-layout="sidebar-right"] aside.layout-sidebar__aside',
  test: 'article[data-layout="test"] section.layout-test__region[data-container="blocks"]',
  gallery: 'article[data-layout="gallery"] .layout-gallery :is(.gallery-grid, .gallery__empty)',
  'gallery-detail': 'article[data-layout="gallery-detail"] a.layout-back[href$="/gallery"]',
  'product-detail': 'article[data-layout="product-detail"] figure.layout-product__media',
  'search-results': 'article[data-layout="search-results"] form[role="search"] input[name="q"]',
  'page-not-found': 'article[data-layout="page-not-found"].status-page a.button',
};

beforeAll(async () => {
  h = await createShopHarness('layouts_e2e');
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  const now = new Date().toISOString();
  await seedSiteContent(h.store, now);
  const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now });
  for (const layout of PAGE_LAYOUTS) {
    if (['contact', 'spare-parts-contact', 'homepage'].includes(layout)) continue;
    const pageId = randomUUID();
    await savePageDraft(
      h.store,
      {
        pageId,
        expectedVersion: 0,
        layout,
        title: { et: `Paigutus ${layout}`, en: `Layout ${layout}` },
        slug: { et: SLUGS[layout], en: SLUGS[layout] },
        content: { et: '<p>Lehe sisu eesti keeles.</p>', en: '<p>The page text in English.</p>' },
        metaDescription: { et: `Paigutuse ${layout} näide.`, en: `An example of the ${layout} layout.` },
        itemContainers: layout === 'basic' ? {} : { blocks: [item('a', 'Esimene plokk', 'First block'), item('b', 'Teine plokk', 'Second block')] },
      },
      ctx(),
    );
    await publishPage(h.store, { pageId, expectedVersion: 1 }, ctx());
  }
  await h.settle();
  ({ app, base } = await serveStorefront(h));
  browser = await launchChromium();
}, patience(240_000));

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
});

async function shopper(theme: 'dark' | 'light'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (theme === 'light') {
    await context.addCookies([{ name: 'theme', value: 'ConjLight', url: base }]);
    await context.addInitScript(() => localStorage.setItem('theme', 'ConjLight'));
  }
  return { context, page: await context.newPage() };
}

describe('content page layouts', () => {
  for (const theme of ['dark', 'light'] as const) {
    for (const prefix of ['', '/en']) {
      it(`renders each layout with its own structure, server-rendered and hydrated, axe clean (${theme} theme, ${prefix ? 'English' : 'Estonian'})`, async () => {
        const { context, page } = await shopper(theme);
        for (const layout of PAGE_LAYOUTS) {
          const url = layout === 'homepage' ? `${base}${prefix || '/et'}` : `${base}${prefix}/${SLUGS[layout]}`;
          const res = await page.goto(url);
          expect(res?.status(), url).toBe(200);
          // The server's HTML already holds the layout (the landmark is in the first answer, before scripts run).
          expect(await res!.text(), url).toContain(`data-layout="${layout}"`);
          await expect.poll(() => page.locator(LANDMARK[layout]).count(), { timeout: patience(15_000) }).toBeGreaterThan(0);
          // No other layout's landmark on this page.
          for (const other of PAGE_LAYOUTS) if (other !== layout) expect(await page.locator(LANDMARK[other]).count(), `${layout} shows ${other}`).toBe(0);
          expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
          expect(await seriousAxeViolations(page), `${url} (${theme})`).toEqual([]);
        }
        await context.close();
      }, patience(240_000));
    }
  }

  it('shows the language home pages at /et and /en with featured categories, and keeps / the product listing', async () => {
    const { context, page } = await shopper('dark');
    await page.goto(`${base}/et`);
    await expect.poll(() => page.locator('main h1').innerText()).toBe('Tuuningu- ja varuosad');
    expect(await page.getByRole('navigation', { name: 'Populaarsed kategooriad' }).getByRole('link').count()).toBeGreaterThan(0);
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(`${base}/et`);
    await page.goto(`${base}/en`);
    await expect.poll(() => page.locator('main h1').innerText()).toBe('Tuning and spare parts');
    const first = page.getByRole('navigation', { name: 'Popular categories' }).getByRole('link').first();
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/en\//);
    await first.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(href);
    await page.goto(`${base}/`);
    await expect.poll(() => page.locator('.product-card').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('sends the spare part inquiry form: field errors first, then the spec\'s success text and the stored event', async () => {
    const { context, page } = await shopper('light');
    await page.goto(`${base}/en/varuosaparing`);
    const form = page.locator('form.inquiry-form');
    await form.getByRole('button', { name: 'Send inquiry' }).click();
    await expect.poll(() => form.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByLabel('Part wanted').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Name').fill('Mari Maasikas');
    await form.getByLabel('E-mail').fill('mari.layouts@example.ee');
    await form.getByLabel('Phone').fill('+372 5555 5555');
    await form.getByLabel('VIN').fill('YV1SW61R542123456');
    await form.getByLabel('Part wanted').fill('Front brake pads');
    await form.getByRole('button', { name: 'Send inquiry' }).click();
    await expect.poll(() => form.getByRole('status').innerText(), { timeout: patience(15_000) }).toBe('Sent! You should receive a confirmation with email.');
    expect(await form.getByLabel('Name').inputValue()).toBe('');
    const { rows } = await import('kysely').then(({ sql }) => sql<{ n: number }>`select count(*)::int as n from es_events where event_type = 'PartInquiryReceived'`.execute(h.db));
    expect(rows[0]!.n).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
