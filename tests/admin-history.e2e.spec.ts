/**
 * Audit timeline in Debian's Chromium: an administrator opens a staff user's edit screen, gives them
 * the administrator role, and the History section names the administrator in the newest row (formal Estonian, then
 * en-US), with the before/after of the roles and the raw event with its correlation and causation ids behind a
 * toggle; 'as of' a moment before the user existed shows no events and an empty state; axe-core finds no serious or
 * critical violation on the screen in both themes (screenshots in /tmp/admin-history-e2e-*.png).
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { registerUser } from '../commands/user/user-accounts.js';
import { accessibilityCheck } from './support/axe.js';
import { chromiumExecutable, launchChromium, submitSignInForm } from './support/browser.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';
import { patience } from './support/patience.js';

const expectAccessibleInBothThemes = accessibilityCheck('admin-history-e2e');

const repoRoot = path.resolve(__dirname, '..');
const ADMIN = { username: 'mari.maasikas', password: 'Rukkilill-Tallinn-42' };
const CLERK = { username: 'kassapidaja', password: 'Kollane-Kask-2026' };

let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let page: Page;
let base: string;
let clerkId: string;

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  h = await createShopHarness('admin_history_e2e');
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  const now = new Date().toISOString();
  h.clock.now = now;
  const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now });
  await registerUser(h.store, { ...ADMIN, confirm: ADMIN.password, roles: ['ADMIN', 'CLIENT'] }, ctx(), { usernameTaken: async () => false });
  clerkId = (await registerUser(h.store, { ...CLERK, confirm: CLERK.password, roles: ['CLIENT'] }, ctx(), { usernameTaken: async () => false })).userId;
  await h.settle();
  ({ app, base } = await serveStorefront(h, { api: { now: () => new Date().toISOString() } }));
  browser = await launchChromium(executablePath);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
});

const eventually = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: patience(15_000), interval: 50 });
const history = () => page.getByRole('region', { name: /^(Ajalugu|History)$/ });
const firstSentence = () => history().locator('.history__row').first().locator('.history__sentence').innerText();

describe('the audit timeline on UserEdit', () => {
  it('names the administrator who changed the roles, with before/after, the raw event and as-of', async () => {
    await page.goto(`${base}/login?next=${encodeURIComponent(`/admin/user/edit/${clerkId}`)}`);
    await submitSignInForm(page, ADMIN);
    await eventually(() => page.locator('h1').innerText()).toBe(CLERK.username);
    await eventually(firstSentence).toBe('Süsteem lõi kasutaja kassapidaja rollidega Poe töötaja');

    await page.getByRole('checkbox', { name: /Administraator/ }).check();
    await page.getByRole('button', { name: 'Salvesta', exact: true }).click();
    await eventually(firstSentence).toBe('mari.maasikas andis kasutajale kassapidaja rolli Administraator');
    const row = history().locator('.history__row').first();
    expect(await row.locator('.history__who').innerText()).toBe('mari.maasikas');
    expect(await row.locator('table tbody tr').first().innerText()).toMatch(/roles\s+\["CLIENT"\]\s+\["ADMIN","CLIENT"\]/);

    const toggle = row.getByRole('button', { name: 'Näita sündmust' });
    await toggle.click();
    await eventually(() => row.getByRole('button', { name: 'Peida sündmus' }).getAttribute('aria-expanded')).toBe('true');
    const raw = await row.locator('pre').innerText();
    expect(JSON.parse(raw)).toMatchObject({ type: 'RoleGranted', data: { role: 'ADMIN' }, metadata: { correlationId: expect.any(String), causationId: expect.any(String) } });
    expect(await row.locator('.history__raw dl').innerText()).toMatch(/Korrelatsiooni id/i);
    expect(await history().innerText()).not.toMatch(/argon2|passwordHash/);
    await expectAccessibleInBothThemes(page, 'user-edit');

    // As of a moment before the user existed: no events, an empty state; 'Praegu' goes back.
    await history().getByLabel('Seisuga').fill('2020-01-01T10:00');
    await history().getByRole('button', { name: 'Näita', exact: true }).click();
    await eventually(() => history().locator('.history__empty').count()).toBe(1);
    expect(await history().locator('.history__state h3').innerText()).toMatch(/ 01\.01\.2020, 10:00$/);
    await history().getByRole('button', { name: 'Praegu' }).click();
    await eventually(firstSentence).toBe('mari.maasikas andis kasutajale kassapidaja rolli Administraator');

    await page.goto(`${base}/en/admin/user/edit/${clerkId}`);
    await eventually(firstSentence).toBe('mari.maasikas gave kassapidaja the role Administrator');
  });
});
