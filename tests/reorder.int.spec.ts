/**
 * Sell-through, days of cover and reorder suggestions (analytics/sell-through, api/routes/admin/reorder.ts) on real
 * PostgreSQL with the harness's live projectors, over tests/support/reorder-history.ts:
 * - the calls answer 401 without a session, 403 without the permission, 403 without CSRF, 400 to garbage (in the
 *   request's language);
 * - sales speed counts in-stock days only; the stock on hand, days of cover and the suggestions follow;
 * - the reorder settings edited in ProductEdit are a ProductReorderSettingsChanged with the staff member, and change
 *   the suggestion;
 * - accepting two suggestions records one PurchaseListCreated with the quantities the server computed, listed and
 *   exported as CSV;
 * - a replay of the analysis twice gives the same hash, equal to the live one.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisByName } from '../analytics/registry.js';
import { replayAnalysis } from '../analytics/replay.js';
import { hashReadModel } from '../projections/read-model.js';
import { patience } from './support/patience.js';
import { appendReorderHistory, REORDER_PRODUCTS } from './support/reorder-history.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { anonymousBrowser, createStaffSessions, headersOf, registerStaff, type StaffBrowser } from './support/staff-session.js';

const PASSWORD = 'Tellimus-Soovitus-2026!';
const sessions = createStaffSessions('reorder');
let h: ShopHarness;
let staff: StaffBrowser;
let admin: StaffBrowser;
let ids: Record<string, string>;

type Row = { productId: string; warehouseId: string; sold: number; received: number; inStockDays: number; onHand: number; dailyDemand: number; daysOfCover: number | null };
type Suggestion = { productId: string; warehouseId: string; quantity: number; packs: number; packSize: number; leadTimeDays: number; reorderPoint: number; reason: string };

beforeAll(async () => {
  h = await createShopHarness('reorder', { api: { sessions: sessions.deps() } });
  ids = await registerStaff(h.store, [['buyer', ['CLIENT']], ['itadmin', ['ADMIN']]], { password: PASSWORD, now: h.clock.now });
  await appendReorderHistory(h.store, { now: h.clock.now, staffId: ids.buyer });
  await h.settle();
  staff = await sessions.signIn(h.app, 'buyer', PASSWORD);
  admin = await sessions.signIn(h.app, 'itadmin', PASSWORD);
});

afterAll(async () => {
  await h?.close();
  await sessions.cleanup();
});

const get = (url: string, b: StaffBrowser = staff) => h.app.inject({ url, headers: headersOf(b, false) });
const sellThrough = async () => (await get('/v1/admin/analytics/sell-through?range=last-30-days')).json().data.rows as Row[];
const suggestions = async (level = '95') => (await get(`/v1/admin/analytics/reorder-suggestions?range=last-30-days&serviceLevel=${level}&lang=en`)).json().data.suggestions as Suggestion[];
const { fast, slow, tartu } = REORDER_PRODUCTS;

describe('reorder: access and bad input', () => {
  it('answers 401 without a session, 403 without the permission, 400 to a bad range or service level in the request\'s language', async () => {
    for (const url of ['/v1/admin/analytics/sell-through', '/v1/admin/analytics/reorder-suggestions', '/v1/admin/purchase-lists']) {
      expect((await h.app.inject({ url })).statusCode).toBe(401);
      expect((await get(url, admin)).statusCode).toBe(403);
    }
    const bad = await get('/v1/admin/analytics/sell-through?range=forever&lang=en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, errors: [{ code: 'statistics.range_invalid' }] });
    const level = await get('/v1/admin/analytics/reorder-suggestions?serviceLevel=99.9');
    expect(level.statusCode).toBe(400);
    expect(level.json().errors[0].message).toMatch(/[äõöü]|Päring/);
    const list = await get('/v1/admin/purchase-lists/not-a-uuid');
    expect(list.statusCode).toBe(400);
    const unknown = await get('/v1/admin/purchase-lists/00000000-0000-4000-8000-000000000000?lang=en');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].code).toBe('purchase_list.not_found');
  });

  it('refuses a purchase list without CSRF, without a session, with garbage, or for a product without a suggestion', async () => {
    const body = { range: 'last-30-days', serviceLevel: '95', items: [{ productId: fast.productId, warehouseId: 'tallinn' }] };
    const noCsrf = await h.app.inject({ method: 'POST', url: '/v1/admin/purchase-lists', headers: headersOf(staff, false), payload: body });
    expect(noCsrf.statusCode).toBe(403);
    const anonymous = await anonymousBrowser(h.app);
    expect((await h.app.inject({ method: 'POST', url: '/v1/admin/purchase-lists', headers: headersOf(anonymous), payload: body })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'POST', url: '/v1/admin/purchase-lists', headers: headersOf(admin), payload: body })).statusCode).toBe(403);
    for (const garbage of [{}, { ...body, items: [] }, { ...body, items: [{ productId: "x'; drop table", warehouseId: 'tallinn' }] }, { ...body, serviceLevel: 'all' }, 'not json']) {
      const res = await h.app.inject({ method: 'POST', url: '/v1/admin/purchase-lists?lang=en', headers: { ...headersOf(staff), 'content-type': 'application/json' }, payload: typeof garbage === 'string' ? garbage : JSON.stringify(garbage) });
      expect(res.statusCode, res.body).toBe(400);
    }
    const noSuggestion = await h.app.inject({ method: 'POST', url: '/v1/admin/purchase-lists?lang=en', headers: headersOf(staff), payload: { ...body, items: [{ productId: slow.productId, warehouseId: 'tallinn' }] } });
    expect(noSuggestion.statusCode).toBe(409);
    expect(noSuggestion.json().errors[0]).toMatchObject({ code: 'purchase_list.suggestion_invalid', message: expect.stringContaining('reload') });
  });
});

describe('reorder: sell-through and suggestions', () => {
  it('counts sales speed over the days in stock only, with the stock on hand and the days of cover', async () => {
    await expect.poll(async () => (await sellThrough()).length, { timeout: patience(10_000) }).toBe(3);
    const rows = await sellThrough();
    const fastRow = rows.find((r) => r.productId === fast.productId)!;
    // 28 days of history: sold out on days -12..-7, so 22 days in stock; 40 units sold (one expired order taken back).
    expect(fastRow).toMatchObject({ warehouseId: 'tallinn', sold: 40, received: 40, inStockDays: 22, onHand: 0, daysOfCover: 0 });
    expect(fastRow.dailyDemand).toBeCloseTo(40 / 22, 6);
    const tartuRow = rows.find((r) => r.productId === tartu.productId)!;
    // In stock from day -20 to today (2 left): 21 days, the last two without events.
    expect(tartuRow).toMatchObject({ warehouseId: 'tartu', sold: 10, received: 12, inStockDays: 21, onHand: 2 });
    expect(tartuRow.daysOfCover).toBeCloseTo(2 / (10 / 21), 6);
    const slowRow = rows.find((r) => r.productId === slow.productId)!;
    expect(slowRow).toMatchObject({ sold: 4, onHand: 56, inStockDays: 29 });
  });

  it('suggests the products at or below their reorder point, rounded up to whole packs, with the reason', async () => {
    const list = await suggestions();
    expect(list.map((s) => s.productId).sort()).toEqual([fast.productId, tartu.productId].sort());
    const f = list.find((s) => s.productId === fast.productId)!;
    expect(f).toMatchObject({ leadTimeDays: 7, packSize: 6 });
    expect(f.quantity % 6).toBe(0);
    expect(f.quantity).toBeGreaterThanOrEqual(f.reorderPoint);
    expect(f.reason).toMatch(/^1\.8 a day over 22 days in stock, lead time 7 days, safety stock \d+: order \d+, \d+ packs?$/);
    const t = list.find((s) => s.productId === tartu.productId)!;
    expect(t).toMatchObject({ leadTimeDays: 14, packSize: 1 });
    // A higher service level keeps more safety stock.
    const at98 = (await suggestions('98')).find((s) => s.productId === fast.productId)!;
    const at90 = (await suggestions('90')).find((s) => s.productId === fast.productId)!;
    expect(at98.reorderPoint).toBeGreaterThanOrEqual(at90.reorderPoint);
    const csv = await get('/v1/admin/analytics/reorder-suggestions?range=last-30-days&format=csv&lang=et');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.trim().split('\r\n')[0]).toBe('Kood,Toode,Ladu,Laoseis,Päevas,Jätkub päevadeks,Tarneaeg (päeva),Kindlusvaru,Tellimispunkt,Tellida,Pakke,Põhjus');
    expect(csv.body).toContain('RO-FAST,Õlifilter kiire,Tallinn,0,');
    const sellCsv = await get('/v1/admin/analytics/sell-through?range=last-30-days&format=csv&lang=en');
    expect(sellCsv.body.trim().split('\r\n')[0]).toBe('Code,Product,Warehouse,Sold,Received,Days in stock,On hand,A day,Days of cover,Sell-through (%),Waiting requests,Units asked');
  });
});

describe('reorder: settings in ProductEdit', () => {
  it('records ProductReorderSettingsChanged with the staff member, refuses bad values, and the suggestion follows', async () => {
    const read = await get(`/v1/admin/products/${fast.productId}?lang=en`);
    expect(read.statusCode, read.body).toBe(200);
    const product = read.json().data;
    expect(product).toMatchObject({ leadTimeDays: 7, packSize: 6 });
    const { id: _, stock: _s, relatedProducts: _r, netCents: _n, vatRatePercent: _v, visibilityCodes: _c, ...form } = product;
    const bad = await h.app.inject({ method: 'PUT', url: `/v1/admin/products/${fast.productId}?lang=en`, headers: headersOf(staff), payload: { ...form, leadTimeDays: 0 } });
    expect(bad.statusCode).toBe(400);
    const saved = await h.app.inject({ method: 'PUT', url: `/v1/admin/products/${fast.productId}?lang=en`, headers: headersOf(staff), payload: { ...form, leadTimeDays: 10, packSize: 4 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ leadTimeDays: 10, packSize: 4 });
    const events = await sql<{ data: { leadTimeDays: number; packSize: number; changedBy: string } }>`
      select data from es_events where stream_id = ${`product-${fast.productId}`} and event_type = 'ProductReorderSettingsChanged' order by global_position`.execute(h.db);
    expect(events.rows.map((r) => r.data)).toEqual([
      { productId: fast.productId, leadTimeDays: 7, packSize: 6, changedBy: ids.buyer },
      { productId: fast.productId, leadTimeDays: 10, packSize: 4, changedBy: ids.buyer },
    ]);
    await expect.poll(async () => (await suggestions()).find((s) => s.productId === fast.productId)?.packSize, { timeout: patience(10_000) }).toBe(4);
    const s = (await suggestions()).find((x) => x.productId === fast.productId)!;
    expect(s.leadTimeDays).toBe(10);
    expect(s.quantity % 4).toBe(0);
    // A form without the fields (an older client) leaves them as they are.
    const again = (await get(`/v1/admin/products/${fast.productId}`)).json().data;
    const { id: _i, stock: _t, relatedProducts: _p, netCents: _m, vatRatePercent: _w, visibilityCodes: _d, leadTimeDays: _l, packSize: _k, ...older } = again;
    const kept = await h.app.inject({ method: 'PUT', url: `/v1/admin/products/${fast.productId}`, headers: headersOf(staff), payload: older });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ leadTimeDays: 10, packSize: 4 });
  });
});

describe('reorder: accept in bulk', () => {
  it('records one purchase list with the server\'s quantities and the staff member, lists it and exports it for the supplier', async () => {
    const shown = await suggestions();
    const items = shown.map((s) => ({ productId: s.productId, warehouseId: s.warehouseId }));
    const res = await h.app.inject({ method: 'POST', url: '/v1/admin/purchase-lists?lang=en', headers: headersOf(staff), payload: { range: 'last-30-days', serviceLevel: '95', items } });
    expect(res.statusCode, res.body).toBe(201);
    const { list, lines } = res.json().data as { list: { id: string; lineCount: number; units: number; createdByName: string | null }; lines: { productId: string; quantity: number; reason: { et: string; en: string } }[] };
    expect(list.lineCount).toBe(2);
    expect(lines.map((l) => l.quantity)).toEqual(shown.map((s) => s.quantity));
    expect(lines[0]!.reason.et).toMatch(/päevas .* laopäeva jooksul, tarneaeg \d+ päeva/);
    const stored = await sql<{ stream_id: string; data: { createdBy: string; lines: unknown[] } }>`select stream_id, data from es_events where event_type = 'PurchaseListCreated'`.execute(h.db);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.stream_id).toBe(`purchase-list-${list.id}`);
    expect(stored.rows[0]!.data.createdBy).toBe(ids.buyer);
    const lists = (await get('/v1/admin/purchase-lists')).json().data.lists as { id: string; createdByName: string | null }[];
    expect(lists.map((l) => l.id)).toEqual([list.id]);
    expect(lists[0]!.createdByName).toBe('buyer');
    const csv = await get(`/v1/admin/purchase-lists/${list.id}?format=csv&lang=en`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="purchase-list-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.csv"$/);
    const csvLines = csv.body.trim().split('\r\n');
    expect(csvLines[0]).toBe('Code,Product,Warehouse,Quantity,Reason');
    expect(csvLines).toHaveLength(3);
    expect(csv.body).toContain('RO-TARTU,Spark plug,Tartu,');
  });
});

describe('reorder: replay', () => {
  it('gives the same hash twice, equal to the live rows\'', async () => {
    const analysis = analysisByName('sell-through');
    await h.settle();
    const live = await hashReadModel(h.db, analysis.readModel);
    const first = await replayAnalysis(h.db, h.store, analysis);
    const second = await replayAnalysis(h.db, h.store, analysis);
    expect(first.hash).toBe(live);
    expect(second.hash).toBe(first.hash);
  });
});
