/**
 * 'Veebipoe moodul pole sisse lülitatud' (spec 6 "A logged-in user without the client role sees a notice that the web
 * shop module is not switched on when category data is missing"; spec 8, "with a contact invitation for staff"), in
 * Debian's Chromium on the built storefront of a shop with no catalog (no categories): an ADMIN-only user who signs
 * in and reaches the shop sees the notice with the contact address, in Estonian and in English; a CLIENT staff user
 * and a shopper do not; axe clean.
 */
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { seriousAxeViolations } from './support/axe.js';
import { chromiumExecutable, launchChromium } from './support/browser.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { registerStaff } from './support/staff-session.js';
import { serveStorefront } from './support/storefront-server.js';
import { patience } from './support/patience.js';

const PASSWORD = 'Moodul-Sisse-2026!';
let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let base: string;

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  h = await createShopHarness('shop_module_notice_e2e');
  const now = new Date().toISOString();
  await seedSiteContent(h.store, now);
  await registerStaff(h.store, [['haldur', ['ADMIN']], ['myyja', ['CLIENT']]], { password: PASSWORD, now });
  await h.settle();
  ({ app, base } = await serveStorefront(h));
  browser = await launchChromium(executablePath);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
});

const eventually = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: patience(15_000), interval: 50 });

async function signedIn(username: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Kasutajanimi', { exact: true }).fill(username);
  await page.getByLabel('Parool', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Logi sisse' }).click();
  await eventually(() => page.evaluate(() => localStorage.getItem('staff'))).toBe('1');
  return page;
}

const notice = (page: Page) => page.getByTestId('shop-module-off');

describe("the notice 'the web shop module is not switched on'", () => {
  it('shows a signed-in user without CLIENT the notice and whom to contact, in both languages', async () => {
    const page = await signedIn('haldur');
    await page.goto(`${base}/tooted`);
    await eventually(() => notice(page).count()).toBe(1);
    expect(await notice(page).innerText()).toContain('Veebipoe moodul pole sisse lülitatud');
    expect(await notice(page).getByRole('link').getAttribute('href')).toMatch(/^mailto:.+@.+/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goto(`${base}/en/products`);
    await eventually(() => notice(page).innerText()).toContain('The web shop module is not switched on');
    await page.context().close();
  });

  it('shows shop staff (CLIENT) and shoppers no notice', async () => {
    const staff = await signedIn('myyja');
    await staff.goto(`${base}/tooted`);
    await eventually(() => staff.locator('h1').first().innerText()).toBe('Kõik tooted');
    // The session is known (the staff call answered; the category tree comes with the server's render).
    await eventually(() => staff.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/v1/session')))).toBe(true);
    await eventually(() => staff.locator('.listing__count').count()).toBe(1);
    expect(await notice(staff).count()).toBe(0);
    await staff.context().close();

    const shopper = await (await browser.newContext()).newPage();
    await shopper.goto(`${base}/tooted`);
    await eventually(() => shopper.locator('h1').first().innerText()).toBe('Kõik tooted');
    expect(await notice(shopper).count()).toBe(0);
    await shopper.context().close();
  });
});
