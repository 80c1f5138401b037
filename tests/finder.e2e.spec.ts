/**
 * The file manager (finder) and its picker in Debian's Chromium (spec 2 "File manager (finder)", spec 5 "Uploads",
 * spec 8 file manager errors): a staff member creates two folders, uploads three images into one by drag and drop
 * (a drop event whose DataTransfer holds the files), renames one in place (saved only when changed), captions it,
 * tags them, filters by tag, moves one to the other folder with the keyboard-accessible "Move to...", opens
 * ProductEdit and adds an image through the picker (image-only mode), saves, then tries to delete that image (the
 * api refuses: the dialog lists the product using it) and deletes an unused one. axe-core finds no serious or
 * critical violation on the finder screen and in the picker in both themes (screenshots in /tmp/finder-e2e-*.png).
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
  filesDir = await mkdtemp(path.join(tmpdir(), 'finder-e2e-'));
  h = await createShopHarness('finder_e2e');
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  const now = new Date().toISOString();
  h.clock.now = now;
  await registerUser(h.store, { ...MARI, confirm: MARI.password, roles: ['CLIENT'] }, { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now }, { usernameTaken: async () => false });
  await h.settle();
  ({ app, base } = await serveStorefront(h, { api: { now: () => new Date().toISOString(), files: { dir: filesDir, maxBytes: 5 * 1024 * 1024 } } }));
  browser = await launchChromium(executablePath);
  const context = await browser.newContext({ viewport: { width: 1400, height: 950 } });
  page = await context.newPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

const eventually = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: patience(15_000), interval: 50 });
const toast = (text: string) => page.locator('.toaster').getByText(text, { exact: true });
const names = () => page.locator('.finder-files [role="option"] .finder-file__name').allInnerTexts();
const option = (name: string) => page.locator('.finder-files [role="option"]', { has: page.locator('.finder-file__name', { hasText: name }) });
const treeItem = (scope: Page | ReturnType<Page['locator']>, name: string) => scope.locator(`[role="treeitem"]:has(> .finder-tree__row .finder-tree__name:text-is("${name}"))`).first();

async function picture(width: number, height: number, colour: { r: number; g: number; b: number }, format: 'png' | 'jpeg' | 'webp') {
  const image = sharp({ create: { width, height, channels: 3, background: colour } });
  return (format === 'png' ? image.png() : format === 'jpeg' ? image.jpeg() : image.webp()).toBuffer();
}

/** Drops `files` onto the finder's listing as a browser does: dragenter, dragover and drop with a DataTransfer. */
async function dropFiles(files: { name: string; type: string; data: Buffer }[]) {
  const transfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
    return dt;
  }, files.map((f) => ({ name: f.name, type: f.type, b64: f.data.toString('base64') })));
  const zone = page.getByTestId('finder-dropzone');
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

async function eachTheme(name: string, check: () => Promise<void>) {
  for (const theme of ['dark', 'light'] as const) {
    if ((await page.locator('html').getAttribute('data-theme')) !== theme) {
      await page.locator('.admin-header').getByRole('button', { name: /theme|teema/i }).first().click();
      await eventually(() => page.locator('html').getAttribute('data-theme')).toBe(theme);
    }
    await page.screenshot({ path: `/tmp/finder-e2e-${name}-${theme}.png` });
    await check();
  }
}

