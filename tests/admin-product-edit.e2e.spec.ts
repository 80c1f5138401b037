/**
 * ProductEdit in Debian's Chromium: a staff member signs in, opens a product, changes its Estonian name and
 * its price (the price change asks first), saves, and the storefront's product page shows the new name; a save from a
 * tab whose product another tab changed since shows who changed it and a Reload button that loads the latest
 * version; the product picker finds a product by its part number and adds it as a similar one; leaving with unsaved
 * changes asks with spec 2's text (and staying keeps the edit); axe-core finds no serious or critical violation on the
 * screen in both themes (screenshots in /tmp/admin-product-edit-e2e-*.png).
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { registerUser } from '../commands/user/user-accounts.js';
import { toProductStreamId } from '../domain/product/product.js';
import { accessibilityCheck } from './support/axe.js';
import { chromiumExecutable, launchChromium, submitSignInForm } from './support/browser.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';
import { patience } from './support/patience.js';

const expectAccessibleInBothThemes = accessibilityCheck('admin-product-edit-e2e');

const repoRoot = path.resolve(__dirname, '..');
const MARI = { username: 'mari.maasikas', password: 'Rukkilill-Tallinn-42' };
const JAAN = { username: 'jaan.tamm', password: 'Kollane-Kask-2026' };
const UNSAVED = 'Teil on salvestamata muudatusi, mis lähevad kaotsi. Kas soovite kindlasti lahkuda?';

let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let base: string;
let mariId: string;
let jaanId: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  h = await createShopHarness('admin_product_edit_e2e');
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  const now = new Date().toISOString();
  h.clock.now = now;
  const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now });
  mariId = (await registerUser(h.store, { ...MARI, confirm: MARI.password, roles: ['CLIENT'] }, ctx(), { usernameTaken: async () => false })).userId;
  jaanId = (await registerUser(h.store, { ...JAAN, confirm: JAAN.password, roles: ['CLIENT'] }, ctx(), { usernameTaken: async () => false })).userId;
  await h.settle();
  ({ app, base } = await serveStorefront(h, { api: { now: () => new Date().toISOString() } }));
  browser = await launchChromium(executablePath);
}, 300_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await app?.close();
  await h?.close();
});

const eventually = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: patience(15_000), interval: 50 });

/** A signed-in tab (its own browser context: its own session) on `next`. */
async function signedIn(user: { username: string; password: string }, next: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${base}/login?next=${encodeURIComponent(next)}`);
  await submitSignInForm(page, user);
  return page;
}

const title = (page: Page) => page.locator('h1#screen-title').innerText();

describe('ProductEdit', () => {
  it("edits a product's name and price; the storefront's product page shows the new name", async () => {
    const id = productIdForCode('BF 1018/1');
    const page = await signedIn(MARI, `/admin/product/edit/${id}`);
    await eventually(() => title(page)).toBe('BF 1018/1 · Kütusefilter');
    await expectAccessibleInBothThemes(page, 'edit');
    await page.locator('#product-name-et').fill('Kütusefilter pikk');
    await page.locator('#product-price').fill('13,60');
    await eventually(() => page.locator('.product-edit__net').innerText()).toMatch(/^10,97\s€$/);
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.accept();
    });
    await page.getByRole('button', { name: 'Salvesta', exact: true }).click();
    await eventually(() => title(page)).toBe('BF 1018/1 · Kütusefilter pikk');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^Hind muutub: 12,40\s€ → 13,60\s€\./);
    const { events } = await h.store.readStream(toProductStreamId(id));
    const saved = events.filter((e) => e.metadata.userId === mariId).map((e) => e.type);
    expect(saved).toEqual(['ProductDetailsChanged', 'ProductPriceChanged']);

    await h.settle();
    await page.goto(`${base}/products/view/${id}`);
    await eventually(() => page.locator('main h1').first().innerText()).toBe('Kütusefilter pikk');
  });

  it('a save over a change made in another tab since shows who changed it and reloads the latest version', async () => {
    const id = productIdForCode('BF 1018/2');
    const mari = await signedIn(MARI, `/admin/product/edit/${id}`);
    const jaan = await signedIn(JAAN, `/admin/product/edit/${id}`);
    await eventually(() => title(mari)).toBe('BF 1018/2 · Kütusefilter lühike');
    await eventually(() => title(jaan)).toBe('BF 1018/2 · Kütusefilter lühike');

    await jaan.locator('#product-code2').fill('JAAN-2');
    await jaan.getByRole('button', { name: 'Salvesta', exact: true }).click();
    // Jaan's save has landed (not only started) before Mari saves.
    await eventually(async () => (await h.store.readStream(toProductStreamId(id))).events.some((e) => e.metadata.userId === jaanId)).toBe(true);

    await mari.locator('#product-name-et').fill('Kütusefilter lühike (Mari)');
    await mari.getByRole('button', { name: 'Salvesta', exact: true }).click();
    const stale = mari.locator('.product-edit__stale');
    await eventually(() => stale.count()).toBe(1);
    expect(await stale.innerText()).toMatch(/Seda toodet muutis vahepeal jaan\.tamm \(.+\)\./);
    const { events } = await h.store.readStream(toProductStreamId(id));
    expect(events.some((e) => e.metadata.userId === mariId)).toBe(false);

    await stale.getByRole('button', { name: 'Laadi uusim versioon' }).click();
    await eventually(() => mari.locator('#product-code2').inputValue()).toBe('JAAN-2');
    expect(await mari.locator('#product-name-et').inputValue()).toBe('Kütusefilter lühike');
    expect(await mari.locator('.product-edit__stale').count()).toBe(0);
  });

  it('the product picker finds a product by its part number and adds it as a similar product', async () => {
    const id = productIdForCode('BF 1018/1');
    const other = productIdForCode('BF 1018/2');
    const page = await signedIn(MARI, `/admin/product/edit/${id}`);
    await eventually(() => title(page)).toMatch(/^BF 1018\/1 · /);
    const search = page.getByRole('combobox', { name: 'Sarnased tooted' });
    await search.fill('bf 1018 2');
    const option = page.getByRole('option', { name: /BF 1018\/2/ });
    await eventually(() => option.count()).toBe(1);
    await search.press('ArrowDown');
    await search.press('Enter');
    const chips = page.getByRole('list', { name: 'Sarnased tooted' });
    await eventually(() => chips.innerText()).toMatch(/BF 1018\/2 · Kütusefilter lühike/);
    await page.getByRole('button', { name: 'Salvesta', exact: true }).click();
    await eventually(async () => (await h.store.readStream(toProductStreamId(id))).events.at(-1)?.type).toBe('ProductRelatedProductsChanged');
    const last = (await h.store.readStream(toProductStreamId(id))).events.at(-1)!;
    expect(last.data).toEqual({ productId: id, compatible: [], similar: [other] });
    expect(last.metadata.userId).toBe(mariId);
    // After the save the chip still names the product (the answer's related products).
    await eventually(() => page.getByRole('button', { name: 'Salvesta', exact: true }).isDisabled()).toBe(true);
    expect(await chips.innerText()).toMatch(/BF 1018\/2 · Kütusefilter lühike/);
  });

  it('creates a product from /admin/product/create and opens it for editing; the storefront shows it', async () => {
    const page = await signedIn(MARI, '/admin/product/create');
    await eventually(() => title(page)).toBe('Uus toode');
    await page.locator('#product-name-et').fill('Õhufilter Mini');
    await page.getByRole('tab', { name: 'Inglise keeles' }).click();
    await page.locator('#product-name-en').fill('Air filter Mini');
    await page.locator('#product-code1').fill('E2E-NEW 1');
    await page.locator('#product-price').fill('9,99');
    await page.getByRole('button', { name: 'Loo toode' }).click();
    const id = productIdForCode('E2E-NEW 1');
    await eventually(() => new URL(page.url()).pathname).toBe(`/admin/product/edit/${id}`);
    await eventually(() => title(page)).toBe('E2E-NEW 1 · Õhufilter Mini');
    const { events } = await h.store.readStream(toProductStreamId(id));
    expect(events.map((e) => e.type)).toEqual(['ProductCreated', 'ProductPriceChanged']);
    expect(events.every((e) => e.metadata.userId === mariId)).toBe(true);
    await h.settle();
    await page.goto(`${base}/products/view/${id}`);
    await eventually(() => page.locator('main h1').first().innerText()).toBe('Õhufilter Mini');
  });

  it('leaving with unsaved changes asks first; staying keeps the edit', async () => {
    const id = productIdForCode('BF 1018/2');
    const page = await signedIn(MARI, `/admin/product/edit/${id}`);
    await eventually(() => title(page)).toMatch(/^BF 1018\/2 · /);
    await page.locator('#product-vehicles').fill('Audi A4 B8 2.0 TDI');
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('link', { name: 'Tagasi toodete nimekirja' }).click();
    await eventually(() => asked).toEqual([UNSAVED]);
    expect(new URL(page.url()).pathname).toBe(`/admin/product/edit/${id}`);
    expect(await page.locator('#product-vehicles').inputValue()).toBe('Audi A4 B8 2.0 TDI');
  });
});
