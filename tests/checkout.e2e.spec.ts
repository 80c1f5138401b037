/**
 * A shopper buys in Debian's Chromium (playwright-core) on the built storefront (web side; spec 2 Cart page,
 * /checkout, /payment/{id}, /payment-success; spec 4 "Checkout", "Payment page", "Cart"; spec 5 "Checkout",
 * "Quantity and stock"; spec 8 order placement failure):
 * adds two products, opens the cart (reloaded products, stock cap warning, summary), checks out with an Omniva
 * parcel machine picked from the filtered list, places the order, pays at the sandbox bank ("Maksa / Pay"), sees
 * /payment-success and 'paid' on the payment page, and the confirmation mail reaches a real SMTP server through the
 * real order-mail process manager and BullMQ worker. Also: 'Required' on an empty submit (aria-invalid +
 * aria-describedby), the big-product message for a parcel machine, a place-order refused for stock sending the
 * shopper back to the cart, a system error shown as toasts, a dropped request retried with the same Idempotency-Key,
 * lines gone from the catalog, the summary's show-all toggle. axe-core finds no serious or critical violation on the
 * cart, checkout and payment pages, in both themes.
 *
 * Whole shop on real services: a fresh PostgreSQL database with every projector (tests/support/shop-harness.ts), the
 * api (api/app.ts) with the sandbox bank (platform/payments) on one port, Redis for BullMQ. The storefront is built
 * into a directory of this test's own, so a build by another test cannot change the files under it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { setupDelivery } from '../commands/delivery/setup-delivery.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { toOrderStreamId } from '../domain/order/order.js';
import { createPaymentProviders, paymentConfigFromEnv, sandboxBankOptions } from '../platform/payments/index.js';
import { seriousAxeViolations } from './support/axe.js';
import { chromiumExecutable, launchChromium } from './support/browser.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { csrfHeaders } from './support/csrf.js';
import { checkoutBody } from './support/order-test-kit.js';
import { serveStorefront } from './support/storefront-server.js';
import { type MailPipeline, startMailPipeline } from './support/mail-pipeline.js';
import type { SmtpSink } from './support/smtp-sink.js';
import { patience } from './support/patience.js';

const repoRoot = path.resolve(__dirname, '..');
const FUEL_FILTER = productIdForCode('BF 1018/1'); // 12.40 €, 4 in stock (limited)
const OIL_FILTER = productIdForCode('W 712/75'); // 8.90 €, on demand
const GEARBOX = productIdForCode('GB 200'); // 900.00 €, too big for parcel machines

let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let base: string;
let webDir: string;
let keyDir: string;
let sink: SmtpSink;
let mailPipeline: MailPipeline;

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
  webDir = await mkdtemp(path.join(tmpdir(), 'checkout-e2e-web-'));
  keyDir = await mkdtemp(path.join(tmpdir(), 'checkout-e2e-keys-'));
  buildWeb(webDir);
  // Installed once before the tests by npm test / the global setup (tests/support/browser.ts); only launched here.
  const executablePath = chromiumExecutable();

  h = await createShopHarness('checkout_e2e');
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  const now = new Date().toISOString();
  await seedSiteContent(h.store, now);
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

  // The confirmation mail: the order-mail process manager -> BullMQ on Redis -> the processor -> a real SMTP server.
  mailPipeline = await startMailPipeline(h, base);
  sink = mailPipeline.sink;

  browser = await launchChromium(executablePath);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await mailPipeline?.stop();
  await app?.close();
  await h?.close();
  if (webDir) await rm(webDir, { recursive: true, force: true });
  if (keyDir) await rm(keyDir, { recursive: true, force: true });
});

/** A fresh shopper (own local storage), optionally in the light theme. */
async function shopper(options: { light?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (options.light) await context.addInitScript(() => localStorage.setItem('theme', 'ConjLight'));
  return { context, page: await context.newPage() };
}

/** innerText with no-break spaces (Intl number formats) as plain spaces. */
const textOf = async (page: Page, selector: string) => (await page.locator(selector).innerText()).replace(/\u00a0|\u202f/g, ' ');
const expectAccessible = async (page: Page) => expect(await seriousAxeViolations(page)).toEqual([]);
/** expect.poll with room for page loads and API round trips on a busy 2-core machine. */
const eventually = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: patience(10_000), interval: 100 });
const storedCart = (page: Page) => page.evaluate(() => localStorage.getItem('cart') ?? '{}');

