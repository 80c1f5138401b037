/**
 * Search and checkout details a shopper notices, in Debian's Chromium (playwright-core) on the built
 * storefront: a search lists by relevance by default (the part-number match before a more recently changed name
 * match; the spec's sort options stay available); with a big product in the cart the parcel-machine providers show
 * as unavailable, with the spec's reason, before one is chosen; /payment-success names the order and links to it;
 * the footer, the terms of sale and the order PDF show the company's registry code and VAT number (global fields).
 *
 * Whole shop on real services: a fresh PostgreSQL database with every projector (tests/support/shop-harness.ts), the
 * api with the sandbox bank on one port. The storefront is built into a directory of this test's own, so a build by
 * another test cannot change the files under it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { setupDelivery } from '../commands/delivery/setup-delivery.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { extractPdfText } from '../platform/documents/pdf-text.js';
import { createPaymentProviders, paymentConfigFromEnv, sandboxBankOptions } from '../platform/payments/index.js';
import { seriousAxeViolations } from './support/axe.js';
import { chromiumExecutable, launchChromium } from './support/browser.js';
import { csrfHeaders } from './support/csrf.js';
import { checkoutBody } from './support/order-test-kit.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';
import { patience } from './support/patience.js';

const repoRoot = path.resolve(__dirname, '..');
const GEARBOX = productIdForCode('GB 200'); // too big for parcel machines
const OIL_FILTER = productIdForCode('W 712/75');

let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let base: string;
let webDir: string;
let keyDir: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Builds the storefront into `outDir` (vite, the project's config). @throws Error when the build fails. */
function buildWeb(outDir: string) {
  const vite = path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--config', 'web/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('vite build failed');
}

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'shopper-details-web-'));
  keyDir = await mkdtemp(path.join(tmpdir(), 'shopper-details-keys-'));
  buildWeb(webDir);
  const executablePath = chromiumExecutable();
  h = await createShopHarness('shopper_details');
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  // A product whose name mentions the part number W 712, imported later (so more recently changed, and newer).
  const extra = path.join(webDir, '..', `shopper-details-${process.pid}.csv`);
  await writeFile(
    extra,
    'code1,code2,name_et,name_en,description_et,description_en,category_et,category_en,price,stock,unit,availability,delivery_days,big_product,class,attributes,oe_numbers,vehicles,image_url\n' +
      'ADP 1,,Adapter filtrile W 712,Adapter for filter W 712,,,Filtrid > Õlifiltrid,Filters > Oil filters,5.00,tallinn=3,pcs,available,,0,product,,,,\n',
  );
  await h.importFile(extra);
  await rm(extra, { force: true });
  const now = new Date().toISOString();
  await seedSiteContent(h.store, now);
  await setupDelivery(h.store, now);
  await h.settle();

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const paymentConfig = paymentConfigFromEnv({ PAYMENT_SANDBOX: 'on', PAYMENT_SANDBOX_KEY_DIR: keyDir }, base);
  ({ app } = await serveStorefront(h, {
    webRoot: webDir,
    port,
    api: { payments: createPaymentProviders(paymentConfig), sandboxBank: sandboxBankOptions(paymentConfig), publicUrl: base },
  }));
  browser = await launchChromium(executablePath);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
  if (webDir) await rm(webDir, { recursive: true, force: true });
  if (keyDir) await rm(keyDir, { recursive: true, force: true });
});

/** A fresh shopper (own local storage). */
async function shopper(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return { context, page: await context.newPage() };
}

/** expect.poll with room for page loads and API round trips on a busy 2-core machine. */
const eventually = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: patience(10_000), interval: 100 });
const cardCodes = (page: Page) => page.locator('.product-card__code').allInnerTexts().then((codes) => codes.map((c) => c.replace(/^.*:\s*/, '').trim()));
const expectAccessible = async (page: Page) => expect(await seriousAxeViolations(page)).toEqual([]);

