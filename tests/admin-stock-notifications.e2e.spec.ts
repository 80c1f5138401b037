/**
 * StockNotificationsList in Debian's Chromium (spec 2 StockNotificationsList): an administrator (ADMIN and
 * CLIENT) opens /admin/StockNotifications, signs in and comes back to it; the menu entry shows with its badge; the
 * table lists the requests newest first (e-mail, product code and name linking to the storefront page, quantity,
 * date, state); the state filter is in the URL; Cancel asks first, the row becomes cancelled and the badge falls; the
 * English screen has its labels; axe-core finds no serious or critical violation in either theme. Screenshots in
 * /tmp/admin-stock-notifications-e2e-*.png.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { requestStockNotification } from '../commands/stock-notification/request-stock-notification.js';
import { registerUser } from '../commands/user/user-accounts.js';
import { accessibilityCheck } from './support/axe.js';
import { chromiumExecutable, launchChromium, submitSignInForm } from './support/browser.js';
import { productRow } from './support/order-test-kit.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';
import { patience } from './support/patience.js';

const expectAccessibleInBothThemes = accessibilityCheck('admin-stock-notifications-e2e');

const ADMIN = { username: 'mari.maasikas', password: 'Sinine-Meri-2026!' };

let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let page: Page;
let base: string;

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  h = await createShopHarness('admin_stock_notifications_e2e');
  const ctx = (now: string) => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now });
  await registerUser(h.store, { ...ADMIN, confirm: ADMIN.password, roles: ['ADMIN', 'CLIENT'] }, ctx(new Date().toISOString()), { usernameTaken: async () => false });
  await h.importCatalogRows([
    productRow('SN-1', { grossCents: 1000, stock: 0, names: { et: 'Õhufilter', en: 'Air filter' } }),
    productRow('SN-2', { grossCents: 2000, stock: 0, names: { et: 'Piduriklotsid', en: 'Brake pads' } }),
  ]);
  await requestStockNotification(h.store, { productId: productIdForCode('SN-1'), email: 'vanem@example.ee', quantity: 2, language: 'et' }, ctx('2026-11-20T09:00:00.000Z'));
  await requestStockNotification(h.store, { productId: productIdForCode('SN-2'), email: 'uuem@example.com', quantity: 1, language: 'en' }, ctx('2026-11-21T09:00:00.000Z'));
  await h.settle();
  ({ app, base } = await serveStorefront(h));
  browser = await launchChromium(executablePath);
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
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
const emails = async () => (await page.locator('.stock-notifications tbody tr td:first-child').allInnerTexts()).map((s) => s.trim());
const badge = () => page.getByRole('navigation', { name: /Haldusmenüü|Admin menu/ }).locator('li', { hasText: /Laoteavitused|Stock notifications/ }).locator('.admin-menu__badge').innerText();

describe('StockNotificationsList (/admin/StockNotifications)', () => {
  it('signs in to the requests, newest first, with the menu entry and its badge', async () => {
    await page.goto(`${base}/admin/StockNotifications`);
    await eventually(pathOf).toBe('/login?next=%2Fadmin%2FStockNotifications');
    await submitSignInForm(page, ADMIN);
    await eventually(pathOf).toBe('/admin/StockNotifications');
    await eventually(() => page.locator('h1').innerText()).toBe('Laoteavitused');
    await eventually(badge).toBe('2');
    await eventually(emails).toEqual(['uuem@example.com', 'vanem@example.ee']);
    const row = page.locator('.stock-notifications tbody tr', { hasText: 'vanem@example.ee' });
    expect((await row.locator('td').allInnerTexts()).map((s) => s.trim()).slice(1, 3)).toEqual(['SN-1 Õhufilter', '2']);
    expect(await row.getByRole('link').getAttribute('href')).toBe(`/products/view/${productIdForCode('SN-1')}`);
    expect(await row.locator('.staff-state').innerText()).toBe('Ootel');
    await expectAccessibleInBothThemes(page, 'waiting');
  });

  it('cancels a waiting request after a confirmation; the row shows cancelled and the badge falls', async () => {
    const row = page.locator('.stock-notifications tbody tr', { hasText: 'vanem@example.ee' });
    // Dismissing the confirmation changes nothing.
    page.once('dialog', (d) => void d.dismiss());
    await row.getByRole('button', { name: 'Tühista' }).click();
    await new Promise((r) => setTimeout(r, 300));
    expect(await row.locator('.staff-state').innerText()).toBe('Ootel');

    let question = '';
    page.once('dialog', (d) => {
      question = d.message();
      void d.accept();
    });
    await row.getByRole('button', { name: 'Tühista' }).click();
    await eventually(() => row.locator('.staff-state').innerText()).toBe('Tühistatud');
    expect(question).toBe('Kas tühistada vanem@example.ee laoteavituse soov tootele SN-1? Selle kohta kirja ei saadeta.');
    expect(await row.getByRole('button').count()).toBe(0);
    await eventually(badge).toBe('1');

    await page.getByLabel('Oleku filter', { exact: true }).selectOption({ label: 'Ootel' });
    await eventually(pathOf).toBe('/admin/StockNotifications?state=waiting');
    await eventually(emails).toEqual(['uuem@example.com']);
    await page.getByLabel('Oleku filter', { exact: true }).selectOption({ label: 'Tühistatud' });
    await eventually(emails).toEqual(['vanem@example.ee']);
    await expectAccessibleInBothThemes(page, 'cancelled');
  });

  it('speaks English at /en/admin/StockNotifications', async () => {
    await page.goto(`${base}/en/admin/StockNotifications?state=waiting`);
    await eventually(() => page.locator('h1').innerText()).toBe('Stock notifications');
    await eventually(emails).toEqual(['uuem@example.com']);
    const row = page.locator('.stock-notifications tbody tr', { hasText: 'uuem@example.com' });
    expect((await row.locator('td').allInnerTexts()).map((s) => s.trim()).slice(1, 3)).toEqual(['SN-2 Brake pads', '1']);
    expect(await row.getByRole('link').getAttribute('href')).toBe(`/en/products/view/${productIdForCode('SN-2')}`);
    expect(await row.getByRole('button', { name: 'Cancel' }).count()).toBe(1);
    expect(await page.getByLabel('State filter', { exact: true }).inputValue()).toBe('waiting');
    await eventually(badge).toBe('1');
    await expectAccessibleInBothThemes(page, 'en');
  });
});
