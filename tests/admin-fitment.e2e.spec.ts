/**
 * Back office fitment in Debian's Chromium (docs/architecture.md "Vehicle fitment", back office): a staff member signs in at
 * /admin/fitment (the side menu's entry shows), pastes part numbers, picks the Triumph TR6 with the three-step picker,
 * previews (N products, M applications) and applies with a reason; the storefront's `GET /v1/products?v=...` lists the
 * parts within 5 s (polled). Then one product's Fitment section on ProductEdit: add a year-range application with a
 * qualifier, save with a reason; remove it again. axe-core finds no serious or critical violation on either screen in
 * either theme, in Estonian and English. Screenshots in /tmp/admin-fitment-e2e-*.png.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { registerUser } from '../commands/user/user-accounts.js';
import { loadVehicleReference } from '../commands/vehicle/load-vehicle-reference.js';
import type { Fitment } from '../domain/fitment/fitment.js';
import { accessibilityCheck } from './support/axe.js';
import { chromiumExecutable, launchChromium, submitSignInForm } from './support/browser.js';
import { productRow } from './support/order-test-kit.js';
import { patience } from './support/patience.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';
import { sql } from 'kysely';

const expectAccessibleInBothThemes = accessibilityCheck('admin-fitment-e2e');

const STAFF = { username: 'mart.mets', password: 'Sinine-Meri-2026!' };
const CODES = ['TR6-100', 'TR6-101', 'TR6-102'];

let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let page: Page;
let base: string;
let tr6: string;

beforeAll(async () => {
  buildWebIfStale((l) => process.stderr.write(`${l}\n`));
  const executablePath = chromiumExecutable();
  h = await createShopHarness('admin_fitment_e2e');
  const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: new Date().toISOString() });
  await registerUser(h.store, { ...STAFF, confirm: STAFF.password, roles: ['CLIENT'] }, ctx(), { usernameTaken: async () => false });
  h.clock.now = new Date().toISOString();
  await loadVehicleReference(h.store, '/nonexistent-vehicles-folder', { now: h.clock.now });
  await h.importCatalogRows([...CODES, 'OTHER-1'].map((c) => productRow(c, { names: { et: `Osa ${c}`, en: `Part ${c}` } })));
  await h.settle();
  ({ app, base } = await serveStorefront(h));
  tr6 = ((await (await fetch(`${base}/v1/vehicles/makes/triumph/models/tr6`)).json()) as { data: { generations: { id: string }[] } }).data.generations[0]!.id;
  browser = await launchChromium(executablePath);
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
});

const eventually = <T,>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout: patience(timeout), interval: 50 });
const pathOf = () => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** The codes the storefront lists for a vehicle (`v=` its URL form). */
async function listedFor(v: string): Promise<string[]> {
  const res = await fetch(`${base}/v1/products?v=${v}&pageSize=24&lang=et`);
  if (res.status !== 200) return [`status ${res.status}`];
  return ((await res.json()) as { data: { results: { code1: string }[] } }).data.results.map((p) => p.code1).sort();
}