describe('search and checkout details', () => {
  it('a search sorts by relevance by default: the part-number match first; the spec sort options stay available', async () => {
    const { context, page } = await shopper();
    const listRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v1/products?')) listRequests.push(r.url());
    });
    await page.goto(`${base}/products`);
    await eventually(() => cardCodes(page)).toHaveLength(6);
    // Browsing: the spec's default sort, and no relevance option.
    const sort = page.getByLabel('Järjestus');
    expect(await sort.inputValue()).toBe('-modified_at');
    expect(await sort.locator('option').allInnerTexts()).not.toContain('Asjakohasus');
    const search = page.getByRole('search').getByRole('combobox');
    await search.fill('W 712');
    await search.press('Enter');
    await eventually(() => cardCodes(page)).toEqual(['W 712/75', 'ADP 1']);
    expect(await sort.inputValue()).toBe('relevance');
    expect((await sort.locator('option:checked').innerText()).trim()).toBe('Asjakohasus');
    // The listing asks the api without a sort (the api orders a search by relevance then).
    const searched = listRequests.filter((u) => u.includes('q=W+712'));
    expect(searched.length).toBeGreaterThan(0);
    expect(searched.every((u) => !new URL(u).searchParams.has('sort'))).toBe(true);
    // The spec's options are still there: Recently changed puts the newer name match first.
    const options = await sort.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    expect(options).toEqual(['relevance', '-modified_at', '-id', 'id', 'total_price', '-total_price', 'name', '-name']);
    await sort.selectOption('-modified_at');
    await eventually(() => page.url()).toContain('sort=-modified_at');
    await eventually(() => cardCodes(page)).toEqual(['ADP 1', 'W 712/75']);
    await sort.selectOption('relevance');
    await eventually(() => page.url()).not.toContain('sort=');
    await eventually(() => cardCodes(page)).toEqual(['W 712/75', 'ADP 1']);
    // A sort remembered from browsing does not override a new search's relevance.
    await page.goto(`${base}/products`);
    await sort.selectOption('name');
    await eventually(() => page.url()).toContain('sort=name');
    // The sort is stored 200 ms after the change (lib/local-option.ts): wait until it is.
    await eventually(() => page.evaluate(() => localStorage.getItem('productSorting'))).toBe('name');
    await page.goto(`${base}/products?q=${encodeURIComponent('W 712')}`);
    await eventually(() => cardCodes(page)).toEqual(['W 712/75', 'ADP 1']);
    expect(await sort.inputValue()).toBe('relevance');
    await page.goto(`${base}/en/products`);
    await eventually(() => page.getByLabel('Sort by').inputValue()).toBe('name');
    await page.goto(`${base}/en/products?q=${encodeURIComponent('W 712')}`);
    await eventually(() => page.getByLabel('Sort by').locator('option:checked').innerText()).toBe('Relevance');
    await expectAccessible(page);
    await context.close();
  });
  it('with a big product in the cart, shows the parcel-machine providers as unavailable with the reason before one is chosen', async () => {
    const { context, page } = await shopper();
    await page.goto(`${base}/en/products/view/${GEARBOX}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await eventually(() => page.evaluate(() => localStorage.getItem('cart') ?? '')).toContain(GEARBOX);
    await page.goto(`${base}/en/checkout`);
    await eventually(() => page.getByRole('radio', { name: /Omniva parcel machine/ }).count()).toBe(1);
    const reason = 'Not available: your cart contains a product which is too big for parcel machines.';
    const parcel = page.getByRole('radio', { name: /Omniva parcel machine/ });
    expect(await parcel.isDisabled()).toBe(true);
    expect(await page.locator('.provider-option', { has: parcel }).innerText()).toContain(reason);
    expect(await page.getByRole('radio', { name: /Omniva courier/ }).isDisabled()).toBe(false);
    expect(await page.locator('.provider-option', { has: page.getByRole('radio', { name: /Omniva courier/ }) }).innerText()).not.toContain(reason);
    // Nothing was chosen, and no error is shown yet.
    expect(await page.locator('input[name=delivery_provider]:checked').count()).toBe(0);
    expect(await page.locator('.field__error').count()).toBe(0);
    await expectAccessible(page);
    // In Estonian too.
    await page.goto(`${base}/checkout`);
    await eventually(() => page.getByRole('radio', { name: /Omniva pakiautomaat/ }).count()).toBe(1);
    expect(await page.getByRole('radio', { name: /Omniva pakiautomaat/ }).isDisabled()).toBe(true);
    expect(await page.locator('.provider-option', { has: page.getByRole('radio', { name: /Omniva pakiautomaat/ }) }).innerText()).toContain(
      'Pole saadaval: ostukorvis on toode, mis on pakiautomaadi jaoks liiga suur.',
    );
    await context.close();
  });
  it('/payment-success after paying at the sandbox bank names the order and links to it', async () => {
    const placed = await app.inject({ method: 'POST', url: '/v1/place-order', payload: checkoutBody([{ product_id: OIL_FILTER, amount: 1 }]) as object, headers: await csrfHeaders(app) });
    expect(placed.statusCode).toBe(200);
    const { public_token: token, number } = placed.json().data.order as { public_token: string; number: number };
    await h.settle();
    const { context, page } = await shopper();
    await page.goto(`${base}/payment/${token}`);
    await page.getByRole('button', { name: /Näidispank/ }).click();
    await page.getByRole('button', { name: /Maksa/ }).click({ timeout: patience(20_000) });
    await expect.poll(() => page.url(), { timeout: patience(20_000) }).toBe(`${base}/payment-success?order=${token}`);
    await eventually(() => page.locator('main h1').innerText()).toBe('Makse õnnestus');
    await eventually(() => page.locator('main').innerText()).toContain(`Tellimus #${number}`);
    const link = page.getByRole('link', { name: 'Vaadake tellimust' });
    expect(await link.getAttribute('href')).toBe(`/payment/${token}`);
    expect(await page.getByRole('link', { name: 'Tagasi poodi' }).getAttribute('href')).toBe('/');
    await expectAccessible(page);
    await link.click();
    await eventually(() => page.locator('main h1').innerText()).toBe(`Tellimus #${number} - makstud`);
    // In English, from the English page.
    await page.goto(`${base}/en/payment-success?order=${token}`);
    await eventually(() => page.locator('main').innerText()).toContain(`Order #${number}`);
    expect(await page.getByRole('link', { name: 'View the order' }).getAttribute('href')).toBe(`/en/payment/${token}`);
    // Without an order (an old link): the message alone.
    await page.goto(`${base}/payment-success`);
    await eventually(() => page.locator('main h1').innerText()).toBe('Makse õnnestus');
    expect(await page.getByRole('link', { name: 'Vaadake tellimust' }).count()).toBe(0);
    await context.close();
  });
  it("shows the company's registry code and VAT number in the footer and on the terms of sale", async () => {
    const { context, page } = await shopper();
    await page.goto(`${base}/muugitingimused`);
    await eventually(() => page.locator('main h1').innerText()).toBe('Müügitingimused');
    const footer = page.locator('footer');
    await eventually(() => footer.innerText()).toContain('Registrikood: 14512345');
    expect(await footer.innerText()).toContain('KMKR nr: EE102345678');
    const main = await page.locator('main').innerText();
    expect(main).toContain('Baltic Parts OÜ');
    expect(main).toContain('Registrikood: 14512345');
    expect(main).toContain('KMKR nr: EE102345678');
    await expectAccessible(page);
    await page.goto(`${base}/en/muugitingimused`);
    await eventually(() => page.locator('main h1').innerText()).toBe('Terms of sale');
    await eventually(() => page.locator('footer').innerText()).toContain('Registry code: 14512345');
    expect(await page.locator('footer').innerText()).toContain('VAT number: EE102345678');
    expect(await page.locator('main').innerText()).toContain('VAT number: EE102345678');
    await context.close();
    // The order summary PDF prints them too (GET /order/download/{token}).
    const placed = await app.inject({ method: 'POST', url: '/v1/place-order', payload: checkoutBody([{ product_id: OIL_FILTER, amount: 1 }]) as object, headers: await csrfHeaders(app) });
    const token = placed.json().data.order.public_token as string;
    await h.settle();
    const pdf = await app.inject(`/order/download/${token}`);
    expect(pdf.statusCode).toBe(200);
    const text = extractPdfText(pdf.rawPayload).replace(/[\s\u00a0]+/g, ' ');
    expect(text).toContain('Baltic Parts OÜ, Registrikood 14512345, KMKR nr EE102345678');
  });
});
