/**
 * One page version and a page 'as of' an instant through `app.inject` on real PostgreSQL and Redis (spec 2 "page
 * settings" version history; docs/architecture.md section 9 'as of': the terms of sale as they were when an order
 * was placed): GET /v1/admin/pages/{id}/versions/{revision} and GET /v1/admin/pages/{ref}/as-of?at=, 401 without a
 * session, 403 without pages.view, 400 for garbage, 404 for what was not there, and the as-of text equal to the
 * older version after a later publish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageAsOfSchema, pageVersionFullSchema } from '../api/contracts/page-versions.js';
import { anonymousBrowser, createStaffSessions, headersOf, registerStaff, type StaffBrowser } from './support/staff-session.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';

const PASSWORD = 'Versions-Pass-2026!';
let h: ShopHarness;
const sessions = createStaffSessions('page_versions');
let mari: StaffBrowser;
let admin: StaffBrowser;
let pageId = '';

const get = (url: string, b: StaffBrowser) => h.app.inject({ method: 'GET', url, headers: headersOf(b) });
const write = async (method: 'POST' | 'PUT', url: string, body: unknown) => {
  const res = await h.app.inject({ method, url, headers: { ...headersOf(mari, true), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json().data as { pageId: string; version: number };
};

const T0 = '2026-11-01T10:00:00.000Z'; // created and published: the first terms
const T1 = '2026-11-10T10:00:00.000Z'; // a new draft saved, not published
const T2 = '2026-11-20T10:00:00.000Z'; // the new terms published

beforeAll(async () => {
  h = await createShopHarness('page_versions', { api: { sessions: sessions.deps() } });
  await registerStaff(h.store, [['mari', ['CLIENT']], ['boss', ['ADMIN']]], { password: PASSWORD, now: h.clock.now });
  await h.settle();
  [mari, admin] = await Promise.all(['mari', 'boss'].map((u) => sessions.signIn(h.app, u, PASSWORD)));
  h.clock.now = T0;
  const created = await write('POST', '/v1/admin/pages', { title: { et: 'Tingimused vanad', en: 'Old terms' }, slug: { et: 'tingimused', en: 'terms' }, content: { et: '<p>Vana tekst</p>', en: '<p>Old text</p>' } });
  pageId = created.pageId;
  await write('POST', `/v1/admin/pages/${pageId}/publish`, { version: created.version });
  h.clock.now = T1;
  const saved = await write('PUT', `/v1/admin/pages/${pageId}`, { version: 2, title: { et: 'Tingimused uued', en: 'New terms' }, slug: { et: 'tingimused', en: 'terms' }, content: { et: '<p>Uus tekst</p>', en: '<p>New text</p>' } });
  h.clock.now = T2;
  await write('POST', `/v1/admin/pages/${pageId}/publish`, { version: saved.version });
}, 60_000);

afterAll(async () => {
  await h?.close();
  await sessions.cleanup();
});

describe('GET /v1/admin/pages/{id}/versions/{revision}', () => {
  it("answers one version's whole document with who saved it and when", async () => {
    const res = await get(`/v1/admin/pages/${pageId}/versions/1`, mari);
    expect(res.statusCode, res.body).toBe(200);
    const version = pageVersionFullSchema.parse(res.json().data);
    expect(version).toMatchObject({ pageId, revision: 1, savedBy: 'mari', savedAt: T0, restoredFrom: null });
    expect(version.doc).toMatchObject({ title: { et: 'Tingimused vanad' }, content: { et: '<p>Vana tekst</p>', en: '<p>Old text</p>' }, layout: 'default' });
    const second = pageVersionFullSchema.parse((await get(`/v1/admin/pages/${pageId}/versions/2`, mari)).json().data);
    expect(second.doc.content.et).toBe('<p>Uus tekst</p>');
  });

  it('answers 404 for a revision the page lacks and for an unknown page', async () => {
    const missing = await get(`/v1/admin/pages/${pageId}/versions/9?lang=en`, mari);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, errors: [{ code: 'page.version_not_found', message: 'The page has no such version.' }] });
    expect((await get('/v1/admin/pages/00000000-0000-4000-8000-000000000000/versions/1', mari)).statusCode).toBe(404);
  });
});

describe('GET /v1/admin/pages/{ref}/as-of?at=', () => {
  const asOf = async (ref: string, at: string) => {
    const res = await get(`/v1/admin/pages/${ref}/as-of?at=${encodeURIComponent(at)}`, mari);
    return { status: res.statusCode, body: res.json() };
  };

  it('answers the version published then: the older one before the later publish, by id and by name', async () => {
    for (const ref of [pageId, 'tingimused', 'terms']) {
      const between = await asOf(ref, '2026-11-15T12:00:00+02:00');
      expect(between.status, ref).toBe(200);
      const then = pageAsOfSchema.parse(between.body.data);
      expect(then).toMatchObject({ pageId, at: '2026-11-15T10:00:00.000Z', revision: 1, publishedAt: T0, publishedBy: 'mari', stateThen: 'visible' });
      expect(then.doc.content).toEqual({ et: '<p>Vana tekst</p>', en: '<p>Old text</p>' });
    }
    // At the very instant of the later publish, and after it: the new text.
    for (const at of [T2, '2026-12-01T00:00:00Z']) {
      const later = pageAsOfSchema.parse((await asOf(pageId, at)).body.data);
      expect(later).toMatchObject({ revision: 2, publishedAt: T2 });
      expect(later.doc.content.et).toBe('<p>Uus tekst</p>');
    }
  });

  it('answers 404 before the page was published and for an unknown page', async () => {
    const before = await asOf(pageId, '2026-10-01T00:00:00Z');
    expect(before.status).toBe(404);
    expect(before.body).toMatchObject({ success: false, status: 'failure', errors: [{ code: 'page.not_published_then', message: 'Leht polnud sel ajahetkel avaldatud.' }] });
    expect((await asOf('no-such-page', T2)).status).toBe(404);
    expect((await asOf('00000000-0000-4000-8000-000000000000', T2)).status).toBe(404);
  });

  it('answers garbage with a 400 in the envelope', async () => {
    for (const url of [
      `/v1/admin/pages/${pageId}/as-of?at=yesterday`,
      `/v1/admin/pages/${pageId}/as-of?at=2026-13-45T99:00:00Z`,
      `/v1/admin/pages/${pageId}/as-of?at=2026-11-15`,
      `/v1/admin/pages/${pageId}/as-of`,
      `/v1/admin/pages/${encodeURIComponent('<script>')}/as-of?at=${T2}`,
      `/v1/admin/pages/${pageId}/versions/0`,
      `/v1/admin/pages/${pageId}/versions/abc`,
      `/v1/admin/pages/${pageId}/versions/1e3`,
      '/v1/admin/pages/not-a-uuid/versions/1',
    ]) {
      const res = await get(url, mari);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ success: false, status: 'failure' });
    }
  });
});

describe('who may call', () => {
  it('answers 401 without a session and 403 without pages.view', async () => {
    const anonymous = await anonymousBrowser(h.app);
    for (const url of [`/v1/admin/pages/${pageId}/versions/1`, `/v1/admin/pages/${pageId}/as-of?at=${T2}`]) {
      expect((await get(url, anonymous)).statusCode, url).toBe(401);
      const forbidden = await get(url, admin);
      expect(forbidden.statusCode, url).toBe(403);
      expect(forbidden.json().errors[0].code).toBe('forbidden');
    }
  });
});
