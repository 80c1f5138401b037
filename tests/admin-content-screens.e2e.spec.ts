/**
 * The content back office's lists in Debian's Chromium (spec 2 "Admin area": PageList, menu edit; "Header": the
 * navigation built from the menu's entries): a staff member signs in to /admin/page, creates a page with the "New
 * page" dialog (title per language, the sidebar-right layout) and lands on its PageEdit address; back in PageList the
 * page is found by the search, state and layout filters, which live in the URL and survive a reload, and the
 * column sort writes the URL too. In the menu editor (/admin/menu, reached from the side menu) the Kontakt entry is
 * moved up two places by the keyboard (Space, ArrowUp, ArrowUp, Space) with the screen-reader announcements in
 * Estonian, saved, and a guest's header shows the new order at once; a save over a change made meanwhile answers the
 * api's 409 and Reload shows the latest menu; an entry moved in under the entry above shows in that entry's drop-down
 * in the guest's header. A delete of a page the menu links is refused naming the menu entry; a
 * delete of the new page, confirmed, removes it. axe-core finds no serious or critical violation on both screens in
 * both themes and both languages (screenshots in /tmp/admin-content-e2e-*.png).
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { loadMenu, setMenu } from '../commands/menu/menu-handler.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { registerUser } from '../commands/user/user-accounts.js';
import { accessibilityCheck } from './support/axe.js';
import { chromiumExecutable, launchChromium, pageTimersRun, submitSignInForm } from './support/browser.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { patience } from './support/patience.js';
import { serveStorefront } from './support/storefront-server.js';

const expectAccessibleInBothThemes = accessibilityCheck('admin-content-e2e');

const repoRoot = path.resolve(__dirname, '..');
const STAFF = { username: 'liisa.lehed', password: 'Lehekulg-Menuu-2026' };
const OTHER = { username: 'jaan.vahepeal', password: 'Teine-Kasutaja-2026' };

let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let page: Page;
let base: string;
let otherUserId = '';
let createdPath = '';

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  h = await createShopHarness('admin_content_e2e');
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  const now = new Date().toISOString();
  const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now });
  await seedSiteContent(h.store, now);
  await registerUser(h.store, { ...STAFF, confirm: STAFF.password, roles: ['CLIENT'] }, ctx(), { usernameTaken: async () => false });
  ({ userId: otherUserId } = await registerUser(h.store, { ...OTHER, confirm: OTHER.password, roles: ['CLIENT'] }, ctx(), { usernameTaken: async () => false }));
  await h.settle();
  ({ app, base } = await serveStorefront(h, { api: { now: () => new Date().toISOString() } }));
  browser = await launchChromium(executablePath);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
}, patience(300_000));

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
});

/** Per test: axe in two themes and cold lazy chunks take most of a minute on a quiet machine (scaled for a loaded one). */
const TEST_MS = patience(120_000);
const eventually = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: patience(15_000), interval: 50 });
const pathOf = (p: Page) => {
  const url = new URL(p.url());
  return url.pathname + url.search;
};
const query = (p: Page) => Object.fromEntries(new URL(p.url()).searchParams);
const heading = () => page.locator('h1').first().innerText();
const listTitles = async () => (await page.locator('.admin-pages tbody .admin-pages__title a').allInnerTexts()).map((s) => s.trim());
/** The menu editor's rows as their Estonian labels, children prefixed with '>'. */
const menuRows = () =>
  page.locator('.menu-edit__row').evaluateAll((rows) =>
    rows.map((r) => `${r.classList.contains('is-child') ? '>' : ''}${(r.querySelector('.menu-edit__input') as HTMLInputElement | null)?.value ?? ''}`),
  );
/** dnd-kit's live region: what a screen reader hears. */
const announcement = () => page.locator('[id^="DndLiveRegion"]').innerText();

