/**
 * The Content-Security-Policy in Debian's Chromium (security headers): the built storefront's own inline scripts
 * (the clear-storage/theme script and the API preload, allowed by their sha256 hashes, api/plugins/security-headers.ts) run
 * without a single violation, while an inline script injected into the page, and an inline event handler, are
 * blocked and reported; the Swagger UI page for integrators works under the same policy. The storefront is copied from web/dist (rebuilt when stale) into a directory of this
 * test's own, so a build by another test cannot change the files under it.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { chromiumExecutable, launchChromium } from './support/browser.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';
import { patience } from './support/patience.js';

const repoRoot = path.resolve(__dirname, '..');
let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let page: Page;
let base: string;
let webDir: string;

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  webDir = await mkdtemp(path.join(tmpdir(), 'security-headers-web-'));
  await cp(path.join(repoRoot, 'web', 'dist'), webDir, { recursive: true });
  const executablePath = chromiumExecutable();
  h = await createShopHarness('security_headers');
  ({ app, base } = await serveStorefront(h, { webRoot: webDir }));
  browser = await launchChromium(executablePath);
  page = await browser.newPage();
  // Collects every CSP violation from the first moment of each document (init scripts are not subject to the CSP).
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    // effectiveDirective names the directive that applied (script-src-elem / script-src-attr) in every Chromium;
    // violatedDirective is 'script-src' in older ones when the policy has no -elem/-attr directive of its own.
    document.addEventListener('securitypolicyviolation', (e) => w.__cspViolations.push(`${e.effectiveDirective || e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
  if (webDir) await rm(webDir, { recursive: true, force: true });
});

const violations = () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

describe('Content-Security-Policy in the browser', () => {
  it("runs the page's own inline scripts without a violation", async () => {
    // The preload script (inline, allowed by its hash) added its <link rel=preload> tags on a page the browser
    // renders alone (checkout); a page rendered on the server carries its data and leaves the script out.
    const response = await page.goto(`${base}/checkout`);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.locator('main').waitFor();
    expect(await page.locator('link[rel=preload][as=fetch]').count()).toBeGreaterThan(0);
    await page.goto(`${base}/tooted`);
    await page.locator('main').waitFor();
    // The theme script (inline too) applies a stored theme before the first paint.
    await page.evaluate(() => localStorage.setItem('theme', 'ConjLight'));
    await page.reload();
    await page.locator('main').waitFor();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    expect(await violations()).toEqual([]);
  });

  it("shows the integrators' API page (Swagger UI at /v1/docs) under the same policy", async () => {
    await page.goto(`${base}/v1/docs/`);
    await expect.poll(() => page.locator('.opblock').count(), { timeout: patience(20_000) }).toBeGreaterThan(10);
    expect(await page.locator('.opblock-summary-path', { hasText: '/v1/place-order' }).count()).toBeGreaterThan(0);
    expect(await violations()).toEqual([]);
    // The staff part, chosen at the page's top: every staff operation drawn (Swagger UI stops after about 140 in one
    // document, so the page shows the document in two parts).
    await page.locator('.topbar select').selectOption({ index: 1 });
    await expect.poll(() => page.locator('.opblock-summary-path', { hasText: '/v1/admin/vehicles' }).count(), { timeout: patience(20_000) }).toBeGreaterThan(0);
    const staff = (await (await fetch(`${base}/v1/openapi/staff.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const staffOperations = Object.values(staff.paths).flatMap((item) => Object.keys(item).filter((k) => ['get', 'put', 'post', 'delete', 'patch'].includes(k)));
    await expect.poll(() => page.locator('.opblock').count(), { timeout: patience(20_000) }).toBe(staffOperations.length);
    expect(await violations()).toEqual([]);
  });

  it('blocks an injected inline script and an inline event handler, and reports them', async () => {
    await page.goto(`${base}/tooted`);
    await page.locator('main').waitFor();
    const result = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__pwned = true;';
      document.body.appendChild(script);
      // An inline handler is compiled (and refused) when its event fires: click it rather than wait for an image.
      const holder = document.createElement('div');
      holder.innerHTML = '<button type="button" onclick="window.__pwnedByHandler = true">x</button>';
      document.body.appendChild(holder);
      holder.querySelector('button')!.click();
      await new Promise((r) => setTimeout(r, 300));
      const w = window as unknown as { __pwned?: boolean; __pwnedByHandler?: boolean };
      return { pwned: w.__pwned ?? false, pwnedByHandler: w.__pwnedByHandler ?? false };
    });
    expect(result).toEqual({ pwned: false, pwnedByHandler: false });
    // Violation reports are dispatched as tasks: poll until both arrived.
    await expect.poll(async () => (await violations()).some((v) => v.startsWith('script-src-elem') && v.includes('inline')), { timeout: patience(10_000) }).toBe(true);
    await expect.poll(async () => (await violations()).some((v) => v.startsWith('script-src-attr')), { timeout: patience(10_000) }).toBe(true);
  });
});
