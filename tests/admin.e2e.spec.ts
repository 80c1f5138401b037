/**
 * The staff side in Debian's Chromium (browser tests): /admin sends nobody to /login, an administrator
 * signs in and lands on the Users screen (the menu shows only back to the site, Users and Warehouses: the other
 * entries' screens arrive later), creates a user (the form's own and the server's field errors first), sorts the
 * list through the URL, sees the unfilled-orders count rise without a reload when an order is placed in another
 * browser context (the websocket push: far inside the 30 s polling), collapses the menu and finds it collapsed after
 * a reload, creates, renames and deactivates a warehouse, deactivates and reactivates a user, is sent to
 * /session/login with 'Session has expired' when a staff call answers 401 and comes back after signing in, finds that a
 * link to /logout does not sign out, and logs out with the Logout button (by keyboard); then the new user signs in and sees no Users entry and spec 6's permission message at /admin/user. axe-core finds no serious or critical violation on any
 * admin screen, in both themes; screenshots of each land in /tmp/admin-e2e-*.png.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { setupDelivery } from '../commands/delivery/setup-delivery.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { registerUser } from '../commands/user/user-accounts.js';
import { accessibilityCheck } from './support/axe.js';
import { chromiumExecutable, launchChromium, submitSignInForm } from './support/browser.js';
import { checkoutBody } from './support/order-test-kit.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';
import { patience } from './support/patience.js';

const expectAccessibleInBothThemes = accessibilityCheck('admin-e2e');

const repoRoot = path.resolve(__dirname, '..');
const OIL_FILTER = productIdForCode('W 712/75'); // 8.90 €, 10 in stock
const ADMIN = { username: 'juhataja', password: 'Rukkilill-Tallinn-42' };
const NEW_USER = { username: 'kassapidaja', password: 'Kollane-Kask-2026' };

let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let base: string;

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  h = await createShopHarness('admin_e2e');
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  const now = new Date().toISOString();
  await seedSiteContent(h.store, now);
  await setupDelivery(h.store, now);
  await registerUser(
    h.store,
    { ...ADMIN, confirm: ADMIN.password, roles: ['ADMIN', 'CLIENT'] },
    { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now },
    { usernameTaken: async () => false },
  );
  await h.settle();
  ({ app, base } = await serveStorefront(h));
  browser = await launchChromium(executablePath);
  context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  page = await context.newPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
});

/** expect.poll with room for a loaded machine (vitest's default gives up after 1 s). */
const eventually = <T,>(fn: () => T | Promise<T>, options: { timeout?: number; interval?: number } = {}) => expect.poll(fn, { timeout: patience(15_000), interval: 50, ...options });

const pathOf = () => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};
const menu = () => page.getByRole('navigation', { name: 'Haldusmenüü' });
/** The menu's link texts without their badge counts (Orders and Stock notifications carry one). */
const menuLabels = async () => (await menu().locator('a').allInnerTexts()).map((s) => s.replace(/\s*\d+$/, '').trim());
/** A badge's count: on its menu entry (Orders, Stock notifications) now that both screens exist. */
const count = (badge: string) => page.locator(`.admin-menu__badge[data-badge="${badge}"]`).innerText();

/** axe on the current screen in both themes (ConjDark, then ConjLight, then back), with a screenshot of each. */

/** The login form: username, password, Login (Estonian). */
async function signIn(user: { username: string; password: string }) {
  await submitSignInForm(page, user);
}

