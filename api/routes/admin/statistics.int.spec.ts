/**
 * StatisticsList api: GET /v1/admin/statistics/search-keywords on real PostgreSQL and Redis. Searches are
 * recorded at several instants around New Year (Tallinn is UTC+2 in winter: 2026-12-31 22:30 UTC is already
 * 2027-01-01 there), then the spec's ranges, zero=1, paging, the chart's searches per day, the CSV export (quoting
 * and the formula guard, read back with csv-parse), 401 / 403 from the staff guard, and a bad range 400 in the
 * request's language.
 */
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchRecorder } from '../../../commands/catalog/record-search.js';
import { cookieOf, createStaffSessions, registerStaff } from '../../../tests/support/staff-session.js';
import { createShopHarness, type ShopHarness } from '../../../tests/support/shop-harness.js';

const PASSWORD = 'Statistika-Pass-2026!';
let h: ShopHarness;
const sessions = createStaffSessions('statistics');

const ctx = (now: string) => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now });

/** Signs `username` in; the cookie header of its browser. */
const signIn = async (username: string): Promise<string> => cookieOf(await sessions.signIn(h.app, username, PASSWORD));

let staff: string;
const get = (url: string, cookie: string | null = staff) => h.app.inject({ url, headers: cookie ? { cookie } : {} });
const data = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { from: string | null; to: string | null; total: number; keywords: { keyword: string; searches: number; zeroResults: number; resultCount: number; lastSearchedOn: string }[]; perDay: { day: string; searches: number }[] };
};
const keywords = async (url: string) => (await data(url)).keywords.map((k) => [k.keyword, k.searches, k.zeroResults, k.resultCount]);

beforeAll(async () => {
  h = await createShopHarness('admin_statistics', { api: { sessions: sessions.deps() } });
  await registerStaff(h.store, [['stat.staff', ['CLIENT']], ['stat.admin', ['ADMIN']]], { password: PASSWORD, now: h.clock.now });
  const recorder = new SearchRecorder(h.store, { flushIntervalMs: 0 });
  const search = (query: string, resultCount: number, at: string, typedByUser = true) =>
    recorder.record({ query, categoryId: null, filters: {}, resultCount, typedByUser, language: 'et' }, ctx(at));
  await search('rehv, 17"', 2, '2026-11-15T10:00:00.000Z'); // November
  await search('piduriklotsid ', 0, '2026-12-20T10:00:00.000Z'); // found nothing in December
  await search('gearbox  XYZ', 0, '2026-12-25T10:00:00.000Z');
  await search('Gearbox xyz', 0, '2026-12-25T11:00:00.000Z', false);
  await search('=HYPERLINK("http://evil.example")', 0, '2026-12-30T10:00:00.000Z');
  await search('õlifilter', 4, '2026-12-31T21:30:00.000Z'); // 23:30 on 31 December in Tallinn
  for (const minute of ['30', '40', '50']) await search('Piduriklotsid', 5, `2026-12-31T22:${minute}:00.000Z`); // 1 January 2027 in Tallinn
  await search('', 7, '2026-12-31T22:45:00.000Z'); // a browse by filters only: no keyword
  h.clock.now = '2026-12-31T23:30:00.000Z'; // 2027-01-01 01:30 in Tallinn
  await h.settle();
  staff = await signIn('stat.staff');
});

afterAll(async () => {
  await h?.close();
  await sessions.cleanup();
});

const URL = '/v1/admin/statistics/search-keywords';

