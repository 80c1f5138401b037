/**
 * StatisticsList, "one click adds a zero-result keyword as a search keyword of a category or an alias of a
 * product, and the table then shows how often it finds something": POST
 * /v1/admin/statistics/search-keywords/assign and the `findsNow` column of GET /v1/admin/statistics/search-keywords,
 * through `app.inject` on real PostgreSQL and Redis. The shopper's search (GET /v1/products?q=) follows; the events
 * carry the staff member; bad input, unknown targets, no session, no permission and no CSRF token are refused.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchRecorder } from '../commands/catalog/record-search.js';
import { categoryIdForPath, productIdForCode } from '../commands/catalog/catalog-csv.js';
import { productRow } from './support/order-test-kit.js';
import { createStaffSessions, headersOf, registerStaff, type StaffBrowser } from './support/staff-session.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';

const PASSWORD = 'Keyword-Pass-2026!x';
let h: ShopHarness;
const sessions = createStaffSessions('keyword-assign');
const ids: Record<string, string> = {};
const BRAKES = categoryIdForPath(['Brakes']);
const PADS = categoryIdForPath(['Brakes', 'Pads']);
const FILTERS = categoryIdForPath(['Filters']);

type Browser = StaffBrowser;
const signedIn = (username: string): Promise<Browser> => sessions.signIn(h.app, username, PASSWORD);

const assign = (b: Browser | null, payload: unknown, lang = 'en', csrf = true) =>
  h.app.inject({
    method: 'POST',
    url: `/v1/admin/statistics/search-keywords/assign?lang=${lang}`,
    headers: { ...(b ? headersOf(b, csrf) : {}), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

/** What a shopper's search finds: the codes of GET /v1/products?q=. */
async function shopperFinds(q: string): Promise<string[]> {
  const res = await h.app.inject({ url: `/v1/products?q=${encodeURIComponent(q)}&lang=et` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.results as { code1: string }[]).map((p) => p.code1).sort();
}

const pads = (code: string, et: string, en: string) => ({
  ...productRow(code, { names: { et, en } }),
  categoryPath: [
    { id: BRAKES, et: 'Pidurid', en: 'Brakes' },
    { id: PADS, et: 'Klotsid', en: 'Pads' },
  ],
});

beforeAll(async () => {
  h = await createShopHarness('admin_keyword_assign', { api: { sessions: sessions.deps() } });
  const ctx = { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now };
  Object.assign(ids, await registerStaff(h.store, [['mari', ['CLIENT']], ['adam', ['ADMIN']]], { password: PASSWORD, now: h.clock.now }));
  await h.importCatalogRows([
    pads('PAD-1', 'Piduriklotsid esi', 'Front brake pads'),
    pads('PAD-2', 'Piduriklotsid taga', 'Rear brake pads'),
    { ...productRow('FLT-1', { names: { et: 'Kütusefilter', en: 'Fuel filter' } }), categoryPath: [{ id: FILTERS, et: 'Filtrid', en: 'Filters' }] },
    { ...productRow('FLT-2', { names: { et: 'Õlifilter', en: 'Oil filter' } }), categoryPath: [{ id: FILTERS, et: 'Filtrid', en: 'Filters' }] },
  ]);
  const recorder = new SearchRecorder(h.store, { flushIntervalMs: 0 });
  for (const query of ['pidurdus', 'diislifilter']) {
    await recorder.record({ query, categoryId: null, filters: {}, resultCount: 0, typedByUser: true, language: 'et' }, { ...ctx, commandId: randomUUID() });
  }
  await h.settle();
});

afterAll(async () => {
  await h?.close();
  await sessions.cleanup();
});

describe('a zero-result keyword made a category keyword or a product alias in one call', () => {
  it('lists the zero-result keywords finding nothing now; after the call the search finds the category subtree and the table says so', async () => {
    const mari = await signedIn('mari');
    const table = async () => {
      const res = await h.app.inject({ url: '/v1/admin/statistics/search-keywords?range=all&zero=1&lang=en', headers: headersOf(mari) });
      expect(res.statusCode, res.body).toBe(200);
      return Object.fromEntries((res.json().data.keywords as { keyword: string; findsNow: number }[]).map((k) => [k.keyword, k.findsNow]));
    };
    expect(await table()).toEqual({ pidurdus: 0, diislifilter: 0 });
    expect(await shopperFinds('pidurdus')).toEqual([]);

    const res = await assign(mari, { target: 'category', keyword: ' Pidurdus ', categoryId: BRAKES, language: 'et' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { keyword: 'pidurdus', target: 'category', findsNow: 2 } });
    await h.settle();
    // The table first: a shopper's search that finds something takes the keyword off the 'found nothing' tab.
    // Both read the api's listing index, which reloads on the projector's change hint after settle(): polled.
    await expect.poll(async () => (await table()).pidurdus).toBe(2);
    await expect.poll(() => shopperFinds('pidurdus')).toEqual(['PAD-1', 'PAD-2']);

    // Recorded as a command of the staff member on the category's stream.
    const { events } = await h.store.readStream(`category-${BRAKES}`);
    const last = events.at(-1)!;
    expect(last.type).toBe('CategorySearchKeywordsChanged');
    expect(last.data).toMatchObject({ categoryId: BRAKES, language: 'et', keywords: 'pidurdus' });
    expect(last.metadata.userId).toBe(ids.mari);

    // Again: nothing new is written, and the answer still says what it finds.
    const again = await assign(mari, { target: 'category', keyword: 'pidurdus', categoryId: BRAKES, language: 'et' });
    expect(again.json().data.findsNow).toBe(2);
    expect((await h.store.readStream(`category-${BRAKES}`)).events.length).toBe(events.length);
  });

  it('adds a product search alias beside the ones it has; the search finds that product', async () => {
    const mari = await signedIn('mari');
    const fuel = productIdForCode('FLT-1');
    expect((await assign(mari, { target: 'product', keyword: 'kütusepeenfilter', productId: fuel })).statusCode).toBe(200);
    const res = await assign(mari, { target: 'product', keyword: 'diislifilter', productId: fuel });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ keyword: 'diislifilter', target: 'product', findsNow: 1 });
    await h.settle();
    await expect.poll(() => shopperFinds('diislifilter')).toEqual(['FLT-1']);
    await expect.poll(() => shopperFinds('kütusepeenfilter')).toEqual(['FLT-1']);
    const { events } = await h.store.readStream(`product-${fuel}`);
    expect(events.at(-1)!.data).toMatchObject({ aliases: ['kütusepeenfilter', 'diislifilter'] });
    expect(events.at(-1)!.metadata.userId).toBe(ids.mari);
  });

  it('refuses garbage (400), unknown targets (404), no session (401), no products.edit (403) and no CSRF token (403), in the envelope', async () => {
    const mari = await signedIn('mari');
    for (const payload of [
      {},
      { target: 'shelf', keyword: 'x', categoryId: BRAKES },
      { target: 'category', keyword: '', categoryId: BRAKES },
      { target: 'category', keyword: 'x'.repeat(65), categoryId: BRAKES },
      { target: 'category', keyword: 'ok', categoryId: 'not-a-uuid' },
      { target: 'category', keyword: 'ok', categoryId: BRAKES, language: 'fi' },
      { target: 'product', keyword: ['a'], productId: productIdForCode('FLT-1') },
      // Control characters (a NUL is refused by PostgreSQL's jsonb: it must not reach the event store).
      { target: 'category', keyword: 'a\u0000b', categoryId: BRAKES },
      { target: 'product', keyword: 'a\u0007b', productId: productIdForCode('FLT-1') },
    ]) {
      const res = await assign(mari, payload, 'et');
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, status: 'failure' });
      expect(res.json().message).toMatch(/[a-zõäöü]/i);
    }
    const unknownCategory = await assign(mari, { target: 'category', keyword: 'ok', categoryId: randomUUID() });
    expect(unknownCategory.statusCode).toBe(404);
    expect(unknownCategory.json().message).toBe('The category was not found.');
    const unknownProduct = await assign(mari, { target: 'product', keyword: 'ok', productId: randomUUID() }, 'et');
    expect(unknownProduct.statusCode).toBe(404);
    expect(unknownProduct.json().message).toBe('Toodet ei leitud.');

    expect((await assign(null, { target: 'category', keyword: 'ok', categoryId: BRAKES })).statusCode).toBe(401);
    const adam = await signedIn('adam');
    expect((await assign(adam, { target: 'category', keyword: 'ok', categoryId: BRAKES })).statusCode).toBe(403);
    expect((await assign(mari, { target: 'category', keyword: 'ok', categoryId: BRAKES }, 'en', false)).statusCode).toBe(403);
    // Nothing of the refused calls was written.
    expect((await h.store.readStream(`category-${BRAKES}`)).events.some((e) => JSON.stringify(e.data).includes('"ok'))).toBe(false);
  });
});
