/**
 * The keyword statistics show searches that named a vehicle (spec 2 Admin area "Search keywords"), on real
 * PostgreSQL and Redis with the whole vehicle reference (../shared/data/vehicles): shoppers search through
 * GET /v1/search and GET /v1/products with a vehicle chosen (`v=`) and with texts that name one ('mgb pidurikettad',
 * 'TR6 filter', 'triumph spitfire'); GET /v1/admin/statistics/search-vehicles lists the models with their chosen and
 * typed searches, zero-result searches and top keywords (JSON and CSV), the keyword list marks and filters the
 * keywords that named a vehicle, and a rebuild of the search_stats read model gives identical rows and answers.
 * Last, the server render's in-process search (api/ssr/in-process-reads.ts, the same function as the route) records
 * the vehicle too.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeSchema } from '../api/contracts/catalog.js';
import { searchKeywordsResponseSchema, searchVehiclesResponseSchema } from '../api/contracts/admin-statistics.js';
import { buildWebIfStale } from '../bin/web-build.js';
import { loadVehicleReference } from '../commands/vehicle/load-vehicle-reference.js';
import { parseSearchEvent } from '../domain/search/events.js';
import { hashReadModel, rebuildReadModel } from '../projections/read-model.js';
import { searchStatsReadModel } from '../projections/search-stats/writer.js';
import { patience } from './support/patience.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { cookieOf, createStaffSessions, registerStaff } from './support/staff-session.js';

const PASSWORD = 'Soidukid-Statistika-2026!';
const repoRoot = path.resolve(__dirname, '..');
const vehiclesDir = path.resolve(repoRoot, '..', 'shared', 'data', 'vehicles');
let h: ShopHarness;
const sessions = createStaffSessions('vehicle_keywords');
let staff: string;

/** The storefront searches, each with what it should record: the search's vehicle model (or none) and how. */
const SEARCHES: { url: string; keyword: string; vehicle: string | null; how?: 'chosen' | 'typed' }[] = [
  { url: '/v1/search?q=mgb%20pidurikettad&iu=user', keyword: 'mgb pidurikettad', vehicle: 'mg.mgb', how: 'typed' },
  { url: '/v1/products?q=MGB%20filter&iu=user', keyword: 'mgb filter', vehicle: 'mg.mgb', how: 'typed' },
  { url: '/v1/products?q=filter&v=mg.mgb.1962-1980', keyword: 'filter', vehicle: 'mg.mgb', how: 'chosen' },
  { url: '/v1/search?q=zzqx&v=mg.mgb.1975', keyword: 'zzqx', vehicle: 'mg.mgb', how: 'chosen' },
  { url: '/v1/search?q=TR6%20filter&iu=user', keyword: 'tr6 filter', vehicle: 'triumph.tr6', how: 'typed' },
  { url: '/v1/search?q=Triumph%20Spitfire', keyword: 'triumph spitfire', vehicle: 'triumph.spitfire', how: 'typed' },
  { url: '/v1/search?q=triumph', keyword: 'triumph', vehicle: 'triumph', how: 'typed' },
  { url: '/v1/search?q=pidurikettad', keyword: 'pidurikettad', vehicle: null },
  { url: '/v1/search?q=brake%20master%20cylinder', keyword: 'brake master cylinder', vehicle: null },
];
/** Result count of each search as the storefront answered it (x-pagination-total-count). */
const found = new Map<string, number>();

beforeAll(async () => {
  h = await createShopHarness('vehicle_keywords', { api: { sessions: sessions.deps() } });
  await registerStaff(h.store, [['stat.vehicles', ['CLIENT']]], { password: PASSWORD, now: h.clock.now });
  await loadVehicleReference(h.store, vehiclesDir, { now: h.clock.now });
  await h.settle();
  for (const s of SEARCHES) {
    const res = await h.app.inject({ url: s.url, headers: { 'accept-language': 'et' } });
    expect(res.statusCode, `${s.url}: ${res.body}`).toBe(200);
    found.set(s.keyword, Number(res.headers['x-pagination-total-count']));
  }
  await h.settle();
  staff = cookieOf(await sessions.signIn(h.app, 'stat.vehicles', PASSWORD));
}, patience(120_000));

