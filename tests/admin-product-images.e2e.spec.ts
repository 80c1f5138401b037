/**
 * Product images in Debian's Chromium: a staff member opens ProductEdit (the product's imported catalog image URL
 * listed), uploads two images at once through the images field (a PNG named .pdf among them: the type comes from the
 * bytes), sees a PDF named .png refused with spec 5's message, removes the imported image and moves the second
 * upload first with the keyboard, saves, and the storefront's product page shows the chosen image with a srcset of
 * the WebP widths (loaded, drawn upright) and the other one as a thumbnail; the cart line its 160 px rendition, the
 * listing card a srcset. axe-core finds no serious or critical violation with the images in both themes (screenshots
 * in /tmp/admin-product-images-e2e-*.png).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { registerUser } from '../commands/user/user-accounts.js';
import { seriousAxeViolations } from './support/axe.js';
import { chromiumExecutable, launchChromium, submitSignInForm } from './support/browser.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';
import { patience } from './support/patience.js';

const repoRoot = path.resolve(__dirname, '..');
const MARI = { username: 'mari.maasikas', password: 'Rukkilill-Tallinn-42' };

let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let page: Page;
let base: string;
let filesDir: string;

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  filesDir = await mkdtemp(path.join(tmpdir(), 'product-images-e2e-'));
  h = await createShopHarness('admin_product_images_e2e');
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  const now = new Date().toISOString();
  h.clock.now = now;
  await registerUser(h.store, { ...MARI, confirm: MARI.password, roles: ['CLIENT'] }, { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now }, { usernameTaken: async () => false });
  await h.settle();
  ({ app, base } = await serveStorefront(h, { api: { now: () => new Date().toISOString(), files: { dir: filesDir, maxBytes: 5 * 1024 * 1024 } } }));
  browser = await launchChromium(executablePath);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

const eventually = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: patience(15_000), interval: 50 });
const refs = () => page.locator('[data-testid="product-image"]').evaluateAll((items) => items.map((i) => i.getAttribute('data-image-ref')));

/** A wide red and a tall blue test picture (the colours tell them apart on the storefront). */
const red = () => sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 220, g: 20, b: 20 } } }).png().toBuffer();
const blue = () => sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: 20, g: 40, b: 220 } } }).jpeg().toBuffer();

