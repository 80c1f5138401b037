/**
 * ProductList and stock through `app.inject` on real PostgreSQL and Redis: GET /v1/admin/products (search
 * by a part number typed with spaces or by name, every filter, the spec 9 back-office sorts, paging with the total),
 * POST /v1/admin/products/{id}/stock ('+10' adds, '-10' subtracts, '10' counts, never below zero, garbage refused,
 * the staff member and the reason on the events) and GET /v1/admin/products/{id}/stock-history (every movement with
 * who, change, resulting quantity and reason), behind the staff guard (401, 403, CSRF).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { listAdminProducts } from '../projections/catalog/admin-product-list.js';
import { setCriticalStockLevel } from '../commands/product/set-critical-stock-level.js';
import { setProductImages } from '../commands/product/set-product-images.js';
import { setProductVisibility } from '../commands/product/set-product-visibility.js';
import { csrfHeaders } from './support/csrf.js';
import { checkoutBody, productRow } from './support/order-test-kit.js';
import { createStaffSessions, headersOf, registerStaff, type StaffBrowser } from './support/staff-session.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';

const PASSWORD = 'Staff-Pass-2026!x';
const fixture = path.resolve(__dirname, 'fixtures/small-catalog.csv');
let h: ShopHarness;
const sessions = createStaffSessions('products-list');
const ids: Record<string, string> = {};
const BF1 = productIdForCode('BF 1018/1');
const UPLOADED = '0b8f1c52-43c8-4f0b-9c52-7f1d8f1c1e11';

type Browser = StaffBrowser;
const signedIn = (username: string): Promise<Browser> => sessions.signIn(h.app, username, PASSWORD);

let mari: Browser;
const list = async (query: string) => {
  const res = await h.app.inject({ method: 'GET', url: `/v1/admin/products?${query}`, headers: headersOf(mari) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { products: { id: string; code1: string; name: string; stock: Record<string, number>; grossCents: number | null; visibility: string; low: boolean; policy: string; image: string | null }[]; total: number; page: number; pageSize: number; warehouses: { id: string }[] };
};
const codes = async (query: string) => (await list(query)).products.map((p) => p.code1);
/** The codes a query finds, in code order (filters say which, not in what order). */
const found = async (query: string) => (await codes(query)).sort();
const CODES = ['BF 1018/1', 'BF 1018/2', 'W 712/75', 'GSK 100', 'SRV 1', 'NOPRICE 1', 'GB 200'];
/** The fixture's codes in creation order (the import runs rows concurrently): by their ProductCreated's position. */
let created: string[] = [];
const setStock = (b: Browser, productId: string, payload: unknown, lang = 'en') =>
  h.app.inject({ method: 'POST', url: `/v1/admin/products/${productId}/stock?lang=${lang}`, headers: { ...headersOf(b), 'content-type': 'application/json' }, payload: payload as object });

beforeAll(async () => {
  h = await createShopHarness('admin_products_list', { api: { sessions: sessions.deps() } });
  const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });
  Object.assign(ids, await registerStaff(h.store, [['mari', ['CLIENT']], ['adam', ['ADMIN']]], { password: PASSWORD, now: h.clock.now }));
  await h.importFile(fixture);
  // BF 1018/2 (1 in tallinn) is low at a critical level of 2; GSK 100 is hidden.
  await setCriticalStockLevel(h.store, { productId: productIdForCode('BF 1018/2'), level: 2 }, ctx());
  await setProductVisibility(h.store, { productId: productIdForCode('GSK 100'), rule: { type: 'static', state: 'hidden' } }, ctx());
  // GB 200 shows an uploaded image: the list answers its 160 px rendition.
  await setProductImages(h.store, { productId: productIdForCode('GB 200'), images: [`/files/${UPLOADED}`] }, ctx());
  await h.settle();
  mari = await signedIn('mari');
  const positions = await Promise.all(CODES.map(async (code) => [code, (await h.store.readStream(`product-${productIdForCode(code)}`)).events[0]!.globalPosition] as const));
  created = positions.sort((a, b) => (a[1] < b[1] ? -1 : 1)).map(([code]) => code);
});

