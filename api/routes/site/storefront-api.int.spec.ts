/**
 * The storefront's shell API over a small imported catalog and the seeded site content: GET /v1/site
 * (global fields per language with the Estonian fallback, the main menu with category drop-downs), set-language,
 * the sitemap (index, categories, products in both languages with hreflang alternates), POST
 * /v1/stock-notification (event, duplicate, bad e-mail, unknown product, rate limit) and the live stock websocket.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { categoryIdForPath, productIdForCode } from '../../../commands/catalog/catalog-csv.js';
import { setGlobalFields } from '../../../commands/site/set-global-fields.js';
import { setMenu } from '../../../commands/menu/menu-handler.js';
import { SEED_GLOBAL_FIELDS, seedSiteContent } from '../../../commands/site/seed-site-content.js';
import { receiveStock } from '../../../commands/stock/receive-stock.js';
import { toStockNotificationStreamId } from '../../../commands/stock-notification/request-stock-notification.js';
import { createShopHarness, type ShopHarness } from '../../../tests/support/shop-harness.js';
import { type CsrfHeaders, csrfHeaders } from '../../../tests/support/csrf.js';

let h: ShopHarness;
let csrf: CsrfHeaders;
const fixture = path.join(import.meta.dirname, '../../../tests/fixtures/small-catalog.csv');
const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });
const FILTERS = categoryIdForPath(['Filters']);
const BF = productIdForCode('BF 1018/1');

beforeAll(async () => {
  h = await createShopHarness('storefront_api');
  csrf = await csrfHeaders(h.app);
  await h.importFile(fixture);
  await seedSiteContent(h.store, h.clock.now);
  await setMenu(h.store, {
    entries: [
      { id: 'products', kind: 'link', label: { et: 'Tooted', en: 'Products' }, target: '/tooted' },
      { id: 'filters', kind: 'category', label: { et: 'Filtrid', en: 'Filters' }, target: FILTERS },
      { id: 'gone', kind: 'category', label: { et: 'Kadunud', en: 'Gone' }, target: randomUUID() },
      { id: 'gallery', kind: 'page', label: { et: 'Galerii', en: 'Gallery' }, target: 'gallery', hidden: true },
    ],
  }, ctx());
  await h.settle();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('GET /v1/site', () => {
  it('answers the global fields in Estonian by default and in English with lang=en', async () => {
    const et = (await h.app.inject({ url: '/v1/site' })).json();
    expect(et.data.language).toBe('et');
    expect(et.data.globalFields.address).toBe(SEED_GLOBAL_FIELDS.address.et);
    expect(et.data.globalFields.newAddressBanner).toMatch(/^Oleme kolinud/);
    const en = (await h.app.inject({ url: '/v1/site?lang=en' })).json();
    expect(en.data.globalFields.address).toBe(SEED_GLOBAL_FIELDS.address.en);
  });

  it('falls back to the Estonian value when the English one is missing', async () => {
    await setGlobalFields(h.store, { fields: { openingHours: { et: 'E–R 9–17', en: '' } } }, ctx());
    await h.settle();
    const en = (await h.app.inject({ url: '/v1/site?lang=en' })).json();
    expect(en.data.globalFields.openingHours).toBe('E–R 9–17');
  });

  it('builds the menu: links and pages as paths, categories with their subcategories, unknown categories left out', async () => {
    const body = (await h.app.inject({ url: '/v1/site?lang=en' })).json();
    const menu = body.data.menu as { kind: string; label: string; href: string; hidden: boolean; children: { label: string; href: string }[] }[];
    expect(menu.map((m) => [m.kind, m.label, m.href, m.hidden])).toEqual([
      ['link', 'Products', '/tooted', false],
      ['category', 'Filters', '/en/filters', false],
      // Spec 2 "Header": the Galerii entry carries the menu's hidden flag, in English too.
      ['page', 'Gallery', '/gallery', true],
    ]);
    expect(menu[1]!.children.map((c) => c.label).sort()).toEqual(['Fuel filters', 'Oil filters']);
    expect(menu[1]!.children.find((c) => c.label === 'Oil filters')!.href).toBe('/en/filters/oil-filters');
  });
});

describe('GET /{language}/site/set-language', () => {
  it('remembers the language in a cookie, and refuses an unknown one', async () => {
    const ok = await h.app.inject({ url: '/en/site/set-language' });
    expect(ok.statusCode).toBe(200);
    expect(String(ok.headers['set-cookie'])).toMatch(/^lang=en;/);
    const bad = await h.app.inject({ url: '/xx/site/set-language' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].code).toBe('request.language_invalid');
  });
});

describe('sitemap', () => {
  it('indexes a categories file and product files; both languages with hreflang alternates', async () => {
    const index = await h.app.inject({ url: '/sitemap.xml', headers: { host: 'shop.test' } });
    expect(index.headers['content-type']).toMatch(/application\/xml/);
    expect(index.body).toContain('<loc>http://shop.test/sitemap-categories.xml</loc>');
    expect(index.body).toContain('<loc>http://shop.test/sitemap-products-1.xml</loc>');

    const cats = (await h.app.inject({ url: '/sitemap-categories.xml', headers: { host: 'shop.test' } })).body;
    expect(cats).toContain('<loc>http://shop.test/et/filtrid/olifiltrid</loc>');
    expect(cats).toContain('<loc>http://shop.test/en/filters/oil-filters</loc>');
    expect(cats).toContain('hreflang="en" href="http://shop.test/en/filters/oil-filters"');
    // The content pages too (seeded with the site content).
    expect(cats).toContain('<loc>http://shop.test/muugitingimused</loc>');
    expect(cats).toContain('<loc>http://shop.test/en/muugitingimused</loc>');

    const products = (await h.app.inject({ url: '/sitemap-products-1.xml', headers: { host: 'shop.test' } })).body;
    expect(products).toContain(`<loc>http://shop.test/products/view/${BF}</loc>`);
    expect(products).toContain(`<loc>http://shop.test/en/products/view/${BF}</loc>`);
    expect(products).toContain(`hreflang="et" href="http://shop.test/products/view/${BF}"`);
    // Services (class service) are not products of the storefront.
    const listed = (await h.app.inject({ url: '/v1/products?pageSize=120' })).json().data.results.length;
    expect(products.match(/<url>/g)!.length).toBe(2 * listed);
    expect((await h.app.inject({ url: '/sitemap-products-2.xml' })).statusCode).toBe(404);
  });
});

describe('POST /v1/stock-notification', () => {
  // GSK 100 is out of stock (not_available, no stock); BF 1018/1 has 4 in stock.
  const OUT = productIdForCode('GSK 100');
  const post = (body: object, lang = 'en', ip = '10.0.0.1') =>
    h.app.inject({ method: 'POST', url: `/v1/stock-notification?lang=${lang}`, payload: body, remoteAddress: ip, headers: csrf });

  it('appends StockNotificationRequested, then refuses the same e-mail and product with "Notification already submitted"', async () => {
    const first = await post({ user_email: ' Mari@Example.ee ', product_id: OUT, quantity: 2 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, data: true });
    // Read the stream itself: a $all read waits for older transactions anywhere in the cluster (other test files).
    const stream = await h.store.readStream(toStockNotificationStreamId(OUT, 'mari@example.ee'));
    expect(stream.events.map((e) => [e.type, e.data])).toEqual([['StockNotificationRequested', { productId: OUT, email: 'mari@example.ee', quantity: 2, language: 'en' }]]);

    const again = await post({ user_email: 'mari@example.ee', product_id: OUT }, 'et', '10.0.0.2');
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatchObject({ code: 'stock_notification.already_submitted', message: 'Teavitus on juba esitatud.' });
    const enAgain = await post({ user_email: 'MARI@example.ee', product_id: OUT }, 'en', '10.0.0.3');
    expect(enAgain.json().errors[0].message).toBe('Notification already submitted');
  });

  it('answers a request the stock already covers at once, in the user language, and records nothing', async () => {
    const en = await post({ user_email: 'kohe@example.ee', product_id: BF, quantity: 4 }, 'en', '10.0.0.5');
    expect(en.statusCode).toBe(409);
    expect(en.json().errors[0]).toMatchObject({ code: 'stock_notification.in_stock', message: 'The product is in stock and can be ordered now. No notification is needed.' });
    const et = await post({ user_email: 'kohe@example.ee', product_id: BF }, 'et', '10.0.0.5');
    expect(et.json().errors[0].message).toBe('Toode on laos ja seda saab kohe tellida. Teavitust pole vaja.');
    expect((await h.store.readStream(toStockNotificationStreamId(BF, 'kohe@example.ee'))).exists).toBe(false);
    // More than the stock: the request is recorded.
    expect((await post({ user_email: 'kohe@example.ee', product_id: BF, quantity: 5 }, 'en', '10.0.0.5')).statusCode).toBe(200);
  });

  it('refuses a malformed e-mail and an unknown product in the envelope', async () => {
    const bad = await post({ user_email: 'mari at example', product_id: OUT }, 'en', '10.0.0.4');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, status: 'failure', errors: [{ code: 'stock_notification.email_invalid', message: 'Please enter a valid email address' }] });
    const unknown = await post({ user_email: 'jaan@example.ee', product_id: randomUUID() }, 'en', '10.0.0.4');
    expect(unknown.statusCode).toBe(404);
  });

  it('limits one address to 10 requests a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post({ user_email: `k${i}@example.ee`, product_id: OUT }, 'en', '10.9.9.9')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    const limited = await post({ user_email: 'late@example.ee', product_id: OUT }, 'en', '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0].message).toBe('Rate limit exceeded. Please try again later.');
  });
});

describe('CSRF (spec 7: every call sends a CSRF token)', () => {
  it('refuses a state-changing call without the token, or with a token of another cookie, and changes nothing', async () => {
    const body = { user_email: 'csrf@example.ee', product_id: BF };
    const none = await h.app.inject({ method: 'POST', url: '/v1/stock-notification?lang=en', payload: body, remoteAddress: '10.7.0.1' });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ success: false, status: 'failure', errors: [{ code: 'request.csrf_invalid', message: 'The request has no valid security token. Please reload the page.' }] });
    const other = await csrfHeaders(h.app);
    const mixed = await h.app.inject({ method: 'POST', url: '/v1/stock-notification?lang=et', payload: body, remoteAddress: '10.7.0.1', headers: { cookie: other.cookie, 'x-csrf-token': csrf['x-csrf-token'] } });
    expect(mixed.statusCode).toBe(403);
    expect(mixed.json().errors[0].message).toBe('Päringu turvakood puudub või on aegunud. Palun laadige leht uuesti.');
    expect((await h.store.readStream(toStockNotificationStreamId(BF, 'csrf@example.ee'))).exists).toBe(false);
    const place = await h.app.inject({ method: 'POST', url: '/v1/place-order', payload: {} });
    expect(place.statusCode).toBe(403);
  });
});

describe('GET /v1/live (websocket)', () => {
  it('pushes a stock change of a subscribed product once the projection committed it', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const address = h.app.server.address() as { port: number };
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/v1/live`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const other = productIdForCode('W 712/75');
    const messages: unknown[] = [];
    const acknowledged = new Promise<unknown>((resolve) => {
      socket.on('message', (m) => {
        const message = JSON.parse(String(m)) as { type?: string };
        if (message.type === 'subscribed') resolve(message);
        else messages.push(message);
      });
    });
    socket.send(JSON.stringify({ subscribe: [BF] }));
    // The server acknowledges the subscription: a stock change committed after that is pushed.
    expect(await acknowledged).toEqual({ type: 'subscribed', productIds: [BF] });
    await receiveStock(h.store, { productId: other, warehouseId: 'tallinn', quantity: 1 }, ctx());
    await receiveStock(h.store, { productId: BF, warehouseId: 'tallinn', quantity: 3 }, ctx());
    await h.settle();
    await expect.poll(() => messages.length).toBeGreaterThan(0);
    socket.close();
    expect(messages).toEqual([{ type: 'stock', productIds: [BF] }]);
    const product = (await h.app.inject({ url: `/product/view/${BF}` })).json().data;
    expect(product.availableForSale).toBe(7);
  });
});
