/**
 * Clients in Debian's Chromium: a shopper places an order (POST /v1/place-order over HTTP, as the
 * checkout page sends it) and the client-registration pipeline (process manager + BullMQ job) registers the client;
 * a staff member signs in to /admin/client, finds the client by a search, opens ClientEdit, changes the phone, sees
 * the change in the client's history with their name, then forgets the client behind the confirmation: the screen
 * and the list show a forgotten client without personal data. In formal Estonian, then the list in English; axe-core
 * finds no serious or critical violation on both screens in both themes (screenshots /tmp/admin-clients-e2e-*.png).
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { clientIdForEmail } from '../commands/client/client-streams.js';
import { setupDelivery } from '../commands/delivery/setup-delivery.js';
import { registerUser } from '../commands/user/user-accounts.js';
import { accessibilityCheck } from './support/axe.js';
import { chromiumExecutable, launchChromium, submitSignInForm } from './support/browser.js';
import { type ClientPipeline, startClientPipeline } from './support/client-pipeline.js';
import { csrfHeadersOver } from './support/csrf.js';
import { checkoutBody } from './support/order-test-kit.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';
import { patience } from './support/patience.js';

const expectAccessibleInBothThemes = accessibilityCheck('admin-clients-e2e');

const repoRoot = path.resolve(__dirname, '..');
const STAFF = { username: 'kati.kask', password: 'Rukkilill-Tartu-2026' };
const EMAIL = 'Juhan.Juurikas@Example.ee';

let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let page: Page;
let base: string;
let pipeline: ClientPipeline;

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  h = await createShopHarness('admin_clients_e2e');
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  const now = new Date().toISOString();
  h.clock.now = now;
  await setupDelivery(h.store, now);
  await registerUser(h.store, { ...STAFF, confirm: STAFF.password, roles: ['CLIENT'] }, { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now }, { usernameTaken: async () => false });
  await h.settle();
  pipeline = await startClientPipeline(h);
  ({ app, base } = await serveStorefront(h, { api: { now: () => new Date().toISOString() } }));
  browser = await launchChromium(executablePath);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await pipeline?.stop();
  await h?.close();
});

const eventually = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: patience(15_000), interval: 50 });
const history = () => page.getByRole('region', { name: /^(Kliendi ajalugu|Client history)$/ });
const firstSentence = () => history().locator('.history__row').first().locator('.history__sentence').innerText();
const rows = () => page.locator('.data-table tbody tr');

describe('ClientList and ClientEdit', () => {
  it('a shopper orders; staff find the client, change the phone, read the history and forget the client', async () => {
    // The shopper's order, as the checkout page sends it.
    const csrf = await csrfHeadersOver(base);
    const placed = await fetch(`${base}/v1/place-order?lang=et`, {
      method: 'POST',
      headers: { ...csrf, 'content-type': 'application/json' },
      body: JSON.stringify(checkoutBody([{ product_id: productIdForCode('BF 1018/1'), amount: 1 }], { client: { client_type: 'private', first_name: 'Juhan', last_name: 'Juurikas', email: EMAIL, phone: '+372 5111 2222', vat_reg_nr: '' } })),
    });
    expect(placed.status).toBe(200);
    await pipeline.caughtUp();

    await page.goto(`${base}/login?next=${encodeURIComponent('/admin/client')}`);
    await submitSignInForm(page, STAFF);
    await eventually(() => page.locator('h1').innerText()).toBe('Kliendid');
    await eventually(() => rows().count()).toBe(1);

    await page.getByLabel('Otsing', { exact: true }).fill('juurikas 5111');
    await eventually(() => new URL(page.url()).searchParams.get('q')).toBe('juurikas 5111');
    await eventually(() => rows().first().innerText()).toMatch(/Juhan Juurikas\s+Eraisik\s+Juhan\.Juurikas@Example\.ee\s+\+372 5111 2222\s+1/);
    await expectAccessibleInBothThemes(page, 'list');

    await page.getByRole('link', { name: 'Juhan Juurikas' }).click();
    await eventually(() => page.locator('h1').innerText()).toBe('Juhan Juurikas');
    await eventually(firstSentence).toBe('Süsteem registreeris kliendi Juhan Juurikas tellimusega #1001');
    await expect.poll(() => page.getByRole('link', { name: '#1001' }).getAttribute('href')).toMatch(/^\/admin\/order\/edit\/[0-9a-f-]{36}$/);

    const phone = page.getByLabel('Telefon', { exact: true });
    await phone.fill('12');
    await page.getByRole('button', { name: 'Salvesta', exact: true }).click();
    await eventually(() => page.locator('.staff-field__error').first().innerText()).toBe('Telefoninumbris on 5 kuni 15 numbrit, soovi korral + alguses.');
    await phone.fill('+372 5333 4444');
    await page.getByRole('button', { name: 'Salvesta', exact: true }).click();
    await eventually(() => phone.inputValue()).toBe('+37253334444');
    await eventually(firstSentence).toBe('kati.kask muutis kliendi Juhan Juurikas andmeid: telefon');
    expect(await history().locator('.history__row').first().locator('.history__who').innerText()).toBe('kati.kask');
    await expectAccessibleInBothThemes(page, 'edit');

    await page.getByRole('button', { name: 'Unustage see klient' }).click();
    await page.getByRole('button', { name: 'Jah, unustage' }).click();
    await eventually(() => page.locator('h1').innerText()).toBe('Unustatud klient');
    await eventually(firstSentence).toBe('kati.kask unustas kliendi: kliendi ja 1 tellimuse isikuandmed kustutati');
    expect(await page.locator('main').innerText()).not.toMatch(/Juurikas|5333|5111/);

    await page.goto(`${base}/en/admin/client`);
    await eventually(() => rows().first().innerText()).toMatch(/^Forgotten client\s+Private\s+1\s/);
    expect(await page.locator('main').innerText()).not.toMatch(/Juurikas/);
    expect(await page.getByRole('link', { name: 'Forgotten client' }).getAttribute('href')).toBe(`/en/admin/client/edit/${clientIdForEmail(EMAIL)}`);
  });
});
