/**
 * Vehicle fitment in the storefront (docs/architecture.md "Vehicle fitment", the shopper's half), in Debian's Chromium on the built
 * storefront over a small slice of the demo catalog with its generated fitment and the vehicle reference from
 * ../shared/data/vehicles (read in place, as tests/fitment.int.spec.ts sets them up):
 * - choosing a vehicle in the header's garage dialog in three typed steps (make -> model -> generation), by keyboard
 *   alone: the URL gets `v=`, the listing narrows to the parts that fit, every card says so, the hidden 'unknown'
 *   parts' count and its toggle (`unknown=1`);
 * - the URL opened in a fresh browser (empty local storage): the server's first HTML is already narrowed, the same
 *   listing shows and the vehicle joins that browser's garage;
 * - on a phone (390 px): a second vehicle, switching between the two in the garage, removing one, no sideways scroll;
 * - the product page's badge and application list, and adding a part that does not fit asks first;
 * - English texts and labels; axe clean (serious and critical) in both languages, the dialog open and closed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { toImportRow } from '../commands/catalog/catalog-csv.js';
import { recordDemoFitment } from '../commands/fitment/demo-fitment.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { loadVehicleReference } from '../commands/vehicle/load-vehicle-reference.js';
import { seriousAxeViolations } from './support/axe.js';
import { chromiumExecutable, launchChromium } from './support/browser.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';
import { patience } from './support/patience.js';

const repoRoot = path.resolve(__dirname, '..');
const vehiclesDir = path.resolve(repoRoot, '..', 'shared', 'data', 'vehicles');
const MGB = 'mg.mgb.1962-1980';
const MGB_LABEL = 'MG MGB (1962-1980)';
let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let base: string;

/** MG MGB parts among the first 4,000 rows, Triumph TR6 parts among the first 400 and every 40th row without vehicles among the first 1,000. */
const slice = (() => {
  const records = parse(readFileSync(path.join(repoRoot, 'data', 'demo-catalog.csv'), 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  return records
    .filter((r, i) => (i < 4000 && r.vehicles!.includes('MG MGB')) || (i < 400 && r.vehicles!.includes('Triumph TR6')) || (i < 1000 && i % 40 === 0 && !r.vehicles!.trim()))
    .map((r, i) => toImportRow(r, i + 2));
})();

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  h = await createShopHarness('fitment_e2e');
  await loadVehicleReference(h.store, vehiclesDir, { now: h.clock.now });
  const report = await h.importCatalogRows(slice);
  expect(report.errors).toEqual([]);
  const rows = slice.flatMap((r) => ('productId' in r ? [{ code1: r.code1, vehicles: r.vehicles }] : []));
  await recordDemoFitment(h.store, rows, { now: h.clock.now });
  await seedSiteContent(h.store, new Date().toISOString());
  await h.settle();
  ({ app, base } = await serveStorefront(h));
  browser = await launchChromium(executablePath);
}, patience(300_000));

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
});

/** The listing's total as its count line says it ('12 toodet', '1 part'). */
const listedCount = async (page: Page) => Number((await page.locator('.listing__count').innerText()).replace(/\D+/g, ''));
const fitStates = (page: Page) => page.locator('.product-card [data-fitment]').evaluateAll((els) => els.map((e) => e.getAttribute('data-fitment')));

/**
 * Chooses `option` in the garage dialog's combobox named `name` by keyboard: types `typed`, moves with ArrowDown until
 * the active option is `option`, presses Enter.
 */
async function chooseByTyping(page: Page, name: string, typed: string, option: string) {
  const box = page.getByRole('dialog').getByRole('combobox', { name, exact: true });
  await expect.poll(() => box.isEnabled(), { timeout: patience(10_000) }).toBe(true);
  await expect.poll(() => box.evaluate((el) => el === document.activeElement), { timeout: patience(10_000) }).toBe(true);
  await page.keyboard.type(typed, { delay: 20 });
  await expect.poll(() => page.getByRole('dialog').getByRole('option', { name: option, exact: true }).count(), { timeout: patience(10_000) }).toBe(1);
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('ArrowDown');
    const id = await box.getAttribute('aria-activedescendant');
    if (id && (await page.locator(`[id="${id}"]`).innerText()) === option) break;
  }
  await page.keyboard.press('Enter');
}

