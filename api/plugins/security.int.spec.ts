/**
 * The api's security rules (conventions 14: parse, then act), each checked through `app.inject` on real PostgreSQL and Redis: rate limits of
 * POST /v1/place-order per address and per e-mail (Redis counters shared by two app replicas), 5,000-deep JSON, NUL
 * bytes (400, no order number drawn), amounts that are not whole numbers, the unknown payment token (404 at once,
 * no-store), framework errors (414, 413, 415, bad URL) in the envelope, security headers on API answers and on
 * index.html, HSTS and the Secure CSRF cookie under an https PUBLIC_URL, and the staff prefix's guard.
 */
import { randomUUID } from 'node:crypto';
import { connect, type AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdForCode } from '../../commands/catalog/catalog-csv.js';
import { setupDelivery } from '../../commands/delivery/setup-delivery.js';
import { createShopHarness, type ShopHarness } from '../../tests/support/shop-harness.js';
import { type CsrfHeaders, csrfHeaders } from '../../tests/support/csrf.js';
import { jsonDepth } from './json-body.js';
import { inlineScriptHashes } from './security-headers.js';
import { checkoutBody, productRow } from '../../tests/support/order-test-kit.js';

let h: ShopHarness;
let csrf: CsrfHeaders;
let redis: Redis;
let nextIp = 0;
/** A fresh client address per request (the per-address limit is 3). */
const freshIp = () => `10.9.${Math.floor(++nextIp / 250)}.${(nextIp % 250) + 1}`;
const nameSpace = `test-rate-limit-${randomUUID()}:`;
const id = productIdForCode;

