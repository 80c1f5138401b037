/**
 * The storefront on a 390 x 844 phone (spec 9 breakpoints) in Debian's Chromium (playwright-core):
 * a product card fits wholly on the first screen of /products and of a category page (the header is one row plus
 * the menu strip, the toolbar one row); no page scrolls sideways (listing, category, product, cart, checkout,
 * payment, the sandbox bank, a content page, the not-found page, /login), and the sandbox bank's details stay inside
 * its card; the menu strip that runs past the screen's edge shows a fade at that edge until it is scrolled there; the
 * 'added to cart' toast does not cover the add-to-cart button; on checkout the submit button comes after the total
 * (and still submits the form). axe-core finds no serious or critical violation on the listing and checkout.
 *
 * Whole shop on real services: a fresh PostgreSQL database with every projector (tests/support/shop-harness.ts), the
 * api (api/app.ts) with the sandbox bank (platform/payments) on one port. The storefront is built into a directory
 * of this test's own, so a build by another test cannot change the files under it.
 */
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { setupDelivery } from '../commands/delivery/setup-delivery.js';
import { SEED_MAIN_MENU, seedSiteContent } from '../commands/site/seed-site-content.js';
import { setMenu } from '../commands/menu/menu-handler.js';
import { createPaymentProviders, paymentConfigFromEnv, sandboxBankOptions } from '../platform/payments/index.js';
import { seriousAxeViolations } from './support/axe.js';
import { chromiumExecutable, launchChromium } from './support/browser.js';
import { csrfHeaders } from './support/csrf.js';
import { checkoutBody } from './support/order-test-kit.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';
import { patience } from './support/patience.js';

const repoRoot = path.resolve(__dirname, '..');
const PHONE = { width: 390, height: 844 };
const OIL_FILTER = productIdForCode('W 712/75'); // 8.90 €, on demand

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
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error('vite build failed');
}

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'phone-e2e-web-'));
  keyDir = await mkdtemp(path.join(tmpdir(), 'phone-e2e-keys-'));
  buildWeb(webDir);
  // Installed once before the tests by npm test / the global setup (tests/support/browser.ts); only launched here.
  const executablePath = chromiumExecutable();

  h = await createShopHarness('phone_layout_e2e');
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  const now = new Date().toISOString();
  await seedSiteContent(h.store, now);
  // The seeded menu and two more entries: wider than a phone, as the demo shop's menu is.
  await setMenu(
    h.store,
    {
      entries: [
        ...SEED_MAIN_MENU,
        { id: 'brands', kind: 'link', label: { et: 'Tootjad', en: 'Brands' }, target: '/tooted?q=mann' },
        { id: 'tuning', kind: 'link', label: { et: 'Tuunimisosad', en: 'Tuning parts' }, target: '/tooted?q=tuning' },
      ],
    },
    { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now },
  );
  await setupDelivery(h.store, now);
  await h.settle();

  // The api and the sandbox bank on one port: the payment providers need the shop's public URL up front.
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

/** A fresh shopper on a 390 x 844 touch phone (own local storage). */
async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  return { context, page: await context.newPage() };
}

