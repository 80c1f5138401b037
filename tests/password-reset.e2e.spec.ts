/**
 * Forgot password in Debian's Chromium: on /login the Forgot password link opens a form for a username
 * or e-mail address, which answers 'If the account exists and has an e-mail address, a link has been sent'; the
 * mail (the real pipeline: process manager, BullMQ, the SMTP sink) holds the link; the link's page sets a new
 * password (the policy's field error first), goes to /login with the notice and the username filled in, and the new
 * password signs in. The same link a second time says it is used up and offers a new one. axe-core finds no serious
 * or critical violation on either screen.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { registerUser } from '../commands/user/user-accounts.js';
import { ResetTokens } from '../platform/security/reset-tokens.js';
import { testRedisUrl } from '../platform/testing/database.js';
import { seriousAxeViolations } from './support/axe.js';
import { chromiumExecutable, launchChromium } from './support/browser.js';
import { type MailPipeline, startMailPipeline } from './support/mail-pipeline.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';
import { patience } from './support/patience.js';

const USER = { username: 'liis', email: 'liis@pood.ee', password: 'Vana-Parool-2025!' };
const NEW_PASSWORD = 'Sinine-Meri-2026';
const keyPrefix = `test-reset-e2e-${randomUUID()}:`;

let h: ShopHarness;
let app: FastifyInstance;
let redis: Redis;
let pipeline: MailPipeline;
let browser: Browser;
let page: Page;
let base: string;

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
  h = await createShopHarness('password_reset_e2e');
  const now = new Date().toISOString();
  h.clock.now = now;
  await registerUser(h.store, { ...USER, confirm: USER.password, roles: ['CLIENT'] }, { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now }, { usernameTaken: async () => false });
  await h.settle();
  ({ app, base } = await serveStorefront(h, {
    api: { sessions: { redis, keyPrefix, secret: 'test-session-secret-0123456789abcdef', idleMs: 30 * 60_000, maxAgeMs: 12 * 3_600_000, secure: false } },
  }));
  pipeline = await startMailPipeline(h, base, { resetTokens: new ResetTokens({ redis, prefix: keyPrefix }) });
  browser = await launchChromium(executablePath);
  page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await pipeline?.stop();
  await app?.close();
  await h?.close();
  const keys = await redis.keys(`${keyPrefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

const eventually = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: patience(15_000), interval: 50 });
const pathOf = () => new URL(page.url()).pathname;

describe('forgot password', () => {
  let link = '';

  it('asks for a link with an e-mail address and says the same sentence it would for anyone', async () => {
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: 'Unustasite parooli?' }).click();
    await page.getByLabel('Kasutajanimi või e-posti aadress').fill(USER.email);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Saada link' }).click();
    await eventually(() => page.locator('#forgot-password [role="status"]').innerText()).toBe('Kui konto on olemas ja sellel on e-posti aadress, on link saadetud. Link kehtib 30 minutit.');

    await pipeline.sink.waitForAccepted(1, 20_000);
    const raw = pipeline.sink.accepted[0].raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    link = /(http:\/\/127\.0\.0\.1:\d+\/password-reset\/[A-Za-z0-9_-]{43})/.exec(raw)?.[1] ?? '';
    expect(link).not.toBe('');
  });

  it('sets a new password with the link and signs in with it', async () => {
    await page.goto(link);
    await eventually(() => page.locator('h1').innerText()).toBe('Uue parooli määramine');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('Uus parool', { exact: true }).fill('qwerty123');
    await page.getByLabel('Korrake uut parooli').fill('qwerty123');
    await page.getByRole('button', { name: 'Salvesta uus parool' }).click();
    await eventually(() => page.locator('#reset-password-error').innerText()).toMatch(/^See parool on liiga levinud/);

    await page.getByLabel('Uus parool', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Korrake uut parooli').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Salvesta uus parool' }).click();
    await eventually(pathOf).toBe('/login');
    await eventually(() => page.getByRole('status').filter({ hasText: 'Teie parool on muudetud.' }).first().innerText()).toBe('Teie parool on muudetud. Logige sisse uue parooliga.');
    expect(await page.getByLabel('Kasutajanimi', { exact: true }).inputValue()).toBe(USER.username);
    await page.getByLabel('Parool', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Logi sisse' }).click();
    // Signed in: the login screen is left (for / or /admin: which one is the login screen's business).
    await eventually(pathOf).not.toBe('/login');
    const session = await page.evaluate(async () => {
      const res = await fetch('/v1/session', { credentials: 'same-origin' });
      return { status: res.status, username: ((await res.json()) as { data?: { user?: { username?: string } } }).data?.user?.username };
    });
    expect(session).toEqual({ status: 200, username: USER.username });
  });

  it('says a used link is used up and offers a new one', async () => {
    // Signed out as the admin menu's Logout does it: POST /logout with the visit's CSRF token.
    expect(
      await page.evaluate(async () => {
        const token = ((await (await fetch('/v1/csrf-token', { credentials: 'same-origin' })).json()) as { data: { token: string } }).data.token;
        return (await fetch('/logout', { method: 'POST', credentials: 'same-origin', headers: { 'X-CSRF-Token': token } })).status;
      }),
    ).toBe(200);
    await page.goto(link);
    await page.getByLabel('Uus parool', { exact: true }).fill('Kolmas-Parool-2027');
    await page.getByLabel('Korrake uut parooli').fill('Kolmas-Parool-2027');
    await page.getByRole('button', { name: 'Salvesta uus parool' }).click();
    await eventually(() => page.locator('.staff-alert').innerText()).toBe('See parooli taastamise link on vale, juba kasutatud või aegunud. Palun küsige uus link.');
    await page.getByRole('link', { name: 'Küsi uus link' }).click();
    await eventually(() => page.getByLabel('Kasutajanimi või e-posti aadress').isVisible()).toBe(true);
  });
});