afterAll(async () => {
  await h?.close();
  await sessions.cleanup();
});

const get = (url: string) => h.app.inject({ url, headers: { cookie: staff } });
const vehicles = async (query = 'range=all') => {
  const res = await get(`/v1/admin/statistics/search-vehicles?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return envelopeSchema(searchVehiclesResponseSchema).parse(res.json()).data!;
};
const keywordList = async (query: string) => {
  const res = await get(`/v1/admin/statistics/search-keywords?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return envelopeSchema(searchKeywordsResponseSchema).parse(res.json()).data!;
};

/** What the statistics should say, computed from SEARCHES and the storefront's answers. */
function expectedVehicles() {
  const byKey = new Map<string, { key: string; searches: number; chosen: number; typed: number; zeroResults: number; keywords: string[] }>();
  for (const s of SEARCHES) {
    if (!s.vehicle) continue;
    const v = byKey.get(s.vehicle) ?? { key: s.vehicle, searches: 0, chosen: 0, typed: 0, zeroResults: 0, keywords: [] };
    v.searches++;
    v[s.how!]++;
    if (found.get(s.keyword) === 0) v.zeroResults++;
    v.keywords.push(s.keyword);
    byKey.set(s.vehicle, v);
  }
  return byKey;
}

describe('GET /v1/admin/statistics/search-vehicles (searches that named a vehicle, chosen or typed)', () => {
  it('lists each model the searches named, chosen and typed in one row, with zero results and top keywords', async () => {
    const data = await vehicles();
    const expected = expectedVehicles();
    expect(data.total).toBe(expected.size);
    expect(data.vehicles.map((v) => [v.key, v.label])).toEqual([
      ['mg.mgb', 'MG MGB'],
      ['triumph', 'Triumph'],
      ['triumph.spitfire', 'Triumph Spitfire'],
      ['triumph.tr6', 'Triumph TR6'],
    ]);
    for (const row of data.vehicles) {
      const want = expected.get(row.key)!;
      expect({ key: row.key, searches: row.searches, chosen: row.chosen, typed: row.typed, zeroResults: row.zeroResults }).toEqual({
        key: want.key,
        searches: want.searches,
        chosen: want.chosen,
        typed: want.typed,
        zeroResults: want.zeroResults,
      });
      expect(row.topKeywords.map((k) => k.keyword).sort()).toEqual([...want.keywords].sort());
    }
    const mgb = data.vehicles[0]!;
    expect([mgb.searches, mgb.chosen, mgb.typed]).toEqual([4, 2, 2]);
    expect(mgb.zeroResults).toBeGreaterThanOrEqual(1); // 'zzqx' finds nothing
    expect(mgb.lastSearchedOn).toBe('2026-11-22');
  });

  it('counts in the statistics ranges, pages, and answers 400 for a range the spec does not name', async () => {
    expect((await vehicles('range=next-month')).vehicles).toEqual([]);
    expect((await vehicles('range=current-month')).total).toBe(4);
    const page2 = await vehicles('range=all&page=2&pageSize=3');
    expect([page2.vehicles.map((v) => v.key), page2.total]).toEqual([['triumph.tr6'], 4]);
    const past = await vehicles('range=all&page=5&pageSize=3');
    expect([past.vehicles, past.total]).toEqual([[], 4]);
    const bad = await get('/v1/admin/statistics/search-vehicles?range=forever&lang=en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, errors: [{ code: 'statistics.range_invalid', field: 'range' }] });
    expect((await h.app.inject({ url: '/v1/admin/statistics/search-vehicles?range=all' })).statusCode).toBe(401);
  });

  it('exports the vehicles as CSV with headings in the language', async () => {
    const res = await get('/v1/admin/statistics/search-vehicles?range=all&format=csv&lang=en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="search-vehicles-all-2026-11-22.csv"');
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual(['Vehicle', 'Key', 'Searches', 'Chosen in the garage', 'Typed in the search', 'Found nothing (times)', 'Last searched', 'Top keywords']);
    expect(rows[1]!.slice(0, 5)).toEqual(['MG MGB', 'mg.mgb', '4', '2', '2']);
    expect(rows[1]![7]).toContain('mgb pidurikettad (1)');
    const et = parse((await get('/v1/admin/statistics/search-vehicles?range=all&format=csv')).body, { bom: true }) as string[][];
    expect(et[0]![0]).toBe('Sõiduk');
  });
});

describe('the keyword list marks and filters the keywords that named a vehicle', () => {
  it('says per keyword how many searches named a vehicle and which one its text names', async () => {
    const all = await keywordList('range=all&pageSize=100');
    const byKeyword = new Map(all.keywords.map((k) => [k.keyword, k]));
    for (const s of SEARCHES) {
      const row = byKeyword.get(s.keyword)!;
      expect(row.vehicleSearches, s.keyword).toBe(s.vehicle ? 1 : 0);
      expect(row.typedVehicle, s.keyword).toBe(s.how === 'typed' ? { 'mg.mgb': 'MG MGB', 'triumph.tr6': 'Triumph TR6', 'triumph.spitfire': 'Triumph Spitfire', triumph: 'Triumph' }[s.vehicle!] : null);
    }
    const named = await keywordList('range=all&vehicle=1&pageSize=100');
    expect(named.vehicleOnly).toBe(true);
    expect(named.keywords.map((k) => k.keyword).sort()).toEqual(SEARCHES.filter((s) => s.vehicle).map((s) => s.keyword).sort());
    const csv = parse((await get('/v1/admin/statistics/search-keywords?range=all&vehicle=1&format=csv&lang=en')).body, { bom: true }) as string[][];
    expect(csv[0]!.slice(-2)).toEqual(['Searches naming a vehicle', 'Vehicle named in the text']);
    expect(csv.find((r) => r[0] === 'tr6 filter')!.slice(-2)).toEqual(['1', 'Triumph TR6']);
    expect(csv).toHaveLength(1 + SEARCHES.filter((s) => s.vehicle).length);
  });
});

describe('a rebuild of the search statistics', () => {
  it('gives identical rows and answers, from the events alone', async () => {
    const before = [await hashReadModel(h.db, searchStatsReadModel), await vehicles(), await keywordList('range=all&pageSize=100')];
    await rebuildReadModel(h.db, h.store, searchStatsReadModel);
    const after = [await hashReadModel(h.db, searchStatsReadModel), await vehicles(), await keywordList('range=all&pageSize=100')];
    expect(after).toEqual(before);
  });
});

describe('the server render', () => {
  let ssr: FastifyInstance;
  beforeAll(async () => {
    buildWebIfStale((line) => process.stderr.write(`${line}\n`));
    ssr = await h.replica({ webRoot: path.join(repoRoot, 'web', 'dist'), ssrEntry: path.join(repoRoot, 'web', 'dist-server', 'entry-server.js'), publicUrl: 'https://shop.example' });
  }, patience(300_000));

  it('records the vehicle of a search it renders, typed and chosen, through the same function as the route', async () => {
    const before = await h.store.headCheckpoint();
    for (const url of ['/et/searchresults?q=TR6%20%C3%B5lifilter', '/et/searchresults?q=filter&v=mg.mgb.1962-1980']) {
      const res = await ssr.inject({ url });
      expect(res.statusCode, url).toBe(200);
    }
    await h.settle();
    const { events } = await h.store.readAll({ after: before, eventTypes: ['SearchPerformed'] });
    expect(events.map((e) => parseSearchEvent(e).data).map((d) => [d.query, d.vehicle?.how, d.vehicle?.key, d.vehicle?.modelLabel])).toEqual([
      ['TR6 õlifilter', 'typed', 'triumph.tr6', 'Triumph TR6'],
      ['filter', 'chosen', 'mg.mgb.1962-1980', 'MG MGB'],
    ]);
  });
});