describe('bulk fitment (/admin/fitment)', () => {
  it('previews and applies the Triumph TR6 to pasted part numbers; the listing shows them within 5 s', async () => {
    await page.goto(`${base}/admin/fitment`);
    await eventually(pathOf).toBe('/login?next=%2Fadmin%2Ffitment');
    await submitSignInForm(page, STAFF);
    await eventually(pathOf).toBe('/admin/fitment');
    await eventually(() => page.locator('h1').innerText()).toBe('Sobivus hulgi');
    await eventually(() => page.getByRole('navigation', { name: /Haldusmenüü|Admin menu/ }).getByRole('link', { name: /Sobivus hulgi/ }).count()).toBe(1);

    const picker = page.locator('.vehicle-picker');
    await page.getByLabel('Tootekoodid', { exact: true }).fill([...CODES, 'NO-SUCH'].join('\n'));
    await eventually(() => picker.getByLabel('Mark', { exact: true }).locator('option', { hasText: 'Triumph' }).count()).toBeGreaterThan(0);
    await picker.getByLabel('Mark', { exact: true }).selectOption('triumph');
    await eventually(() => picker.getByLabel('Mudel', { exact: true }).locator('option[value="tr6"]').count()).toBe(1);
    await picker.getByLabel('Mudel', { exact: true }).selectOption('tr6');
    await eventually(() => picker.getByLabel('Põlvkond', { exact: true }).locator('option').count()).toBeGreaterThan(1);
    await picker.getByLabel('Põlvkond', { exact: true }).selectOption(tr6.split('.')[2]!);
    await page.getByRole('button', { name: 'Lisa loendisse' }).click();
    await eventually(() => page.locator('.fitment-bulk__applications').innerText()).toContain('Triumph TR6 (1968-1976)');
    // Keyboard: the preview is the form's submit (Enter in a field).
    await page.getByLabel('Otsingutekst', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await eventually(() => page.locator('.fitment-bulk__summary').innerText()).toBe('3 toodet, muutub 3: lisatakse 3 sõidukit, eemaldatakse 0.');
    await eventually(() => page.locator('.fitment-bulk__preview').innerText()).toContain('NO-SUCH');
    await expectAccessibleInBothThemes(page, 'bulk-preview');

    await page.locator('.fitment-bulk__apply').getByLabel('Muudatuse põhjus', { exact: true }).fill('TR6 kataloog');
    const started = Date.now();
    await page.getByRole('button', { name: 'Rakenda 3 tootele' }).click();
    await eventually(() => page.getByRole('status').first().innerText()).toContain('muudeti 3 toodet');
    await eventually(() => listedFor(tr6), 5_000).toEqual(CODES);
    process.stdout.write(`bulk apply to storefront listing: ${Date.now() - started} ms\n`);
    expect(await listedFor(tr6)).not.toContain('OTHER-1');
  });

  it('adds a vehicle missing from the reference; the picker then offers it', async () => {
    await page.goto(`${base}/admin/fitment`);
    const form = page.locator('.fitment-bulk__vehicle');
    await eventually(() => form.getByRole('heading').innerText()).toBe('Lisage sõiduk sõidukite loendisse');
    await form.getByLabel('Mark', { exact: true }).fill('Triumph');
    await form.getByLabel('Mudel', { exact: true }).fill('TR7 Sprint');
    await form.getByLabel('Toodetud alates (AAAA-KK)', { exact: true }).fill('1977-01');
    await form.getByLabel('Toodetud kuni (AAAA-KK)', { exact: true }).fill('1977-13');
    await form.getByRole('button', { name: 'Lisa sõiduk' }).click();
    await eventually(() => form.getByRole('alert').innerText()).toContain('AAAA-KK');
    await form.getByLabel('Toodetud kuni (AAAA-KK)', { exact: true }).fill('1977-12');
    await form.getByRole('button', { name: 'Lisa sõiduk' }).click();
    await eventually(() => form.getByRole('status').innerText()).toBe('Lisatud: Triumph TR7 Sprint (1977-1977)');
    const picker = page.locator('.vehicle-picker');
    await picker.getByLabel('Mark', { exact: true }).selectOption('triumph');
    await eventually(() => picker.getByLabel('Mudel', { exact: true }).locator('option[value="tr7-sprint"]').count()).toBe(1);
  });

  it('speaks English at /en/admin/fitment, axe clean', async () => {
    await page.goto(`${base}/en/admin/fitment`);
    await eventually(() => page.locator('h1').innerText()).toBe('Bulk fitment');
    await eventually(() => page.getByLabel('Part numbers', { exact: true }).count()).toBe(1);
    await expectAccessibleInBothThemes(page, 'bulk-en');
  });
});

describe('ProductEdit Fitment section', () => {
  const fitmentOf = async (code: string) => (await sql<{ fitment: Fitment | null }>`select fitment from rm_catalog.products where code1 = ${code}`.execute(h.db)).rows[0]?.fitment ?? null;

  it('adds a year range with a position and removes it again, each with a reason', async () => {
    await page.goto(`${base}/admin/product/edit/${productIdForCode(CODES[0]!)}`);
    const section = page.locator('.product-edit__fitment');
    await eventually(() => section.locator('h2').innerText()).toBe('Sobivus sõidukitele');
    await eventually(() => section.locator('.fitment-list tbody').innerText()).toContain('Triumph TR6 (1968-1976)');
    await section.getByLabel('Mark', { exact: true }).selectOption('triumph');
    await eventually(() => section.getByLabel('Mudel', { exact: true }).locator('option[value="tr5"]').count()).toBe(1);
    await section.getByLabel('Mudel', { exact: true }).selectOption('tr5');
    await section.getByLabel('Alates aastast', { exact: true }).fill('1967');
    await section.getByLabel('Kuni aastani', { exact: true }).fill('1968');
    await section.getByLabel('ees', { exact: true }).check();
    await section.getByRole('button', { name: 'Lisa loendisse' }).click();
    await eventually(() => section.locator('.fitment-list tbody').innerText()).toContain('Triumph TR5 (1967-1968)');
    await expectAccessibleInBothThemes(page, 'product-edit');
    await section.getByLabel('Muudatuse põhjus', { exact: true }).fill('Joonise järgi');
    await section.getByRole('button', { name: 'Salvesta sobivus' }).click();
    await eventually(async () => (await fitmentOf(CODES[0]!))?.applications.map((a) => a.label).sort()).toEqual(['Triumph TR5 (1967-1968)', 'Triumph TR6 (1968-1976)']);
    expect((await fitmentOf(CODES[0]!))!.applications.find((a) => a.label.includes('TR5'))!.positions).toEqual(['front']);
    await eventually(() => listedFor('triumph.tr5.1968'), 5_000).toEqual([CODES[0]]);

    await eventually(() => section.getByRole('button', { name: 'Eemalda Triumph TR5 (1967-1968)' }).count()).toBe(1);
    await section.getByRole('button', { name: 'Eemalda Triumph TR5 (1967-1968)' }).click();
    await section.getByLabel('Muudatuse põhjus', { exact: true }).fill('Ei sobi siiski');
    await section.getByRole('button', { name: 'Salvesta sobivus' }).click();
    await eventually(async () => (await fitmentOf(CODES[0]!))?.applications.map((a) => a.label)).toEqual(['Triumph TR6 (1968-1976)']);
    await eventually(() => listedFor('triumph.tr5.1968'), 5_000).toEqual([]);
  });

  it('speaks English on ProductEdit, axe clean', async () => {
    await page.goto(`${base}/en/admin/product/edit/${productIdForCode(CODES[1]!)}`);
    await eventually(() => page.locator('.product-edit__fitment h2').innerText()).toBe('Vehicle fitment');
    await eventually(() => page.locator('.product-edit__fitment .fitment-list tbody').innerText()).toContain('Triumph TR6');
    await expectAccessibleInBothThemes(page, 'product-edit-en');
  });
});

describe('the product dashboard\'s fitment tab', () => {
  it('lists the parts without fitment data on /admin/ProblematicProducts?kind=no-fitment, axe clean', async () => {
    await page.goto(`${base}/admin/ProblematicProducts?kind=no-fitment`);
    await eventually(() => page.getByRole('tab', { selected: true }).innerText()).toMatch(/^Sobivus puudub\s*1$/);
    const rows = page.locator('.problematic-products-screen tbody tr');
    await eventually(() => rows.allInnerTexts()).toEqual([expect.stringContaining('OTHER-1')]);
    await expectAccessibleInBothThemes(page, 'dashboard-no-fitment');
    await page.getByRole('tab', { selected: true }).focus();
    await page.keyboard.press('ArrowRight');
    await eventually(pathOf).toBe('/admin/ProblematicProducts?kind=fits-nothing');
    await eventually(() => page.locator('.data-table__empty').innerText()).toBe('Kõik sõidukid leiduvad sõidukite loendis.');
  });
});

