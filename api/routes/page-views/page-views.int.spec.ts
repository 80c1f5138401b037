/**
 * First-party page views (spec 7 analytics): POST /v1/page-view appends to the table `page_views`, never to the
 * event store; the path without query and with secret segments as `:token`; CSRF; 120 a minute per address; staff
 * paths and garbage refused in the envelope; the table refuses changes.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestPageViews } from '../../../platform/analytics/page-views.js';
import { csrfHeaders, type CsrfHeaders } from '../../../tests/support/csrf.js';
import { createShopHarness, type ShopHarness } from '../../../tests/support/shop-harness.js';
import { maskSecretSegments } from './index.js';

let h: ShopHarness;
let csrf: CsrfHeaders;
beforeAll(async () => {
  h = await createShopHarness('api_page_views');
  csrf = await csrfHeaders(h.app);
});
afterAll(async () => {
  await h?.close();
});

const SESSION = '3f1d7c1e-8a4b-4c55-9d0e-2b6f3a9c7e10';
const view = (body: Record<string, unknown>, over: { address?: string; headers?: Record<string, string> } = {}) =>
  h.app.inject({
    method: 'POST',
    url: '/v1/page-view?lang=en',
    headers: { ...csrf, 'content-type': 'application/json', ...over.headers },
    remoteAddress: over.address ?? '10.61.0.1',
    payload: { sessionId: SESSION, referrer: null, language: 'et', ...body },
  });
const eventCount = async () => Number((await sql<{ n: string }>`select count(*) as n from es_events`.execute(h.db)).rows[0]!.n);

describe('POST /v1/page-view', () => {
  it('appends the view to page_views (not the event store): path without query, secret segments as :token', async () => {
    const before = await eventCount();
    expect((await view({ path: '/en/products?q=filter&page=2', referrer: '/en', language: 'en' })).json()).toEqual({ success: true, status: 'success', data: true });
    expect((await view({ path: '/payment/Ab12Cd34Ef56', referrer: '/checkout?x=1' })).statusCode).toBe(200);
    expect((await view({ path: '/en/payment-success', referrer: '/en/payment/Zz99#top', language: 'en' })).statusCode).toBe(200);
    const rows = await latestPageViews(h.db, 3);
    expect(rows.map(({ path, referrerPath, language, sessionId }) => ({ path, referrerPath, language, sessionId }))).toEqual([
      { path: '/en/payment-success', referrerPath: '/en/payment/:token', language: 'en', sessionId: SESSION },
      { path: '/payment/:token', referrerPath: '/checkout', language: 'et', sessionId: SESSION },
      { path: '/en/products', referrerPath: '/en', language: 'en', sessionId: SESSION },
    ]);
    expect(rows[0]!.viewedAt).toBe(new Date(h.clock.now).toISOString());
    expect(await eventCount()).toBe(before);
    // Append-only: a row is never changed or deleted.
    await expect(sql`update page_views set path = '/x'`.execute(h.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from page_views`.execute(h.db)).rejects.toThrow(/append-only/);
  });

  it('masks password-reset and order download tokens too', () => {
    expect(maskSecretSegments('/et/password-reset/abc.def')).toBe('/et/password-reset/:token');
    expect(maskSecretSegments('/order/download/xyz?lang=en')).toBe('/order/download/:token');
    expect(maskSecretSegments('/products/view/12')).toBe('/products/view/12');
  });

  it('needs the CSRF token', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/v1/page-view?lang=en', headers: { 'content-type': 'application/json' }, payload: { sessionId: SESSION, path: '/', referrer: null, language: 'et' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('request.csrf_invalid');
  });

  it('refuses staff paths and garbage with a 400 in the envelope', async () => {
    for (const body of [
      { path: '/admin/product' },
      { path: '/en/login' },
      { path: 'https://elsewhere.example/x' },
      { path: '//elsewhere.example/x' },
      { path: '/a\u0000b' },
      { path: '/', sessionId: 'not-a-uuid' },
      { path: '/', language: 'fi' },
      { path: '/', referrer: 5 },
    ]) {
      const res = await view(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, status: 'failure', errors: expect.any(Array) });
    }
  });

  it('answers 429 after 120 views a minute from one address', async () => {
    const address = '10.61.0.200';
    const answers = [];
    for (let i = 0; i < 121; i++) answers.push(await view({ path: `/products/view/${i}` }, { address }));
    expect(answers.slice(0, 120).map((a) => a.statusCode)).toEqual(Array(120).fill(200));
    expect(answers[120]!.statusCode).toBe(429);
    expect(answers[120]!.json().message).toBe('Rate limit exceeded. Please try again later.');
    // Another address is not affected.
    expect((await view({ path: '/' }, { address: '10.61.0.201' })).statusCode).toBe(200);
  });
});
