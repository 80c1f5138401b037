/**
 * The content editing api through `app.inject` on real PostgreSQL and Redis (spec 4 "Editor", spec 7 page and
 * global-field calls, spec 2 PageList and menu edit): create, save a draft, a stale save answering 409 with the
 * name of who saved meanwhile, publish, guests seeing the published version only (frontEdit is staff only),
 * schedule then 404 after the end, restore, delete refused while the menu links the page, menu save, field-bulk,
 * set-multiple, item-container, the PageList's filters, 401/403/CSRF, garbage answered 4xx in the envelope, and
 * the sanitiser on the way in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageEditSchema, pageListSchema } from '../api/contracts/pages-admin.js';
import { anonymousBrowser, createStaffSessions, headersOf, registerStaff, type StaffBrowser } from './support/staff-session.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';

const PASSWORD = 'Content-Pass-2026!';
let h: ShopHarness;
const sessions = createStaffSessions('content');
let mari: StaffBrowser;
let jaan: StaffBrowser;
let admin: StaffBrowser;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, body?: unknown, b: StaffBrowser | null = mari, csrf = true) =>
  h.app.inject({ method, url, headers: { ...(b ? headersOf(b, csrf) : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
const ok = async (method: Method, url: string, body?: unknown, b: StaffBrowser = mari) => {
  const res = await call(method, url, body, b);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json().data;
};
const edit = async (id: string) => pageEditSchema.parse(await ok('GET', `/v1/admin/pages/${id}`));
const guest = (ref: string, query = '') => h.app.inject(`/v1/page/${ref}?lang=et${query}`);

beforeAll(async () => {
  h = await createShopHarness('content_api', { api: { sessions: sessions.deps() } });
  await registerStaff(h.store, [['mari', ['CLIENT']], ['jaan', ['CLIENT']], ['boss', ['ADMIN']]], { password: PASSWORD, now: h.clock.now });
  await h.settle();
  [mari, jaan, admin] = await Promise.all(['mari', 'jaan', 'boss'].map((u) => sessions.signIn(h.app, u, PASSWORD)));
}, 60_000);

afterAll(async () => {
  await h?.close();
  await sessions.cleanup();
});

describe('a page from its first draft to its deletion', () => {
  let pageId = '';

  it('creates a page (POST /v1/admin/pages), saves its draft with the version read, and guests see nothing yet', async () => {
    const created = await ok('POST', '/v1/admin/pages', { title: { et: 'Tarne', en: 'Delivery' }, slug: { en: 'delivery' }, layout: 'sidebar-right' });
    pageId = created.pageId;
    expect(created).toMatchObject({ version: 1, draftRevision: 1, publishedRevision: null });
    const saved = await ok('POST', '/v1/page', { pageId, version: 1, title: { et: 'Tarne', en: 'Delivery' }, slug: { en: 'delivery' }, layout: 'sidebar-right', content: { et: '<p>Tarnime kõikjale</p>', en: '<p>We deliver</p>' } });
    expect(saved).toMatchObject({ pageId, version: 2, draftRevision: 2 });
    expect((await guest('tarne')).statusCode).toBe(404);
    expect((await guest(pageId)).statusCode).toBe(404);
    const view = await edit(pageId);
    expect(view.settings).toMatchObject({ version: 2, state: 'draft', changedBy: 'mari', publishedRevision: null });
    expect(view.draft).toMatchObject({ slug: { et: 'tarne', en: 'delivery' }, layout: 'sidebar-right' });
    expect(view.versions.map((v) => [v.revision, v.savedBy])).toEqual([[2, 'mari'], [1, 'mari']]);
  });

  it('answers a stale save 409 naming who saved meanwhile and when; nothing is written', async () => {
    await ok('PUT', `/v1/admin/pages/${pageId}`, { version: 2, title: { et: 'Tarne ja kohaletoimetamine', en: 'Delivery' }, slug: { et: 'tarne', en: 'delivery' }, layout: 'sidebar-right' }, jaan);
    const res = await call('PUT', `/v1/admin/pages/${pageId}?lang=en`, { version: 2, title: { et: 'Mari versioon' } });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body).toMatchObject({ success: false, status: 'failure', errors: [{ code: 'page.changed_meanwhile' }] });
    expect(body.message).toMatch(/^jaan changed this page at 22\/11\/2026, 12:00:00 after you opened it/);
    const et = await call('POST', '/v1/page?lang=et', { pageId, version: 1, title: { et: 'Mari versioon' } });
    expect(et.statusCode).toBe(409);
    expect(et.json().message).toContain('Seda lehte muutis vahepeal jaan');
    expect((await edit(pageId)).settings).toMatchObject({ version: 3, changedBy: 'jaan' });
  });

  it('publishes; guests get the published fields by id and slug, frontEdit asked by a guest gives the default fields', async () => {
    expect(await ok('POST', `/v1/admin/pages/${pageId}/publish`, { version: 3 })).toMatchObject({ version: 4, publishedRevision: 3 });
    for (const ref of [pageId, 'tarne']) {
      const res = await guest(ref, '&fieldsPreset=frontEdit');
      expect(res.statusCode, ref).toBe(200);
      expect(res.json().data).toMatchObject({ id: pageId, name: 'tarne', title: 'Tarne ja kohaletoimetamine' });
      expect(res.json().data.edit).toBeUndefined();
    }
    // A newer draft stays the staff's: guests keep the published version, staff with frontEdit see the draft.
    await ok('PUT', `/v1/admin/pages/${pageId}`, { version: 4, title: { et: 'Uus tarne' }, slug: { et: 'tarne', en: 'delivery' } });
    expect((await guest('tarne')).json().data.title).toBe('Tarne ja kohaletoimetamine');
    const staffView = await h.app.inject({ url: `/v1/page/tarne?lang=et&fieldsPreset=frontEdit`, headers: headersOf(mari) });
    expect(staffView.statusCode).toBe(200);
    expect(staffView.headers['cache-control']).toBe('private, no-store');
    expect(staffView.json().data).toMatchObject({ title: 'Uus tarne', edit: { pageId, settings: { draftRevision: 4, publishedRevision: 3, state: 'published' } } });
    // A staff member without pages.view asking frontEdit is a guest.
    const adminView = await h.app.inject({ url: `/v1/page/tarne?lang=et&fieldsPreset=frontEdit`, headers: headersOf(admin) });
    expect(adminView.json().data).not.toHaveProperty('edit');
  });

  it('schedules: shown within the range, a real 404 after its end; the PageList says scheduled before it', async () => {
    const visibility = { type: 'timeRange', rangeFrom: '2026-12-01T00:00:00.000Z', rangeTo: '2026-12-24T00:00:00.000Z', stateInRange: 'visible', stateOutRange: 'hidden' };
    expect(await ok('POST', `/v1/admin/pages/${pageId}/schedule`, { version: 5, visibility })).toMatchObject({ version: 6 });
    expect((await guest('tarne')).statusCode).toBe(404);
    const list = pageListSchema.parse(await ok('GET', '/v1/admin/pages?state=scheduled'));
    expect(list.items.map((p) => p.pageId)).toEqual([pageId]);
    const at = async (now: string) => {
      h.clock.now = now;
      return (await guest('tarne')).statusCode;
    };
    expect(await at('2026-12-10T00:00:00.000Z')).toBe(200);
    expect(await at('2026-12-24T00:00:00.001Z')).toBe(404);
    const gone = await guest(pageId);
    expect(gone.json()).toMatchObject({ success: false, status: 'failure', errors: [{ code: 'page.not_found', message: 'Lehekülge ei leitud.' }] });
    expect(pageListSchema.parse(await ok('GET', '/v1/admin/pages?state=hidden')).items.map((p) => p.pageId)).toEqual([pageId]);
    h.clock.now = '2026-12-10T00:00:00.000Z';
  });

  it('restores an old version as the new draft; publishing it shows it', async () => {
    expect(await ok('POST', `/v1/admin/pages/${pageId}/restore`, { version: 6, revision: 1 })).toMatchObject({ version: 7, draftRevision: 5 });
    const view = await edit(pageId);
    expect(view.draft.title.et).toBe('Tarne');
    expect(view.versions[0]).toMatchObject({ revision: 5, restoredFrom: 1, savedBy: 'mari' });
    await ok('POST', `/v1/admin/pages/${pageId}/publish`, { version: 7 });
    expect((await guest('tarne')).json().data.title).toBe('Tarne');
    expect((await call('POST', `/v1/admin/pages/${pageId}/restore`, { revision: 99 })).statusCode).toBe(404);
  });

  it('refuses the delete while the menu links the page, saves the menu with its version, then deletes', async () => {
    const menu = await ok('GET', '/v1/admin/menu');
    const entry = { id: 'tarne', kind: 'page', label: { et: 'Tarne', en: 'Delivery' }, target: pageId, hidden: false, children: [] };
    const saved = await ok('PUT', '/v1/admin/menu', { version: menu.version, entries: [...menu.entries, entry] });
    expect(saved.version).toBe(menu.version + 1);
    expect(saved.entries.at(-1)).toMatchObject({ id: 'tarne', target: pageId });
    const site = await h.app.inject('/v1/site?lang=et');
    expect(JSON.stringify(site.json())).toContain('Tarne');
    const stale = await call('PUT', '/v1/admin/menu?lang=en', { version: menu.version, entries: menu.entries }, jaan);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^mari changed the menu/);

    const refused = await call('DELETE', `/v1/admin/pages/${pageId}?lang=en`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0]).toMatchObject({ code: 'page.linked_from_menu', message: 'Tarne' });
    await ok('PUT', '/v1/admin/menu', { version: saved.version, entries: menu.entries });
    expect(await ok('DELETE', `/v1/admin/pages/${pageId}?version=8`)).toMatchObject({ pageId, version: 9 });
    expect((await call('GET', `/v1/admin/pages/${pageId}`)).statusCode).toBe(404);
    expect((await guest('tarne')).statusCode).toBe(404);
    expect(pageListSchema.parse(await ok('GET', '/v1/admin/pages')).items.map((p) => p.pageId)).not.toContain(pageId);
  });
});

describe('rich text is sanitised before it is stored', () => {
  it('drops <script>, on* handlers, javascript: links and CSS expressions from page content and item containers', async () => {
    const dirty = '<p onclick="x()">Hea</p><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">link</a><p style="width:expression(alert(1))">css</p>';
    const { pageId } = await ok('POST', '/v1/page', { title: { et: 'Puhas' }, content: { et: dirty }, itemContainers: { side: [{ id: 'a', html: { et: dirty } }] } });
    const view = await edit(pageId);
    for (const html of [view.draft.content.et, view.draft.itemContainers.side![0]!.html.et]) {
      expect(html).toContain('Hea');
      expect(html).not.toMatch(/script|onerror|onclick|javascript:|expression|style=/i);
    }
    const global = await ok('POST', '/v1/item-container', { itemContainers: { footer: [{ id: 'f1', html: { et: dirty, en: '<b>Hi</b>' } }] } });
    expect(global.itemContainers.footer[0].html.et).not.toMatch(/script|onerror|javascript:|expression/i);
  });
});

describe('global content: field-bulk, set-multiple, item-container', () => {
  it('saves fields and containers with their version; a stale version answers 409 with the name', async () => {
    const before = await ok('GET', '/v1/item-container');
    const bulk = await ok('POST', '/v1/field-bulk', { version: before.version, content: { shopPhone: { et: '+372 5555 5555', en: '+372 5555 5555' } } });
    expect(bulk).toMatchObject({ version: before.version + 1, fields: { shopPhone: { et: '+372 5555 5555' } } });
    const multiple = await ok('POST', `/field/set-multiple?version=${bulk.version}`, [{ name: 'shopEmail', value: { et: 'pood@example.ee' } }, { name: 'shopPhone', value: { et: '+372 6666 6666' } }], jaan);
    expect(multiple.fields).toMatchObject({ shopEmail: { et: 'pood@example.ee' }, shopPhone: { et: '+372 6666 6666' } });
    const stale = await call('POST', '/v1/item-container?lang=en', { version: bulk.version, itemContainers: { footer: [] } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ errors: [{ code: 'site.changed_meanwhile' }] });
    expect(stale.json().message).toMatch(/^jaan changed the global content/);
    const containers = await ok('POST', '/v1/item-container', { version: multiple.version, itemContainers: { footer: [{ id: 'f2', html: { et: '<p>Jalus</p>' } }] } });
    expect((await ok('GET', '/v1/item-container')).itemContainers).toEqual(containers.itemContainers);
    expect(containers.itemContainers.footer).toEqual([{ id: 'f2', html: { et: '<p>Jalus</p>', en: '' } }]);
  });
});

describe('the PageList', () => {
  it('searches, filters by layout and language, sorts and pages; rows name who changed them', async () => {
    for (const [et, en, layout] of [['Alfa', 'Alpha', 'basic'], ['Beeta', '', 'gallery'], ['Gamma', 'Gamma', 'basic']] as const) {
      await ok('POST', '/v1/admin/pages', { title: { et, en }, layout }, jaan);
    }
    const list = async (query: string) => pageListSchema.parse(await ok('GET', `/v1/admin/pages?${query}`));
    expect((await list('q=alpha')).items.map((p) => p.title.et)).toEqual(['Alfa']);
    expect((await list('layout=basic&sort=-title')).items.map((p) => p.title.et)).toEqual(['Gamma', 'Alfa']);
    expect((await list('language=en&layout=gallery')).total).toBe(0);
    const paged = await list('layout=basic&pageSize=1&page=2');
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.items[0]).toMatchObject({ title: { et: 'Gamma' }, changedBy: 'jaan', state: 'draft', layout: 'basic' });
  });
});

describe('who may call and what garbage gets', () => {
  const writes: [Method, string, unknown][] = [
    ['POST', '/v1/page', { title: { et: 'X' } }],
    ['POST', '/v1/admin/pages', { title: { et: 'X' } }],
    ['PUT', '/v1/admin/menu', { entries: [] }],
    ['POST', '/v1/field-bulk', { content: {} }],
    ['POST', '/field/set-multiple', []],
    ['POST', '/v1/item-container', { itemContainers: {} }],
  ];

  it('answers 401 without a session, 403 without the permission, 403 without the CSRF token', async () => {
    const anonymous = await anonymousBrowser(h.app);
    for (const [method, url, body] of [...writes, ['GET', '/v1/admin/pages', undefined], ['GET', '/v1/admin/menu', undefined], ['GET', '/v1/item-container', undefined]] as [Method, string, unknown][]) {
      expect((await call(method, url, body, anonymous)).statusCode, `${method} ${url} anonymous`).toBe(401);
      const forbidden = await call(method, url, body, admin);
      expect(forbidden.statusCode, `${method} ${url} admin`).toBe(403);
      expect(forbidden.json().errors[0].code).toBe('forbidden');
    }
    for (const [method, url, body] of writes) {
      const res = await call(method, url, body, mari, false);
      expect(res.statusCode, `${method} ${url} without CSRF`).toBe(403);
      expect(res.json().errors[0].code).toBe('request.csrf_invalid');
    }
  });

  it('answers garbage with a 4xx in the envelope, never a 500', async () => {
    const garbage: [Method, string, unknown][] = [
      ['POST', '/v1/page', { title: 'not localized' }],
      ['POST', '/v1/page', { pageId: 'nope', title: { et: 'X' } }],
      ['POST', '/v1/page', { title: { et: '' } }],
      ['POST', '/v1/page', { title: { et: 'X' }, layout: 'nope' }],
      ['POST', '/v1/page', { title: { et: 'Cart' }, slug: { et: 'cart' } }],
      ['POST', '/v1/page', { title: { et: 'X' }, canonicalUrl: 'javascript:alert(1)' }],
      ['POST', '/v1/admin/pages/00000000-0000-4000-8000-000000000000/publish', {}],
      ['PUT', '/v1/admin/pages/not-a-uuid', { title: { et: 'X' } }],
      ['POST', '/v1/admin/pages/00000000-0000-4000-8000-000000000000/schedule', { visibility: { type: 'weekly' } }],
      ['PUT', '/v1/admin/menu', { entries: [{ id: 'x', kind: 'link', label: { et: 'X' }, target: 'javascript:alert(1)' }] }],
      ['PUT', '/v1/admin/menu', { entries: 'all' }],
      ['POST', '/v1/field-bulk', { content: { 'bad key!': { et: 'x' } } }],
      ['POST', '/field/set-multiple', { name: 'x' }],
      ['POST', '/v1/item-container', { itemContainers: { footer: 'x' } }],
      ['GET', '/v1/admin/pages?state=deleted', undefined],
      ['GET', '/v1/admin/pages?pageSize=0', undefined],
    ];
    for (const [method, url, body] of garbage) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
      expect(res.json()).toMatchObject({ success: false, status: 'failure', errors: expect.arrayContaining([expect.objectContaining({ code: expect.any(String), message: expect.any(String) })]) });
    }
    const notJson = await h.app.inject({ method: 'POST', url: '/v1/page', headers: { ...headersOf(mari), 'content-type': 'application/json' }, payload: '{"title":' });
    expect(notJson.statusCode).toBe(400);
  });

  it('answers an unknown page id or name a real 404, for guests and staff', async () => {
    expect((await guest('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await guest('no-such-page')).statusCode).toBe(404);
    expect((await h.app.inject({ url: '/v1/page/no-such-page?fieldsPreset=frontEdit', headers: headersOf(mari) })).statusCode).toBe(404);
    expect((await call('GET', '/v1/admin/pages/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('the audit timeline of the content streams', () => {
  it('shows page, menu and site streams with who changed what, to staff who may view pages only', async () => {
    const { pageId } = await ok('POST', '/v1/admin/pages', { title: { et: 'Ajalugu', en: 'History' } });
    await ok('PUT', `/v1/admin/pages/${pageId}`, { version: 1, title: { et: 'Ajalugu 2' }, slug: { et: 'ajalugu' } }, jaan);
    const page = await ok('GET', `/v1/admin/history/page-${pageId}?lang=et`);
    expect(page).toMatchObject({ kind: 'page', subject: 'Ajalugu 2', version: 2 });
    expect(page.events.map((e: { type: string; actor: { username: string } }) => [e.type, e.actor.username])).toEqual([['PageDraftSaved', 'jaan'], ['PageDraftSaved', 'mari']]);
    expect(page.events[0].changes).toEqual(expect.arrayContaining([{ field: 'draft.title.et', before: 'Ajalugu', after: 'Ajalugu 2' }]));
    expect(await ok('GET', '/v1/admin/history/menu-main')).toMatchObject({ kind: 'menu', subject: null });
    expect(await ok('GET', '/v1/admin/history/site')).toMatchObject({ kind: 'site' });
    for (const stream of [`page-${pageId}`, 'menu-main', 'site']) {
      expect((await call('GET', `/v1/admin/history/${stream}`, undefined, admin)).statusCode, stream).toBe(403);
    }
  });

  it("answers a menu save as one change per entry (added, removed, moved, renamed), not the whole list as one value", async () => {
    const page = (id: string, et: string, en: string) => ({ id, kind: 'page', label: { et, en }, target: `/${id}`, hidden: false, children: [] });
    const menu = await ok('GET', '/v1/admin/menu');
    const first = await ok('PUT', '/v1/admin/menu', { version: menu.version, entries: [page('tooted', 'Tooted', 'Products'), page('kontakt', 'Kontakt', 'Contact'), page('galerii', 'Galerii', 'Gallery')] });
    await ok('PUT', '/v1/admin/menu', { version: first.version, entries: [page('kontakt', 'Kontaktid', 'Contacts'), page('tooted', 'Tooted', 'Products'), page('uudised', 'Uudised', 'News')] });
    const history = await ok('GET', '/v1/admin/history/menu-main?lang=en');
    const [save] = history.events as Array<{ type: string; changes: Array<{ field: string; before: unknown; after: unknown; entryChange?: string[] }> }>;
    expect(save!.type).toBe('MenuChanged');
    expect(save!.changes.map((c) => [c.field, c.entryChange])).toEqual([
      ['entries.kontakt', ['moved', 'renamed']],
      ['entries.uudised', ['added']],
      ['entries.galerii', ['removed']],
    ]);
    const [moved, added, removed] = save!.changes;
    expect(moved).toMatchObject({ before: { label: { et: 'Kontakt', en: 'Contact' }, place: '2', parentId: null }, after: { label: { et: 'Kontaktid', en: 'Contacts' }, place: '1', parentId: null } });
    expect(added).toMatchObject({ before: null, after: { label: { et: 'Uudised', en: 'News' }, place: '3', target: '/uudised' } });
    expect(removed).toMatchObject({ before: { label: { et: 'Galerii', en: 'Gallery' }, place: '3' }, after: null });
    await ok('PUT', '/v1/admin/menu', { version: first.version + 1, entries: menu.entries });
  });
});
