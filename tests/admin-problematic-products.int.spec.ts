/**
 * The ProblematicProductsList api (spec 2 "Admin area") through `app.inject` on real PostgreSQL and Redis: GET
 * /v1/admin/products/problematic for each kind (problematic with its reasons, stale with a chosen N, outdated at the
 * edge of "ends exactly now", popular over the last 30 days, low stock at and below the critical level, without a
 * category), decided at the app clock's `now`; paging; the static path beside the products-list plugin's
 * /products/{id}; the read model rebuilt identically; 401 / 403 from the staff guard; garbage 400 in the request's
 * language.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProblematicProductsResponse } from '../api/contracts/admin-problematic-products.js';
import { problematicProductsResponseSchema } from '../api/contracts/admin-problematic-products.js';
import { type ImportRow, productIdForCode } from '../commands/catalog/catalog-csv.js';
import { setupDelivery } from '../commands/delivery/setup-delivery.js';
import { changeProductPrice } from '../commands/product/change-product-price.js';
import { setCriticalStockLevel } from '../commands/product/set-critical-stock-level.js';
import { setProductVisibility } from '../commands/product/set-product-visibility.js';
import type { VisibilityRule } from '../domain/product/visibility.js';
import { adminProblematicProductsRoutes } from '../api/routes/admin/problematic-products.js';
import type { ApiDeps } from '../api/plugins/deps.js';
import { hashReadModel, rebuildReadModel } from '../projections/read-model.js';
import { problematicProductsReadModel } from '../projections/problematic-products/writer.js';
import { csrfHeaders } from './support/csrf.js';
import { checkoutBody } from './support/order-test-kit.js';
import { cookieOf, createStaffSessions, registerStaff } from './support/staff-session.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';

const PASSWORD = 'Problematic-Pass-2026!';
const NOW = '2026-11-22T10:00:00.000Z';
let h: ShopHarness;
const sessions = createStaffSessions('problematic-products');
const ctx = (now: string) => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now });
const id = productIdForCode;

let line = 2;
/** A product with nothing wrong (priced, described in both languages, an image, a category, in stock), then `over`. */
function row(code1: string, over: Partial<ImportRow> = {}): ImportRow {
  return {
    line: line++,
    productId: id(code1),
    code1,
    code2: null,
    names: { et: `Toode ${code1}`, en: `Product ${code1}` },
    descriptions: { et: `Kirjeldus ${code1}`, en: `Description ${code1}` },
    categoryPath: [{ id: 'c0a8e7a4-1111-4d1e-9a55-000000000001', et: 'Filtrid', en: 'Filters' }],
    grossCents: 1240,
    stock: { tallinn: 5 },
    unit: 'pcs',
    policy: 'available',
    deliveryDays: null,
    bigProduct: false,
    productClass: 'product',
    attributes: [],
    oeNumbers: [],
    vehicles: [],
    images: [`https://example.org/${encodeURIComponent(code1)}.jpg`],
    ...over,
  };
}

const signIn = async (username: string): Promise<string> => cookieOf(await sessions.signIn(h.app, username, PASSWORD));