const post = async (body: unknown, options: { ip?: string; url?: string; headers?: Record<string, string> } = {}) => {
  const res = await h.app.inject({
    method: 'POST',
    url: options.url ?? '/v1/place-order?lang=en',
    payload: typeof body === 'string' ? body : (body as object),
    headers: { ...csrf, 'content-type': 'application/json', ...options.headers },
    remoteAddress: options.ip ?? '10.0.0.1',
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};

/** The order-number sequence's last value (and whether it was drawn at all). */
const lastOrderNumber = async () => (await sql<{ last_value: string; is_called: boolean }>`select last_value::text, is_called from order_number_seq`.execute(h.db)).rows[0];

beforeAll(async () => {
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
  h = await createShopHarness('api_security', {
    api: {
      vatRatePercent: 24,
      rateLimits: { redis, nameSpace, placeOrder: { perIp: { max: 3, windowMs: 60_000 }, perEmail: { max: 2, windowMs: 60_000 } } },
    },
  });
  csrf = await csrfHeaders(h.app);
  const report = await h.importCatalogRows([productRow('SEC-1', { grossCents: 1000, stock: 1000 })]);
  expect(report.errors).toEqual([]);
  await setupDelivery(h.store, h.clock.now);
  await h.settle();
});
afterAll(async () => {
  await h?.close();
  const keys = await redis.keys(`${nameSpace}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

const order = (email: string, amount: unknown = 1) => checkoutBody([{ product_id: id('SEC-1'), amount: amount as number }], { client: { email } });

describe('rate limits of POST /v1/place-order', () => {
  it('limits one address (counted in Redis, by every replica) and answers 429 in the envelope in the request language', async () => {
    const ip = '10.1.1.1';
    expect((await post(order('a1@example.ee'), { ip })).status).toBe(200);
    expect((await post(order('a2@example.ee'), { ip })).status).toBe(200);
    // A second replica of the api on the same Redis counts towards the same limit.
    const replica = await h.replica(); // the same limits, counted in the same Redis
    try {
      const replicaCsrf = await csrfHeaders(replica);
      const third = await replica.inject({ method: 'POST', url: '/v1/place-order?lang=en', payload: order('a3@example.ee'), headers: replicaCsrf, remoteAddress: ip });
      expect(third.statusCode).toBe(200);
      const fourth = await replica.inject({ method: 'POST', url: '/v1/place-order?lang=en', payload: order('a4@example.ee'), headers: replicaCsrf, remoteAddress: ip });
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toMatchObject({ success: false, status: 'failure', message: 'Rate limit exceeded. Please try again later.', errors: [{ code: 'rate_limited' }] });
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await replica.close();
    }
    const estonian = await post(order('a5@example.ee'), { ip, url: '/v1/place-order?lang=et' });
    expect(estonian.status).toBe(429);
    expect(estonian.body.message).toBe('Liiga palju päringuid. Palun proovige hiljem uuesti.');
    expect((await redis.keys(`${nameSpace}*`)).length).toBeGreaterThan(0);
    // Another address is not limited.
    expect((await post(order('a6@example.ee'), { ip: '10.1.1.2' })).status).toBe(200);
  });

  it('lets orders through uncounted while Redis is unreachable (the shop stays open)', async () => {
    const down = new Redis('redis://127.0.0.1:1', { connectTimeout: 200, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    down.on('error', () => {});
    const app = await h.replica({ rateLimits: { redis: down, nameSpace, placeOrder: { perIp: { max: 1, windowMs: 60_000 }, perEmail: { max: 1, windowMs: 60_000 } } } });
    try {
      const headers = await csrfHeaders(app);
      for (const email of ['down1@example.ee', 'down2@example.ee']) {
        const res = await app.inject({ method: 'POST', url: '/v1/place-order?lang=en', payload: order(email), headers, remoteAddress: '10.10.0.1' });
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await app.close();
      down.disconnect();
    }
  });

  it('limits one e-mail address whatever its case and spaces, from any address', async () => {
    expect((await post(order('limit@example.ee'), { ip: '10.2.0.1' })).status).toBe(200);
    expect((await post(order(' Limit@Example.ee '), { ip: '10.2.0.2' })).status).toBe(200);
    const third = await post(order('LIMIT@example.ee'), { ip: '10.2.0.3' });
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ success: false, message: 'Rate limit exceeded. Please try again later.', errors: [{ code: 'rate_limited' }] });
    expect((await post(order('other@example.ee'), { ip: '10.2.0.4' })).status).toBe(200);
  });
});

describe('bad input answers 400 in the envelope, never 500', () => {
  it('JSON nested 5,000 deep', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    expect(jsonDepth(deep)).toBe(5000);
    const res = await post(`{"items":${deep}}`, { ip: '10.3.0.1' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, status: 'failure', errors: [{ code: 'request.too_deep' }] });
    // Brackets inside strings do not count.
    expect(jsonDepth('{"a":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}')).toBe(1);
  });

  it.each([
    ['a name', { client: { first_name: 'Ma\u0000ri' } }, 'client.first_name'],
    ['a comment', { order: { delivery_user_comment: 'x\u0000' } }, 'order.delivery_user_comment'],
    ['an e-mail', { client: { email: 'mari\u0000@example.ee' } }, 'client.email'],
  ])('a NUL byte in %s, without using up an order number', async (_what, over, field) => {
    const before = await lastOrderNumber();
    const base = checkoutBody([{ product_id: id('SEC-1'), amount: 1 }], { client: { email: `nul-${randomUUID()}@example.ee` } });
    const body = { ...base, client: { ...base.client, ...(over as { client?: object }).client }, order: { ...base.order, ...(over as { order?: object }).order } };
    const res = await post(body, { ip: freshIp() });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ code: 'request.invalid', field })]);
    expect(await lastOrderNumber()).toEqual(before);
  });

  it.each([[true], [[1]], ['1e2'], ['1.0'], [' 1'], [1.5], [0]])('amount %j', async (amount) => {
    const res = await post(order(`amount-${randomUUID()}@example.ee`, amount), { ip: freshIp() });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ code: 'request.invalid', field: 'items.0.amount' })]);
  });

  it('takes an amount as an integer or a string of digits', async () => {
    const res = await post(order(`digits-${randomUUID()}@example.ee`, '3'), { ip: '10.6.0.1' });
    expect(res.status).toBe(200);
    expect(res.body.data.order.rows[0]).toMatchObject({ code: 'SEC-1', quantity: 3 });
  });

  it('a NUL byte in a search', async () => {
    const res = await h.app.inject({ url: '/v1/products?q=a%00b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, status: 'failure' });
  });
});

describe('framework errors in the envelope', () => {
  it('414 for a path parameter too long', async () => {
    const res = await h.app.inject({ url: `/v1/payment/${'a'.repeat(300)}?lang=en` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ success: false, status: 'failure', errors: [{ code: 'request.url_too_long', message: 'The request URL is too long.' }] });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('400 for a malformed URL, 413 for a body too large, 415 for an unknown body type', async () => {
    const bad = await h.app.inject({ url: '/v1/payment/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, status: 'failure', errors: [{ code: 'request.invalid' }] });
    const large = await post(`{"items":[],"x":"${'a'.repeat(1_100_000)}"}`, { ip: '10.7.0.1' });
    expect(large.status).toBe(413);
    expect(large.body).toMatchObject({ success: false, status: 'failure', errors: [{ code: 'request.too_large' }] });
    const xml = await post('<order/>', { ip: '10.7.0.2', headers: { 'content-type': 'application/xml' } });
    expect(xml.status).toBe(415);
    expect(xml.body).toMatchObject({ success: false, status: 'failure', errors: [{ code: 'request.media_type_unsupported' }] });
  });
});

describe('client errors before Fastify (malformed HTTP, headers too large) in the envelope', () => {
  it('431 for headers over the size limit, 400 for a malformed request line, both with the security headers', async () => {
    const app = await h.replica();
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const raw = (text: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => socket.write(text));
          let answer = '';
          socket.on('data', (d) => (answer += d.toString('utf8')));
          socket.on('close', () => resolve(answer));
          socket.on('error', reject);
        });
      const big = await raw(`GET /v1/site HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(big).toMatch(/^HTTP\/1\.1 431 /);
      expect(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false, status: 'failure', errors: [{ code: 'request.too_large' }] });
      const malformed = await raw('GARBAGE\r\n\r\n');
      expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(malformed.slice(malformed.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false, status: 'failure', errors: [{ code: 'request.invalid' }] });
      // Both carry the security headers of every other answer (CSP, frame and sniffing rules).
      for (const answer of [big, malformed]) {
        const head = answer.slice(0, answer.indexOf('\r\n\r\n')).toLowerCase();
        expect(head).toContain("content-security-policy: default-src 'none'; frame-ancestors 'none'");
        expect(head).toContain('x-frame-options: deny');
        expect(head).toContain('x-content-type-options: nosniff');
        expect(head).toContain('referrer-policy: strict-origin-when-cross-origin');
      }
    } finally {
      await app.close();
    }
  });
});

