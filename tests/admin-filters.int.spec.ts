/**
 * FilterList api through `app.inject` on real PostgreSQL and Redis: GET /v1/admin/filters (facets from the
 * catalog with value counts, labels, shown, order) and PUT /v1/admin/filters (labels, hide, order; recorded with the
 * staff member; all facets checked before any is recorded), and the storefront following at once: a hidden facet
 * leaves GET /v1/products' availableFilters, placed ones come first, a renamed label shows, also through an api
 * whose label cache would keep labels for a minute (the facet JSON memo is made again after the change hint).
 * 401 / 403, CSRF, garbage 400, the filters read model rebuilt identically. Spec 9's 'hide when its count is 0' per
 * category: saved with the staff member, refused for an unknown category, named in the listing answer of that
 * category only (`hiddenWhenEmpty`), in the facet's audit timeline.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminFilter, adminFilterListSchema, savedFiltersSchema, type UpdateFiltersBody } from '../api/contracts/admin-filters.js';
import { categoryIdForPath, type ImportRow, productIdForCode } from '../commands/catalog/catalog-csv.js';
import { setFilterLabels } from '../commands/filter/set-filter-labels.js';
import { filtersReadModel } from '../projections/filters/writer.js';
import { hashReadModel, rebuildReadModel } from '../projections/read-model.js';
import { createStaffSessions, headersOf, registerStaff, type StaffBrowser } from './support/staff-session.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { patience } from './support/patience.js';

const PASSWORD = 'Filters-Pass-2026!';
let h: ShopHarness;
const sessions = createStaffSessions('filters');
const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });
const ids: Record<string, string> = {};

let line = 2;
function row(code1: string, attributes: { name: string; value: string }[]): ImportRow {
  return {
    line: line++, productId: productIdForCode(code1), code1, code2: null, names: { et: `Toode ${code1}`, en: `Product ${code1}` },
    descriptions: { et: '', en: '' }, categoryPath: [], grossCents: 1000, stock: { tallinn: 3 }, unit: 'pcs', policy: 'available',
    deliveryDays: null, bigProduct: false, productClass: 'product', attributes, oeNumbers: [], vehicles: [], images: [],
  };
}

type Browser = StaffBrowser;
const signIn = (username: string): Promise<Browser> => sessions.signIn(h.app, username, PASSWORD);

let staff: Browser;
const list = async (): Promise<AdminFilter[]> => {
  const res = await h.app.inject({ url: '/v1/admin/filters', headers: headersOf(staff) });
  expect(res.statusCode, res.body).toBe(200);
  return adminFilterListSchema.parse(res.json().data).filters;
};
const put = (body: unknown, b: Browser = staff, lang = 'en') =>
  h.app.inject({ method: 'PUT', url: `/v1/admin/filters?lang=${lang}`, headers: { ...headersOf(b), 'content-type': 'application/json' }, payload: body as object });
const facetsOf = async (app = h.app) => {
  const res = await app.inject('/v1/products?lang=et');
  expect(res.statusCode).toBe(200);
  return (res.json().data.availableFilters as { name: string; label: string; optionLabels: Record<string, string> }[]).map((f): [string, string] => [f.name, f.label]);
};
const update = (name: string, over: Partial<UpdateFiltersBody['filters'][number]> = {}) => ({ name, label: { et: '', en: '' }, values: {}, shown: true, position: null, ...over });

beforeAll(async () => {
  h = await createShopHarness('admin_filters', { api: { sessions: sessions.deps() } });
  Object.assign(ids, await registerStaff(h.store, [['filter.staff', ['CLIENT']], ['filter.admin', ['ADMIN']]], { password: PASSWORD, now: h.clock.now }));
  await h.importCatalogRows([
    row('F-1', [{ name: 'Colour', value: 'Black' }, { name: 'Side', value: 'Left' }, { name: 'Height [mm]', value: '177' }]),
    row('F-2', [{ name: 'Colour', value: 'Black' }, { name: 'Side', value: 'Right' }]),
    row('F-3', [{ name: 'Colour', value: 'Red' }, { name: 'Height [mm]', value: '150' }]),
  ]);
  await setFilterLabels(h.store, { name: 'Colour', label: { et: 'Värv', en: 'Colour' }, values: { Black: { et: 'Must', en: 'Black' } } }, ctx());
  await h.settle();
  staff = await signIn('filter.staff');
});

afterAll(async () => {
  await h?.close();
  await sessions.cleanup();
});

describe('GET /v1/admin/filters', () => {
  it('lists every facet of the catalog with its labels, shown, order and value counts', async () => {
    const filters = await list();
    expect(filters.map((f) => f.name)).toEqual(['Colour', 'Height [mm]', 'Side']);
    const colour = filters[0];
    expect(colour).toMatchObject({ label: { et: 'Värv', en: 'Colour' }, shown: true, position: null, version: 1 });
    expect(colour.values).toEqual([
      { value: 'Black', label: { et: 'Must', en: 'Black' }, count: 2 },
      { value: 'Red', label: { et: '', en: '' }, count: 1 },
    ]);
    expect(filters[2]).toMatchObject({ name: 'Side', label: { et: '', en: '' }, version: 0 });
  });

  it('answers 401 without a session and 403 without the permission', async () => {
    expect((await h.app.inject('/v1/admin/filters')).statusCode).toBe(401);
    const admin = await signIn('filter.admin'); // ADMIN alone holds no products.view / products.edit
    expect((await h.app.inject({ url: '/v1/admin/filters', headers: headersOf(admin) })).statusCode).toBe(403);
    expect((await put({ filters: [update('Side', { shown: false })] }, admin)).statusCode).toBe(403);
  });
});

describe('PUT /v1/admin/filters', () => {
  it('renames, hides and places facets with the staff member; the storefront follows', async () => {
    expect(new Map(await facetsOf())).toEqual(new Map([['Colour', 'Värv'], ['Height [mm]', 'Height [mm]'], ['Side', 'Side']]));
    const res = await put({
      filters: [
        update('Colour', { label: { et: 'Toon', en: 'Colour' }, values: { Black: { et: 'Must', en: 'Black' }, Red: { et: 'Punane', en: '' } }, position: 1 }),
        update('Height [mm]', { position: 0 }),
        update('Side', { shown: false }),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = savedFiltersSchema.parse(res.json().data).filters;
    expect(saved.map((f) => [f.name, f.shown, f.position])).toEqual([['Colour', true, 1], ['Height [mm]', true, 0], ['Side', false, null]]);
    expect(saved[0].values.Red).toEqual({ et: 'Punane', en: '' });

    // Every event carries the staff member; a facet without labels got no label event.
    for (const name of ['Colour', 'Height [mm]', 'Side']) {
      const { events } = await h.store.readStream(`filter-${name}`);
      const recent = events.filter((e) => e.type !== 'FilterLabelsChanged' || name !== 'Colour' || e.streamPosition > 1n);
      expect(recent.length).toBeGreaterThan(0);
      for (const e of recent) expect(e.metadata.userId).toBe(ids['filter.staff']);
    }
    expect((await h.store.readStream('filter-Height [mm]')).events.map((e) => e.type)).toEqual(['FilterPositionSet']);
    expect((await h.store.readStream('filter-Side')).events.map((e) => e.type)).toEqual(['FilterHidden']);

    await h.settle();
    expect(await facetsOf()).toEqual([['Height [mm]', 'Height [mm]'], ['Colour', 'Toon']]);
    const filters = await list();
    expect(filters.map((f) => [f.name, f.position, f.shown])).toEqual([['Height [mm]', 0, true], ['Colour', 1, true], ['Side', null, false]]);
  });

  it('refuses a save of a facet someone changed since the screen read it (409), recording nothing', async () => {
    const read = (await list()).find((f) => f.name === 'Colour')!;
    const colour = (label: { et: string; en: string }, version: number) =>
      update('Colour', { label, values: Object.fromEntries(read.values.filter((v) => v.label.et || v.label.en).map((v) => [v.value, v.label])), position: read.position, shown: read.shown, version });
    expect((await put({ filters: [colour({ et: 'Värvus', en: 'Colour' }, read.version)] })).statusCode).toBe(200);
    const before = (await h.store.readStream('filter-Colour')).events.length;
    // A second screen still holds the version read before that save.
    const stale = await put({ filters: [colour({ et: 'Toonid', en: 'Colour' }, read.version), update('Side', { shown: true })] });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().errors[0]).toMatchObject({ code: 'filter.changed_meanwhile', field: 'filters.0.name', message: 'The filter was changed after you opened it. Reload the latest version.' });
    expect((await h.store.readStream('filter-Colour')).events.length).toBe(before);
    expect((await h.store.readStream('filter-Side')).events.map((e) => e.type)).toEqual(['FilterHidden']);
    // Back to the label the other tests expect.
    expect((await put({ filters: [colour(read.label, before)] })).statusCode).toBe(200);
    await h.settle();
  });

  it('records nothing for the same settings', async () => {
    const before = (await h.store.readStream('filter-Colour')).events.length;
    const filters = await list();
    const colour = filters.find((f) => f.name === 'Colour')!;
    const res = await put({ filters: [update('Colour', { label: colour.label, values: Object.fromEntries(colour.values.map((v) => [v.value, v.label])), position: colour.position, shown: colour.shown })] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await h.store.readStream('filter-Colour')).events.length).toBe(before);
  });

  it('clears the listing facets at once in an api that keeps labels for a minute (facet JSON made again)', async () => {
    const cached = await h.replica({ filterLabelCacheTtlMs: 60_000 });
    expect((await facetsOf(cached)).find(([n]) => n === 'Colour')).toEqual(['Colour', 'Toon']);
    expect((await facetsOf(cached)).find(([n]) => n === 'Colour')).toEqual(['Colour', 'Toon']); // served from the memo
    expect((await put({ filters: [update('Colour', { label: { et: 'Värvitoon', en: 'Colour' }, values: { Black: { et: 'Must', en: 'Black' } }, position: 1 }), update('Side', { shown: true, position: 2 })] })).statusCode).toBe(200);
    await h.settle();
    await expect.poll(async () => facetsOf(cached), { timeout: patience(5_000), interval: 50 }).toEqual([['Height [mm]', 'Height [mm]'], ['Colour', 'Värvitoon'], ['Side', 'Side']]);
  });

  it('refuses without the CSRF token', async () => {
    const res = await h.app.inject({ method: 'PUT', url: '/v1/admin/filters', headers: { cookie: `${staff.csrf.cookie}; ${staff.session}`, 'content-type': 'application/json' }, payload: { filters: [update('Side')] } });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('request.csrf_invalid');
  });

  it('checks every facet before recording any: one invalid facet changes none', async () => {
    const before = (await h.store.readStream('filter-Side')).events.length;
    const res = await put({ filters: [update('Side', { shown: false }), update('Colour', { label: { et: '', en: '' }, values: { Black: { et: 'Must', en: '' } } })] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'filter.label_missing', field: 'filters.1.label', message: 'Enter a label in Estonian or English.' });
    expect((await h.store.readStream('filter-Side')).events.length).toBe(before);
  });

  it.each([
    ['no body object', 'x'],
    ['no filters', { filters: [] }],
    ['filters not a list', { filters: { name: 'Side' } }],
    ['empty name', { filters: [update('  ')] }],
    ['control characters', { filters: [update('Side\u0000x')] }],
    ['negative position', { filters: [update('Side', { position: -1 })] }],
    ['fractional position', { filters: [update('Side', { position: 1.5 })] }],
    ['huge position', { filters: [update('Side', { position: 1e9 })] }],
    ['position as text', { filters: [update('Side', { position: '1' as unknown as number })] }],
    ['shown as text', { filters: [update('Side', { shown: 'no' as unknown as boolean })] }],
    ['label too long', { filters: [update('Side', { label: { et: 'x'.repeat(201), en: '' } })] }],
    ['label without a language', { filters: [{ name: 'Side', label: { et: 'Pool' }, shown: true, position: null }] }],
    ['a facet twice', { filters: [update('Side'), update('Side')] }],
  ])('refuses %s with a 400 in the envelope', async (_label, body) => {
    const res = await put(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, status: 'failure' });
  });

  it('answers in the request language', async () => {
    const res = await put({ filters: [update('Colour', { label: { et: '', en: '' }, values: { Black: { et: 'Must', en: '' } } })] }, staff, 'et');
    expect(res.json().errors[0].message).toBe('Sisestage silt eesti või inglise keeles.');
  });

  it('rebuilds the filters read model with identical rows', async () => {
    await h.settle();
    const live = await hashReadModel(h.db, filtersReadModel);
    await rebuildReadModel(h.db, h.store, filtersReadModel);
    expect(await hashReadModel(h.db, filtersReadModel)).toBe(live);
  });
});

describe("'hide when its count is 0' per category (spec 9)", () => {
  const UNIVERSAL = categoryIdForPath(['Body', 'Universal']);
  const WINGS = categoryIdForPath(['Body', 'Wings']);
  const listing = async (query: string) => {
    const res = await h.app.inject(`/v1/products?lang=et&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { availableFilters: { name: string }[]; hiddenWhenEmpty?: string[] };
  };

  beforeAll(async () => {
    const body = { id: categoryIdForPath(['Body']), et: 'Kere', en: 'Body' };
    await h.importCatalogRows([
      { ...row('M-1', [{ name: 'Marque', value: 'MG' }, { name: 'Colour', value: 'Black' }]), categoryPath: [body, { id: WINGS, et: 'Tiivad', en: 'Wings' }] },
      { ...row('M-2', [{ name: 'Colour', value: 'Black' }]), categoryPath: [body, { id: UNIVERSAL, et: 'Universaalne', en: 'Universal' }] },
    ]);
    await h.settle();
  });

  it('is refused for a category the shop does not have (400 in the request language, nothing recorded) and for what is no uuid', async () => {
    const before = (await h.store.readStream('filter-Marque')).events.length;
    const unknown = await put({ filters: [update('Marque', { hideWhenEmptyIn: [UNIVERSAL, randomUUID()] })] }, staff, 'et');
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ code: 'filter.category_invalid', field: 'filters.0.hideWhenEmptyIn.1', message: 'Valige poe olemasolev kategooria.' });
    const garbage = await put({ filters: [update('Marque', { hideWhenEmptyIn: ['237'] })] });
    expect(garbage.statusCode, garbage.body).toBe(400);
    expect((await h.store.readStream('filter-Marque')).events.length).toBe(before);
  });

  it("is saved with the staff member and named in that category's listing only", async () => {
    // Before: Universal's products carry no Marque, so an applied Marque there counts 0 and nothing names the rule.
    const plain = await listing(`c=${UNIVERSAL}&f=${encodeURIComponent(JSON.stringify({ Marque: ['MG'] }))}`);
    expect(plain.availableFilters.map((f) => f.name)).not.toContain('Marque');
    expect(plain.hiddenWhenEmpty).toBeUndefined();

    const res = await put({ filters: [update('Marque', { hideWhenEmptyIn: [UNIVERSAL.toUpperCase(), UNIVERSAL] })] });
    expect(res.statusCode, res.body).toBe(200);
    expect(savedFiltersSchema.parse(res.json().data).filters[0]).toMatchObject({ name: 'Marque', hideWhenEmptyIn: [UNIVERSAL] });
    const { events } = await h.store.readStream('filter-Marque');
    const changed = events.filter((e) => e.type === 'FilterHiddenWhenEmptyChanged');
    expect(changed.map((e) => e.data)).toEqual([{ name: 'Marque', categoryIds: [UNIVERSAL] }]);
    expect(changed[0]!.metadata.userId).toBe(ids['filter.staff']);

    // The same set again records nothing.
    expect((await put({ filters: [update('Marque', { hideWhenEmptyIn: [UNIVERSAL] })] })).statusCode).toBe(200);
    expect((await h.store.readStream('filter-Marque')).events.filter((e) => e.type === 'FilterHiddenWhenEmptyChanged')).toHaveLength(1);

    const deadline = Date.now() + patience(10_000);
    while ((await listing(`c=${UNIVERSAL}`)).hiddenWhenEmpty === undefined && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect((await listing(`c=${UNIVERSAL}`)).hiddenWhenEmpty).toEqual(['Marque']);
    // Another category, and the whole catalog, do not name it: there the facet shows as before.
    const wings = await listing(`c=${WINGS}`);
    expect(wings.hiddenWhenEmpty).toBeUndefined();
    expect(wings.availableFilters.map((f) => f.name)).toContain('Marque');
    expect((await listing('')).hiddenWhenEmpty).toBeUndefined();
    expect((await list()).find((f) => f.name === 'Marque')?.hideWhenEmptyIn).toEqual([UNIVERSAL]);
  });

  it("shows in the facet's audit timeline with the staff member", async () => {
    const res = await h.app.inject({ url: `/v1/admin/history/${encodeURIComponent('filter-Marque')}?lang=en`, headers: headersOf(staff) });
    expect(res.statusCode, res.body).toBe(200);
    const history = res.json().data as { kind: string; subject: string; events: { type: string; actor: { username?: string } }[] };
    expect(history).toMatchObject({ kind: 'filter', subject: 'Marque' });
    expect(history.events[0]).toMatchObject({ type: 'FilterHiddenWhenEmptyChanged', actor: { username: 'filter.staff' } });
    expect((await h.app.inject({ url: `/v1/admin/history/${encodeURIComponent('filter-\u0001')}`, headers: headersOf(staff) })).statusCode).toBe(400);
  });

  it('is cleared by an empty set, and the read model rebuilds identically', async () => {
    expect((await put({ filters: [update('Marque', { hideWhenEmptyIn: [] })] })).statusCode).toBe(200);
    await h.settle();
    expect((await list()).find((f) => f.name === 'Marque')?.hideWhenEmptyIn).toEqual([]);
    const live = await hashReadModel(h.db, filtersReadModel);
    await rebuildReadModel(h.db, h.store, filtersReadModel);
    expect(await hashReadModel(h.db, filtersReadModel)).toBe(live);
  });
});