let staff: string;
const get = (url: string, cookie: string | null = staff) => h.app.inject({ url, headers: cookie ? { cookie } : {} });
async function page(query: string): Promise<ProblematicProductsResponse> {
  const res = await get(`/v1/admin/products/problematic?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return problematicProductsResponseSchema.parse(res.json().data);
}
const codes = (p: ProblematicProductsResponse) => p.rows.map((r) => r.code1);
const reasonsOf = (p: ProblematicProductsResponse, code: string) => p.rows.find((r) => r.code1 === code)?.reasons;

async function order(items: [string, number][], at: string) {
  h.clock.now = at;
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/place-order',
    payload: checkoutBody(items.map(([code, amount]) => ({ product_id: id(code), amount }))) as object,
    headers: await csrfHeaders(h.app),
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  h = await createShopHarness('admin_problematic_products', { api: { sessions: sessions.deps() } });
  await registerStaff(h.store, [['dash.staff', ['CLIENT']], ['dash.admin', ['ADMIN']]], { password: PASSWORD, now: NOW });
  await setupDelivery(h.store, NOW);
  // Last changed in May: stale at 180 days on 22 November (changed on 1 May), not at 300.
  h.clock.now = '2026-05-01T10:00:00.000Z';
  await h.importCatalogRows([row('OLD-1')]);
  h.clock.now = '2026-11-20T10:00:00.000Z';
  await h.importCatalogRows([
    row('GOOD-1'),
    row('NOPRICE-1', { grossCents: null }),
    row('ZERO-1', { grossCents: 0 }),
    row('OUT-1', { policy: 'not_available', stock: { tallinn: 0 } }),
    row('ONDEMAND-1', { policy: 'on_demand', stock: { tallinn: 0 } }),
    row('NODESC-1', { descriptions: { et: 'Ainult eesti keeles', en: '' }, images: [] }),
    row('HIDDEN-1', { grossCents: null }),
    row('LOW-1', { stock: { tallinn: 2 } }),
    row('LOW-EDGE', { stock: { tallinn: 3 } }),
    row('LOW-NOT', { stock: { tallinn: 4 } }),
    row('NOCAT-1', { categoryPath: [] }),
    row('ENDED-1'),
    row('ENDSNOW-1'),
    row('POP-A', { stock: { tallinn: 100 } }),
    row('POP-B', { stock: { tallinn: 100 } }),
    row('POP-OLD', { stock: { tallinn: 100 } }),
  ]);
  const at = ctx('2026-11-20T10:00:00.000Z');
  await setProductVisibility(h.store, { productId: id('HIDDEN-1'), rule: { type: 'static', state: 'hidden' } }, at);
  for (const [code, level] of [['LOW-1', 3], ['LOW-EDGE', 3], ['LOW-NOT', 3]] as const) await setCriticalStockLevel(h.store, { productId: id(code), level }, ctx(at.now));
  const range = (rangeTo: string): VisibilityRule => ({ type: 'timeRange', rangeFrom: '2026-11-01T00:00:00.000Z', rangeTo, stateInRange: 'visible', stateOutRange: 'hidden' });
  await setProductVisibility(h.store, { productId: id('ENDED-1'), rule: range('2026-11-21T00:00:00.000Z') }, ctx(at.now));
  await setProductVisibility(h.store, { productId: id('ENDSNOW-1'), rule: range(NOW) }, ctx(at.now));
  // Orders: 40 days before now (outside the 30 days) and within them. Placing an order reads the catalog read model,
  // so it must hold the products first.
  await h.settle();
  await order([['POP-OLD', 9]], '2026-10-13T10:00:00.000Z');
  await order([['POP-A', 1], ['POP-B', 5]], '2026-11-10T10:00:00.000Z');
  await order([['POP-A', 2]], '2026-11-21T10:00:00.000Z');
  h.clock.now = NOW;
  await h.settle();
  staff = await signIn('dash.staff');
});

afterAll(async () => {
  await h?.close();
  await sessions.cleanup();
});

describe('GET /v1/admin/products/problematic', () => {
  it('lists problematic products with their reasons (no price vs price 0, out of stock, descriptions, image, hidden)', async () => {
    const p = await page('kind=problematic&pageSize=120');
    expect(reasonsOf(p, 'NOPRICE-1')).toEqual([{ code: 'visible_not_purchasable' }, { code: 'no_price' }]);
    expect(reasonsOf(p, 'ZERO-1')).toEqual([{ code: 'zero_price' }]);
    expect(reasonsOf(p, 'OUT-1')).toEqual([{ code: 'visible_not_purchasable' }]);
    expect(reasonsOf(p, 'NODESC-1')).toEqual([{ code: 'no_description_en' }, { code: 'no_image' }]);
    // Hidden: not "visible but not purchasable", still without a price.
    expect(reasonsOf(p, 'HIDDEN-1')).toEqual([{ code: 'no_price' }]);
    for (const fine of ['GOOD-1', 'ONDEMAND-1', 'OLD-1', 'LOW-NOT']) expect(codes(p)).not.toContain(fine);
    // Postage products (the delivery fee lines) are never listed, though they have no image.
    expect(p.rows.some((r) => r.code1.startsWith('postikulu'))).toBe(false);
    // Visible-but-not-purchasable first.
    expect(p.rows[0].reasons[0]).toEqual({ code: 'visible_not_purchasable' });
    expect(p.total).toBe(p.rows.length);
    expect(p.counts.problematic).toBe(p.total);
    const noPrice = p.rows.find((r) => r.code1 === 'NOPRICE-1')!;
    expect(noPrice).toMatchObject({ id: id('NOPRICE-1'), name: 'Toode NOPRICE-1', grossCents: null, visibility: 'visible' });
  });

  it('names products in the request language', async () => {
    const p = await page('kind=problematic&pageSize=120&lang=en');
    expect(p.rows.find((r) => r.code1 === 'NOPRICE-1')?.name).toBe('Product NOPRICE-1');
  });

  it('lists stale products for the chosen number of days, oldest change first', async () => {
    const p = await page('kind=stale');
    expect(codes(p)).toEqual(['OLD-1']);
    expect(p.rows[0].reasons).toEqual([{ code: 'stale', changedAt: '2026-05-01T10:00:00.000Z' }]);
    expect(p.days).toBe(180);
    expect(codes(await page('kind=stale&days=300'))).toEqual([]);
    expect(codes(await page('kind=stale&days=1'))).toContain('GOOD-1');
  });

  it('lists products whose visibility rule ended; one ending exactly now is not yet outdated', async () => {
    const p = await page('kind=outdated');
    expect(codes(p)).toEqual(['ENDED-1']);
    expect(p.rows[0].reasons).toEqual([{ code: 'outdated', endedAt: '2026-11-21T00:00:00.000Z' }]);
    // A millisecond later it has ended too.
    h.clock.now = '2026-11-22T10:00:00.001Z';
    try {
      expect(codes(await page('kind=outdated'))).toEqual(['ENDSNOW-1', 'ENDED-1']);
    } finally {
      h.clock.now = NOW;
    }
  });

  it('lists the most ordered products of the last 30 days', async () => {
    const p = await page('kind=popular');
    expect(p.rows.map((r) => [r.code1, r.reasons])).toEqual([
      ['POP-B', [{ code: 'popular', units: 5, orders: 1 }]],
      ['POP-A', [{ code: 'popular', units: 3, orders: 2 }]],
    ]);
    // 30 days on, only the latest order counts.
    h.clock.now = '2026-12-15T10:00:00.000Z';
    try {
      expect((await page('kind=popular')).rows.map((r) => [r.code1, r.reasons])).toEqual([['POP-A', [{ code: 'popular', units: 2, orders: 1 }]]]);
    } finally {
      h.clock.now = NOW;
    }
  });

  it('lists low stock at or below the critical level, never without a level', async () => {
    const p = await page('kind=low-stock');
    expect(p.rows.map((r) => [r.code1, r.reasons])).toEqual([
      ['LOW-1', [{ code: 'low_stock', stock: 2, level: 3 }]],
      ['LOW-EDGE', [{ code: 'low_stock', stock: 3, level: 3 }]],
    ]);
  });

  it('lists products without a category', async () => {
    const p = await page('kind=no-category');
    expect(codes(p)).toEqual(['NOCAT-1']);
    expect(p.rows[0].reasons).toEqual([{ code: 'no_category' }]);
  });

  it('counts every kind and pages', async () => {
    const first = await page('kind=problematic&pageSize=24');
    expect(first.counts).toEqual({ problematic: first.total, stale: 1, outdated: 1, popular: 2, 'low-stock': 2, 'no-category': 1 });
    expect(await page('kind=problematic&page=2&pageSize=24')).toMatchObject({ page: 2, rows: [] });
  });

  it('follows a change at once: setting a price takes the product off "no price"', async () => {
    await changeProductPrice(h.store, { productId: id('NOPRICE-1'), grossCents: 990, vatRatePercent: 24 }, ctx(NOW));
    await h.settle();
    expect(codes(await page('kind=problematic&pageSize=120'))).not.toContain('NOPRICE-1');
  });

  it('is rebuilt from the events with identical rows', async () => {
    const live = await hashReadModel(h.db, problematicProductsReadModel);
    await rebuildReadModel(h.db, h.store, problematicProductsReadModel);
    expect(await hashReadModel(h.db, problematicProductsReadModel)).toBe(live);
    expect(codes(await page('kind=low-stock'))).toEqual(['LOW-1', 'LOW-EDGE']);
  });

  it('answers /products/problematic even beside a /products/{id} route registered first (static segments win)', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.get('/v1/admin/products/:id', async (request) => ({ product: (request.params as { id: string }).id }));
    await app.register(adminProblematicProductsRoutes, { prefix: '/v1/admin', deps: { db: h.db, now: () => NOW } as unknown as ApiDeps });
    try {
      const res = await app.inject('/v1/admin/products/problematic?kind=no-category');
      expect(res.statusCode, res.body).toBe(200);
      expect(codes(problematicProductsResponseSchema.parse(res.json().data))).toEqual(['NOCAT-1']);
      expect((await app.inject(`/v1/admin/products/${id('GOOD-1')}`)).json()).toEqual({ product: id('GOOD-1') });
    } finally {
      await app.close();
    }
  });

  it('answers 401 without a session and 403 without products.view', async () => {
    expect((await get('/v1/admin/products/problematic', null)).statusCode).toBe(401);
    const admin = await signIn('dash.admin'); // ADMIN alone has no products.view
    const res = await get('/v1/admin/products/problematic', admin);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('forbidden');
  });

  it.each([
    ['kind=everything', 'kind', 'problematic_products.kind_invalid'],
    ['kind=', 'kind', 'problematic_products.kind_invalid'],
    ['days=0', 'days', 'problematic_products.days_invalid'],
    ['days=1e3', 'days', 'problematic_products.days_invalid'],
    ['days=-5', 'days', 'problematic_products.days_invalid'],
    ['page=0', 'page', 'request.page_invalid'],
    ['pageSize=1000', 'pageSize', 'request.page_size_invalid'],
    ['kind=stale&kind=outdated', 'kind', 'problematic_products.kind_invalid'],
    ['page=1.5', 'page', 'request.page_invalid'],
    ['pageSize=abc', 'pageSize', 'request.page_size_invalid'],
    [`kind=${'x'.repeat(5000)}`, 'kind', 'problematic_products.kind_invalid'],
  ])('refuses garbage %#: %.40s with a 400 in the envelope', async (query, field, code) => {
    const res = await get(`/v1/admin/products/problematic?${query}&lang=en`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors: [{ code, field }] });
  });

  it('answers the error in the request language', async () => {
    const et = await get('/v1/admin/products/problematic?kind=x');
    expect(et.json().errors[0].message).toMatch(/^Tundmatu loend/);
    const en = await get('/v1/admin/products/problematic?kind=x&lang=en');
    expect(en.json().errors[0].message).toMatch(/^Unknown list/);
  });
});
