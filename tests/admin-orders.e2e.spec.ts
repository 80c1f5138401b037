/**
 * The order screens in Debian's Chromium (spec 2 OrderList,
 * OrderEdit, the order client info block, the product picker and the unfilled badge; spec 4 "Order flags"; spec 5
 * "an order cannot be saved without a product or service name"):
 *
 * an administrator signs in to /admin/order (empty, badge 0); a shopper orders through the real checkout in another
 * browser context (an Omniva parcel machine); without a reload the staff badge rises to 1 and the order appears in
 * the list (live over the websocket); the search and the filters live in the URL. Staff open the order (client info
 * block, delivery), add a catalog product with the product picker, try to save a service row without a name (spec 5's
 * message), remove it and save (totals recomputed by the api), mark the order paid (the shopper's open payment page
 * shows ' - makstud', told over its websocket), filled (the badge falls to 0; un-filling asks first), send the invoice (the real invoice-mail
 * process manager and send-invoice worker mail the PDF to an SMTP server in this process; 'Saadetud …' shows and the
 * button becomes 'Saada arve uuesti'), copy the payment page link; a save over another tab's change answers 409 with
 * who changed it and Reload shows the latest; the history lists each step with the staff
 * member's name. English screens have their labels. axe-core finds no serious or critical violation in either
 * theme. Screenshots in /tmp/admin-orders-e2e-*.png.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Queue, Worker } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { setupDelivery } from '../commands/delivery/setup-delivery.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { registerUser } from '../commands/user/user-accounts.js';
import { toOrderStreamId } from '../domain/order/order.js';
import { extractPdfText } from '../platform/documents/pdf-text.js';
import { createMailTransport, type MailTransport } from '../platform/mail/transport.js';
import { testRedisUrl } from '../platform/testing/database.js';
import { invoiceOrderFromStream } from '../projections/orders/order-from-stream.js';
import { getSiteContent } from '../projections/site/queries.js';
import { createSendInvoiceProcessor, SEND_INVOICE } from '../workers/jobs/send-invoice.js';
import { invoiceMailProcessManager } from '../workers/process-managers/invoice-mail.js';
import { checkpointOf, type RunningProcessManager, startProcessManager } from '../workers/process-managers/process-manager.js';
import { accessibilityCheck } from './support/axe.js';
import { chromiumExecutable, launchChromium, submitSignInForm } from './support/browser.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { mimePart, type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { serveStorefront } from './support/storefront-server.js';
import { patience } from './support/patience.js';

const expectAccessibleInBothThemes = accessibilityCheck('admin-orders-e2e');

const repoRoot = path.resolve(__dirname, '..');
const ADMIN = { username: 'mari.maasikas', password: 'Sinine-Meri-2026!' };
const FUEL_FILTER = productIdForCode('BF 1018/1'); // Kütusefilter, 12,40 €

let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let staff: Page;
let staffContext: BrowserContext;
let shopperPage: Page;
let base: string;
let sink: SmtpSink;
let transport: MailTransport;
let redis: Redis;
let workerRedis: Redis;
let queue: Queue;
let worker: Worker;
let invoiceMail: RunningProcessManager;
let order: { id: string; number: number; token: string };
/** What the shopper's pages sent and received over GET /v1/live. */
const shopperFrames: { sent: string[]; received: string[] } = { sent: [], received: [] };

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  h = await createShopHarness('admin_orders_e2e');
  const now = new Date().toISOString();
  const ctx = { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now };
  await registerUser(h.store, { ...ADMIN, confirm: ADMIN.password, roles: ['ADMIN', 'CLIENT'] }, ctx, { usernameTaken: async () => false });
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  await seedSiteContent(h.store, now);
  await setupDelivery(h.store, now);
  await h.settle();
  ({ app, base } = await serveStorefront(h));

  // Invoice mail as the worker role runs it: the invoice-mail process manager -> BullMQ -> send-invoice -> SMTP.
  sink = await startSmtpSink();
  transport = createMailTransport(sink.url, { timeoutMs: 10_000 });
  const prefix = `test-invoice-${randomUUID().slice(0, 8)}`;
  redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
  workerRedis = redis.duplicate();
  queue = new Queue('shop', { connection: redis, prefix });
  const sendInvoice = createSendInvoiceProcessor({
    db: h.db,
    store: h.store,
    transport,
    loadOrder: (id) => invoiceOrderFromStream(h.store, id),
    loadSiteFields: async () => (await getSiteContent(h.db)).fields,
    from: 'Baltic Parts <shop@baltic-parts.test>',
  });
  worker = new Worker('shop', async (job) => (job.name === SEND_INVOICE ? sendInvoice(job.data) : undefined), { connection: workerRedis, prefix });
  await worker.waitUntilReady();
  await checkpointOf(h.db, invoiceMailProcessManager).ensure();
  invoiceMail = startProcessManager(invoiceMailProcessManager, { db: h.db, store: h.store, queue, retryMs: 200, pollIntervalMs: 100 });

  browser = await launchChromium(executablePath);
  staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await staffContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  staff = await staffContext.newPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await invoiceMail?.stop();
  await worker?.close();
  await queue?.obliterate({ force: true }).catch(() => {});
  await queue?.close();
  redis?.disconnect();
  workerRedis?.disconnect();
  transport?.close();
  await sink?.close();
  await app?.close();
  await h?.close();
});