describe('GET /v1/admin/statistics/search-keywords (spec 2 statistics ranges, Tallinn days)', () => {
  it('counts the searches of the range per keyword, most searched first, with the last result count', async () => {
    const last30 = await data(`${URL}?range=last-30-days`);
    expect([last30.from, last30.to]).toEqual(['2026-12-03', '2027-01-02']);
    expect(last30.keywords.map((k) => [k.keyword, k.searches, k.zeroResults, k.resultCount])).toEqual([
      ['piduriklotsid', 4, 1, 5],
      ['gearbox xyz', 2, 2, 0],
      ['=hyperlink("http://evil.example")', 1, 1, 0],
      ['õlifilter', 1, 0, 4],
    ]);
    expect(last30.keywords[0].lastSearchedOn).toBe('2027-01-01');
    expect(last30.total).toBe(4);
    // The searches of 22:30-22:50 UTC on 31 December are 1 January's in Tallinn: the current month.
    expect(await keywords(`${URL}?range=current-month`)).toEqual([['piduriklotsid', 3, 0, 5]]);
    expect(await keywords(`${URL}?range=previous-month`)).toEqual([
      ['gearbox xyz', 2, 2, 0],
      ['=hyperlink("http://evil.example")', 1, 1, 0],
      ['piduriklotsid', 1, 1, 0],
      ['õlifilter', 1, 0, 4],
    ]);
    expect(await keywords(`${URL}?range=next-month`)).toEqual([]);
    expect((await keywords(`${URL}?range=all`)).map((k) => k[0])).toContain('rehv, 17"');
    expect((await keywords(`${URL}?range=last-14-days`)).map((k) => k[0])).not.toContain('rehv, 17"');
    // Default range: last 30 days.
    expect((await data(URL)).from).toBe('2026-12-03');
  });

  it('zero=1 lists the keywords whose last search in the range found nothing', async () => {
    expect((await keywords(`${URL}?range=last-30-days&zero=1`)).map((k) => k[0])).toEqual(['gearbox xyz', '=hyperlink("http://evil.example")']);
    // In December alone piduriklotsid still found nothing.
    expect((await keywords(`${URL}?range=previous-month&zero=1`)).map((k) => k[0])).toEqual(['gearbox xyz', '=hyperlink("http://evil.example")', 'piduriklotsid']);
  });

  it('pages, with the total of all pages', async () => {
    const page2 = await data(`${URL}?range=last-30-days&page=2&pageSize=3`);
    expect(page2.keywords.map((k) => k.keyword)).toEqual(['õlifilter']);
    expect(page2.total).toBe(4);
    const past = await data(`${URL}?range=last-30-days&page=9&pageSize=3`);
    expect([past.keywords, past.total]).toEqual([[], 4]);
  });

  it('gives the searches per Tallinn day of the range for the chart, days without searches as 0', async () => {
    const { perDay } = await data(`${URL}?range=last-14-days`);
    expect(perDay).toHaveLength(14);
    expect(perDay[0]).toEqual({ day: '2026-12-19', searches: 0 });
    expect(perDay.filter((d) => d.searches > 0)).toEqual([
      { day: '2026-12-20', searches: 1 },
      { day: '2026-12-25', searches: 2 },
      { day: '2026-12-30', searches: 1 },
      { day: '2026-12-31', searches: 1 },
      { day: '2027-01-01', searches: 3 },
    ]);
    expect((await data(`${URL}?range=next-month`)).perDay).toHaveLength(28);
    const all = (await data(`${URL}?range=all`)).perDay;
    expect([all[0], all.at(-1)]).toEqual([{ day: '2026-11-15', searches: 1 }, { day: '2027-01-01', searches: 3 }]);
  });

  it('exports every keyword of the range as CSV: quoted, formula-guarded, with a file name', async () => {
    const res = await get(`${URL}?range=all&format=csv&pageSize=1&lang=en`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="search-keywords-all-2027-01-01.csv"');
    expect(res.body).toContain('"rehv, 17"""');
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual(['Keyword', 'Searches', 'Typed into the search box', 'Found nothing (times)', 'Results (last search)', 'Last searched', 'Searches naming a vehicle', 'Vehicle named in the text']);
    expect(rows.slice(1)).toEqual([
      ['piduriklotsid', '4', '4', '1', '5', '2027-01-01', '0', ''],
      ['gearbox xyz', '2', '1', '2', '0', '2026-12-25', '0', ''],
      ["'=hyperlink(\"http://evil.example\")", '1', '1', '1', '0', '2026-12-30', '0', ''],
      ['rehv, 17"', '1', '1', '0', '2', '2026-11-15', '0', ''],
      ['õlifilter', '1', '1', '0', '4', '2026-12-31', '0', ''],
    ]);
    const zero = await get(`${URL}?range=previous-month&zero=1&format=csv`);
    expect(zero.headers['content-disposition']).toBe('attachment; filename="search-keywords-previous-month-zero-2026-12-01.csv"');
    const et = parse(zero.body, { bom: true }) as string[][];
    expect(et[0][0]).toBe('Otsingusõna');
    expect(et.slice(1).map((r) => r[0])).toEqual(['gearbox xyz', "'=hyperlink(\"http://evil.example\")", 'piduriklotsid']);
  });

  it('answers 401 without a session, 403 without statistics.view', async () => {
    for (const url of [`${URL}?range=all`, `${URL}?range=all&format=csv`]) {
      const res = await get(url, null);
      expect(res.statusCode).toBe(401);
      expect(res.json().success).toBe(false);
    }
    const admin = await signIn('stat.admin'); // ADMIN alone: users and warehouses, not the shop's statistics
    const res = await get(`${URL}?range=all&lang=en`, admin);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("You don't have permission to access this resource, please contact your admin.");
  });

  it('answers 400 in the envelope for a range the spec does not name, in the request\'s language', async () => {
    const en = await get(`${URL}?range=last-7-days&lang=en`);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ success: false, status: 'failure', errors: [{ code: 'statistics.range_invalid', field: 'range' }] });
    expect(en.json().message).toMatch(/^Unknown time range/);
    const et = await get(`${URL}?range=yesterday`);
    expect(et.statusCode).toBe(400);
    expect(et.json().message).toMatch(/^Tundmatu ajavahemik/);
    expect((await get(`${URL}?range=all&pageSize=5000`)).statusCode).toBe(400);
  });
});