describe('GET /v1/payment/{token}', () => {
  it('answers an unknown token 404 at once, and never lets a cache keep an order', async () => {
    // Not timed here (a loaded machine makes any limit flaky): findOrderByToken answers an unknown token once the
    // orders read model has caught up, without waiting READ_MODEL_WAIT_MS.
    const res = await h.app.inject({ url: `/v1/payment/${'x'.repeat(32)}?lang=en` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, errors: [{ code: 'order.not_found' }] });
    expect(res.headers['cache-control']).toBe('no-store');

    const placed = await post(order(`pay-${randomUUID()}@example.ee`), { ip: '10.8.0.1' });
    expect(placed.status).toBe(200);
    // The lookup waits at most READ_MODEL_WAIT_MS for the orders read model; on a loaded machine the projector can be
    // later than that, so the test lets it catch up first.
    await h.settle();
    const found = await h.app.inject({ url: `/v1/payment/${placed.body.data.order.public_token}` });
    expect(found.statusCode).toBe(200);
    expect(found.headers['cache-control']).toBe('no-store');
  });
});

describe('security headers', () => {
  it('on an API answer: CSP without inline script, frame-ancestors none, nosniff, Referrer-Policy; no HSTS over http', async () => {
    const res = await h.app.inject({ url: '/v1/csrf-token' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
    // Images of the shop only (and data: for the favicon): no tracking pixel of another site loads.
    expect(csp.split(';').map((d) => d.trim())).toContain("img-src 'self' data:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(String(res.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
    // Errors too.
    const missing = await h.app.inject({ url: '/v1/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });

  it("on index.html: the CSP allows exactly the page's inline scripts by hash; https adds HSTS and a Secure CSRF cookie", async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'shop-web-'));
    const inline = "document.documentElement.dataset.theme='dark';";
    writeFileSync(path.join(webRoot, 'index.html'), `<!doctype html><html><head><script>${inline}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`);
    const app = await h.replica({ webRoot, publicUrl: 'https://shop.example' });
    try {
      const page = await app.inject({ url: '/tooted' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      const csp = String(page.headers['content-security-policy']);
      const [hash] = inlineScriptHashes(`<script>${inline}</script>`);
      expect(csp).toContain(hash);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const token = await app.inject({ url: '/v1/csrf-token' });
      expect(String(token.headers['set-cookie'])).toMatch(/;\s*Secure/i);
      const language = await app.inject({ url: '/en/site/set-language' });
      expect(String(language.headers['set-cookie'])).toMatch(/^lang=en;.*;\s*Secure/i);
    } finally {
      await app.close();
    }
  });
});
