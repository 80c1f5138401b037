/**
 * The read API over a small imported catalog (tests/fixtures/small-catalog.csv): listing rules (spec 5), search
 * (part numbers however typed, names in either language, one typo), filters exact before partial, facets,
 * paging headers, visibility (spec 4), bad input (400 in the envelope), SearchPerformed events, idempotent import.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveCategory } from '../../../commands/category/move-category.js';
import { adjustStock } from '../../../commands/stock/adjust-stock.js';
import { setFilterLabels } from '../../../commands/filter/set-filter-labels.js';
import { setProductVisibility } from '../../../commands/product/set-product-visibility.js';
import { productIdForCode } from '../../../commands/catalog/catalog-csv.js';
import type { VisibilityRule } from '../../../domain/product/visibility.js';
import { catalogReadModel } from '../../../projections/catalog/writer.js';
import { rebuildReadModel } from '../../../projections/read-model.js';
import { createShopHarness, type ShopHarness } from '../../../tests/support/shop-harness.js';
import { envelopeSchema, productListResponseSchema, searchResponseSchema } from '../../contracts/catalog.js';

const fixture = path.resolve(__dirname, '../../../tests/fixtures/small-catalog.csv');
let h: ShopHarness;

const get = async (url: string) => {
  const res = await h.app.inject(url);
  const body = res.json();
  // The listing routes serialize without checking at run time (plainJsonSerializer): every answer here is checked
  // against the contract instead.
  if (res.statusCode === 200 && url.startsWith('/v1/products?')) envelopeSchema(productListResponseSchema).parse(body);
  if (res.statusCode === 200 && url.startsWith('/v1/search')) envelopeSchema(searchResponseSchema).parse(body);
  return { status: res.statusCode, headers: res.headers, body };
};
const codes = (body: { data: { results: { code1: string }[] } }) => body.data.results.map((p) => p.code1);

beforeAll(async () => {
  h = await createShopHarness('products');
  const report = await h.importFile(fixture);
  expect(report.errors.map((e) => e.line)).toEqual([9, 10, 11]);
  await h.settle();
});
afterAll(async () => {
  await h?.close();
});

describe('catalog import', () => {
  it('reports bad rows by line number and imports the good ones', async () => {
    const { body } = await get('/v1/products?pageSize=24&sort=id');
    expect(codes(body).sort()).toEqual(['BF 1018/1', 'BF 1018/2', 'GB 200', 'GSK 100', 'W 712/75']);
    // Creation order both ways.
    expect(codes((await get('/v1/products?sort=-id')).body)).toEqual(codes(body).reverse());
  });

  it('appends nothing when the same file is imported again', async () => {
    const before = await h.store.headCheckpoint();
    const again = await h.importFile(fixture);
    expect(again.imported).toBe(7);
    expect(again.appended).toBe(0);
    expect(await h.store.headCheckpoint()).toBe(before);
  });
});

describe('GET /v1/products', () => {
  it('sends the list compressed when the browser accepts it (brotli, else gzip), the same JSON as uncompressed', async () => {
    const plain = await h.app.inject({ url: '/v1/products?pageSize=24&sort=id', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await h.app.inject({ url: '/v1/products?pageSize=24&sort=id', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    const gz = await h.app.inject({ url: '/v1/search?q=filter', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const gzPlain = await h.app.inject({ url: '/v1/search?q=filter', headers: { 'accept-encoding': 'identity' } });
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(gzPlain.json());
  });

  it('lists only priced products of the product class, newest change first, with paging headers', async () => {
    const { status, headers, body } = await get('/v1/products');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.status).toBe('success');
    expect(codes(body)).not.toContain('SRV 1');
    expect(codes(body)).not.toContain('NOPRICE 1');
    expect(headers['x-pagination-total-count']).toBe('5');
    expect(headers['x-pagination-page-count']).toBe('1');
    expect(headers['x-pagination-current-page']).toBe('1');
    expect(headers['x-pagination-per-page']).toBe('24');
  });

  it('shows the price with VAT as gross and net, and availability per spec 4', async () => {
    const { body } = await get('/v1/products?q=BF1018/1');
    const p = body.data.results[0];
    expect(p).toMatchObject({ code1: 'BF 1018/1', price: '12.40', price_wo_vat: '10.00', priceCents: 1240, available_in: 0, availableForSale: 4, hasLimitedAmount: true });
    expect(p.stock[0]).toEqual({ warehouse: null, amount: '4.000' });
    expect(p.categories.map((c: { name: string }) => c.name)).toEqual(['Filtrid › Kütusefiltrid']);
    const onDemand = (await get('/v1/products?q=W712/75')).body.data.results[0];
    expect(onDemand).toMatchObject({ code1: 'W 712/75', available_in: -1, hasLimitedAmount: false });
    const notInStock = (await get('/v1/products?q=GSK100')).body.data.results[0];
    expect(notInStock).toMatchObject({ available_in: -2, availableForSale: 0 });
    const deliveryDays = (await get('/v1/products?q=GB200')).body.data.results[0];
    expect(deliveryDays).toMatchObject({ available_in: 0, big_product: true });
  });

  it.each(['BF1018/1', 'bf 1018 1', 'BF10181', 'bf-1018-1'])('finds a part number typed as %s and ranks the exact match first', async (q) => {
    const { body } = await get(`/v1/products?q=${encodeURIComponent(q)}`);
    expect(codes(body)[0]).toBe('BF 1018/1');
  });

  it('ranks an exact part-number match first even under another sort', async () => {
    const { body } = await get(`/v1/products?q=${encodeURIComponent('BF 1018/2')}&sort=-total_price`);
    expect(codes(body)[0]).toBe('BF 1018/2');
  });

  it('finds OE cross-reference numbers', async () => {
    const { body } = await get('/v1/products?q=5830674');
    expect(codes(body)).toEqual(['BF 1018/1']);
  });

  it('finds words of the name in Estonian and in English, and tolerates one typo in a long word', async () => {
    expect(codes((await get('/v1/products?q=piduriklotsid')).body)).toEqual(['GSK 100']);
    expect(codes((await get('/v1/products?q=brake%20pads&lang=en')).body)).toEqual(['GSK 100']);
    expect(codes((await get('/v1/products?q=kaigukast')).body)).toEqual(['GB 200']); // ä typed as a
    expect(codes((await get('/v1/products?q=gearbx')).body)).toEqual(['GB 200']); // one letter missing
    expect(codes((await get('/v1/products?q=gerbx')).body)).toEqual([]); // two edits: no match
    expect(codes((await get('/v1/products?q=fuel')).body).sort()).toEqual(['BF 1018/1', 'BF 1018/2']);
  });

  it('leaves out search words that match nothing and says which', async () => {
    const { body } = await get('/v1/products?q=fuel%20qwxyz');
    expect(body.data.leftOutSearchKeywords).toEqual(['qwxyz']);
    expect(codes(body).sort()).toEqual(['BF 1018/1', 'BF 1018/2']);
  });

  it('puts products matching every filter first and reports them, then the partial matches', async () => {
    const f = encodeURIComponent(JSON.stringify({ 'Height [mm]': ['177'], 'Outer diameter [mm]': ['135'] }));
    const { body, headers } = await get(`/v1/products?f=${f}&sort=name`);
    expect(body.data.appliedFiltersCount).toBe(2);
    expect(body.data.exactlyMatchingProductIds).toEqual([productIdForCode('BF 1018/1')]);
    expect(codes(body)[0]).toBe('BF 1018/1');
    expect(codes(body).slice(1).sort()).toEqual(['BF 1018/2', 'W 712/75']);
    expect(headers['x-pagination-total-count']).toBe('3');
  });

  it('counts facet values over the category, before filters', async () => {
    const tree = (await get('/v1/categories')).body.data;
    const filters = tree.find((c: { name: { en: string } }) => c.name.en === 'Filters');
    const { body } = await get(`/v1/products?c=${filters.id}&f=${encodeURIComponent(JSON.stringify({ 'Height [mm]': ['150'] }))}`);
    const height = body.data.availableFilters.find((f: { name: string }) => f.name === 'Height [mm]');
    expect(height.options).toEqual({ '177': 2, '150': 1 });
  });

  it('lists a category with its descendants, and its tree counts listed products', async () => {
    const tree = (await get('/v1/categories')).body.data;
    const filters = tree.find((c: { name: { en: string } }) => c.name.en === 'Filters');
    expect(filters.productCount).toBe(3);
    expect(filters.children.map((c: { name: { et: string } }) => c.name.et).sort()).toEqual(['Kütusefiltrid', 'Õlifiltrid']);
    expect(filters.url).toEqual({ et: '/et/filtrid', en: '/en/filters' });
    const { body } = await get(`/v1/products?c=${filters.id}&sort=total_price`);
    expect(codes(body)).toEqual(['W 712/75', 'BF 1018/2', 'BF 1018/1']);
    const fuel = filters.children.find((c: { name: { en: string } }) => c.name.en === 'Fuel filters');
    expect(codes((await get(`/v1/products?c=${fuel.id}`)).body).sort()).toEqual(['BF 1018/1', 'BF 1018/2']);
    expect(codes((await get(`/v1/products?c=${randomUUID()}`)).body)).toEqual([]);
  });

  it('survives a category moved under its own descendant (no endless subtree)', async () => {
    const tree = (await get('/v1/categories')).body.data;
    const filters = tree.find((c: { name: { en: string } }) => c.name.en === 'Filters');
    const oil = filters.children.find((c: { name: { en: string } }) => c.name.en === 'Oil filters');
    const ctx = { commandId: randomUUID(), correlationId: randomUUID(), userId: 'staff-1', now: h.clock.now };
    // The decider refuses such a move (category.cycle), but two staff moving A under B and B under A at the same
    // moment can both pass the check (docs/architecture.md): the event as such a race leaves it, appended directly.
    await h.store.appendToStream(`category-${filters.id}`, [
      { id: randomUUID(), type: 'CategoryMoved', data: { categoryId: filters.id, parentId: oil.id, position: 0 }, metadata: { correlationId: ctx.correlationId, causationId: ctx.commandId, userId: 'staff-1', time: h.clock.now } },
    ]);
    await h.settle();
    expect(codes((await get(`/v1/products?c=${filters.id}`)).body).sort()).toEqual(['BF 1018/1', 'BF 1018/2', 'W 712/75']);
    await moveCategory(h.store, { categoryId: filters.id, parentId: null, position: 0 }, { ...ctx, commandId: randomUUID() });
    await h.settle();
  });

  it('sorts by price and name both ways and pages', async () => {
    expect(codes((await get('/v1/products?sort=-total_price')).body)[0]).toBe('GB 200');
    expect(codes((await get('/v1/products?sort=name&lang=en')).body)).toEqual(['GSK 100', 'BF 1018/1', 'BF 1018/2', 'GB 200', 'W 712/75']);
    expect(codes((await get('/v1/products?sort=name')).body)).toEqual(['GB 200', 'BF 1018/1', 'BF 1018/2', 'GSK 100', 'W 712/75']);
    expect(codes((await get('/v1/products?sort=-name&lang=en')).body)[0]).toBe('W 712/75');
    const page2 = await get('/v1/products?page=2');
    expect(page2.body.data.results).toEqual([]);
    expect(page2.headers['x-pagination-current-page']).toBe('2');
  });

  it.each([
    ['/v1/products?sort=cheapest', 'request.sort_invalid'],
    ['/v1/products?q=<10 kB>', 'request.query_too_long'],
    ['/v1/products?page=0', 'request.page_invalid'],
    ['/v1/products?page=abc', 'request.page_invalid'],
    ['/v1/products?pageSize=7', 'request.page_size_invalid'],
    ['/v1/products?f=%7Bnot-json', 'request.filters_invalid'],
    [`/v1/products?f=${encodeURIComponent('{"Height":"177"}')}`, 'request.filters_invalid'],
    ['/v1/search?ff1=colour&fv1=red', 'request.filters_invalid'],
    ['/v1/search?per-page=7', 'request.page_size_invalid'],
  ])('answers %s with 400 %s in the envelope, in Estonian by default', async (label, code) => {
    const { status, body } = await get(label.replace('<10 kB>', 'a'.repeat(10_000)));
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, status: 'failure' });
    expect(body.errors[0].code).toBe(code);
    expect(body.message).toMatch(/[a-zäöüõ]/i);
  });

  it('answers in English when asked', async () => {
    const { body } = await get('/v1/products?pageSize=7&lang=en');
    expect(body.message).toBe('The page size must be 24, 48, 84 or 120.');
  });
});

describe('the listing index follows the read model', () => {
  it('shows each change on the very next listing, however the change hint and the request interleave', async () => {
    const productId = productIdForCode('GB 200');
    for (let i = 0; i < 12; i++) {
      const state = i % 2 === 0 ? 'hidden' : 'visible';
      await setProductVisibility(h.store, { productId, rule: { type: 'static', state } }, { commandId: randomUUID(), correlationId: randomUUID(), userId: 'staff-1', now: h.clock.now });
      await h.settle();
      const listed = codes((await get('/v1/products?sort=id')).body);
      expect(listed.includes('GB 200'), `round ${i}: ${state}`).toBe(state === 'visible');
    }
  });

  it('shows each stock change on the very next listing, though it moves no product in the listing (the cards in memory follow it)', async () => {
    const productId = productIdForCode('BF 1018/1');
    const amountOf = async () => {
      const { body } = await get('/v1/products?sort=id&pageSize=24');
      const product = body.data.results.find((p: { id: string }) => p.id === productId) as { availableForSale: number; stock: { amount: string }[] };
      return product.stock[0].amount;
    };
    const start = Number(await amountOf());
    for (let i = 1; i <= 6; i++) {
      await adjustStock(h.store, { productId, warehouseId: 'tallinn', delta: 1 }, { commandId: randomUUID(), correlationId: randomUUID(), userId: 'staff-1', now: h.clock.now });
      await h.settle();
      expect(await amountOf(), `round ${i}`).toBe((start + i).toFixed(3));
    }
  });

  it('loads in full after a rebuild swapped in a new schema', async () => {
    const before = (await get('/v1/products?sort=id')).body.data.results.map((p: { id: string }) => p.id);
    await rebuildReadModel(h.db, h.store, catalogReadModel);
    const after = await get('/v1/products?sort=id');
    expect(after.body.data.results.map((p: { id: string }) => p.id)).toEqual(before);
    // And it follows the new schema's changes.
    const productId = productIdForCode('GSK 100');
    await setProductVisibility(h.store, { productId, rule: { type: 'static', state: 'hidden' } }, { commandId: randomUUID(), correlationId: randomUUID(), userId: 'staff-1', now: h.clock.now });
    await h.settle();
    expect(codes((await get('/v1/products?sort=id')).body)).not.toContain('GSK 100');
    await setProductVisibility(h.store, { productId, rule: { type: 'static', state: 'visible' } }, { commandId: randomUUID(), correlationId: randomUUID(), userId: 'staff-1', now: h.clock.now });
    await h.settle();
    expect(codes((await get('/v1/products?sort=id')).body)).toContain('GSK 100');
  });
});

describe('visibility (spec 4)', () => {
  const setVisibility = async (code: string, rule: VisibilityRule) => {
    const productId = productIdForCode(code);
    await setProductVisibility(h.store, { productId, rule }, { commandId: randomUUID(), correlationId: randomUUID(), userId: 'staff-1', now: h.clock.now });
    await h.settle();
  };

  it('does not list a hidden product but shows it by direct link; an inaccessible one is 404', async () => {
    const id = productIdForCode('GSK 100');
    await setVisibility('GSK 100', { type: 'static', state: 'hidden' });
    expect(codes((await get('/v1/products')).body)).not.toContain('GSK 100');
    const view = await get(`/product/view/${id}`);
    expect(view.status).toBe(200);
    expect(view.body.data.visibility).toEqual({ currentState: 'hidden', currentStateCode: 1 });
    // Spec 3: content_id, and the nested content wrapper of the same fields.
    expect(view.body.data.content_id).toBe(id);
    const { content, ...fields } = view.body.data;
    expect(content).toEqual(fields);
    // The listings leave the wrapper out, and say the state by number too.
    const listed = (await get('/v1/products?sort=id')).body.data.results[0];
    expect(listed).toMatchObject({ content_id: listed.id, visibility: { currentState: 'visible', currentStateCode: 0 } });
    expect(listed.content).toBeUndefined();
    await setVisibility('GSK 100', { type: 'static', state: 'inaccessible' });
    const gone = await get(`/product/view/${id}`);
    expect(gone.status).toBe(404);
    expect((await get(`/product/view/${id}?fieldsPreset=frontEdit`)).status).toBe(404);
    expect(gone.body.errors[0].code).toBe('product.not_found');
    await setVisibility('GSK 100', { type: 'static', state: 'visible' });
    expect(codes((await get('/v1/products')).body)).toContain('GSK 100');
  });

  it('applies a timed range rule at the time of the request', async () => {
    await setVisibility('GB 200', { type: 'timeRange', rangeFrom: '2026-12-01T00:00:00Z', rangeTo: '2026-12-31T00:00:00Z', stateInRange: 'visible', stateOutRange: 'hidden' });
    expect(codes((await get('/v1/products')).body)).not.toContain('GB 200');
    h.clock.now = '2026-12-10T00:00:00.000Z';
    expect(codes((await get('/v1/products')).body)).toContain('GB 200');
    h.clock.now = '2026-11-22T10:00:00.000Z';
  });

  it('answers 404 in the envelope for an unknown product', async () => {
    expect((await get(`/product/view/${randomUUID()}`)).status).toBe(404);
    expect((await get('/product/view/not-a-uuid')).status).toBe(404);
  });
});

describe('search statistics', () => {
  it('appends a SearchPerformed event per search with query, filters, result count and iu', async () => {
    const before = await h.store.headCheckpoint();
    await get('/v1/products?q=fuel&iu=user');
    await h.settle(); // readers see an event once no older transaction is open anywhere in the cluster
    const page = await h.store.readAll({ after: before, eventTypes: ['SearchPerformed'] });
    expect(page.events).toHaveLength(1);
    expect(page.events[0].data).toMatchObject({ query: 'fuel', resultCount: 2, typedByUser: true, filters: {} });
    expect(page.events[0].streamId).toBe('search-2026-11-22');
    const stats = await h.db.selectFrom('rm_search_stats.search_keywords' as never).selectAll().where('query' as never, '=', 'fuel' as never).execute();
    expect(stats[0]).toMatchObject({ typed_by_user: 1 });
  });
});

describe('filter labels (spec 3 "Filter", domain/filter)', () => {
  const HEIGHT = 'Height [mm]';
  const heightOf = (body: { data: { availableFilters: { name: string }[] } }) =>
    body.data.availableFilters.find((f) => f.name === HEIGHT) as { name: string; label: string; options: Record<string, number>; optionLabels: Record<string, string> };

  it('shows a facet as the products carry it until it has labels', async () => {
    const { body } = await get('/v1/products?lang=et');
    expect(heightOf(body)).toMatchObject({ label: HEIGHT, optionLabels: { '177': '177', '150': '150' } });
  });

  it('labels facet names, values and product criteria in the language, falling back to Estonian, keeping the keys', async () => {
    const ctx = { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now };
    await setFilterLabels(h.store, { name: HEIGHT, label: { et: 'Kõrgus [mm]', en: 'Height [mm]' }, values: { '177': { et: '177 mm' } } }, ctx);
    await h.settle();
    const et = heightOf((await get('/v1/products?lang=et')).body);
    expect(et).toMatchObject({ name: HEIGHT, label: 'Kõrgus [mm]', options: { '177': 2, '150': 1 }, optionLabels: { '177': '177 mm', '150': '150' } });
    const en = heightOf((await get('/v1/products?lang=en')).body);
    expect(en).toMatchObject({ name: HEIGHT, label: 'Height [mm]', optionLabels: { '177': '177 mm', '150': '150' } });
    // The facet keys still filter, in either language.
    const f = encodeURIComponent(JSON.stringify({ [HEIGHT]: ['177'] }));
    expect(codes((await get(`/v1/products?lang=en&f=${f}`)).body).slice(0, 2).sort()).toEqual(['BF 1018/1', 'W 712/75']);
    const product = (await get(`/product/view/${productIdForCode('BF 1018/1')}?lang=et`)).body.data;
    expect(product.attributes).toContainEqual({ name: HEIGHT, value: '177', label: 'Kõrgus [mm]', valueLabel: '177 mm' });
    expect(product.attributes).toContainEqual({ name: 'Outer diameter [mm]', value: '135', label: 'Outer diameter [mm]', valueLabel: '135' });
  });
});
