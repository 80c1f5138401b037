/**
 * "a request for a product that is already in stock is answered at once in the dialog instead", in Debian's
 * Chromium: the notify dialog is open on an out-of-stock product when the stock arrives (the page's live socket is
 * held silent, so the page still shows the dialog, as it would between a stock change and its push); Notify me is
 * answered with the server's 'the product is in stock' message as an info flash in the page's language (en-US and
 * formal et), the dialog closes, and no request is recorded.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { receiveStock } from '../commands/stock/receive-stock.js';
import { toStockNotificationStreamId } from '../commands/stock-notification/request-stock-notification.js';
import { chromiumExecutable, launchChromium } from './support/browser.js';
import { productRow } from './support/order-test-kit.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';
import { patience } from './support/patience.js';

let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let page: Page;
let base: string;
const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: new Date().toISOString() });

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  h = await createShopHarness('notify_in_stock_e2e');
  await h.importCatalogRows([
    productRow('IN-1', { grossCents: 1000, stock: 0, names: { et: 'Õlifilter', en: 'Oil filter' } }),
    productRow('IN-2', { grossCents: 1000, stock: 0, names: { et: 'Kütusefilter', en: 'Fuel filter' } }),
  ]);
  await h.settle();
  ({ app, base } = await serveStorefront(h));
  browser = await launchChromium(executablePath);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // The live socket opens but hears nothing: the page keeps what it loaded.
  await context.routeWebSocket(/\/v1\/live/, () => {});
  page = await context.newPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
});

async function askWhenInStockMeanwhile(code: string, path: string, texts: { open: string; email: string; submit: string }) {
  await page.goto(`${base}${path}${productIdForCode(code)}`);
  await page.getByRole('button', { name: texts.open }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(texts.email).fill('kiire@example.ee');
  await receiveStock(h.store, { productId: productIdForCode(code), warehouseId: 'tallinn', quantity: 3 }, ctx());
  await h.settle();
  await dialog.getByRole('button', { name: texts.submit, exact: true }).click();
  await expect.poll(() => dialog.isVisible(), { timeout: patience(10_000) }).toBe(false);
  expect((await h.store.readStream(toStockNotificationStreamId(productIdForCode(code), 'kiire@example.ee'))).exists).toBe(false);
}

describe('the notify dialog when the product is in stock meanwhile', () => {
  it('answers at once in English', async () => {
    await askWhenInStockMeanwhile('IN-1', '/en/products/view/', { open: 'Notify me when back in stock', email: 'E-mail address', submit: 'Notify me' });
    await expect.poll(() => page.locator('.toaster').getByRole('status').innerText()).toContain('The product is in stock and can be ordered now. No notification is needed.');
  });

  it('answers at once in Estonian', async () => {
    await askWhenInStockMeanwhile('IN-2', '/products/view/', { open: 'Teata, kui toode on taas laos', email: 'E-posti aadress', submit: 'Teata mulle' });
    await expect.poll(() => page.locator('.toaster').getByRole('status').innerText()).toContain('Toode on laos ja seda saab kohe tellida. Teavitust pole vaja.');
  });
});