/** Opens a product page and adds `quantity`; waits until the cart is in local storage (written after 1000 ms). */
async function addToCart(page: Page, productId: string, quantity: number, labels: { quantity: string; add: string }, prefix = '') {
  await page.goto(`${base}${prefix}/products/view/${productId}`);
  await page.getByLabel(labels.quantity).fill(String(quantity));
  await page.getByRole('button', { name: labels.add }).click();
  await eventually(() => storedCart(page)).toContain(productId);
}

describe('checkout in the browser', () => {
  it('adds two products, checks out with an Omniva parcel machine, pays at the sandbox bank and gets the mail', async () => {
    const { context, page } = await shopper();
    const et = { quantity: 'Kogus', add: 'Lisa ostukorvi' };
    await addToCart(page, FUEL_FILTER, 2, et);
    await addToCart(page, OIL_FILTER, 1, et);

    // The cart: heading, both lines reloaded, the summary with the VAT line.
    await page.locator('.mini-cart__link').click();
    await eventually(() => page.url()).toBe(`${base}/cart`);
    await eventually(() => page.locator('main h1').innerText()).toBe('Ostukorv');
    await eventually(() => page.getByRole('progressbar').count()).toBe(0);
    expect(await page.locator('.cart-line').count()).toBe(2);
    const summary = await textOf(page, '.purchase-summary');
    expect(summary).toContain('33,70 €');
    expect(summary).toMatch(/sh käibemaks 24%\s*6,52 €/);
    expect(await page.locator('.cart-line').first().getByRole('link').getAttribute('href')).toBe(`/products/view/${OIL_FILTER}`);

    // Quantity: digits only, capped at the 4 in stock with the 5 s warning; 0 resets to 1.
    const fuelQuantity = page.locator('.cart-line', { hasText: 'Kütusefilter' }).getByLabel('Kogus');
    await fuelQuantity.fill('9');
    await eventually(() => fuelQuantity.inputValue()).toBe('4');
    expect(await page.locator('.cart-page__flash').innerText()).toBe('Piisavas koguses tooteid pole saadaval. Laos on ainult 4.');
    await fuelQuantity.fill('0');
    await eventually(() => fuelQuantity.inputValue()).toBe('1');
    await fuelQuantity.fill('2x');
    await eventually(() => fuelQuantity.inputValue()).toBe('2');
    await expectAccessible(page);

    // Checkout: an Omniva parcel machine picked from the filtered list; the postage line joins the cart.
    await page.getByRole('link', { name: 'Vormista ost' }).click();
    await eventually(() => page.url()).toBe(`${base}/checkout`);
    await eventually(() => page.locator('main h1').innerText()).toBe('Tellimuse vormistamine');
    await page.getByLabel('Eesnimi').fill('  Mari ');
    await page.getByLabel('Perekonnanimi').fill('Maasikas');
    await page.getByLabel('E-post').fill('mari@example.ee');
    await page.getByLabel('Telefon').fill('+372 5555 5555');
    expect(await page.getByLabel('Riik').inputValue()).toBe('EE');
    await page.getByRole('radio', { name: /Omniva pakiautomaat/ }).check();
    await page.getByLabel('Otsige nime, linna või aadressi järgi').fill('tartu eedeni');
    await eventually(() => page.locator('.location-picker__count').innerText()).toBe('1 asukoht');
    const machine = page.getByRole('combobox', { name: 'Pakiautomaat', exact: true });
    await machine.selectOption({ label: 'Tartu Eedeni pakiautomaat' });
    await eventually(() => textOf(page, '.mini-cart__link')).toMatch(/37,69 €/);
    await page.getByLabel('Kommentaar').fill('Palun helistage enne.');
    await page.getByRole('checkbox', { name: /Nõustun müügitingimustega/ }).check();
    expect(await page.getByRole('link', { name: 'müügitingimustega' }).getAttribute('href')).toBe('/muugitingimused');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Esita tellimus' }).click();

    // The payment page with the order passed from checkout.
    await expect.poll(() => page.url(), { timeout: patience(20_000) }).toMatch(new RegExp(`^${base}/payment/[\\w-]+$`));
    const token = page.url().split('/payment/')[1];
    await eventually(() => page.locator('main h1').innerText()).toMatch(/^Tellimus #\d+$/);
    const heading = await page.locator('main h1').innerText();
    const main = await textOf(page, 'main');
    expect(main).toContain('Teie tellimus on vormistatud.');
    expect(main).toContain('Kütusefilter');
    expect(main).toContain('Õlifilter');
    expect(main).toContain('Omniva pakiautomaat');
    expect(main).toContain('Tartu Eedeni pakiautomaat');
    expect(main).toMatch(/Kokku\s*37,69 €/);
    // The postage line shows its name, never the internal code postikulu-….
    expect(main).toContain('Postikulu');
    expect(main).not.toContain('postikulu-omniva-parcel');
    expect(main).toContain('Mari Maasikas');
    expect(await page.getByRole('link', { name: 'Laadi alla tellimuse kokkuvõte (PDF)' }).getAttribute('href')).toBe(`/order/download/${token}`);
    // The cart is empty; the draft is remembered (trimmed) without the terms flag.
    expect(await textOf(page, '.mini-cart__link')).toMatch(/0,00 €/);
    const draft = JSON.parse(await page.evaluate(() => localStorage.getItem('checkoutDraft') ?? '{}'));
    expect(draft.client).toMatchObject({ first_name: 'Mari', email: 'mari@example.ee' });
    expect(draft.order).toMatchObject({ delivery_provider: 'omniva-parcel', delivery_user_comment: 'Palun helistage enne.' });
    expect(JSON.stringify(draft)).not.toContain('accept_terms');
    await expectAccessible(page);

    // Pay at the sandbox bank.
    await page.getByRole('button', { name: /Näidispank/ }).click();
    await page.getByRole('button', { name: /Maksa/ }).click({ timeout: patience(20_000) });
    await expect.poll(() => page.url(), { timeout: patience(20_000) }).toBe(`${base}/payment-success?order=${token}`);
    await eventually(() => page.locator('main h1').innerText()).toBe('Makse õnnestus');
    expect(await page.getByRole('link', { name: 'Tagasi poodi' }).getAttribute('href')).toBe('/');
    await expectAccessible(page);

    // Opened again (no router state): fetched, paid, no payment methods.
    await h.settle();
    await page.goto(`${base}/payment/${token}`);
    await eventually(() => page.locator('main h1').innerText()).toBe(`${heading} - makstud`);
    expect(await page.getByRole('button', { name: /Näidispank/ }).count()).toBe(0);
    await expectAccessible(page);

    // The events and the confirmation mail.
    const order = (await app.inject(`/v1/payment/${token}`)).json().data.order as { id: string; number: number; total_cents: number; rows: { quantity: number; code: string }[] };
    expect(order.total_cents).toBe(3769);
    expect(order.rows.map((r) => [r.code, r.quantity]).sort()).toEqual([
      ['BF 1018/1', 2],
      ['W 712/75', 1],
      ['postikulu-omniva-parcel', 1],
    ]);
    const types = (await h.store.readStream(toOrderStreamId(order.id))).events.map((e) => e.type);
    expect(types.filter((t) => t === 'OrderPlaced')).toHaveLength(1);
    expect(types.filter((t) => t === 'OrderPaid')).toHaveLength(1);
    // Two mails go out for a paid order (the confirmation and 'payment received'), in either order: wait for the first.
    const confirmation = () => sink.accepted.find((m) => m.orderNumber === String(order.number) && m.messageId.startsWith('<order-confirmation.'));
    await expect.poll(() => confirmation()?.to, { timeout: patience(30_000), interval: 100 }).toBe('mari@example.ee');
    const mail = confirmation();
    expect(mail!.raw.replace(/=\r?\n/g, '')).toContain(`${base}/payment/${token}`);
    await context.close();
  });

  it('marks every missing field Required, and refuses a parcel machine for a product too big for it (English, light theme)', async () => {
    const { context, page } = await shopper({ light: true });
    await addToCart(page, GEARBOX, 1, { quantity: 'Quantity', add: 'Add to cart' }, '/en');
    await page.goto(`${base}/en/checkout`);
    await eventually(() => page.locator('main h1').innerText()).toBe('Checkout');
    await eventually(() => page.getByRole('radio', { name: /Omniva parcel machine/ }).count()).toBe(1);

    await page.getByRole('button', { name: 'Place order' }).click();
    const firstName = page.getByLabel('First name');
    await eventually(() => firstName.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await firstName.getAttribute('aria-describedby')}`).innerText()).toBe('Required');
    await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('checkout-client-first_name');
    for (const label of ['Last name', 'E-mail', 'Phone']) expect(await page.getByLabel(label).getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#checkout-order-delivery_provider .field__error').innerText()).toBe('Required');
    expect(await page.locator('#checkout-order-accept_terms-error').innerText()).toBe('Required');
    expect(await page.locator('.field__error').count()).toBe(6);
    await expectAccessible(page);

    // Business client: its name and contact address are required instead, the VAT number is not.
    await page.getByRole('radio', { name: 'Business' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await eventually(() => page.getByLabel('Business name').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Contact address').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('VAT number').getAttribute('aria-invalid')).toBeNull();

    // The gearbox does not fit a parcel machine: shown unavailable with the reason before it is chosen (
    // tests/shopper-details.e2e.spec.ts); the courier takes it.
    const parcel = page.getByRole('radio', { name: /Omniva parcel machine/ });
    expect(await parcel.isDisabled()).toBe(true);
    expect(await page.locator('.provider-option', { has: parcel }).innerText()).toContain('too big for parcel machines');
    await page.getByRole('radio', { name: /Omniva courier/ }).check();
    await eventually(() => page.locator('#checkout-order-delivery_provider .field__error').count()).toBe(0);
    expect(await page.getByLabel('Street and house').count()).toBe(1);
    // Changing the country clears the provider, and the postage line leaves the cart.
    await expect.poll(async () => Object.keys(JSON.parse(await storedCart(page))).length).toBe(2);
    await page.getByLabel('Country').selectOption('FI');
    expect(await page.getByRole('radio', { name: /Omniva courier/ }).count()).toBe(0);
    expect(await page.locator('input[name=delivery_provider]:checked').count()).toBe(0);
    await expect.poll(async () => Object.keys(JSON.parse(await storedCart(page)))).toEqual([GEARBOX]);
    await expectAccessible(page);
    await context.close();
  });

  it('sends the shopper back to the cart when the server refuses the order for stock', async () => {
    const { context, page } = await shopper();
    // A cart remembered with one fuel filter more than is left (its stored product still says more are available).
    await page.goto(`${base}/en/products`);
    const product = (await app.inject(`/product/view/${FUEL_FILTER}?lang=en`)).json().data;
    const available: number = product.availableForSale;
    expect(available).toBeGreaterThan(0);
    await page.evaluate(
      ({ p, amount }) => {
        const cartProduct = { id: p.id, name: p.name, code1: p.code1, priceCents: p.priceCents, unit: p.unit, image: null, hasLimitedAmount: true, availableForSale: amount, big_product: false, visibility: 'visible' };
        localStorage.setItem('cart', JSON.stringify({ [p.id]: { product: cartProduct, amount } }));
        localStorage.setItem('cartLatestProducts', JSON.stringify([p.id]));
      },
      { p: product, amount: available + 1 },
    );
    await page.goto(`${base}/en/checkout`);
    await eventually(() => page.getByRole('radio', { name: /Omniva courier/ }).count()).toBe(1);
    await page.getByLabel('First name').fill('Jaan');
    await page.getByLabel('Last name').fill('Tamm');
    await page.getByLabel('E-mail').fill('jaan@example.ee');
    await page.getByLabel('Phone').fill('+372 5111 1111');
    await page.getByRole('radio', { name: /Omniva courier/ }).check();
    await page.getByLabel('Street and house').fill('Pikk 1');
    await page.getByLabel('City').fill('Tallinn');
    await page.getByLabel('County').fill('Harjumaa');
    await page.getByLabel('Postal code').fill('10123');
    await page.getByRole('checkbox', { name: /I accept the terms of sale/ }).check();
    await page.getByRole('button', { name: 'Place order' }).click();

    const notAccepted = 'The order was not accepted. More information can be seen in the shopping cart.';
    await expect.poll(() => page.url(), { timeout: patience(20_000) }).toBe(`${base}/en/cart`);
    await eventually(() => page.locator('.toaster').innerText()).toContain(notAccepted);
    expect(await page.locator('.cart-page__not-accepted').innerText()).toBe(notAccepted);
    await eventually(() => page.locator('.cart-line__warning').innerText()).toBe(`There is not enough items in stock. Available: ${available}`);
    // Checkout stays blocked until the quantity fits.
    await page.getByRole('link', { name: 'Checkout', exact: true }).click();
    await eventually(() => page.locator('.cart-page__flash').innerText()).toBe("This product can't be purchased");
    expect(page.url()).toBe(`${base}/en/cart`);
    await expectAccessible(page);
    await context.close();
  });

  it('shows a system error and each server message, then places the order once across a dropped request (same Idempotency-Key)', async () => {
    const { context, page } = await shopper({ light: true });
    await addToCart(page, OIL_FILTER, 1, { quantity: 'Quantity', add: 'Add to cart' }, '/en');
    await page.goto(`${base}/en/checkout`);
    await eventually(() => page.getByRole('radio', { name: /Omniva courier/ }).count()).toBe(1);
    await page.getByLabel('First name').fill('Kati');
    await page.getByLabel('Last name').fill('Karu');
    await page.getByLabel('E-mail').fill('kati@example.ee');
    await page.getByLabel('Phone').fill('+372 5222 2222');
    await page.getByRole('radio', { name: /Omniva courier/ }).check();
    await page.getByLabel('Street and house').fill('Rüütli 2');
    await page.getByLabel('City').fill('Tartu');
    await page.getByLabel('County').fill('Tartumaa');
    await page.getByLabel('Postal code').fill('51007');
    const terms = page.getByRole('checkbox', { name: /I accept the terms of sale/ });

    // A server failure without a redirect: the system error toast, then the server's message; terms cleared.
    const keys: string[] = [];
    await page.route('**/v1/place-order*', (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, status: 'failure', message: 'Server hiccup', errors: [{ code: 'server_error', message: 'Server hiccup' }] }) });
    });
    await terms.check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await eventually(() => page.getByRole('alert').filter({ hasText: 'An unexpected system error occurred.' }).count()).toBe(1);
    expect(await page.locator('.toaster').innerText()).toMatch(/An unexpected system error occurred\.[\s\S]*Server hiccup/);
    expect(page.url()).toBe(`${base}/en/checkout`);
    expect(await terms.isChecked()).toBe(false);
    await page.unroute('**/v1/place-order*');

    // The next attempt's first request is dropped; the automatic retry carries the same key; 'Placing order' shows.
    let calls = 0;
    await page.route('**/v1/place-order*', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      calls += 1;
      if (calls === 1) return route.abort('connectionreset');
      await new Promise((r) => setTimeout(r, 800));
      return route.continue();
    });
    await terms.check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await eventually(() => page.locator('.checkout-form__placing').count()).toBe(1);
    expect(await page.getByRole('status').filter({ hasText: 'Placing order' }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Place order' }).isDisabled()).toBe(true);
    await expect.poll(() => page.url(), { timeout: patience(20_000) }).toMatch(new RegExp(`^${base}/en/payment/[\\w-]+$`));
    await eventually(() => page.locator('main h1').innerText()).toMatch(/^Order #\d+$/);
    expect(keys).toHaveLength(3);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[1]).toBe(keys[2]);
    expect(keys.every((k) => /^[0-9a-f-]{36}$/.test(k))).toBe(true);
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    await expectAccessible(page);
    await h.settle(); // a $all read sees an event once no older transaction is open anywhere in the cluster
    // A type-filtered read returns one window of the log at a time: read to the end.
    const placed: { data: unknown }[] = [];
    for (let after = '', done = false; !done; ) {
      const page = await h.store.readAll({ after, eventTypes: ['OrderPlaced'] });
      placed.push(...page.events);
      after = page.checkpoint;
      done = page.caughtUp;
    }
    expect(placed.filter((e) => JSON.stringify(e.data).includes('kati@example.ee'))).toHaveLength(1);
    await context.close();
  });

  it('marks lines that no longer exist as not available, and the summary shows 5 items with a toggle', async () => {
    const { context, page } = await shopper({ light: true });
    await page.goto(`${base}/en/products`);
    await page.evaluate(() => {
      const items: Record<string, unknown> = {};
      const ids: string[] = [];
      for (let i = 1; i <= 6; i++) {
        const id = `00000000-0000-4000-8000-00000000000${i}`;
        ids.push(id);
        items[id] = { product: { id, name: `Gone part ${i}`, code1: `GONE ${i}`, priceCents: 100 * i, unit: 'pcs', image: null, hasLimitedAmount: false, availableForSale: 0, big_product: false, visibility: 'visible' }, amount: 1 };
      }
      localStorage.setItem('cart', JSON.stringify(items));
      localStorage.setItem('cartLatestProducts', JSON.stringify(ids));
    });
    await page.goto(`${base}/en/cart`);
    await eventually(() => page.locator('.cart-line__warning').count()).toBe(6);
    expect(new Set(await page.locator('.cart-line__warning').allInnerTexts())).toEqual(new Set(['This product is not available.']));
    expect(await page.locator('.purchase-summary__items li').count()).toBe(5);
    const toggle = page.getByRole('button', { name: 'Show all (6)' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await page.locator('.purchase-summary__items li').count()).toBe(6);
    expect(await page.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
    expect(await textOf(page, '.purchase-summary__total')).toContain('€21.00');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Checkout', exact: true }).click();
    await eventually(() => page.locator('.cart-page__flash').innerText()).toBe("This product can't be purchased");
    // Removing every line empties the cart; checkout then says so.
    for (let i = 0; i < 6; i++) await page.getByRole('button', { name: /^Remove / }).first().click();
    await eventually(() => page.locator('main').innerText()).toContain('No products in cart');
    await expectAccessible(page);
    await context.close();
  });

  it('a payment cancelled at the bank returns to the payment page with its message in the order language', async () => {
    const placed = await app.inject({ method: 'POST', url: '/v1/place-order', payload: checkoutBody([{ product_id: OIL_FILTER, amount: 1 }], { language: 'en' }) as object, headers: await csrfHeaders(app) });
    expect(placed.statusCode).toBe(200);
    const token: string = placed.json().data.order.public_token;
    await h.settle();
    const { context, page } = await shopper();
    await page.goto(`${base}/en/payment/${token}`);
    await page.getByRole('button', { name: /Näidispank/ }).click();
    await page.getByRole('button', { name: /Katkesta/ }).click({ timeout: patience(20_000) });
    await expect.poll(() => page.url(), { timeout: patience(20_000) }).toBe(`${base}/en/payment/${token}?payment-error=cancelled`);
    await eventually(() => page.locator('.payment-page__error').innerText()).toBe('The payment was cancelled.');
    expect(await page.getByRole('button', { name: /Näidispank/ }).count()).toBe(1);
    await expectAccessible(page);
    // Estonian, a refused answer; and the not-found page when no order could be named.
    await page.goto(`${base}/payment/${token}?payment-error=rejected`);
    await eventually(() => page.locator('.payment-page__error').innerText()).toBe('Makse kinnitust ei õnnestunud kontrollida. Kui pank võttis raha, võtke meiega ühendust.');
    await page.goto(`${base}/en/payment/unknown?payment-error=failed`);
    await eventually(() => page.locator('main').innerText()).toContain("We couldn't find the requested order. The payment did not go through.");
    await context.close();
  });

  it('says so when the order does not exist', async () => {
    const { context, page } = await shopper();
    await page.goto(`${base}/en/payment/${'x'.repeat(32)}`);
    await eventually(() => page.locator('main').innerText()).toContain("We couldn't find the requested order.");
    expect(await page.locator('main h1').innerText()).toBe('Order not found');
    expect(await page.locator('meta[name=robots]').getAttribute('content')).toBe('noindex');
    await context.close();
  });
});
