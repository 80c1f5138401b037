/**
 * Unknown paths answer 404 with the app's HTML: the not-found page still renders, but search engines
 * do not index the path. Known client routes, content pages by name and category URLs answer 200; API paths keep
 * their JSON envelope. Real PostgreSQL (tests/support/shop-harness.ts) with the small fixture catalog and the seeded
 * site content; a web root holding only an index.html.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdForCode } from '../../commands/catalog/catalog-csv.js';
import { seedSiteContent } from '../../commands/site/seed-site-content.js';
import { getPage } from '../../projections/pages/queries.js';
import { createShopHarness, type ShopHarness } from '../../tests/support/shop-harness.js';

const repoRoot = path.resolve(__dirname, '../..');
const HTML = '<!doctype html><html lang="et"><head><title>Baltic Parts</title></head><body><div id="root"></div></body></html>';
let h: ShopHarness;
let app: FastifyInstance;
let webRoot: string;

beforeAll(async () => {
  h = await createShopHarness('spa_fallback');
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  await seedSiteContent(h.store, h.clock.now);
  await h.settle();
  webRoot = mkdtempSync(path.join(tmpdir(), 'spa-fallback-web-'));
  writeFileSync(path.join(webRoot, 'index.html'), HTML);
  app = await h.replica({ webRoot });
});

afterAll(async () => {
  await h?.close();
  if (webRoot) rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('the app HTML for browser paths', () => {
  it('answers 404 with the HTML for a path no client route claims', async () => {
    const unknownId = '00000000-0000-4000-8000-000000000000';
    for (const url of ['/no-such-page', '/no-such-page/here', '/en/no/such/category', '/et/no-such-page', '/products/view', '/page', '/cart/more', `/page/${unknownId}`, `/en/page/${unknownId}/terms`, '/page/no-such-page']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(HTML);
    }
  });

  it('answers 200 for the client routes, in every language prefix, and for content pages and category URLs', async () => {
    const termsId = (await getPage(h.db, 'muugitingimused', { now: h.clock.now }))!.pageId;
    const urls = [
      '/',
      '/products',
      '/products?q=filter&sort=name',
      '/tooted',
      '/et',
      '/en/',
      '/en/products',
      `/products/view/${productIdForCode('BF 1018/1')}`,
      '/searchresults?q=bf',
      '/clear-storage',
      '/cart',
      '/en/checkout',
      '/payment/abc',
      '/payment-success?order=abc',
      `/page/${termsId}/terms`,
      `/en/page/${termsId}`,
      '/page/muugitingimused',
      '/login',
      '/en/session/login',
      '/password-reset/abc123',
      '/admin',
      '/admin/users/edit/1',
      '/muugitingimused',
      '/en/muugitingimused',
      '/kontakt',
      '/et/filtrid',
      '/et/filtrid/kutusefiltrid',
      '/en/filters/',
      '/EN/Filters',
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(HTML);
    }
  });

  it('never lets a revalidation turn a 404 into an empty answer, and keeps the envelope for API paths', async () => {
    const first = await get('/no-such-page');
    expect(first.headers.etag).toBeUndefined();
    // The same security headers as the app's 200 answer (api/plugins/security-headers.ts).
    const known = await get('/products');
    expect(first.headers['content-security-policy']).toBeTruthy();
    expect(first.headers['content-security-policy']).toBe(known.headers['content-security-policy']);
    const again = await get('/no-such-page', { 'if-none-match': '*', 'if-modified-since': new Date().toUTCString() });
    expect(again.statusCode).toBe(404);
    expect(again.body).toBe(HTML);
    const api = await get('/v1/no-such-resource');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, errors: [{ code: 'not_found' }] });
  });
});
