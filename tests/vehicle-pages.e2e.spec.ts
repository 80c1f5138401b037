/**
 * The vehicle landing pages in Debian's Chromium (docs/architecture.md "Vehicle fitment", landing pages), on real PostgreSQL with
 * the classic cars of the reference and the small fixture catalog with fitment recorded by the command: a shopper
 * opens a generation page in English (server-rendered, hydrated without an error), follows a category link to the
 * category listing with `?v=`; opens the Estonian model page, goes to the make page and back to the model in the
 * client (the page's chunk and texts load lazily), opens a part; axe-core finds no serious or critical violation
 * in either language; an unknown model is the not-found page with HTTP 404.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { changeProductFitment } from '../commands/product/change-product-fitment.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { loadVehicleReference } from '../commands/vehicle/load-vehicle-reference.js';
import { seriousAxeViolations } from './support/axe.js';
import { chromiumExecutable, launchChromium } from './support/browser.js';
import { patience } from './support/patience.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';

const root = path.resolve(__dirname, '..');
let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let base: string;
const ctx = () => ({ commandId: crypto.randomUUID(), correlationId: crypto.randomUUID(), userId: null, now: h.clock.now });

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  h = await createShopHarness('vehicle_pages_e2e');
  await loadVehicleReference(h.store, path.join(root, 'tests', 'no-such-vehicle-folder'), { now: h.clock.now });
  await h.importFile(path.join(root, 'tests', 'fixtures', 'small-catalog.csv'));
  await seedSiteContent(h.store, h.clock.now);
  const mgb = { kind: 'generation' as const, make: 'mg', model: 'mgb', generation: '1962-1980', from: '1962-05', to: '1980-10', label: 'MG MGB (1962-1980)' };
  await changeProductFitment(h.store, { productId: productIdForCode('BF 1018/1'), change: { add: [mgb], reason: 'test' } }, ctx());
  await changeProductFitment(h.store, { productId: productIdForCode('W 712/75'), change: { add: [{ kind: 'model', make: 'mg', model: 'mgb', label: 'MG MGB' }], reason: 'test' } }, ctx());
  await h.settle();
  ({ app, base } = await serveStorefront(h));
  browser = await launchChromium(executablePath);
}, patience(300_000));

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
});

/** Collects uncaught errors and console errors (React reports a hydration mismatch as either); the fixture's pictures on example.org are not the page's fault. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    const picture = message.text().includes('https://example.org/') || message.location().url.startsWith('https://example.org/');
    if (message.type() === 'error' && !picture) errors.push(message.text());
  });
  return errors;
}

async function expectAccessible(page: Page) {
  await page.locator('.spinner').first().waitFor({ state: 'detached' }).catch(() => {});
  expect(await seriousAxeViolations(page)).toEqual([]);
}

describe('a vehicle landing page', () => {
  it('opens in English, hydrates, is accessible and links to the category listing filtered by the vehicle', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const errors = collectErrors(page);
    const res = await page.goto(`${base}/en/vehicles/mg/mgb/1962-1980`);
    expect(res?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.locator('h1').innerText()).toBe('Parts for MG MGB (1962-1980)');
    expect(await page.title()).toMatch(/^Parts for MG MGB \(1962-1980\) \|/);
    await expect.poll(() => page.getByRole('navigation', { name: /breadcrumb/i }).getByRole('link', { name: 'MG', exact: true }).count()).toBe(1);
    await expectAccessible(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('heading', { level: 2, name: /Fuel filters/ }).getByRole('link', { name: 'Fuel filters' }).click();
    await page.waitForURL(/\/en\/filters\/fuel-filters\?v=mg\.mgb\.1962-1980$/);
    await expect.poll(() => page.locator('h1').first().innerText()).toContain('Fuel filters');
    // A client-side navigation: the document stayed.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('opens in Estonian, moves between the make and model pages in the client, opens a part; accessible', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const errors = collectErrors(page);
    await page.goto(`${base}/et/vehicles/mg/mgb`);
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.locator('h1').innerText()).toBe('MG MGB (1962-1980) varuosad');
    await expect.poll(() => page.locator('.vehicle-page__card').count()).toBe(2);
    await expectAccessible(page);
    await page.getByRole('navigation', { name: 'Asukoht' }).getByRole('link', { name: 'MG', exact: true }).click();
    await page.waitForURL(/\/et\/vehicles\/mg$/);
    await expect.poll(() => page.locator('h1').innerText()).toBe('MG varuosad mudelite kaupa');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'MG MGB (1962-1980)' }).click();
    await page.waitForURL(/\/et\/vehicles\/mg\/mgb$/);
    await page.getByRole('link', { name: 'Kütusefilter', exact: true }).click();
    await page.waitForURL(/\/et\/products\/view\//);
    await expect.poll(() => page.locator('h1').first().innerText()).toContain('Kütusefilter');
    expect(errors).toEqual([]);
    // A page opened in the client from another page loads the chunk and its texts.
    await page.goto(`${base}/et/products`);
    await page.evaluate(() => window.history.pushState({}, '', '/et/vehicles/mg'));
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await expect.poll(() => page.locator('h1').innerText()).toBe('MG varuosad mudelite kaupa');
    await page.context().close();
  });

  it('answers an unknown model with the not-found page and HTTP 404', async () => {
    const page = await (await browser.newContext()).newPage();
    const res = await page.goto(`${base}/en/vehicles/mg/no-such-model`);
    expect(res?.status()).toBe(404);
    await expect.poll(() => page.locator('h1').innerText()).toBe('Page not found');
    await page.context().close();
  });
});