describe('the images of ProductEdit', () => {
  it('uploads, reorders by keyboard and saves; the storefront shows the images with srcset', async () => {
    const id = productIdForCode('BF 1018/1');
    await page.goto(`${base}/login?next=${encodeURIComponent(`/admin/product/edit/${id}`)}`);
    await submitSignInForm(page, MARI);
    await eventually(() => page.locator('h1#screen-title').innerText()).toBe('BF 1018/1 · Kütusefilter');
    // The fixture's imported catalog image (an http(s) URL) is there first.
    const imported = 'https://example.org/bf1018.jpg';
    await eventually(refs).toEqual([imported]);

    // Two files at once; the PNG is named .pdf and sent as application/pdf: the server reads the bytes.
    await page.getByTestId('product-images-input').setInputFiles([
      { name: 'punane.pdf', mimeType: 'application/pdf', buffer: await red() },
      { name: 'sinine.jpg', mimeType: 'image/jpeg', buffer: await blue() },
    ]);
    await eventually(() => refs().then((r) => r.length)).toBe(3);
    await eventually(() => page.getByTestId('product-image-upload').count()).toBe(0);
    const [, first, second] = await refs();
    expect(first).toMatch(/^\/files\/[0-9a-f-]{36}$/);
    await eventually(() => page.locator(`[data-image-ref="${first}"] img`).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);

    // A PDF named .png: refused with spec 5's message beside the file, nothing added.
    await page.getByTestId('product-images-input').setInputFiles([{ name: 'leping.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n') }]);
    const refused = page.getByTestId('product-image-upload');
    await eventually(() => refused.getByRole('alert').innerText().catch(() => '')).toBe('Fail ei ole pilt; lubatud on ainult järgmised failitüübid: image/jpeg, image/png, image/webp, image/gif, image/avif');
    await refused.getByRole('button', { name: 'Sulge teade failist leping.png' }).click();
    await eventually(() => refused.count()).toBe(0);
    expect((await refs()).length).toBe(3);

    // The keyboard removes the imported image (the focus goes to the next one's remove button) and moves the blue one
    // first (the focus stays on its button).
    await page.getByRole('button', { name: 'Eemalda pilt 1' }).focus();
    await page.keyboard.press('Enter');
    await eventually(refs).toEqual([first, second]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Eemalda pilt 1');
    await page.getByRole('button', { name: 'Liiguta pilt 2 ettepoole' }).focus();
    await page.keyboard.press('Enter');
    await eventually(refs).toEqual([second, first]);
    expect(await page.evaluate(() => document.activeElement?.closest('[data-image-ref]')?.getAttribute('data-image-ref'))).toBe(second);
    await eventually(() => page.locator('.product-images [aria-live="polite"]').innerText()).toBe('Pilt 2 liikus kohale 1 (2-st).');

    for (const theme of ['dark', 'light'] as const) {
      if ((await page.locator('html').getAttribute('data-theme')) !== theme) {
        await page.getByRole('button', { name: /theme|teema/i }).first().click();
        await eventually(() => page.locator('html').getAttribute('data-theme')).toBe(theme);
      }
      await page.locator('.product-images').screenshot({ path: `/tmp/admin-product-images-e2e-${theme}.png` });
      expect(await seriousAxeViolations(page), theme).toEqual([]);
    }

    await page.getByRole('button', { name: 'Salvesta', exact: true }).click();
    await eventually(() => page.getByText('Salvestatud.').count()).toBeGreaterThan(0);
    await h.settle(); // the save answers once appended; the storefront reads the catalog read model

    // The storefront: the blue (tall) image large with every width in its srcset, the red one as a thumbnail.
    await page.goto(`${base}/products/view/${id}`);
    const main = page.locator('.product-view__image img');
    await eventually(() => main.getAttribute('srcset')).toBe([160, 320, 640, 1280].map((w) => `${second}/${w}.webp ${w}w`).join(', '));
    expect(await main.getAttribute('sizes')).toBe('(max-width: 768px) 100vw, 560px');
    await eventually(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight > img.naturalWidth)).toBe(true);
    const thumbs = page.locator('.product-view__thumbs img');
    await eventually(() => thumbs.count()).toBe(2);
    expect(await thumbs.nth(1).getAttribute('src')).toBe(`${first}/160.webp`);
    await page.getByRole('button', { name: 'Pilt 2/2' }).click();
    await eventually(() => main.getAttribute('src')).toBe(`${first}/640.webp`);

    // The cart line: the first image's 160 px rendition.
    const cartCount = () => page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('cart') ?? '{}') as object).length);
    const linesBefore = await cartCount();
    await page.getByRole('button', { name: 'Lisa ostukorvi' }).click();
    await eventually(() => page.getByText('Toode on lisatud ostukorvi.').count()).toBeGreaterThan(0);
    // The cart is stored 1000 ms after an add (lib/cart/store.ts): wait until it is.
    await eventually(cartCount).toBeGreaterThan(linesBefore);
    await page.goto(`${base}/cart`);
    await eventually(() => page.locator('.cart-line__image img').getAttribute('src').catch(() => null)).toBe(`${second}/160.webp`);

    // The listing card: the first image with a srcset.
    await page.goto(`${base}/products?q=${encodeURIComponent('BF 1018/1')}`);
    const card = page.locator('.product-card', { hasText: 'BF 1018/1' }).first().locator('.product-card__image img');
    await eventually(() => card.getAttribute('srcset').catch(() => null)).toContain(`${second}/320.webp 320w`);
  });
});
