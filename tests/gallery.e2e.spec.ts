/**
 * The gallery in Debian's Chromium (spec 2 "Gallery", spec 9 lightbox constants), on real PostgreSQL and Redis:
 * - staff build an album in the back office: create it, upload three images, move the last one first with the
 *   keyboard (Space, ArrowUp, ArrowUp, Space, with announcements), remove one and add it back through the finder's
 *   picker, caption it in both languages, publish, save; the
 *   editor shows the album's audit timeline; axe-core finds no serious or critical violation;
 * - a shopper opens /gallery (server-rendered tiles), the album (title, Back link, srcset thumbnails with their
 *   pixel sizes), a picture in the lightbox (one history entry, the hash `#gallery={id}&picture={id}`), the next
 *   picture (the hash follows after its delay), copies the URL and opens it in a new page on the same picture; on a
 *   phone viewport (390 x 844) Back closes the lightbox and stays on the album page; a picture whose image fails shows
 *   'Pilti ei õnnestunud laadida' with a link to the image; an unknown or malformed album id answers 404; axe clean.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { publishPage } from '../commands/page/publish-page.js';
import { savePageDraft } from '../commands/page/save-page-draft.js';
import { registerUser } from '../commands/user/user-accounts.js';
import { seriousAxeViolations } from './support/axe.js';
import { chromiumExecutable, launchChromium, pageTimersRun, submitSignInForm } from './support/browser.js';
import { patience } from './support/patience.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';

const MARI = { username: 'mari.maasikas', password: 'Rukkilill-Tallinn-42' };

let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let base: string;
let filesDir: string;
/** Set by the staff test: the album and its pictures in their saved order. */
let albumId = '';
let pictures: string[] = [];

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  filesDir = await mkdtemp(path.join(tmpdir(), 'gallery-e2e-'));
  h = await createShopHarness('gallery_e2e');
  const now = new Date().toISOString();
  h.clock.now = now;
  await registerUser(h.store, { ...MARI, confirm: MARI.password, roles: ['CLIENT'] }, { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now }, { usernameTaken: async () => false });
  await h.settle();
  ({ app, base } = await serveStorefront(h, { api: { now: () => new Date().toISOString(), files: { dir: filesDir, maxBytes: 5 * 1024 * 1024 } } }));
  browser = await launchChromium(executablePath);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

const eventually = <T,>(fn: () => T | Promise<T>, ms = 15_000) => expect.poll(fn, { timeout: patience(ms), interval: 50 });
const picture = (r: number, g: number, b: number, width = 1200, height = 900) => sharp({ create: { width, height, channels: 3, background: { r, g, b } } }).png().toBuffer();

async function expectAccessible(page: Page) {
  await page.locator('.spinner').first().waitFor({ state: 'detached' }).catch(() => {});
  expect(await seriousAxeViolations(page)).toEqual([]);
}