/** expect.poll with room for page loads and API round trips on a busy 2-core machine. */
const eventually = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: patience(10_000), interval: 100 });
const expectAccessible = async (page: Page) => expect(await seriousAxeViolations(page)).toEqual([]);
const storedCart = (page: Page) => page.evaluate(() => localStorage.getItem('cart') ?? '{}');
/** The page's width including what lies past the screen's right edge, in CSS pixels. */
const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator} has no box`);
  return b;
}

/** Opens a product page and adds one; waits until the cart is in local storage (written after 1000 ms). */
async function addOilFilter(page: Page) {
  await page.goto(`${base}/products/view/${OIL_FILTER}`);
  await page.getByRole('button', { name: 'Lisa ostukorvi' }).click();
  await eventually(() => storedCart(page)).toContain(OIL_FILTER);
}

/** Places an order through the api; @returns its public token (the /payment/{token} page). */
async function placeOrder(): Promise<string> {
  const placed = await app.inject({ method: 'POST', url: '/v1/place-order', payload: checkoutBody([{ product_id: OIL_FILTER, amount: 1 }]) as object, headers: await csrfHeaders(app) });
  expect(placed.statusCode).toBe(200);
  await h.settle();
  return placed.json().data.order.public_token;
}

describe('the storefront on a 390 x 844 phone', () => {
  it('shows a whole product card on the first screen of the listing and of a category page', async () => {
    const { context, page } = await phone();
    for (const url of ['/products', '/et/filtrid']) {
      await page.goto(`${base}${url}`);
      await eventually(() => page.locator('.product-card').count()).toBeGreaterThan(0);
      // The menu's entries have arrived, so the header has its final height.
      await eventually(() => page.locator('.main-nav > ul > li').count()).toBeGreaterThan(3);
      const card = await box(page.locator('.product-card').first());
      expect({ url, top: card.y >= 0, left: card.x >= 0, right: card.x + card.width <= PHONE.width, bottom: card.y + card.height <= PHONE.height }).toEqual({
        url,
        top: true,
        left: true,
        right: true,
        bottom: true,
      });
      // The compact header keeps the shop's name, the other language and the cart's total for assistive technology.
      await expectAccessible(page);
    }
    expect(await page.getByRole('banner').getByRole('link', { name: /^Baltic Parts/ }).count()).toBe(1);
    await expect.poll(() => page.locator('.mini-cart__link').innerText()).toMatch(/0,00\s€[\s\S]*0 toodet/);
    await context.close();
  });

  it('shows where the menu strip goes on past the screen, until it is scrolled to its end', async () => {
    const { context, page } = await phone();
    await page.goto(`${base}/products`);
    const strip = page.locator('.main-nav > ul');
    await eventually(() => page.locator('.main-nav > ul > li').count()).toBe(6);
    expect(await strip.evaluate((ul) => ul.scrollWidth > ul.clientWidth)).toBe(true);
    // A fade over the right edge, the entries still on one line that scrolls sideways.
    const fade = () => page.locator('.main-nav').evaluate((nav) => getComputedStyle(nav, '::after').opacity);
    await eventually(fade).toBe('1');
    expect(await page.locator('.main-nav').evaluate((nav) => getComputedStyle(nav, '::after').content)).not.toBe('none');
    expect(new Set(await page.locator('.main-nav > ul > li').evaluateAll((lis) => lis.map((li) => Math.round(li.getBoundingClientRect().top))))).toHaveProperty('size', 1);
    await strip.evaluate((ul) => ul.scrollTo({ left: ul.scrollWidth }));
    await eventually(fade).toBe('0');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('does not scroll sideways on any page, and the sandbox bank keeps its details inside its card', async () => {
    const { context, page } = await phone();
    await addOilFilter(page);
    const token = await placeOrder();
    const pages: [string, string][] = [
      ['/', '.product-card'],
      ['/products', '.product-card'],
      ['/en/products', '.product-card'],
      ['/et/filtrid', '.product-card'],
      [`/products/view/${OIL_FILTER}`, '.add-to-cart'],
      ['/cart', '.cart-line'],
      ['/checkout', '.checkout-summary'],
      [`/payment/${token}`, '.payment-methods__list'],
      ['/muugitingimused', '#content-page-title'],
      ['/no-such-page', '#status-page-title'],
      ['/login', '.staff-login__card h1'],
    ];
    const widths: Record<string, number> = {};
    for (const [url, ready] of pages) {
      await page.goto(`${base}${url}`);
      await page.locator(ready).first().waitFor();
      await page.waitForLoadState('networkidle');
      widths[url] = await scrollWidth(page);
    }
    // The sandbox bank, reached as a shopper reaches it from the payment page.
    await page.goto(`${base}/payment/${token}`);
    await page.getByRole('button', { name: /Näidispank/ }).click();
    await page.getByRole('button', { name: /Maksa/ }).waitFor({ timeout: patience(20_000) });
    widths['sandbox bank'] = await scrollWidth(page);
    expect(Object.entries(widths).filter(([, width]) => width > PHONE.width)).toEqual([]);
    const outside = await page.locator('main').evaluate((main) => {
      const limit = main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight) + 0.5;
      return [...main.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > limit).map((el) => el.textContent?.trim());
    });
    expect(outside).toEqual([]);
    await context.close();
  });

  it("shows 'added to cart' where it does not cover the add-to-cart button", async () => {
    const { context, page } = await phone();
    await page.goto(`${base}/products/view/${OIL_FILTER}`);
    const add = page.getByRole('button', { name: 'Lisa ostukorvi' });
    await add.scrollIntoViewIfNeeded();
    await add.click();
    const toast = page.locator('.toast', { hasText: 'Toode on lisatud ostukorvi.' });
    await toast.waitFor();
    const [b, t] = [await box(add), await box(toast)];
    const overlaps = b.x < t.x + t.width && t.x < b.x + b.width && b.y < t.y + t.height && t.y < b.y + b.height;
    expect({ button: b, toast: t, overlaps }).toMatchObject({ overlaps: false });
    await context.close();
  });

  it('puts the checkout submit button after the total', async () => {
    const { context, page } = await phone();
    await addOilFilter(page);
    await page.goto(`${base}/checkout`);
    await eventually(() => page.locator('main h1').innerText()).toBe('Tellimuse vormistamine');
    const total = await box(page.locator('.checkout-summary .purchase-summary__total'));
    const submit = await box(page.getByRole('button', { name: 'Esita tellimus' }));
    expect(submit.y).toBeGreaterThanOrEqual(total.y + total.height);
    // The button, outside the form element, still submits it: an empty form is marked Required.
    await page.getByRole('button', { name: 'Esita tellimus' }).click();
    await eventually(() => page.getByLabel('Eesnimi').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);
    await context.close();
  });
});
