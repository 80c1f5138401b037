/**
 * Sell-through and reorder suggestions in Debian's Chromium (docs/analytics.md "Sell-through, days of
 * cover and reorder suggestions"): a staff member with statistics.view and stock.edit signs in at /admin/ReorderSuggestions; the side
 * menu shows both screens next to the other analyses; the suggestions of tests/support/reorder-history.ts are listed
 * (RO-FAST and RO-TARTU, not RO-SLOW); two are chosen and accepted at once, which records one PurchaseListCreated
 * and lists it with its CSV; the sell-through screen draws its uPlot chart and lists the three products; both
 * screens in Estonian and English, axe-core clean (no serious or critical violation) in both themes. Screenshots in
 * /tmp/admin-reorder-e2e-*.png.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { registerUser } from '../commands/user/user-accounts.js';
import { accessibilityCheck } from './support/axe.js';
import { chromiumExecutable, launchChromium, submitSignInForm } from './support/browser.js';
import { patience } from './support/patience.js';
import { appendReorderHistory, REORDER_PRODUCTS } from './support/reorder-history.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';

const expectAccessibleInBothThemes = accessibilityCheck('admin-reorder-e2e');

const STAFF = { username: 'mari.ostja', password: 'Roheline-Kast-2026!' };

let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let page: Page;
let base: string;

beforeAll(async () => {
  buildWebIfStale((l) => process.stderr.write(`${l}\n`));
  const executablePath = chromiumExecutable();
  h = await createShopHarness('admin_reorder_e2e');
  h.clock.now = new Date().toISOString();
  const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });
  await registerUser(h.store, { ...STAFF, confirm: STAFF.password, roles: ['CLIENT'] }, ctx(), { usernameTaken: async () => false });
  await appendReorderHistory(h.store, { now: h.clock.now });
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

const firstTable = () => page.locator('.analysis-screen .data-table').first();
const rows = () => firstTable().locator('tbody tr');

describe('reorder screens', () => {
  it('signs in at /admin/ReorderSuggestions, lists the suggestions and accepts two at once into a purchase list', async () => {
    await page.goto(`${base}/admin/ReorderSuggestions`);
    await eventually(pathOf).toBe('/login?next=%2Fadmin%2FReorderSuggestions');
    await submitSignInForm(page, STAFF);
    await eventually(pathOf).toBe('/admin/ReorderSuggestions');
    await eventually(() => page.locator('h1').innerText()).toBe('Tellimissoovitused');
    const menu = page.getByRole('navigation', { name: 'Haldusmenüü' });
    await eventually(() => menu.getByRole('link', { name: /Läbimüük/ }).count()).toBe(1);
    await eventually(() => menu.getByRole('link', { name: /Tellimissoovitused/ }).count()).toBe(1);
    await eventually(() => rows().filter({ hasText: /RO-(FAST|TARTU)/ }).count()).toBe(2);
    expect(await rows().filter({ hasText: 'RO-SLOW' }).count()).toBe(0);
    await eventually(() => page.getByText(/päevas \d+ laopäeva jooksul, tarneaeg 7 päeva/).count()).toBe(1);
    await expectAccessibleInBothThemes(page, 'suggestions-et');

    await page.getByRole('checkbox', { name: /RO-FAST/ }).check();
    await page.getByRole('checkbox', { name: /RO-TARTU/ }).check();
    await page.getByRole('button', { name: 'Kinnita 2 soovitust' }).click();
    await eventually(() => page.getByRole('status').filter({ hasText: /Ostunimekiri koostatud: 2 rida/ }).count()).toBe(1);
    const listed = page.locator('.analysis-screen .data-table').nth(1).locator('tbody tr');
    await eventually(() => listed.filter({ hasText: STAFF.username }).count()).toBe(1);
    const stored = await sql<{ n: number }>`select count(*)::int as n from es_events where event_type = 'PurchaseListCreated'`.execute(h.db);
    expect(stored.rows[0]!.n).toBe(1);
    await expectAccessibleInBothThemes(page, 'accepted-et');

    await page.getByLabel('Teenindustase').selectOption('98');
    await eventually(pathOf).toBe('/admin/ReorderSuggestions?level=98');
  });

  it('shows sell-through with its chart and the three products', async () => {
    await page.getByRole('navigation', { name: 'Haldusmenüü' }).getByRole('link', { name: /Läbimüük/ }).click();
    await eventually(pathOf).toBe('/admin/SellThrough');
    await eventually(() => page.locator('h1').innerText()).toBe('Läbimüük ja laovaru päevades');
    await eventually(() => page.locator('.analysis-chart__plot canvas').count()).toBeGreaterThan(0);
    await eventually(() => rows().count()).toBe(3);
    await expectAccessibleInBothThemes(page, 'sell-through-et');
  });

  it('speaks English at /en/admin/... on both screens, accessible in both themes', async () => {
    await page.goto(`${base}/en/admin/SellThrough`);
    await eventually(() => page.locator('h1').innerText()).toBe('Sell-through and days of cover');
    await eventually(() => page.getByRole('columnheader', { name: /Days of cover/ }).count()).toBe(1);
    await eventually(() => rows().count()).toBe(3);
    await expectAccessibleInBothThemes(page, 'sell-through-en');
    await page.goto(`${base}/en/admin/ReorderSuggestions`);
    await eventually(() => page.locator('h1').innerText()).toBe('Reorder suggestions');
    await eventually(() => page.getByText(/a day over \d+ days in stock, lead time 7 days/).count()).toBe(1);
    await eventually(() => page.locator('.analysis-screen .data-table').nth(1).locator('tbody tr').filter({ hasText: STAFF.username }).count()).toBe(1);
    await expectAccessibleInBothThemes(page, 'suggestions-en');
  });

  it('edits the lead time and pack size in ProductEdit: one ProductReorderSettingsChanged with the staff member, and the suggestion follows', async () => {
    const { productId } = REORDER_PRODUCTS.fast;
    await page.goto(`${base}/admin/product/edit/${productId}`);
    await eventually(() => page.locator('#product-lead-time').inputValue()).toBe('7');
    expect(await page.locator('#product-pack-size').inputValue()).toBe('6');
    await page.getByLabel('Tarneaeg (päevades)').fill('10');
    await page.getByLabel('Pakendi suurus').fill('4');
    await page.getByRole('button', { name: 'Salvesta', exact: true }).click();
    const changed = async () =>
      (await sql<{ data: { leadTimeDays: number; packSize: number; changedBy: string | null } }>`
        select data from es_events where stream_id = ${`product-${productId}`} and event_type = 'ProductReorderSettingsChanged' order by global_position`.execute(h.db)).rows.map((r) => r.data);
    await eventually(async () => (await changed()).length).toBe(2);
    const last = (await changed())[1]!;
    expect(last).toMatchObject({ leadTimeDays: 10, packSize: 4 });
    expect(last.changedBy).toMatch(/^[0-9a-f-]{36}$/);
    // The analysis holds the new settings (live projection), then the screen shows them.
    const projected = async () =>
      (await sql<{ n: number }>`select lead_time_days::int as n from rm_analysis_sell_through.reorder_settings where product_id = ${productId}`.execute(h.db)).rows[0]?.n;
    await eventually(projected).toBe(10);
    await page.goto(`${base}/en/admin/ReorderSuggestions`);
    await eventually(() => page.getByText(/a day over \d+ days in stock, lead time 10 days/).count()).toBe(1);
  });
});