describe('vehicle fitment in the storefront', () => {
  let sharedUrl = '';

  it('chooses a vehicle in three typed steps; the listing narrows, every card says it fits, unknown parts can be shown (Estonian)', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${base}/et/products?pageSize=120`);
    await expect.poll(() => page.locator('.product-card').count()).toBeGreaterThan(0);
    const everything = await listedCount(page);
    expect(await fitStates(page)).toEqual([]); // no vehicle: no badges
    expect(await page.locator('.vehicle-bar').innerText()).toContain('Valige oma sõiduk');

    // The header's button, by keyboard: focus it and press Enter.
    const garageButton = page.locator('header').getByRole('button', { name: 'Valige sõiduk' });
    await garageButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Minu garaaž' });
    await expect.poll(() => dialog.isVisible(), { timeout: patience(10_000) }).toBe(true);
    expect(await dialog.getByRole('combobox', { name: 'Mudel' }).isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await chooseByTyping(page, 'Mark', 'MG', 'MG');
    await chooseByTyping(page, 'Mudel', 'MGB', 'MGB (1962-1980)');
    await chooseByTyping(page, 'Põlvkond või aasta', '1962', MGB_LABEL);
    await expect.poll(() => dialog.count()).toBe(0);

    await expect.poll(() => new URL(page.url()).searchParams.get('v'), { timeout: patience(10_000) }).toBe(MGB);
    await expect.poll(() => page.locator('.vehicle-bar').innerText(), { timeout: patience(10_000) }).toContain(`Varuosad sõidukile ${MGB_LABEL}`);
    await expect.poll(() => listedCount(page)).toBeLessThan(everything);
    const narrowed = await listedCount(page);
    expect(narrowed).toBeGreaterThan(0);
    const states = await fitStates(page);
    expect(states.length).toBe(Math.min(narrowed, 120));
    expect(new Set(states)).toEqual(new Set(['fits']));
    expect(await page.locator('.product-card').first().innerText()).toContain(`Sobib Teie sõidukile ${MGB_LABEL}`);
    expect(await page.locator('header').getByRole('button', { name: `Minu garaaž: ${MGB_LABEL}` }).count()).toBe(1);

    // The parts without fitment data: counted, and shown on request (unknown=1), each asking to check.
    const hidden = page.locator('.vehicle-bar__hidden');
    expect(await hidden.innerText()).toMatch(/\d+ toodet ilma sobivuse andmeteta on peidetud/);
    const hiddenCount = Number((await hidden.innerText()).match(/(\d+) toodet/)![1]);
    await hidden.getByRole('link', { name: 'Näita ka neid' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('unknown')).toBe('1');
    await expect.poll(() => listedCount(page), { timeout: patience(10_000) }).toBe(narrowed + hiddenCount);
    expect(await fitStates(page)).toContain('unknown');
    expect(await page.locator('.product-card', { hasText: 'Kontrollige sobivust' }).count()).toBeGreaterThan(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Peida tooted ilma sobivuse andmeteta' }).click();
    await expect.poll(() => listedCount(page), { timeout: patience(10_000) }).toBe(narrowed);

    sharedUrl = page.url();
    await page.context().close();
  });

  it('a shared link opens the same vehicle and the same narrowed listing, already in the first HTML', async () => {
    expect(sharedUrl).toContain(`v=${MGB}`);
    // The server's own answer, before any script: narrowed, with the badges.
    const html = await (await fetch(sharedUrl)).text();
    expect(html).toContain(`Sobib Teie sõidukile ${MGB_LABEL}`);
    expect(html).not.toContain('Kontrollige sobivust');

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // Hydration must match the server's HTML (React's minified errors 418/423/425 name a mismatch).
    const hydrationErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /#41[89]|#42[35]|hydrat/i.test(m.text())) hydrationErrors.push(m.text());
    });
    page.on('pageerror', (e) => {
      if (/#41[89]|#42[35]|hydrat/i.test(e.message)) hydrationErrors.push(e.message);
    });
    await page.goto(sharedUrl);
    await expect.poll(() => page.locator('.vehicle-bar').innerText(), { timeout: patience(10_000) }).toContain(MGB_LABEL);
    expect(new Set(await fitStates(page))).toEqual(new Set(['fits']));
    // The category tree counts the vehicle's parts only: each top-level count is the api's for the vehicle.
    const roots = ((await (await fetch(`${base}/v1/categories?lang=et`)).json()) as { data: { id: string; hidden?: boolean; productCount: number }[] }).data.filter((n) => !n.hidden);
    const { counts } = ((await (await fetch(`${base}/v1/categories/vehicle-counts?v=${MGB}&lang=et`)).json()) as { data: { counts: Record<string, number> } }).data;
    expect(roots.some((n) => (counts[n.id] ?? 0) < n.productCount)).toBe(true);
    const expected = roots.map((n) => counts[n.id] ?? 0).sort((a, b) => a - b);
    await expect
      .poll(async () => (await page.locator('.category-tree__list > li > .category-tree__row .category-tree__count').allInnerTexts()).map((t) => Number(t.replace(/\D/g, ''))).sort((a, b) => a - b), { timeout: patience(10_000) })
      .toEqual(expected);
    expect(hydrationErrors).toEqual([]);
    // The vehicle joined this browser's garage and is active there.
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('garage') ?? 'null') as unknown), { timeout: patience(10_000) })
      .toEqual({ vehicles: [{ id: MGB, label: MGB_LABEL }], active: MGB });
    // A menu link without v= keeps the garage's vehicle: the URL gets it back.
    await page.goto(`${base}/et/products`);
    await expect.poll(() => new URL(page.url()).searchParams.get('v'), { timeout: patience(10_000) }).toBe(MGB);
    await context.close();
  });

  it('shows the badge and the whole application list on the product page, and asks before adding a part that does not fit', async () => {
    // A purchasable Triumph TR6 part that the api says does not fit the MGB.
    let misfit: { id: string; name: string } | undefined;
    const tr6 = (await app.inject(`/v1/products?v=triumph.tr6.1972&pageSize=120`)).json() as { data: { results: { id: string }[] } };
    for (const { id } of tr6.data.results) {
      const view = (await app.inject(`/product/view/${id}?v=${MGB}`)).json() as {
        data: { id: string; name: string; price: string | null; fitment?: { state: string }; hasLimitedAmount: boolean; availableForSale: number; visibility: { currentState: string } };
      };
      const p = view.data;
      if (p.fitment?.state === 'does-not-fit' && p.price !== null && (!p.hasLimitedAmount || p.availableForSale > 0) && p.visibility.currentState === 'visible') {
        misfit = p;
        break;
      }
    }
    expect(misfit).toBeDefined();

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/et/products/view/${misfit!.id}?v=${MGB}`);
    await expect.poll(() => page.locator('.product-view__fitment').innerText(), { timeout: patience(10_000) }).toContain(`Ei sobi Teie sõidukile ${MGB_LABEL}`);
    const applications = page.getByRole('region', { name: 'Sobivus' });
    expect(await applications.getByRole('row', { name: /Triumph TR6/ }).count()).toBeGreaterThan(0);

    const cartLines = () => page.evaluate(() => Object.keys((JSON.parse(localStorage.getItem('cart') ?? '{}') as Record<string, unknown>) ?? {}).length);
    await page.getByRole('button', { name: 'Lisa ostukorvi' }).click();
    const question = page.getByRole('dialog', { name: 'Toode ei sobi Teie sõidukile' });
    await expect.poll(() => question.isVisible()).toBe(true);
    expect(await question.innerText()).toContain(MGB_LABEL);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await question.getByRole('button', { name: 'Tühista' }).click();
    await expect.poll(() => question.isVisible()).toBe(false);
    expect(await page.getByText('Toode on lisatud ostukorvi.').count()).toBe(0);
    expect(await cartLines()).toBe(0);

    await page.getByRole('button', { name: 'Lisa ostukorvi' }).click();
    await question.getByRole('button', { name: 'Lisa siiski' }).click();
    await expect.poll(() => page.locator('.toaster').getByRole('status').innerText(), { timeout: patience(10_000) }).toContain('Toode on lisatud ostukorvi.');
    await expect.poll(cartLines, { timeout: patience(10_000) }).toBe(1);

    // Without a vehicle: no badge, no question, the list still there.
    const bare = await context.newPage();
    await page.evaluate(() => localStorage.removeItem('garage'));
    await bare.goto(`${base}/en/products/view/${misfit!.id}`);
    await expect.poll(() => bare.getByRole('region', { name: 'Fitment' }).getByRole('row', { name: /Triumph TR6/ }).count(), { timeout: patience(10_000) }).toBeGreaterThan(0);
    expect(await bare.locator('.product-view__fitment').count()).toBe(0);
    await context.close();
  });

  it('keeps several vehicles in the garage on a phone: switch between them and remove one', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${base}/et/products?v=${MGB}`);
    await expect.poll(() => page.locator('.vehicle-bar').innerText(), { timeout: patience(10_000) }).toContain(MGB_LABEL);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A second vehicle, a model year this time.
    await page.locator('header').getByRole('button', { name: `Minu garaaž: ${MGB_LABEL}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Minu garaaž' });
    await expect.poll(() => dialog.isVisible(), { timeout: patience(10_000) }).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await chooseByTyping(page, 'Mark', 'Triumph', 'Triumph');
    await chooseByTyping(page, 'Mudel', 'TR6', 'TR6 (1968-1976)');
    await chooseByTyping(page, 'Põlvkond või aasta', '1972', 'Triumph TR6 1972');
    await expect.poll(() => new URL(page.url()).searchParams.get('v'), { timeout: patience(10_000) }).toBe('triumph.tr6.1972');
    await expect.poll(() => page.locator('.vehicle-bar').innerText(), { timeout: patience(10_000) }).toContain('Triumph TR6');

    // Switch back to the MGB in the garage.
    await page.locator('.vehicle-bar').getByRole('button', { name: 'Muutke sõidukit' }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: patience(10_000) }).toBe(true);
    expect(await dialog.locator('.garage-list__item').count()).toBe(2);
    await dialog.getByRole('button', { name: `Kasuta sõidukit ${MGB_LABEL}` }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('v'), { timeout: patience(10_000) }).toBe(MGB);
    await expect.poll(() => page.locator('.vehicle-bar').innerText(), { timeout: patience(10_000) }).toContain(MGB_LABEL);

    // Remove the Triumph; then leave no vehicle active: every part is listed again, without v=.
    await page.locator('header').getByRole('button', { name: `Minu garaaž: ${MGB_LABEL}` }).click();
    await dialog.getByRole('button', { name: /^Eemalda sõiduk Triumph TR6/ }).click();
    await expect.poll(() => dialog.locator('.garage-list__item').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Näita kõiki tooteid' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.has('v'), { timeout: patience(10_000) }).toBe(false);
    await expect.poll(() => page.locator('.vehicle-bar').innerText()).toContain('Valige oma sõiduk');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('speaks English: labels of the three steps, badges and the hidden count; axe clean', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/en/products?v=${MGB}`);
    await expect.poll(() => page.locator('.vehicle-bar').innerText(), { timeout: patience(10_000) }).toContain(`Parts for ${MGB_LABEL}`);
    expect(await page.locator('.product-card').first().innerText()).toContain(`Fits your ${MGB_LABEL}`);
    expect(await page.locator('.vehicle-bar__hidden').innerText()).toMatch(/parts? without fitment data (is|are) hidden/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.locator('.vehicle-bar').getByRole('button', { name: 'Change vehicle' }).click();
    const dialog = page.getByRole('dialog', { name: 'My garage' });
    await expect.poll(() => dialog.isVisible(), { timeout: patience(10_000) }).toBe(true);
    for (const name of ['Make', 'Model', 'Generation or year']) expect(await dialog.getByRole('combobox', { name, exact: true }).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape'); // the list first
    await page.keyboard.press('Escape'); // then the dialog
    await expect.poll(() => dialog.count()).toBe(0);
    await context.close();
  });
});