const eventually = <T,>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout, interval: 50 });
const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').trim();
const badge = () =>
  staff.getByRole('navigation', { name: /Haldusmenüü|Admin menu/ }).locator('li', { hasText: /Tellimused|Orders/ }).locator('.admin-menu__badge').innerText();
const listNumbers = async () => (await staff.locator('.order-list tbody tr td:first-child').allInnerTexts()).map((s) => s.trim());

/** A shopper places an order for one fuel filter through the real checkout with an Omniva parcel machine. */
async function shopperOrders(page: Page): Promise<string> {
  await page.goto(`${base}/products/view/${FUEL_FILTER}`);
  await page.getByLabel('Kogus').fill('1');
  await page.getByRole('button', { name: 'Lisa ostukorvi' }).click();
  await eventually(() => page.evaluate(() => localStorage.getItem('cart') ?? '')).toContain(FUEL_FILTER);
  await page.goto(`${base}/checkout`);
  await eventually(() => page.locator('main h1').innerText()).toBe('Tellimuse vormistamine');
  await page.getByLabel('Eesnimi').fill('Mari');
  await page.getByLabel('Perekonnanimi').fill('Maasikas');
  await page.getByLabel('E-post').fill('mari@example.ee');
  await page.getByLabel('Telefon').fill('+372 5555 5555');
  await page.getByRole('radio', { name: /Omniva pakiautomaat/ }).check();
  await page.getByLabel('Otsige nime, linna või aadressi järgi').fill('tartu eedeni');
  await eventually(() => page.locator('.location-picker__count').innerText()).toBe('1 asukoht');
  await page.getByRole('combobox', { name: 'Pakiautomaat', exact: true }).selectOption({ label: 'Tartu Eedeni pakiautomaat' });
  await page.getByRole('checkbox', { name: /Nõustun müügitingimustega/ }).check();
  await page.getByRole('button', { name: 'Esita tellimus' }).click();
  await expect.poll(() => page.url(), { timeout: patience(20_000) }).toMatch(new RegExp(`^${base}/payment/[\\w-]+$`));
  await eventually(() => page.locator('main h1').innerText()).toMatch(/^Tellimus #\d+$/);
  return page.url().split('/payment/')[1]!;
}

describe('OrderList and OrderEdit (/admin/order)', () => {
  it('signs in to an empty order list with the badge at 0', async () => {
    await staff.goto(`${base}/admin/order`);
    await eventually(() => pathOf(staff)).toBe('/login?next=%2Fadmin%2Forder');
    await submitSignInForm(staff, ADMIN);
    await eventually(() => pathOf(staff)).toBe('/admin/order');
    await eventually(() => staff.locator('h1').innerText()).toBe('Tellimused');
    await eventually(() => staff.locator('.order-list .data-table__empty').innerText()).toBe('Tellimusi veel ei ole.');
    await eventually(badge).toBe('0');
  });

  it('a shopper orders; the badge rises and the order appears without a reload', async () => {
    const shopper = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    shopperPage = await shopper.newPage();
    shopperPage.on('websocket', (ws) => {
      ws.on('framesent', (f) => shopperFrames.sent.push(String(f.payload)));
      ws.on('framereceived', (f) => shopperFrames.received.push(String(f.payload)));
    });
    const token = await shopperOrders(shopperPage);
    const number = Number((await shopperPage.locator('main h1').innerText()).replace(/\D/g, ''));
    const placed = await h.app.inject({ url: `/v1/payment/${token}` });
    order = { id: placed.json().data.order.id, number, token };

    await eventually(badge).toBe('1');
    await eventually(listNumbers).toEqual([String(number)]);
    const cells = (await staff.locator('.order-list tbody tr').first().locator('td').allInnerTexts()).map(plain);
    expect(cells[2]).toContain('Mari Maasikas');
    expect(cells[2]).toContain('mari@example.ee');
    expect(cells[3]).toMatch(/€$/);
    expect(cells.slice(4, 6)).toEqual(['Maksmata', 'Täitmata']);
    expect(cells[6]).toContain('Omniva pakiautomaat');
    expect(cells[6]).toContain('Tartu Eedeni pakiautomaat');

    // Search and filters live in the URL.
    await staff.getByLabel('Otsing', { exact: true }).fill('maasikas');
    await eventually(() => pathOf(staff)).toBe('/admin/order?q=maasikas');
    await eventually(listNumbers).toEqual([String(number)]);
    await staff.getByLabel('Makse', { exact: true }).selectOption({ label: 'Makstud' });
    await eventually(() => pathOf(staff)).toBe('/admin/order?q=maasikas&paid=1');
    await eventually(() => staff.locator('.order-list .data-table__empty').innerText()).toBe('Nendele tingimustele vastavaid tellimusi ei leitud.');
    await staff.getByRole('button', { name: 'Tühjenda filtrid' }).click();
    await eventually(() => pathOf(staff)).toBe('/admin/order');
    // The placing day range and the delivery provider.
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Tallinn' }).format(new Date());
    await staff.getByLabel('Alates', { exact: true }).fill(today);
    await eventually(() => pathOf(staff)).toBe(`/admin/order?from=${today}`);
    await eventually(listNumbers).toEqual([String(number)]);
    await staff.getByLabel('Alates', { exact: true }).fill('2099-01-01');
    await eventually(() => staff.locator('.order-list .data-table__empty').count()).toBe(1);
    await staff.getByLabel('Alates', { exact: true }).fill('');
    await staff.getByLabel('Tarneviis', { exact: true }).selectOption({ label: 'Omniva kuller' });
    await eventually(() => pathOf(staff)).toBe('/admin/order?provider=omniva-courier');
    await eventually(() => staff.locator('.order-list .data-table__empty').count()).toBe(1);
    await staff.getByLabel('Tarneviis', { exact: true }).selectOption({ label: 'Omniva pakiautomaat' });
    await eventually(listNumbers).toEqual([String(number)]);
    await staff.getByRole('button', { name: 'Tühjenda filtrid' }).click();
    await eventually(() => pathOf(staff)).toBe('/admin/order');
    await eventually(listNumbers).toEqual([String(number)]);
    await expectAccessibleInBothThemes(staff, 'list');
  });

  it('opens the order, adds a product with the picker, refuses a nameless row (spec 5) and saves', async () => {
    await staff.getByRole('link', { name: `Tellimus ${order.number}` }).click();
    await eventually(() => pathOf(staff)).toBe(`/admin/order/edit/${order.id}`);
    await eventually(() => staff.locator('h1').innerText()).toBe(`Tellimus #${order.number}`);
    const client = plain(await staff.locator('.order-client-info').innerText());
    expect(client).toContain('Mari Maasikas');
    expect(client).toContain('mari@example.ee');
    expect(client).toContain('+372 5555 5555');
    expect(client).toContain('Eraisik');
    expect(client).toContain('Tartu Eedeni pakiautomaat');
    const totalBefore = plain(await staff.locator('.order-edit__totals dd.order-edit__grand').innerText());

    // The product picker: an oil filter by its part number.
    await staff.getByLabel('Lisa toode', { exact: true }).fill('W 712');
    await staff.getByRole('option', { name: /Õlifilter/ }).click();
    await eventually(() => staff.locator('.order-edit__row').count()).toBe(3); // fuel filter, postage, oil filter
    await expect.poll(() => staff.getByLabel('Kogus: Õlifilter').inputValue()).toBe('1');

    // A service row without a name cannot be saved (spec 5).
    await staff.getByRole('button', { name: 'Lisa teenus' }).click();
    await eventually(() => staff.locator('.order-edit__row').count()).toBe(4);
    await staff.getByRole('button', { name: 'Salvesta' }).click();
    await eventually(() => staff.locator('.staff-alert').first().innerText()).toBe('Salvestamine ebaõnnestus, tellimust ei saa salvestada ilma toote/teenuse nimeta');
    await staff.getByRole('button', { name: 'Eemalda teenuserida' }).click();
    await eventually(() => staff.locator('.order-edit__row').count()).toBe(3);
    await staff.getByRole('button', { name: 'Salvesta' }).click();
    await eventually(() => staff.locator('.toast').last().innerText()).toContain('Salvestatud.');
    await eventually(async () => plain(await staff.locator('.order-edit__totals dd.order-edit__grand').innerText())).not.toBe(totalBefore);
    const rows = (await h.store.readStream(toOrderStreamId(order.id))).events.filter((e) => e.type === 'OrderRowsEdited');
    expect(rows).toHaveLength(1);
    await expectAccessibleInBothThemes(staff, 'edit');
  });

  it('marks the order paid (the shopper sees it) and filled (the badge falls); un-filling asks first', async () => {
    await staff.getByRole('button', { name: 'Märgi makstuks' }).click();
    await eventually(() => staff.getByRole('button', { name: 'Märgi maksmata' }).count()).toBe(1);
    await eventually(() => shopperPage.locator('main h1').innerText()).toBe(`Tellimus #${order.number} - makstud`);
    // It learnt it over the websocket: the page watched its order, and was told 'paid' (nothing else about it).
    expect(shopperFrames.sent).toContain(JSON.stringify({ order: order.token }));
    expect(shopperFrames.received).toContain(JSON.stringify({ type: 'payment', paid: true }));

    await staff.getByRole('button', { name: 'Märgi täidetuks' }).click();
    await eventually(() => staff.getByRole('button', { name: 'Märgi täitmata' }).count()).toBe(1);
    await eventually(badge).toBe('0');
    // A filled order's rows are locked until it is marked not filled (the api would refuse them).
    await eventually(() => staff.locator('.order-edit__filled-note').innerText()).toBe('Tellimus on täidetud: ridade, allahindluse või teenustasu muutmiseks märkige see esmalt täitmata.');
    expect(await staff.getByLabel('Lisa toode', { exact: true }).count()).toBe(0);
    expect(await staff.getByLabel('Kogus: Õlifilter').isDisabled()).toBe(true);
    let question = '';
    staff.once('dialog', (d) => {
      question = d.message();
      void d.dismiss();
    });
    await staff.getByRole('button', { name: 'Märgi täitmata' }).click();
    await eventually(() => question).toBe(`Kas märkida tellimus ${order.number} täitmata? Väljastatud kaup läheb tagasi tellimuse broneeringusse.`);
    await new Promise((r) => setTimeout(r, 300));
    expect(await staff.getByRole('button', { name: 'Märgi täitmata' }).count()).toBe(1);
    const types = (await h.store.readStream(toOrderStreamId(order.id))).events.map((e) => e.type);
    expect(types.filter((t) => t === 'OrderFilled')).toHaveLength(1);
    expect(types).not.toContain('OrderUnfilled');
  });

  it('sends the invoice: the PDF arrives by mail and the screen shows when it was sent', async () => {
    await staff.getByRole('button', { name: 'Saada arve', exact: true }).click();
    await sink.waitForAccepted(1, 30_000);
    const mail = sink.accepted[0]!;
    expect(mail.to).toBe('mari@example.ee');
    const pdf = mimePart(mail.raw, 'application/pdf');
    expect(pdf).not.toBeNull();
    const text = extractPdfText(pdf!.body).replace(/[\s\u00a0]+/g, ' ');
    expect(text).toContain('Õlifilter');
    expect(text).toContain('Kütusefilter');
    const invoice = staff.locator('.order-documents__item[data-kind="invoice"]');
    await eventually(() => invoice.locator('.order-documents__state').innerText(), 20_000).toMatch(/^Saadetud /);
    expect(await invoice.getByRole('button', { name: 'Saada arve uuesti' }).count()).toBe(1);
    expect(await invoice.getByRole('link', { name: 'Arve PDF' }).getAttribute('href')).toBe(`/v1/admin/orders/${order.id}/invoice.pdf?kind=invoice`);
  });

  it('opens and copies the payment page link for the client', async () => {
    expect(await staff.getByRole('link', { name: 'Ava makseleht' }).getAttribute('href')).toBe(`/payment/${order.token}`);
    await staff.getByRole('button', { name: 'Kopeeri link' }).click();
    await eventually(() => staff.evaluate(() => navigator.clipboard.readText())).toBe(`${base}/payment/${order.token}`);
  });

  it('a save over a change made in another tab answers who changed it, and Reload shows the latest', async () => {
    const other = await staffContext.newPage();
    await other.goto(`${base}/admin/order/edit/${order.id}`);
    await eventually(() => other.locator('h1').innerText()).toBe(`Tellimus #${order.number}`);
    // This tab has unsaved typing when the other tab saves.
    await staff.getByLabel('Kommentaar arvel', { exact: true }).fill('Tasuda 7 päeva jooksul');
    await other.getByLabel('Töötaja kommentaar', { exact: true }).fill('Klient tuleb ise järele');
    await other.getByRole('button', { name: 'Salvesta' }).click();
    await eventually(() => other.locator('.toast').last().innerText()).toContain('Salvestatud.');
    await other.close();

    await staff.getByRole('button', { name: 'Salvesta' }).click();
    const stale = staff.locator('.order-edit__stale');
    await eventually(() => stale.innerText()).toContain(`Seda tellimust muutis vahepeal ${ADMIN.username}`);
    await staff.getByRole('button', { name: 'Laadi uuesti' }).click();
    await eventually(() => stale.count()).toBe(0);
    expect(await staff.getByLabel('Töötaja kommentaar', { exact: true }).inputValue()).toBe('Klient tuleb ise järele');
    expect(await staff.getByLabel('Kommentaar arvel', { exact: true }).inputValue()).toBe('');
  });

  it('the history lists each step with the staff member', async () => {
    await staff.reload();
    await eventually(() => staff.locator('.history__row').count()).toBeGreaterThan(3);
    const who = async (type: string) => plain(await staff.locator(`.history__row[data-event-type="${type}"] .history__who`).first().innerText());
    await eventually(() => who('OrderRowsEdited')).toBe(ADMIN.username);
    expect(await who('OrderMarkedPaid')).toBe(ADMIN.username);
    expect(await who('OrderFilled')).toBe(ADMIN.username);
    expect(await who('InvoiceSendRequested')).toBe(ADMIN.username);
    const placed = plain(await staff.locator('.history__row[data-event-type="OrderPlaced"] .history__who').innerText());
    expect(placed).not.toBe(ADMIN.username);
  });

  it('speaks English at /en/admin/order', async () => {
    await staff.goto(`${base}/en/admin/order`);
    await eventually(() => staff.locator('h1').innerText()).toBe('Orders');
    await eventually(listNumbers).toEqual([String(order.number)]);
    const cells = (await staff.locator('.order-list tbody tr').first().locator('td').allInnerTexts()).map(plain);
    expect(cells.slice(4, 6)).toEqual(['Paid', 'Filled']);
    await staff.getByRole('link', { name: `Order ${order.number}` }).click();
    await eventually(() => staff.locator('h1').innerText()).toBe(`Order #${order.number}`);
    expect(await staff.getByRole('button', { name: 'Mark not paid' }).count()).toBe(1);
    expect(await staff.getByRole('button', { name: 'Resend invoice' }).count()).toBe(1);
    expect(await staff.getByRole('link', { name: 'Open payment page' }).getAttribute('href')).toBe(`/payment/${order.token}`);
    await expectAccessibleInBothThemes(staff, 'edit-en');
  });
});