/** The labels of a guest's header navigation, in order (a fresh browser context: no staff session). */
async function guestNavigation(): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const guest = await context.newPage();
    await guest.goto(`${base}/`);
    const nav = guest.getByRole('navigation', { name: /Peamenüü|Main/ }).first();
    await nav.locator('a').first().waitFor();
    return (await nav.locator(':scope > ul > li > a').allInnerTexts()).map((s) => s.trim());
  } finally {
    await context.close();
  }
}

describe('PageList (/admin/page)', () => {
  it('creates a page from the New page dialog and opens its edit address', async () => {
    await page.goto(`${base}/login?next=${encodeURIComponent('/admin/page')}`);
    await submitSignInForm(page, STAFF);
    await eventually(heading).toBe('Lehed');
    await eventually(listTitles).toEqual(expect.arrayContaining(['Kontakt', 'Müügitingimused']));
    // The side menu has its Pages and Menu entries.
    const side = page.getByRole('navigation', { name: 'Haldusmenüü' });
    expect(await side.getByRole('link', { name: 'Lehed' }).getAttribute('aria-current')).toBe('page');
    expect(await side.getByRole('link', { name: 'Menüü' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Uus leht' }).click();
    const dialog = page.getByRole('dialog', { name: 'Uus leht' });
    // Without any title the form says so and sends nothing.
    await dialog.getByRole('button', { name: 'Loo leht' }).click();
    await eventually(() => dialog.locator('.staff-field__error').first().innerText()).toBe('Lehel peab olema pealkiri vähemalt ühes keeles.');
    await dialog.getByLabel('Pealkiri eesti keeles').fill('Tarneinfo');
    await dialog.getByLabel('Pealkiri inglise keeles').fill('Delivery information');
    await dialog.getByLabel('Paigutus').selectOption({ label: 'Külgriba paremal' });
    await dialog.getByRole('button', { name: 'Loo leht' }).click();
    await eventually(() => pathOf(page)).toMatch(/^\/admin\/page\/edit\/[0-9a-f-]{36}$/);
    createdPath = pathOf(page);
  }, TEST_MS);

  it('finds it by search, state and layout; the filters and the sort live in the URL and survive a reload', async () => {
    await page.getByRole('navigation', { name: 'Haldusmenüü' }).getByRole('link', { name: 'Lehed' }).click();
    await eventually(heading).toBe('Lehed');
    await page.getByLabel('Olek').selectOption({ label: 'Mustand' });
    await eventually(() => query(page).state).toBe('draft');
    await page.getByLabel('Paigutus').selectOption({ label: 'Külgriba paremal' });
    await eventually(() => query(page).layout).toBe('sidebar-right');
    await page.getByLabel('Otsing').fill('tarne');
    await eventually(() => query(page).q).toBe('tarne');
    await eventually(listTitles).toEqual(['Tarneinfo']);
    const row = page.locator('.admin-pages tbody tr').first();
    expect(await row.locator('.admin-pages__state').innerText()).toBe('Mustand');
    expect(await row.locator('.admin-pages__changed .muted').innerText()).toBe(STAFF.username);
    expect(await row.getByRole('link', { name: 'Tarneinfo' }).getAttribute('href')).toBe(createdPath);

    await page.reload();
    await eventually(listTitles).toEqual(['Tarneinfo']);
    expect(await page.getByLabel('Otsing').inputValue()).toBe('tarne');
    expect(await page.getByLabel('Olek').inputValue()).toBe('draft');

    // Published pages are not drafts; clearing shows every page; the last-change header sorts by the URL.
    await page.getByRole('button', { name: 'Tühjenda filtrid' }).click();
    await eventually(() => pathOf(page)).toBe('/admin/page');
    await eventually(listTitles).toEqual(expect.arrayContaining(['Kontakt', 'Müügitingimused', 'Tarneinfo']));
    await page.getByRole('button', { name: /^Viimati muudetud/ }).click();
    await eventually(() => query(page).sort).toBe('changedAt');
    await page.getByRole('button', { name: /^Viimati muudetud/ }).click();
    await eventually(() => query(page).sort).toBe('-changedAt');
    await eventually(async () => (await listTitles())[0]).toBe('Tarneinfo');
    await expectAccessibleInBothThemes(page, 'list-et');
  }, TEST_MS);

  it('shows a page\'s audit timeline', async () => {
    await page.getByRole('button', { name: 'Lehe „Tarneinfo” ajalugu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lehe „Tarneinfo” ajalugu' });
    await eventually(() => dialog.locator('.history__row').first().locator('.history__who').innerText()).toBe(STAFF.username);
    await dialog.getByRole('button', { name: 'Sulge' }).click();
    await eventually(() => dialog.count()).toBe(0);
  }, TEST_MS);
});

describe('menu edit (/admin/menu)', () => {
  it('moves an entry by the keyboard with announcements, saves, and a guest\'s header follows', async () => {
    const before = await guestNavigation();
    expect(before.indexOf('Müügitingimused')).toBeLessThan(before.indexOf('Kontakt'));

    await page.getByRole('navigation', { name: 'Haldusmenüü' }).getByRole('link', { name: 'Menüü' }).click();
    await eventually(heading).toBe('Menüü');
    await eventually(menuRows).toEqual(['Tooted', 'Mootor', 'Kere', 'Pidurid', 'Tuunimisosad', 'Müügitingimused', 'Galerii', 'Kontakt']);
    expect(await page.getByRole('checkbox', { name: 'Kirje „Galerii” on peidus' }).isChecked()).toBe(true);

    const handle = page.getByRole('button', { name: 'Liiguta kirjet „Kontakt”' });
    await handle.focus();
    await page.keyboard.press('Space');
    await eventually(announcement).toBe('Kirje „Kontakt” on tõstetud, kohal 8/8.');
    await pageTimersRun(page);
    await page.keyboard.press('ArrowUp');
    await eventually(announcement).toBe('Kirje „Kontakt” läheks kohal 7/8.');
    await page.keyboard.press('ArrowUp');
    await eventually(announcement).toBe('Kirje „Kontakt” läheks kohal 6/8.');
    await page.keyboard.press('Space');
    await eventually(announcement).toBe('Kirje „Kontakt” on nüüd kohal 6/8.');
    await eventually(menuRows).toEqual(['Tooted', 'Mootor', 'Kere', 'Pidurid', 'Tuunimisosad', 'Kontakt', 'Müügitingimused', 'Galerii']);
    await eventually(() => page.locator('.menu-edit__dirty').innerText()).toBe('Salvestamata muudatused');
    await expectAccessibleInBothThemes(page, 'menu-et');

    await page.getByRole('button', { name: 'Salvesta menüü' }).click();
    await eventually(() => page.getByRole('button', { name: 'Salvesta menüü' }).isDisabled()).toBe(true);
    await eventually(() => page.locator('.menu-edit__dirty').count()).toBe(0);
    const after = await guestNavigation();
    expect(after.indexOf('Kontakt')).toBeGreaterThanOrEqual(0);
    expect(after.indexOf('Kontakt')).toBeLessThan(after.indexOf('Müügitingimused'));
    expect(after).not.toContain('Galerii');
  }, TEST_MS);

  it('answers a save over a change made meanwhile with who made it, and Reload shows the latest menu', async () => {
    // Another staff member hides Tooted meanwhile (through the same command the api runs).
    const menu = await loadMenu(h.store);
    await setMenu(
      h.store,
      { expectedVersion: menu.version, entries: menu.entries.map((e) => (e.label.et === 'Tooted' ? { ...e, hidden: true } : e)) },
      { commandId: randomUUID(), correlationId: randomUUID(), userId: otherUserId, now: new Date().toISOString() },
    );
    await h.settle();
    await page.getByRole('textbox', { name: 'Kirje „Kontakt” nimi inglise keeles' }).fill('Contact us');
    await page.getByRole('button', { name: 'Salvesta menüü' }).click();
    const stale = page.locator('.admin-pages__stale');
    await eventually(() => stale.innerText()).toContain(`Menüüd muutis vahepeal ${OTHER.username}`);
    await stale.getByRole('button', { name: 'Laadi uusim versioon' }).click();
    await eventually(() => page.getByRole('checkbox', { name: 'Kirje „Tooted” on peidus' }).isChecked()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Kirje „Kontakt” nimi inglise keeles' }).inputValue()).toBe('Contact');
    expect(await stale.count()).toBe(0);
  }, TEST_MS);

  it('moves an entry in under the entry above; the guest\'s header shows it in that entry\'s drop-down', async () => {
    await page.getByRole('button', { name: 'Tõsta „Müügitingimused” ülemise kirje alla' }).click();
    await eventually(menuRows).toEqual(['Tooted', 'Mootor', 'Kere', 'Pidurid', 'Tuunimisosad', 'Kontakt', '>Müügitingimused', 'Galerii']);
    await eventually(() => page.getByRole('status').filter({ hasText: 'Kirje „Müügitingimused” on nüüd kirje „Kontakt” all.' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Salvesta menüü' }).click();
    await eventually(() => page.locator('.menu-edit__dirty').count()).toBe(0);
    expect(await guestNavigation()).not.toContain('Müügitingimused');

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const guest = await context.newPage();
      await guest.goto(`${base}/`);
      const nav = guest.getByRole('navigation', { name: 'Peamenüü' });
      await nav.getByRole('button', { name: /Kontakt/ }).click();
      const link = nav.locator('.main-nav__submenu').getByRole('link', { name: 'Müügitingimused' });
      await eventually(() => link.isVisible()).toBe(true);
      await link.click();
      await eventually(() => new URL(guest.url()).pathname).toBe('/muugitingimused');
    } finally {
      await context.close();
    }
  }, TEST_MS);

  it('speaks English at /en/admin/menu and /en/admin/page, accessible in both themes', async () => {
    await page.goto(`${base}/en/admin/menu`);
    await eventually(heading).toBe('Menu');
    await eventually(() => page.getByRole('button', { name: 'Move entry “Contact”' }).count()).toBe(1);
    await expectAccessibleInBothThemes(page, 'menu-en');
    await page.goto(`${base}/en/admin/page?state=published`);
    await eventually(heading).toBe('Pages');
    await eventually(listTitles).toEqual(expect.arrayContaining(['Contact']));
    expect(await listTitles()).not.toContain('Delivery information');
    await expectAccessibleInBothThemes(page, 'list-en');
  }, TEST_MS);
});

describe('deleting a page from PageList', () => {
  it('refuses a page the menu links, naming the entry; deletes the new page after confirmation', async () => {
    await page.goto(`${base}/admin/page`);
    await eventually(listTitles).toEqual(expect.arrayContaining(['Kontakt', 'Tarneinfo']));
    await page.getByRole('button', { name: 'Kustuta leht „Kontakt”' }).click();
    let dialog = page.getByRole('alertdialog', { name: 'Lehe kustutamine' });
    expect(await dialog.innerText()).toContain('Kas soovite lehe „Kontakt” kustutada?');
    await dialog.getByRole('button', { name: 'Kustuta leht' }).click();
    await eventually(() => dialog.getByRole('alert').innerText()).toContain('Menüü kirje: „Kontakt”.');
    expect(await dialog.getByRole('link', { name: 'Ava menüü' }).getAttribute('href')).toBe('/admin/menu');
    await dialog.getByRole('button', { name: 'Loobu' }).click();
    await eventually(() => dialog.count()).toBe(0);
    expect(await listTitles()).toContain('Kontakt');

    await page.getByRole('button', { name: 'Kustuta leht „Tarneinfo”' }).click();
    dialog = page.getByRole('alertdialog', { name: 'Lehe kustutamine' });
    await dialog.getByRole('button', { name: 'Kustuta leht' }).click();
    await eventually(() => dialog.count()).toBe(0);
    await eventually(listTitles).not.toContain('Tarneinfo');
    expect(await listTitles()).toContain('Kontakt');
  }, TEST_MS);
});