describe('the album editor', () => {
  it('creates an album, uploads three images, reorders by keyboard, captions, publishes and saves', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${base}/login?next=${encodeURIComponent('/admin/gallery')}`);
    await submitSignInForm(page, MARI);
    await eventually(() => page.locator('h1#screen-title').innerText()).toBe('Galerii');
    await expect(page.getByRole('navigation', { name: 'Haldusmenüü' }).getByRole('link', { name: 'Galerii' }).count()).resolves.toBe(1);

    await page.getByRole('button', { name: 'Uus album' }).click();
    await page.getByLabel('Nimi (eesti keeles)').fill('Rallipildid');
    await page.getByLabel('Nimi (inglise keeles)').fill('Rally pictures');
    await page.getByRole('button', { name: 'Loo', exact: true }).click();
    // The editor's chunk (with the upload helper and @dnd-kit) loads first: the list stays until it is there.
    await eventually(() => page.locator('h1#screen-title').innerText(), 60_000).toBe('Album: Rallipildid');
    albumId = /\/admin\/gallery\/edit\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname)?.[1] ?? '';
    expect(albumId).toMatch(/^[0-9a-f-]{36}$/);

    await page.locator('.album-edit__upload input[type="file"]').setInputFiles([
      { name: 'punane.png', mimeType: 'image/png', buffer: await picture(210, 30, 30) },
      { name: 'roheline.png', mimeType: 'image/png', buffer: await picture(30, 170, 60, 900, 1200) },
      { name: 'sinine.png', mimeType: 'image/png', buffer: await picture(30, 60, 210) },
    ]);
    const names = () => page.locator('.album-edit__name').allInnerTexts();
    await eventually(names).toEqual(['1. punane.png', '2. roheline.png', '3. sinine.png']);

    const announcement = () => page.locator('[id^="DndLiveRegion"]').innerText();
    await page.getByRole('button', { name: 'Lohistage, et muuta pildi sinine.png järjekohta' }).focus();
    await page.keyboard.press('Space');
    await eventually(announcement).toBe('Pilt sinine.png on valitud.');
    await pageTimersRun(page);
    await page.keyboard.press('ArrowUp');
    await eventually(announcement).toBe('sinine.png on nüüd pilt 2 / 3.');
    await page.keyboard.press('ArrowUp');
    await eventually(announcement).toBe('sinine.png on nüüd pilt 1 / 3.');
    await page.keyboard.press('Space');
    await eventually(announcement).toBe('Pilt sinine.png on nüüd kohal 1.');
    await eventually(names).toEqual(['1. sinine.png', '2. punane.png', '3. roheline.png']);

    // Remove one and add it back from the files (the finder's picker): an uploaded image is reused, not uploaded again.
    await page.getByRole('button', { name: 'Eemalda: punane.png' }).click();
    await eventually(names).toEqual(['1. sinine.png', '2. roheline.png']);
    await page.getByRole('button', { name: 'Vali failidest' }).click();
    const picker = page.getByRole('dialog', { name: 'Failide valik' });
    await picker.locator('.finder-file', { hasText: 'punane.png' }).click();
    await eventually(() => picker.locator('.finder-file[aria-selected="true"]').count()).toBe(1);
    await picker.getByRole('button', { name: 'Vali', exact: true }).click();
    await eventually(() => picker.count()).toBe(0);
    await eventually(names).toEqual(['1. sinine.png', '2. roheline.png', '3. punane.png']);

    const first = page.locator('.album-edit__image').first();
    await first.getByLabel('Pildiallkiri (eesti keeles)').fill('Sinine auto');
    await first.getByLabel('Pildiallkiri (inglise keeles)').fill('Blue car');
    await page.getByLabel('Avaldatud (ostjad näevad seda galeriis)').check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Salvesta' }).click();
    await eventually(() => page.locator('.toaster').getByRole('status').innerText()).toContain('Album salvestati.');
    await eventually(() => page.getByRole('button', { name: 'Salvesta' }).isDisabled()).toBe(true);
    pictures = await page.locator('.album-edit__image').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-file') ?? ''));
    expect(pictures).toHaveLength(3);
    // The album's audit timeline lists the save's events.
    await eventually(() => page.getByText('mari.maasikas avaldas albumi Rallipildid').count()).toBe(1);
    await page.close();
    // Sign-in, two staff chunks, three uploads decoded by sharp and a save: more than one default test time on a
    // loaded machine.
  }, patience(180_000));
});

describe('the storefront gallery', () => {
  it('shows the album tiles and the album, opens the lightbox whose place the URL keeps, and a link opens the same picture', async () => {
    expect(albumId).not.toBe('');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const index = await page.goto(`${base}/gallery`);
    expect(index?.status()).toBe(200);
    // Server-rendered: the tile is in the first HTML.
    expect(await index?.text()).toContain('Rallipildid');
    await eventually(() => page.locator('h1').innerText()).toBe('Galerii');
    expect(await page.title()).toContain('Galerii');
    const tile = page.getByRole('link', { name: /Rallipildid/ });
    expect(await tile.getAttribute('href')).toBe(`/gallery/${albumId}`);
    // Tiles at least 300 px wide (spec 9).
    expect(await page.locator('.gallery-tile').first().evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThanOrEqual(300);
    await expectAccessible(page);

    await tile.click();
    await eventually(() => page.locator('h1').innerText()).toBe('Rallipildid');
    expect(await page.getByRole('link', { name: 'Tagasi galeriisse' }).getAttribute('href')).toBe('/gallery');
    const thumbs = page.locator('a.gallery-thumb');
    await eventually(() => thumbs.count()).toBe(3);
    const img = thumbs.nth(2).locator('img'); // punane.png, 1200 x 900
    expect(await img.getAttribute('loading')).toBe('lazy');
    expect(await img.getAttribute('srcset')).toContain('320w');
    expect([await img.getAttribute('width'), await img.getAttribute('height')]).toEqual(['1200', '900']);
    expect(await thumbs.first().getAttribute('aria-label')).toBe('Sinine auto');
    await expectAccessible(page);

    const historyLength = await page.evaluate(() => history.length);
    await thumbs.first().click();
    const lightbox = page.getByRole('dialog', { name: 'Pildivaatur' });
    await lightbox.waitFor();
    const hashOf = (i: number) => `#gallery=${albumId}&picture=${pictures[i]}`;
    await eventually(() => new URL(page.url()).hash).toBe(hashOf(0));
    expect(await page.evaluate(() => history.length)).toBe(historyLength + 1);
    await eventually(() => page.locator('.yarl__slide_current img').getAttribute('src')).toContain(`/files/${pictures[0]}/`);
    await eventually(() => page.locator('.gallery-lightbox__caption').innerText()).toBe('Sinine auto');

    await page.keyboard.press('ArrowRight');
    await eventually(() => page.locator('.yarl__slide_current img').getAttribute('src')).toContain(`/files/${pictures[1]}/`);
    // The hash follows the move (after spec 9's 800 ms), replacing the entry: still one entry more than the album page.
    await eventually(() => new URL(page.url()).hash).toBe(hashOf(1));
    expect(await page.evaluate(() => history.length)).toBe(historyLength + 1);

    const copied = page.url();
    const other = await context.newPage();
    await other.goto(copied);
    await other.getByRole('dialog', { name: 'Pildivaatur' }).waitFor();
    await eventually(() => other.locator('.yarl__slide_current img').getAttribute('src')).toContain(`/files/${pictures[1]}/`);
    // Closing a lightbox the page did not open removes the hash in place.
    await other.getByRole('button', { name: 'Sulge' }).click();
    await eventually(() => other.getByRole('dialog', { name: 'Pildivaatur' }).count()).toBe(0);
    await eventually(() => new URL(other.url()).hash).toBe('');
    await eventually(() => other.locator('h1').innerText()).toBe('Rallipildid');
    await context.close();
  });

  it('shows the album tiles on a content page of layout gallery and the linked album on one of gallery-detail (spec 1), server-rendered', async () => {
    expect(albumId).not.toBe('');
    const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: new Date().toISOString() });
    const pageId = randomUUID();
    await savePageDraft(
      h.store,
      {
        pageId,
        expectedVersion: 0,
        layout: 'gallery',
        title: { et: 'Meie pildid', en: 'Our pictures' },
        slug: { et: 'meie-pildid', en: 'our-pictures' },
        content: { et: '<p>Pildid võistlustelt.</p>', en: '<p>Pictures from races.</p>' },
        metaDescription: { et: 'Pildid võistlustelt.', en: 'Pictures from races.' },
        itemContainers: {},
      },
      ctx(),
    );
    await publishPage(h.store, { pageId, expectedVersion: 1 }, ctx());
    await h.settle();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const res = await page.goto(`${base}/meie-pildid`);
    expect(res?.status()).toBe(200);
    const html = (await res?.text()) ?? '';
    // Server-rendered: the page's own text and the album's tile in the first HTML.
    expect(html).toContain('Pildid võistlustelt.');
    expect(html).toContain('Rallipildid');
    await eventually(() => page.locator('article[data-layout="gallery"] h1').innerText()).toBe('Meie pildid');
    const tile = page.locator('article[data-layout="gallery"]').getByRole('link', { name: /Rallipildid/ });
    await eventually(() => tile.getAttribute('href')).toBe(`/gallery/${albumId}`);
    expect(await page.locator('article[data-layout="gallery"] .gallery-tile').first().evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThanOrEqual(300);
    await expectAccessible(page);
    await tile.click();
    await eventually(() => page.locator('h1').innerText()).toBe('Rallipildid');

    // Layout gallery-detail: the album its text links to, with the lightbox.
    const detailId = randomUUID();
    await savePageDraft(
      h.store,
      {
        pageId: detailId,
        expectedVersion: 0,
        layout: 'gallery-detail',
        title: { et: 'Ralli 2026', en: 'Rally 2026' },
        slug: { et: 'ralli-2026', en: 'rally-2026' },
        content: { et: `<p>Vaadake ka <a href="/gallery/${albumId}">albumit</a>.</p>`, en: `<p>See the <a href="/gallery/${albumId}">album</a> too.</p>` },
        metaDescription: { et: 'Ralli pildid.', en: 'Rally pictures.' },
        itemContainers: {},
      },
      ctx(),
    );
    await publishPage(h.store, { pageId: detailId, expectedVersion: 1 }, ctx());
    await h.settle();
    const detail = await page.goto(`${base}/ralli-2026`);
    expect(detail?.status()).toBe(200);
    // Server-rendered: the three thumbnails are in the first HTML.
    expect(((await detail?.text()) ?? '').match(/class="gallery-thumb"/g)).toHaveLength(3);
    const thumbs = page.locator('article[data-layout="gallery-detail"] a.gallery-thumb');
    await eventually(() => thumbs.count()).toBe(3);
    await expectAccessible(page);
    await thumbs.first().click();
    await eventually(() => page.getByRole('dialog', { name: 'Pildivaatur' }).count()).toBe(1);
    await eventually(() => new URL(page.url()).hash, 5000).toMatch(new RegExp(`^#gallery=${albumId}&picture=`));
    await context.close();
  });

  it('on a phone, Back closes the lightbox and stays on the album page', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${base}/en/gallery/${albumId}`);
    await eventually(() => page.locator('h1').innerText()).toBe('Rally pictures');
    await page.locator('a.gallery-thumb').nth(2).click();
    await page.getByRole('dialog', { name: 'Picture viewer' }).waitFor();
    await eventually(() => new URL(page.url()).hash).toBe(`#gallery=${albumId}&picture=${pictures[2]}`);
    await page.goBack();
    await eventually(() => page.getByRole('dialog', { name: 'Picture viewer' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/en/gallery/${albumId}`);
    expect(new URL(page.url()).hash).toBe('');
    await eventually(() => page.locator('h1').innerText()).toBe('Rally pictures');
    // Forward opens it again on the same picture.
    await page.goForward();
    await page.getByRole('dialog', { name: 'Picture viewer' }).waitFor();
    await eventually(() => page.locator('.yarl__slide_current img').getAttribute('src')).toContain(`/files/${pictures[2]}/`);
    await context.close();
  });

  it("shows the spec's message with a link when a picture fails to load, and 404 for an unknown album", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.route(`**/files/${pictures[1]}/**`, (route) => route.abort());
    await page.goto(`${base}/et/gallery/${albumId}#gallery=${albumId}&picture=${pictures[1]}`);
    const lightbox = page.getByRole('dialog', { name: 'Pildivaatur' });
    await lightbox.waitFor();
    const error = lightbox.getByRole('alert');
    await eventually(() => error.locator('p').innerText()).toBe('Pilti ei õnnestunud laadida');
    expect(await error.getByRole('link', { name: 'Ava pilt' }).getAttribute('href')).toBe(`/files/${pictures[1]}/1280.webp`);
    await expectAccessible(page);

    for (const url of [`/gallery/${randomUUID()}`, '/et/gallery/not-an-album', `/en/gallery/${randomUUID()}`]) {
      const res = await page.goto(`${base}${url}`);
      expect(res?.status(), url).toBe(404);
      await eventually(() => page.locator('h1').innerText()).toMatch(/Lehekülge ei leitud|Page not found/);
    }
    await context.close();
  });
});