afterAll(async () => {
  await h?.close();
  await sessions.cleanup();
});

describe('GET /v1/admin/products (spec 2 ProductList)', () => {
  it('needs a session (401) and products.view (403)', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/v1/admin/products' })).statusCode).toBe(401);
    const adam = await signedIn('adam');
    const res = await h.app.inject({ method: 'GET', url: '/v1/admin/products', headers: headersOf(adam) });
    expect(res.statusCode).toBe(403);
  });

  it('lists every product, services and products without a price too, newest first, with stock per warehouse', async () => {
    const all = await list('lang=en');
    expect(all.total).toBe(7);
    expect(all.products.map((p) => p.code1)).toEqual([...created].reverse());
    const bf = all.products.find((p) => p.code1 === 'BF 1018/1')!;
    expect(bf).toMatchObject({ id: BF1, name: 'Fuel filter', grossCents: 1240, stock: { tallinn: 4, tartu: 0 }, visibility: 'visible', policy: 'available', image: 'https://example.org/bf1018.jpg' });
    expect(all.warehouses.map((w) => w.id).sort()).toEqual(['tallinn', 'tartu']);
    expect((await list('lang=et')).products.find((p) => p.id === BF1)!.name).toBe('Kütusefilter');
    expect(all.products.find((p) => p.code1 === 'GB 200')!.image).toBe(`/files/${UPLOADED}/160.webp`);
  });

  it('finds a part number however it is typed, a part of it, or words of a name', async () => {
    expect(await codes('q=bf%201018%201')).toEqual(['BF 1018/1']);
    expect(await codes('q=BF-1018-1')).toEqual(['BF 1018/1']);
    expect(await found('q=bf1018')).toEqual(['BF 1018/1', 'BF 1018/2']);
    expect(await codes('q=4011558050603')).toEqual(['BF 1018/1']); // code2
    expect(await found('q=fuel%20filt')).toEqual(['BF 1018/1', 'BF 1018/2']);
    expect(await codes('q=k%C3%BCtusefilter%20l%C3%BChike')).toEqual(['BF 1018/2']);
    expect(await codes('q=zzzz')).toEqual([]);
    expect(await codes('q=%2F%2F%2F')).toEqual([]);
    // Text that means something to tsquery or LIKE finds nothing, never a 500.
    for (const q of ["a'b", 'a&b|c!d', '%_%', '½ ² ǅ', "x:*", '\\', 'a b c d e f g h i j k']) expect(await codes(`q=${encodeURIComponent(q)}`)).toEqual([]);
  });

  it('filters by category (with its subcategories), policy, visibility, stock state, no image and no category', async () => {
    const filters = (await sql<{ id: string }>`select id::text from rm_catalog.categories where doc->>'name_en' = 'Filters'`.execute(h.db)).rows[0]!;
    expect(await found(`category=${filters.id}`)).toEqual(['BF 1018/1', 'BF 1018/2', 'W 712/75']);
    expect(await codes('policy=on_demand')).toEqual(['W 712/75']);
    expect(await codes('policy=non_stock')).toEqual(['SRV 1']);
    expect(await codes('visibility=hidden')).toEqual(['GSK 100']);
    expect(await found('stock=out')).toEqual(['GSK 100', 'SRV 1']);
    expect(await codes('stock=low')).toEqual(['BF 1018/2']);
    expect(await found('stock=in')).toEqual(['BF 1018/1', 'GB 200', 'NOPRICE 1', 'W 712/75']);
    expect(await codes('noImage=1&q=bf')).toEqual(['BF 1018/2']);
    expect((await list('noImage=1')).total).toBe(5);
    expect((await list('noCategory=1')).total).toBe(0);
    expect(await codes('policy=available&stock=in&sort=price-desc')).toEqual(['GB 200', 'BF 1018/1', 'NOPRICE 1']);
  });

  it('sorts by the back-office orders of spec 9 and pages with the total', async () => {
    expect(await codes('sort=oldest')).toEqual(created);
    // Brake pads, Fitting labour, Fuel filter, Fuel filter short, Gasket without price, Gearbox, Oil filter
    expect(await codes('sort=name-asc&lang=en')).toEqual(['GSK 100', 'SRV 1', 'BF 1018/1', 'BF 1018/2', 'NOPRICE 1', 'GB 200', 'W 712/75']);
    expect(await codes('sort=name-desc&lang=en')).toEqual(['W 712/75', 'GB 200', 'NOPRICE 1', 'BF 1018/2', 'BF 1018/1', 'SRV 1', 'GSK 100']);
    // Estonian names: Halb..., Hinnata tihend, Kütusefilter, Kütusefilter lühike, Käigukast, Paigaldustöö, Piduriklotsid, Õlifilter
    expect((await codes('sort=name-asc&lang=et'))[0]).toBe('NOPRICE 1');
    expect(await codes('sort=price-asc')).toEqual(['W 712/75', 'BF 1018/2', 'BF 1018/1', 'GSK 100', 'SRV 1', 'GB 200', 'NOPRICE 1']);
    expect(await codes('sort=price-desc')).toEqual(['GB 200', 'SRV 1', 'GSK 100', 'BF 1018/1', 'BF 1018/2', 'W 712/75', 'NOPRICE 1']);
    expect((await list('sort=oldest&page=2')).products).toEqual([]);
  });

  it('pages with the total: 24 a page by default, 48 on request, no row twice', async () => {
    await h.importCatalogRows(Array.from({ length: 30 }, (_, i) => productRow(`PAGE-${String(i).padStart(2, '0')}`, { grossCents: 100 + i, stock: i % 3 })));
    await h.settle();
    const pages = await Promise.all([1, 2].map((page) => list(`sort=price-asc&page=${page}`)));
    expect(pages.map((p) => [p.products.length, p.total, p.page, p.pageSize])).toEqual([
      [24, 37, 1, 24],
      [13, 37, 2, 24],
    ]);
    const seen = pages.flatMap((p) => p.products.map((x) => x.code1));
    expect(new Set(seen).size).toBe(37);
    expect(seen.slice(0, 3)).toEqual(['PAGE-00', 'PAGE-01', 'PAGE-02']);
    expect((await list('sort=price-asc&pageSize=48')).products).toHaveLength(37);
    expect((await list('q=page&stock=out&pageSize=48')).total).toBe(10);
    expect(await list('page=3')).toMatchObject({ products: [], total: 37, page: 3 });
  });

  it('finds the same pages along the sort indexes (many matches) as by sorting the matches (few)', async () => {
    const now = new Date().toISOString();
    for (const sort of ['newest', 'oldest', 'name-asc', 'name-desc', 'price-asc', 'price-desc'] as const) {
      for (const filter of [{}, { stock: 'in' as const }, { policy: 'available' as const }]) {
        for (const page of [1, 2]) {
          const input = { ...filter, sort, page, pageSize: 24, language: 'en' as const, now };
          const sorted = await listAdminProducts(h.db as never, input);
          const indexed = await listAdminProducts(h.db as never, { ...input, sparseMatches: 0 });
          expect(indexed.products.map((p) => p.code1), `${sort} ${JSON.stringify(filter)} ${page}`).toEqual(sorted.products.map((p) => p.code1));
          expect(indexed.total).toBe(sorted.total);
        }
      }
    }
  });

  it.each([
    'sort=random', 'page=0', 'page=-1', 'page=1.5', 'page=abc', 'pageSize=25', 'pageSize=1000', 'stock=many', 'policy=free', 'visibility=gone',
    'noImage=yes', 'category=not-a-uuid', `q=${'x'.repeat(101)}`, 'q=%00', 'category=00000000-0000-0000-0000-00000000000g',
    `category=${'-'.repeat(36)}`, `category=${'a'.repeat(36)}`,
  ])('refuses %s with a 400 in the envelope, in the request\'s language', async (query) => {
    const res = await h.app.inject({ method: 'GET', url: `/v1/admin/products?lang=et&${query}`, headers: headersOf(mari) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, status: 'failure' });
    expect(res.json().errors[0]).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});

describe('POST /v1/admin/products/{id}/stock (spec 5 stock update input)', () => {
  it("'+10' adds, '-3' subtracts, '7' counts; each event names the staff member and the reason; the list follows", async () => {
    const add = await setStock(mari, BF1, { warehouse: 'tallinn', input: '+10', reason: 'Tarne 42' });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().data).toMatchObject({ productId: BF1, warehouse: 'tallinn', recorded: 'adjusted', stock: [{ warehouse: 'tallinn', available: 14, reserved: 0, onHand: 14 }, { warehouse: 'tartu', available: 0 }] });
    const take = await setStock(mari, BF1, { warehouse: 'tallinn', input: ' -3 ' });
    expect(take.json().data.stock[0]).toMatchObject({ available: 11 });
    const count = await setStock(mari, BF1, { warehouse: 'tartu', input: '7', reason: 'Inventuur' });
    expect(count.json().data).toMatchObject({ recorded: 'counted', stock: [{ warehouse: 'tallinn', available: 11 }, { warehouse: 'tartu', available: 7 }] });
    const receipt = await setStock(mari, BF1, { warehouse: 'tartu', input: '+1', receipt: true });
    expect(receipt.json().data).toMatchObject({ recorded: 'received', stock: [{}, { warehouse: 'tartu', available: 8 }] });

    const { events } = await h.store.readStream(`stock-${BF1}`);
    const mine = events.slice(-4);
    expect(mine.map((e) => [e.type, e.data])).toEqual([
      ['StockAdjusted', { productId: BF1, warehouseId: 'tallinn', delta: 10, onHand: 14, reason: 'Tarne 42' }],
      ['StockAdjusted', { productId: BF1, warehouseId: 'tallinn', delta: -3, onHand: 11 }],
      ['StockCounted', { productId: BF1, warehouseId: 'tartu', quantity: 7, onHand: 7, reason: 'Inventuur' }],
      ['StockReceived', { productId: BF1, warehouseId: 'tartu', quantity: 1, onHand: 8 }],
    ]);
    for (const e of mine) expect((e.metadata as { userId?: string }).userId).toBe(ids.mari);

    await h.settle();
    expect((await list('q=bf10181')).products[0]!.stock).toEqual({ tallinn: 11, tartu: 8 });
  });

  it('never goes below zero: 409 naming what is in stock, nothing written', async () => {
    const before = (await h.store.readStream(`stock-${BF1}`)).events.length;
    const res = await setStock(mari, BF1, { warehouse: 'tallinn', input: '-1000' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, errors: [{ code: 'stock.negative', field: 'input', message: 'Only 11 in stock in Tallinn: cannot take 1000. Stock never goes below zero.' }] });
    const et = await setStock(mari, BF1, { warehouse: 'tallinn', input: '-1000' }, 'et');
    expect(et.json().message).toContain('Laos Tallinn on ainult 11');
    expect((await h.store.readStream(`stock-${BF1}`)).events.length).toBe(before);
  });

  it.each([
    [{ warehouse: 'tallinn', input: 'abc' }, 400, 'stock.input_invalid', 'input'],
    [{ warehouse: 'tallinn', input: '1.5' }, 400, 'stock.input_not_whole', 'input'],
    [{ warehouse: 'tallinn', input: '99999999' }, 400, 'stock.input_too_large', 'input'],
    [{ warehouse: 'tallinn', input: '' }, 400, 'stock.input_invalid', 'input'],
    [{ warehouse: 'tallinn', input: '+9999999' }, 400, 'stock.quantity_invalid', 'input'],
    [{ warehouse: 'nowhere', input: '+1' }, 400, 'stock.warehouse_unknown', 'warehouse'],
    [{ warehouse: 'Tallinn!', input: '+1' }, 400, 'stock.warehouse_invalid', 'warehouse'],
    [{ warehouse: 'tallinn', input: '+1', reason: 'x'.repeat(201) }, 400, null, null],
    [{ warehouse: 'tallinn', input: 10 }, 400, null, null],
    [{ warehouse: 'tallinn' }, 400, null, null],
    [{ warehouse: 'tallinn', input: '+1\u0000' }, 400, null, null],
    [[1, 2], 400, null, null],
  ])('refuses %j (%i %s)', async (payload, status, code, field) => {
    const before = (await h.store.readStream(`stock-${BF1}`)).events.length;
    const res = await setStock(mari, BF1, payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, status: 'failure' });
    if (code) expect(res.json().errors[0]).toMatchObject({ code, field });
    expect((await h.store.readStream(`stock-${BF1}`)).events.length).toBe(before);
  });

  it('answers 404 for an unknown product, 403 without stock.edit, 403 without the CSRF token, 401 without a session', async () => {
    expect((await setStock(mari, randomUUID(), { warehouse: 'tallinn', input: '+1' })).statusCode).toBe(404);
    expect((await setStock(mari, 'not a product', { warehouse: 'tallinn', input: '+1' })).statusCode).toBe(400);
    const adam = await signedIn('adam');
    expect((await setStock(adam, BF1, { warehouse: 'tallinn', input: '+1' })).statusCode).toBe(403);
    const noCsrf = await h.app.inject({ method: 'POST', url: `/v1/admin/products/${BF1}/stock`, headers: { cookie: mari.session!, 'content-type': 'application/json' }, payload: { warehouse: 'tallinn', input: '+1' } });
    expect(noCsrf.statusCode).toBe(403);
    const anonymous = await h.app.inject({ method: 'POST', url: `/v1/admin/products/${BF1}/stock`, headers: { 'content-type': 'application/json' }, payload: { warehouse: 'tallinn', input: '+1' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /v1/admin/products/{id}/stock-history', () => {
  it('lists every movement newest first: staff with name and reason, a shopper order with its number, the import', async () => {
    const order = await h.app.inject({ method: 'POST', url: '/v1/place-order', payload: checkoutBody([{ product_id: BF1, amount: 2 }]) as object, headers: await csrfHeaders(h.app) });
    expect(order.statusCode, order.body).toBe(200);
    await h.settle();
    const res = await h.app.inject({ method: 'GET', url: `/v1/admin/products/${BF1}/stock-history?warehouse=tallinn`, headers: headersOf(mari) });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    const rows = data.movements.map((m: { kind: string; change: number; onHand: number; actor: string; username: string | null; reason: string | null }) => [m.kind, m.change, m.onHand, m.actor, m.username, m.reason]);
    expect(rows).toEqual([
      ['reserved', -2, 9, 'shopper', null, null],
      ['adjusted', -3, 11, 'staff', 'mari', null],
      ['adjusted', 10, 14, 'staff', 'mari', 'Tarne 42'],
      ['counted', 4, 4, 'system', null, null],
    ]);
    expect(data.movements[0].orderNumber).toEqual(expect.any(Number));
    expect(data.total).toBe(4);
    const tartu = (await h.app.inject({ method: 'GET', url: `/v1/admin/products/${BF1}/stock-history?warehouse=tartu`, headers: headersOf(mari) })).json().data;
    expect(tartu.movements.map((m: { kind: string; change: number; onHand: number; reason: string | null }) => [m.kind, m.change, m.onHand, m.reason])).toEqual([
      ['received', 1, 8, null],
      ['counted', 7, 7, 'Inventuur'],
      ['counted', 0, 0, null],
    ]);
    const all = (await h.app.inject({ method: 'GET', url: `/v1/admin/products/${BF1}/stock-history`, headers: headersOf(mari) })).json().data;
    expect(all.total).toBe(7);
  });

  it('answers 404 for an unknown product and 400 for garbage', async () => {
    expect((await h.app.inject({ method: 'GET', url: `/v1/admin/products/${randomUUID()}/stock-history`, headers: headersOf(mari) })).statusCode).toBe(404);
    for (const q of ['warehouse=Tallinn!', 'page=0', 'page=x', `warehouse=${'a'.repeat(70)}`]) {
      const res = await h.app.inject({ method: 'GET', url: `/v1/admin/products/${BF1}/stock-history?${q}`, headers: headersOf(mari) });
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ success: false, status: 'failure' });
    }
  });
});