describe('admin shell', () => {
  it('sends nobody from /admin to /login, shows field errors, and signs in back to where the user was going', async () => {
    await page.goto(`${base}/admin/user?sort=-username`);
    await eventually(pathOf).toBe('/login?next=%2Fadmin%2Fuser%3Fsort%3D-username');
    await eventually(() => page.locator('h1').innerText()).toBe('Logige sisse, et oma lehte hallata');
    await page.getByRole('button', { name: 'Unustasite parooli?' }).click();
    await eventually(() => page.locator('#forgot-password').innerText()).toContain('Paluge administraatoril määrata Teile uus parool');
    await expectAccessibleInBothThemes(page, 'login');

    // The contract's schema in the browser: both fields required.
    await page.getByRole('button', { name: 'Logi sisse' }).click();
    await eventually(() => page.locator('#login-username-error').innerText()).toBe('Kohustuslik');
    // The server's answer on its field.
    await signIn({ username: ADMIN.username, password: 'wrong-password-1' });
    await eventually(() => page.locator('#login-password-error').count()).toBe(1);
    expect(pathOf()).toMatch(/^\/login/);

    await signIn(ADMIN);
    await eventually(pathOf).toBe('/admin/user?sort=-username');
    await eventually(() => page.locator('h1').innerText()).toBe('Kasutajad');
    await eventually(() => menuLabels()).toEqual([
      'Tagasi lehele', 'Tooted', 'Tellimused', 'Kliendid', 'Lehed', 'Menüü', 'Failid', 'Galerii', 'Kasutajad', 'Laod', 'Otsingusõnad', 'Probleemsed tooted', 'Sobivus hulgi', 'Otsingute konversioon', 'Tellimuste lehter', 'Läbimüük', 'Tellimissoovitused', 'Laoteavitused',
    ]);
    // The CLIENT role's two counts sit on their menu entries (Orders, Stock notifications): none left for the header.
    await eventually(() => menu().locator('.admin-menu__badge').count()).toBe(2);
    expect(await page.locator('.admin-count').count()).toBe(0);
    await expectAccessibleInBothThemes(page, 'user-list');
  });

  it('creates a user with the form and the server checking, and sorts the list through the URL', async () => {
    await page.getByRole('link', { name: 'Uus kasutaja' }).click();
    await eventually(pathOf).toBe('/admin/user/create');
    await expectAccessibleInBothThemes(page, 'user-create');
    await page.getByLabel('Kasutajanimi').fill(NEW_USER.username);
    await page.getByLabel('Uus parool').fill('password');
    await page.getByLabel('Korrake uut parooli').fill('passwort');
    await page.getByRole('button', { name: 'Loo kasutaja' }).click();
    await eventually(() => page.locator('#user-confirm-error').innerText()).toBe('Paroolid ei ühti');
    // Equal now, but a common password: the server's field error under the password.
    await page.getByLabel('Korrake uut parooli').fill('password');
    await page.getByRole('button', { name: 'Loo kasutaja' }).click();
    await eventually(() => page.locator('#user-password-error').count()).toBe(1);

    await page.getByLabel('Uus parool').fill(NEW_USER.password);
    await page.getByLabel('Korrake uut parooli').fill(NEW_USER.password);
    await page.getByLabel(/Poe töötaja/).check();
    await page.getByRole('button', { name: 'Loo kasutaja' }).click();
    await eventually(pathOf).toMatch(/^\/admin\/user\/edit\/[^/]+$/);
    await eventually(() => page.locator('h1').innerText()).toBe(NEW_USER.username);
    await expectAccessibleInBothThemes(page, 'user-edit');

    await menu().getByRole('link', { name: 'Kasutajad' }).click();
    await eventually(() => page.locator('.data-table tbody tr').count()).toBe(2);
    // By username ascending at first; the header turns it descending (in the URL), and back.
    const names = () => page.locator('.data-table tbody tr td:first-child').allInnerTexts();
    expect(await names()).toEqual([ADMIN.username, NEW_USER.username]);
    await page.getByRole('button', { name: /^Kasutajanimi/ }).click();
    await eventually(pathOf).toBe('/admin/user?sort=-username');
    await eventually(() => names()).toEqual([NEW_USER.username, ADMIN.username]);
    await eventually(() => page.locator('th[aria-sort="descending"]').textContent()).toContain('Kasutajanimi');
    await page.reload();
    await eventually(names).toEqual([NEW_USER.username, ADMIN.username]);
    await page.getByRole('button', { name: /^Kasutajanimi/ }).click();
    await eventually(pathOf).toBe('/admin/user');
    await eventually(() => names()).toEqual([ADMIN.username, NEW_USER.username]);
  });

  it('raises the unfilled-orders count when an order is placed in another browser context, without a reload', async () => {
    await eventually(() => count('unfilledOrders')).toMatch(/^\d+$/);
    const before = Number(await count('unfilledOrders'));
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));

    const shopper = await browser.newContext();
    try {
      // A shopper's page never asks for a staff session (no extra call, no staff code).
      const shopperPage = await shopper.newPage();
      const staffCalls: string[] = [];
      shopperPage.on('request', (r) => /\/v1\/(session|site-summary|stock-notification)\b/.test(r.url()) && r.method() === 'GET' && staffCalls.push(r.url()));
      await shopperPage.goto(`${base}/products`);
      await shopperPage.locator('.product-card').first().waitFor();
      expect(staffCalls).toEqual([]);
      expect(await shopperPage.getByRole('link', { name: 'Haldus' }).count()).toBe(0);

      const csrf = (await (await shopper.request.get(`${base}/v1/csrf-token`)).json()) as { data: { token: string } };
      const placed = await shopper.request.post(`${base}/v1/place-order`, {
        data: checkoutBody([{ product_id: OIL_FILTER, amount: 1 }]),
        headers: { 'x-csrf-token': csrf.data.token },
      });
      expect(placed.status(), await placed.text()).toBe(200);
      const started = Date.now();
      await eventually(async () => Number(await count('unfilledOrders')), { timeout: patience(10_000), interval: 100 }).toBe(before + 1);
      // The push, not the 30 s polling (projection and push within a few seconds on a busy test machine).
      // Scaled for a loaded machine, capped below the 30 s polling interval so a lost push still fails.
      expect(Date.now() - started).toBeLessThan(Math.min(patience(8_000), 20_000));
      expect(navigations).toEqual([]);
    } finally {
      await shopper.close();
    }
  });

  it('collapses the menu and remembers it across a reload', async () => {
    const toggle = page.getByRole('button', { name: 'Ahenda menüü' });
    await toggle.click();
    await eventually(() => page.getByRole('button', { name: 'Laienda menüü' }).getAttribute('aria-expanded')).toBe('false');
    await page.reload();
    await eventually(() => page.getByRole('button', { name: 'Laienda menüü' }).getAttribute('aria-expanded')).toBe('false');
    // Still keyboard reachable and named while collapsed.
    expect(await menu().getByRole('link', { name: 'Laod' }).count()).toBe(1);
    await expectAccessibleInBothThemes(page, 'menu-collapsed');
    await page.getByRole('button', { name: 'Laienda menüü' }).click();
    await eventually(() => page.getByRole('button', { name: 'Ahenda menüü' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('starts with the menu closed under 768 px when no choice is remembered', async () => {
    const small = await browser.newContext({ viewport: { width: 700, height: 800 } });
    try {
      const phone = await small.newPage();
      await small.addCookies(await context.cookies());
      await phone.goto(`${base}/admin/warehouse`);
      const toggle = phone.getByRole('button', { name: 'Laienda menüü' });
      await eventually(() => toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await phone.locator('#admin-menu').isVisible()).toBe(false);
      await eventually(() => phone.locator('.admin-menu__badge').count()).toBe(2);
      await toggle.click();
      await eventually(() => phone.locator('#admin-menu').isVisible()).toBe(true);
      await phone.screenshot({ path: '/tmp/admin-e2e-small-menu-open.png' });
      // The open menu lies over the screen: a link in it closes it.
      await phone.locator('#admin-menu').getByRole('link', { name: 'Kasutajad' }).click();
      await eventually(() => phone.locator('h1').innerText()).toBe('Kasutajad');
      await eventually(() => phone.locator('#admin-menu').isVisible()).toBe(false);
      await phone.screenshot({ path: '/tmp/admin-e2e-small-users.png' });
    } finally {
      await small.close();
    }
  });

  it('creates, renames and deactivates a warehouse', async () => {
    await menu().getByRole('link', { name: 'Laod' }).click();
    await eventually(() => page.locator('h1').innerText()).toBe('Laod');
    await expectAccessibleInBothThemes(page, 'warehouse-list');
    await page.getByRole('link', { name: 'Uus ladu' }).click();
    await page.getByRole('button', { name: 'Loo ladu' }).click();
    await eventually(() => page.locator('#warehouse-name-error').innerText()).toBe('Kohustuslik');
    await page.getByLabel('Nimi').fill('Pärnu ladu');
    await page.getByRole('button', { name: 'Loo ladu' }).click();
    await eventually(pathOf).toBe('/admin/warehouse');
    await page.getByRole('link', { name: 'Pärnu ladu' }).click();
    await eventually(() => page.locator('h1').innerText()).toBe('Pärnu ladu');
    await expectAccessibleInBothThemes(page, 'warehouse-edit');
    await page.getByLabel('Nimi').fill('Pärnu kesklinn');
    await page.getByRole('button', { name: 'Nimeta ümber' }).click();
    await eventually(() => page.locator('h1').innerText()).toBe('Pärnu kesklinn');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Deaktiveeri' }).click();
    await eventually(() => page.locator('.staff-facts').first().innerText()).toContain('Deaktiveeritud');
  });

  it('deactivates a user and reactivates them', async () => {
    await page.goto(`${base}/admin/user`);
    await page.getByRole('link', { name: NEW_USER.username }).click();
    await eventually(() => page.locator('h1').innerText()).toBe(NEW_USER.username);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Deaktiveeri' }).click();
    await eventually(() => page.locator('.staff-facts').first().innerText()).toContain('Deaktiveeritud');
    await page.getByRole('button', { name: 'Aktiveeri uuesti' }).click();
    await eventually(() => page.locator('.staff-facts').first().innerText()).toContain('Aktiivne');
    await eventually(() => page.getByRole('button', { name: 'Deaktiveeri' }).count()).toBe(1);
  });

  it('asks before unsaved changes are lost', async () => {
    await page.goto(`${base}/admin/warehouse/create`);
    await page.getByLabel('Nimi').fill('Poolik');
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await menu().getByRole('link', { name: 'Kasutajad' }).click();
    await eventually(() => asked).toBe('Teil on salvestamata muudatusi, mis lähevad kaotsi. Kas soovite kindlasti lahkuda?');
    expect(pathOf()).toBe('/admin/warehouse/create');
  });

  it('shows not-found inside the shell for an unknown model, and the own-password screen', async () => {
    await page.goto(`${base}/admin/nope`);
    await eventually(() => page.locator('h1').innerText()).toBe('Lehekülge ei leitud');
    expect(await menu().count()).toBe(1);
    await expectAccessibleInBothThemes(page, 'not-found');
    await page.getByRole('link', { name: 'Muuda oma parooli' }).click();
    await eventually(pathOf).toBe('/admin/user/password');
    await expectAccessibleInBothThemes(page, 'own-password');
  });

  it('goes to /session/login when a staff call answers 401, and back after signing in', async () => {
    await page.goto(`${base}/admin/user`);
    await eventually(() => page.locator('h1').innerText()).toBe('Kasutajad');
    // The page's own calls (the list, the badges) must have answered first: each refreshes the session cookie
    // (rolling idle timeout), and one arriving after the swap below would put the live session back.
    await page.waitForLoadState('networkidle');
    // The session cookie no longer names a session: the next staff call answers 401 session.expired.
    // (Cleared first: a second shop_sid beside the real one would be sent after it and never read.)
    await context.clearCookies();
    await context.addCookies([{ name: 'shop_sid', value: 'ended', url: base, httpOnly: true, sameSite: 'Lax' }]);
    expect((await context.cookies()).filter((c) => c.name === 'shop_sid').map((c) => c.value)).toEqual(['ended']);
    await menu().getByRole('link', { name: 'Laod' }).click();
    await eventually(pathOf).toBe('/session/login?error=session_expired&next=%2Fadmin%2Fwarehouse');
    // The message renders once the page's texts are in (an empty live region may come first): wait for it.
    await eventually(() => page.getByRole('alert').filter({ hasText: /\S/ }).first().innerText()).toBe('Seanss on aegunud, palun logige uuesti sisse');
    await expectAccessibleInBothThemes(page, 'session-login');
    await signIn(ADMIN);
    await eventually(pathOf).toBe('/admin/warehouse');
  });

  it('shows English texts under /en', async () => {
    await page.goto(`${base}/en/admin/user`);
    await eventually(() => page.locator('h1').innerText()).toBe('Users');
    await eventually(async () => (await page.getByRole('navigation', { name: 'Admin menu' }).locator('a').allInnerTexts()).map((s) => s.replace(/\s*\d+$/, '').trim())).toEqual([
      'Back to the site',
      'Products',
      'Orders',
      'Clients',
      'Pages',
      'Menu',
      'Files',
      'Gallery',
      'Users',
      'Warehouses',
      'Search keywords',
      'Problematic products',
      'Bulk fitment',
      'Search conversion',
      'Order funnel',
      'Sell-through',
      'Reorder suggestions',
      'Stock notifications',
    ]);
    await expectAccessibleInBothThemes(page, 'user-list-en');
  });

  it('links signed-in staff from the shop to the admin area; logs out, and the new user signs in without the administrator\'s entries', async () => {
    await page.goto(`${base}/`);
    await page.getByRole('link', { name: 'Haldus' }).click();
    // The first section of the menu the user may open: Products.
    await eventually(pathOf).toBe('/admin/product');
    // A plain link to /logout (one on another site, say) no longer signs out: the session outlives the visit.
    await page.goto(`${base}/logout`);
    await page.goto(`${base}/admin/product`);
    const logout = page.getByRole('button', { name: 'Logi välja' });
    await logout.waitFor();
    // Logout is a button (POST /logout with the CSRF token), used here by keyboard; then the page goes to /.
    await logout.focus();
    await page.keyboard.press('Enter');
    await eventually(pathOf).toBe('/');
    await page.locator('.product-card').first().waitFor();
    await eventually(() => page.getByRole('link', { name: 'Haldus' }).count()).toBe(0);
    await page.goto(`${base}/admin`);
    await eventually(pathOf).toBe('/login?next=%2Fadmin');
    await signIn(NEW_USER);
    // The shop staff's first section: the products.
    await eventually(pathOf).toBe('/admin/product');
    await eventually(menuLabels).toEqual(['Tagasi lehele', 'Tooted', 'Tellimused', 'Kliendid', 'Lehed', 'Menüü', 'Failid', 'Galerii', 'Otsingusõnad', 'Probleemsed tooted', 'Sobivus hulgi', 'Otsingute konversioon', 'Tellimuste lehter', 'Läbimüük', 'Tellimissoovitused', 'Laoteavitused']);
    await eventually(() => menu().locator('.admin-menu__badge').count()).toBe(2);
    await expectAccessibleInBothThemes(page, 'home-client');
    await page.goto(`${base}/admin/user`);
    await eventually(() => page.locator('main p').first().innerText()).toBe('Teil ei ole õigust seda lehte vaadata, palun võtke ühendust administraatoriga.');
  });
});