describe('the finder', () => {
  it('manages folders and files, and the picker adds an image to a product', async () => {
    await page.goto(`${base}/login?next=${encodeURIComponent('/admin/files')}`);
    await submitSignInForm(page, MARI);
    await eventually(() => page.locator('h1#screen-title').innerText()).toBe('Failid');
    await eventually(() => page.locator('.admin-menu').getByRole('link', { name: 'Failid' }).getAttribute('aria-current')).toBe('page');

    // Two folders at the top.
    for (const name of ['Pidurid', 'Arhiiv']) {
      await page.getByRole('button', { name: 'Uus kaust', exact: true }).click();
      await page.getByLabel('Kausta nimi').fill(name);
      await page.getByRole('dialog').getByRole('button', { name: 'Salvesta' }).click();
      await eventually(() => toast(`Kaust ${name} on loodud.`).count()).toBe(1);
      await eventually(() => treeItem(page, name).count()).toBe(1);
    }
    await treeItem(page, 'Pidurid').click();
    await eventually(() => page.locator('.finder__title').innerText()).toContain('Pidurid');

    // Three images dropped at once; each shows its progress, then the upload-completed notice.
    await dropFiles([
      { name: 'punane.png', type: 'image/png', data: await picture(800, 600, { r: 220, g: 20, b: 20 }, 'png') },
      { name: 'sinine.jpg', type: 'image/jpeg', data: await picture(600, 800, { r: 20, g: 40, b: 220 }, 'jpeg') },
      { name: 'roheline.webp', type: 'image/webp', data: await picture(640, 480, { r: 20, g: 180, b: 60 }, 'webp') },
    ]);
    await eventually(() => toast('Üleslaadimine on lõpetatud: 3 faili.').count()).toBe(1);
    await eventually(async () => (await names()).sort()).toEqual(['punane.png', 'roheline.webp', 'sinine.jpg']);
    await eventually(() => treeItem(page, 'Pidurid').locator('.finder-tree__count').first().innerText()).toBe('3');

    // Rename in place: Enter saves a changed name.
    await option('punane.png').click();
    const nameField = page.locator('.finder__details').getByLabel('Nimi', { exact: true });
    await eventually(() => nameField.inputValue()).toBe('punane.png');
    await nameField.fill('esipidurid.png');
    await nameField.press('Enter');
    await eventually(() => toast('Nimi on salvestatud.').count()).toBe(1);
    await eventually(async () => (await names()).sort()).toEqual(['esipidurid.png', 'roheline.webp', 'sinine.jpg']);

    // Caption per language.
    await page.getByLabel('Pildiallkiri eesti keeles').fill('Esipidurid punasel taustal');
    await page.getByLabel('Pildiallkiri inglise keeles').fill('Front brakes on red');
    await page.getByRole('button', { name: 'Salvesta pildiallkirjad' }).click();
    await eventually(() => toast('Pildiallkirjad on salvestatud.').count()).toBe(1);

    // Tags: every file (Ctrl+A in the listing) gets 'pidurid', the renamed one also 'ees'.
    await page.getByRole('listbox').focus();
    await page.keyboard.press('Control+a');
    await eventually(() => page.locator('.finder-file[aria-selected="true"]').count()).toBe(3);
    await eventually(() => page.locator('.finder-details__count').innerText()).toBe('Valitud on 3 faili');
    await page.getByLabel('Uus silt').fill('pidurid');
    await page.getByRole('button', { name: 'Lisa silt' }).click();
    await eventually(() => page.locator('.finder-tag').allInnerTexts()).toEqual(['pidurid']);
    await option('esipidurid.png').click();
    await page.getByLabel('Uus silt').fill('ees');
    await page.getByRole('button', { name: 'Lisa silt' }).click();
    await eventually(() => page.locator('.finder__details .finder-tag').allInnerTexts()).toEqual(['ees', 'pidurid']);

    // The tag filter (over every folder).
    await page.getByLabel('Silt', { exact: true }).selectOption('ees');
    await eventually(names).toEqual(['esipidurid.png']);
    await page.getByLabel('Silt', { exact: true }).selectOption('');
    await eventually(() => names().then((n) => n.length)).toBe(3);

    // Move to... with the keyboard: the dialog's folder tree, Arrow keys and Enter.
    await option('sinine.jpg').click();
    await page.locator('.finder__details').getByRole('button', { name: 'Tõsta kausta…' }).click();
    const moveDialog = page.getByRole('dialog', { name: '1 faili tõstmine' });
    await treeItem(moveDialog, 'Kõik failid').focus();
    await page.keyboard.press('ArrowDown'); // Arhiiv (folders by name)
    await page.keyboard.press('Enter');
    await eventually(() => treeItem(moveDialog, 'Arhiiv').getAttribute('aria-selected')).toBe('true');
    await moveDialog.getByRole('button', { name: 'Tõsta siia' }).click();
    await eventually(() => toast('1 fail tõsteti kausta Arhiiv.').count()).toBe(1);
    await eventually(async () => (await names()).sort()).toEqual(['esipidurid.png', 'roheline.webp']);
    await treeItem(page, 'Arhiiv').click();
    await eventually(names).toEqual(['sinine.jpg']);
    await treeItem(page, 'Pidurid').click();
    await eventually(() => names().then((n) => n.length)).toBe(2);

    await option('esipidurid.png').click();
    await eachTheme('screen', async () => expect(await seriousAxeViolations(page)).toEqual([]));

    // ProductEdit: Choose from files adds the renamed image (image-only picker).
    const id = productIdForCode('BF 1018/1');
    await page.goto(`${base}/admin/product/edit/${id}`);
    await eventually(() => page.locator('h1#screen-title').innerText()).toBe('BF 1018/1 · Kütusefilter');
    const refs = () => page.locator('[data-testid="product-image"]').evaluateAll((items) => items.map((i) => i.getAttribute('data-image-ref')));
    await eventually(() => refs().then((r) => r.length)).toBe(1);
    const picker = page.getByRole('dialog', { name: 'Failide valik' });
    const openPicker = async () => {
      await page.getByRole('button', { name: 'Vali failidest' }).click();
      await treeItem(picker, 'Pidurid').click();
      await eventually(() => picker.locator('.finder-file__name').allInnerTexts().then((n) => n.sort())).toEqual(['esipidurid.png', 'roheline.webp']);
    };
    await openPicker();
    // Choose with nothing selected: spec 5's at-least message.
    await picker.getByRole('button', { name: 'Vali', exact: true }).click();
    await eventually(() => picker.getByRole('alert').innerText()).toBe('Palun valige vähemalt 1 fail');
    // The picker in both themes (the theme switch is behind the modal dialog: close, switch, open again).
    for (const theme of ['light', 'dark'] as const) {
      if ((await page.locator('html').getAttribute('data-theme')) !== theme) {
        await page.keyboard.press('Escape');
        await eventually(() => picker.count()).toBe(0);
        await page.locator('.admin-header').getByRole('button', { name: /theme|teema/i }).first().click();
        await eventually(() => page.locator('html').getAttribute('data-theme')).toBe(theme);
        await openPicker();
      }
      await picker.locator('.finder-file', { hasText: 'esipidurid.png' }).click();
      await eventually(() => picker.locator('.finder-file[aria-selected="true"]').count()).toBe(1);
      await page.screenshot({ path: `/tmp/finder-e2e-picker-${theme}.png` });
      expect(await seriousAxeViolations(page), theme).toEqual([]);
    }
    await picker.getByRole('button', { name: 'Vali', exact: true }).click();
    await eventually(() => picker.count()).toBe(0);
    await eventually(() => refs().then((r) => r.length)).toBe(2);
    const added = (await refs())[1]!;
    expect(added).toMatch(/^\/files\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Salvesta', exact: true }).click();
    await eventually(() => toast('Salvestatud.').count()).toBe(1);
    await h.settle(); // the file_usage read model follows the product's images

    // A used file is not deleted: the dialog lists the product; an unused one is.
    await page.goto(`${base}/admin/files`);
    await treeItem(page, 'Pidurid').click();
    await option('esipidurid.png').click();
    await page.locator('.finder__details').getByRole('button', { name: 'Kustuta', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Failide kustutamine' });
    await confirm.getByRole('button', { name: 'Kustuta', exact: true }).click();
    const usage = confirm.getByTestId('finder-usage');
    await eventually(() => usage.locator('li').allInnerTexts()).toEqual(['Faili "esipidurid.png" kasutab toode Kütusefilter.']);
    await eventually(() => usage.getByRole('link').getAttribute('href')).toBe(`/admin/product/edit/${id}`);
    await confirm.getByRole('button', { name: 'Loobu' }).click();
    await eventually(() => confirm.count()).toBe(0);

    await option('roheline.webp').click();
    await page.keyboard.press('Delete');
    await page.getByRole('alertdialog', { name: 'Failide kustutamine' }).getByRole('button', { name: 'Kustuta', exact: true }).click();
    await eventually(() => toast('1 fail on kustutatud.').count()).toBe(1);
    await eventually(names).toEqual(['esipidurid.png']);
  });
});
