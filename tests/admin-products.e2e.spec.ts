/**
 * ProductList in Debian's Chromium (staff products, "Stock and warehouses"): a staff member opens
 * /admin/product, signs in and comes back to it; finds a product by a part number typed with spaces (the search box
 * writes `?q=` into the URL); sets its stock in the row with '+10' and Enter while a shopper's product page shows the
 * new stock live over the websocket; a '-1000' is refused beside the cell and Escape restores the figure; '+3' and
 * Tab confirms in the next warehouse; the filters and sort live in the URL; the stock history dialog lists the
 * movements with the staff member's name and the reason, and the audit timeline of the stock stream names them too;
 * the English screen has its labels; axe-core finds no serious or critical violation in either theme. Screenshots
 * in /tmp/admin-products-e2e-*.png.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { registerUser } from '../commands/user/user-accounts.js';
import { accessibilityCheck } from './support/axe.js';
import { chromiumExecutable, launchChromium, submitSignInForm } from './support/browser.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';
import { patience } from './support/patience.js';

const expectAccessibleInBothThemes = accessibilityCheck('admin-products-e2e');

const STAFF = { username: 'mari.maasikas', password: 'Sinine-Meri-2026!' };
const BF1 = productIdForCode('BF 1018/1');

let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let page: Page;
let shopper: Page;
let base: string;

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  h = await createShopHarness('admin_products_e2e');
  await registerUser(h.store, { ...STAFF, confirm: STAFF.password, roles: ['ADMIN', 'CLIENT'] }, { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: new Date().toISOString() }, { usernameTaken: async () => false });
  await h.importFile(path.resolve(__dirname, 'fixtures/small-catalog.csv'));
  await h.settle();
  ({ app, base } = await serveStorefront(h));
  browser = await launchChromium(executablePath);
  page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  shopper = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
});

const eventually = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: patience(15_000), interval: 50 });
const pathOf = () => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};
const codes = async () => (await page.locator('.product-list tbody .product-list__code').allInnerTexts()).map((s) => s.trim());
const stockCell = (warehouse: RegExp) => page.getByRole('textbox', { name: new RegExp(`^Toote BF 1018/1 laoseis laos ${warehouse.source}`, 'i') });

describe('ProductList (/admin/product)', () => {
  it('signs in to the list and finds a product by a part number typed with spaces', async () => {
    await page.goto(`${base}/admin/product`);
    await eventually(pathOf).toBe('/login?next=%2Fadmin%2Fproduct');
    await submitSignInForm(page, STAFF);
    await eventually(pathOf).toBe('/admin/product');
    await eventually(() => page.locator('h1').innerText()).toBe('Tooted');
    await eventually(async () => (await codes()).length).toBe(7);
    expect(await page.getByRole('link', { name: 'Uus toode' }).getAttribute('href')).toBe('/admin/product/create');
    expect(await page.getByRole('link', { name: 'Kategooriad' }).getAttribute('href')).toBe('/admin/product/categories');

    await page.getByLabel('Otsi koodi või nime järgi').fill('bf 1018 1');
    await eventually(pathOf).toBe('/admin/product?q=bf+1018+1');
    await eventually(codes).toEqual(['BF 1018/1']);
    const row = page.locator('.product-list tbody tr').first();
    expect(await row.getByRole('link', { name: 'BF 1018/1' }).getAttribute('href')).toBe(`/admin/product/edit/${BF1}`);
    expect(await row.innerText()).toContain('Kütusefilter');
    expect(await row.innerText()).toMatch(/12,40\s€/);
    expect(await row.innerText()).toContain('Saadaval');
    expect(await row.locator('.product-list__visibility').innerText()).toBe('Nähtav');
    await eventually(() => stockCell(/tallinn/).inputValue()).toBe('4');
    await expectAccessibleInBothThemes(page, 'search');
  });

  it("sets stock '+10' with Enter in the row and the shopper's product page shows it live", async () => {
    const subscribed = new Promise<void>((resolve) => {
      // The server's acknowledgement of the stock subscription (api/routes/live/index.ts): a push after it arrives.
      shopper.on('websocket', (ws) => ws.on('framereceived', (frame) => String(frame.payload).includes('"productIds"') && String(frame.payload).includes('"type":"subscribed"') && resolve()));
    });
    await shopper.goto(`${base}/products/view/${BF1}`);
    await expect.poll(() => shopper.locator('main').innerText(), { timeout: patience(15_000) }).toMatch(/Laos: 4/);
    await subscribed;

    await page.getByLabel('Laoseisu muutmise põhjus').fill('Tarne 42');
    const tallinn = stockCell(/tallinn/);
    await tallinn.click();
    await tallinn.fill('+10');
    await tallinn.press('Enter');
    await eventually(() => tallinn.inputValue()).toBe('14');
    await expect.poll(() => shopper.locator('main').innerText(), { timeout: patience(15_000) }).toMatch(/Laos: 14/);
  });

  it("refuses going below zero beside the cell, Escape restores the figure, and '+3' with Tab confirms", async () => {
    const tallinn = stockCell(/tallinn/);
    await tallinn.click();
    await tallinn.fill('-1000');
    await tallinn.press('Enter');
    const error = page.locator('.stock-cell__error');
    await eventually(() => error.innerText()).toMatch(/ainult 14: 1000 ei saa maha võtta/);
    expect(await tallinn.getAttribute('aria-invalid')).toBe('true');
    await tallinn.press('Escape');
    await eventually(() => tallinn.inputValue()).toBe('14');
    await eventually(() => error.count()).toBe(0);

    const tartu = stockCell(/tartu/);
    await tartu.click();
    await tartu.fill('+3');
    await tartu.press('Tab');
    await eventually(() => tartu.inputValue()).toBe('3');
    const { events } = await h.store.readStream(`stock-${BF1}`);
    expect(events.slice(-2).map((e) => [e.type, e.data])).toEqual([
      ['StockAdjusted', { productId: BF1, warehouseId: 'tallinn', delta: 10, onHand: 14, reason: 'Tarne 42' }],
      ['StockAdjusted', { productId: BF1, warehouseId: 'tartu', delta: 3, onHand: 3, reason: 'Tarne 42' }],
    ]);
    // A refusal after Tab: the typed input stays in the cell beside the message (Tab leaves the field at once).
    await tartu.click();
    await tartu.fill('-1000');
    await tartu.press('Tab');
    await eventually(() => page.locator('.stock-cell__error').innerText()).toMatch(/1000 ei saa maha võtta/);
    expect(await tartu.inputValue()).toBe('-1000');
    await tartu.focus();
    await tartu.press('Escape');
    await eventually(() => tartu.inputValue()).toBe('3');
  });

  it('keeps filters and sort in the URL', async () => {
    await page.getByRole('button', { name: 'Tühjenda filtrid' }).click();
    await eventually(pathOf).toBe('/admin/product');
    await page.getByLabel('Saadavus', { exact: true }).selectOption({ value: 'on_demand' });
    await eventually(pathOf).toBe('/admin/product?policy=on_demand');
    await eventually(codes).toEqual(['W 712/75']);
    await page.getByLabel('Saadavus', { exact: true }).selectOption({ value: '' });
    await page.getByLabel('Järjestus').selectOption({ label: 'Hind kahanevalt' });
    await eventually(pathOf).toBe('/admin/product?sort=price-desc');
    await eventually(async () => (await codes())[0]).toBe('GB 200');
    await page.reload();
    await eventually(async () => (await codes())[0]).toBe('GB 200');
    expect(await page.getByLabel('Järjestus').inputValue()).toBe('price-desc');
  });

  it('opens the stock history naming the staff member, with the audit timeline of the stock stream', async () => {
    await page.goto(`${base}/admin/product?q=BF10181`);
    await eventually(codes).toEqual(['BF 1018/1']);
    await page.getByRole('button', { name: 'Toote BF 1018/1 laoajalugu' }).click();
    const dialog = page.getByRole('dialog');
    await eventually(() => dialog.locator('.stock-history__table tbody tr').count()).toBe(4);
    const rows = (await dialog.locator('.stock-history__table tbody tr').allInnerTexts()).map((r) => r.split('\t').map((c) => c.trim()));
    expect(rows.map((r) => r.slice(1))).toEqual([
      ['Tartu', 'Muudetud', STAFF.username, '+3', '3', 'Tarne 42'],
      ['Tallinn', 'Muudetud', STAFF.username, '+10', '14', 'Tarne 42'],
      ['Tartu', 'Loendatud', 'Süsteem', '0', '0', ''],
      ['Tallinn', 'Loendatud', 'Süsteem', '+4', '4', ''],
    ]);
    await dialog.getByLabel('Ladu', { exact: true }).selectOption({ value: 'tallinn' });
    await eventually(() => dialog.locator('.stock-history__table tbody tr').count()).toBe(2);
    // The audit timeline of stock-{id}: a sentence per event, the staff member named in it.
    await eventually(() => dialog.locator('.history__list').innerText()).toContain(STAFF.username);
    await page.screenshot({ path: '/tmp/admin-products-e2e-history.png', fullPage: true });
    await page.keyboard.press('Escape');
    await eventually(() => dialog.count()).toBe(0);
  });

  it('speaks English at /en/admin/product', async () => {
    await page.goto(`${base}/en/admin/product?stock=out`);
    await eventually(() => page.locator('h1').innerText()).toBe('Products');
    await eventually(async () => (await codes()).sort()).toEqual(['GSK 100', 'SRV 1']);
    expect(await page.getByRole('link', { name: 'New product' }).getAttribute('href')).toBe('/en/admin/product/create');
    expect(await page.getByLabel('Stock', { exact: true }).inputValue()).toBe('out');
  });
});
