/**
 * Staff fitment over HTTP on real PostgreSQL and Redis (docs/architecture.md "Vehicle fitment", back office; api/routes/admin/
 * fitment.ts): no session 401, no permission 403, no CSRF token 403, garbage 400 in the user's language; the bulk
 * preview's numbers equal what apply writes; 500 products in one apply, each its own ProductFitmentChanged with the
 * staff member (time printed, not asserted); replace, remove and modes; one product's fitment; the fitment CSV
 * all-or-nothing with line numbers, and its export; staff adding a vehicle; the storefront listing's `v=` showing the
 * assigned parts after apply (polled). The vehicle reference is the classic cars only (no data folder), which hold
 * the Triumph TR6.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { changeProductFitment } from '../commands/product/change-product-fitment.js';
import { loadVehicleReference } from '../commands/vehicle/load-vehicle-reference.js';
import type { Fitment } from '../domain/fitment/fitment.js';
import { productRow } from './support/order-test-kit.js';
import { patience } from './support/patience.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { createStaffSessions, headersOf, registerStaff, type StaffBrowser } from './support/staff-session.js';

const PASSWORD = 'Fitment-Bulk-2026!x';
const BULK = 500;
let h: ShopHarness;
const sessions = createStaffSessions('fitment-bulk');
let mari: StaffBrowser;
let adam: StaffBrowser;
let tr6: string;
let tr5: string;
const code = (i: number) => `TR-${String(i).padStart(4, '0')}`;

const call = (b: StaffBrowser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, options: { csrf?: boolean; lang?: string } = {}) =>
  h.app.inject({
    method,
    url: `${url}${url.includes('?') ? '&' : '?'}lang=${options.lang ?? 'en'}`,
    headers: { ...(b ? headersOf(b, options.csrf ?? true) : {}), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });

const fitmentOf = async (codes: string[]): Promise<Map<string, Fitment | null>> => {
  const { rows } = await sql<{ code1: string; fitment: Fitment | null }>`select code1, fitment from rm_catalog.products where code1 = any(${codes}::text[])`.execute(h.db);
  return new Map(rows.map((r) => [r.code1, r.fitment]));
};

beforeAll(async () => {
  h = await createShopHarness('fitment_bulk', { api: { sessions: sessions.deps() } });
  await registerStaff(h.store, [['mari', ['CLIENT']], ['adam', ['ADMIN']]], { password: PASSWORD, now: h.clock.now });
  // No data folder: the classic cars only (commands/vehicle/vehicle-reference-data.ts CLASSIC_VEHICLES).
  await loadVehicleReference(h.store, '/nonexistent-vehicles-folder', { now: h.clock.now });
  const rows = [
    ...Array.from({ length: BULK }, (_, i) => ({ ...productRow(code(i + 1)), attributes: [{ name: 'Marque', value: 'Triumph' }] })),
    ...['MG-1', 'MG-2', 'MG-3'].map((c) => ({ ...productRow(c), attributes: [{ name: 'Marque', value: 'MG' }] })),
  ];
  const report = await h.importCatalogRows(rows);
  expect(report.errors).toEqual([]);
  await h.settle();
  mari = await sessions.signIn(h.app, 'mari', PASSWORD);
  adam = await sessions.signIn(h.app, 'adam', PASSWORD);
  const gens = (await h.app.inject('/v1/vehicles/makes/triumph/models/tr6')).json().data.generations as { id: string }[];
  tr6 = gens[0]!.id.split('.')[2]!;
  tr5 = ((await h.app.inject('/v1/vehicles/makes/triumph/models/tr5')).json().data.generations as { id: string }[])[0]!.id.split('.')[2]!;
}, patience(180_000));

afterAll(async () => {
  await h?.close();
  await sessions.cleanup();
});

const tr6App = () => ({ make: 'triumph', model: 'tr6', generation: tr6 });

describe('guard and hostile input', () => {
  const body = () => ({ selection: { codes: [code(1)] }, operation: { op: 'add', applications: [tr6App()] } });

  it('401 without a session, 403 without products.edit or without the CSRF token', async () => {
    expect((await call(null, 'POST', '/v1/admin/fitment/preview', body())).statusCode).toBe(401);
    expect((await call(null, 'GET', `/v1/admin/products/${productIdForCode(code(1))}/fitment`)).statusCode).toBe(401);
    expect((await call(adam, 'POST', '/v1/admin/fitment/apply', { ...body(), reason: 'x' })).statusCode).toBe(403);
    expect((await call(adam, 'GET', '/v1/admin/fitment/export')).statusCode).toBe(403);
    const noCsrf = await call(mari, 'POST', '/v1/admin/fitment/apply', { ...body(), reason: 'x' }, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect((await call(mari, 'POST', '/v1/admin/vehicles', { make: 'Triumph', model: 'X', from: '1970-01', to: null }, { csrf: false })).statusCode).toBe(403);
    expect((await fitmentOf([code(1)])).get(code(1))).toBeNull();
  });

  it('garbage is a 400 in the envelope, in the user\'s language, never a 500', async () => {
    const cases: unknown[] = [
      'not json',
      {},
      { selection: {}, operation: body().operation },
      { selection: { codes: [] }, operation: body().operation },
      { selection: { codes: [code(1)] }, operation: { op: 'explode' } },
      { selection: { codes: [code(1)] }, operation: { op: 'add', applications: [] } },
      { selection: { codes: [code(1)] }, operation: { op: 'add', applications: [{ make: 'x'.repeat(500) }] } },
      { selection: { codes: [code(1)] }, operation: { op: 'add', applications: [{ make: 'triumph', model: 'tr6', fromYear: 'soon' }] } },
      { selection: { codes: ['\u0000'] }, operation: body().operation },
      { selection: { facet: 'no-equals-sign' }, operation: body().operation },
      { selection: { categoryId: 'not-a-uuid' }, operation: body().operation },
    ];
    for (const payload of cases) {
      const res = await call(mari, 'POST', '/v1/admin/fitment/preview', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const unknownModel = await call(mari, 'POST', '/v1/admin/fitment/preview', { selection: { codes: [code(1)] }, operation: { op: 'add', applications: [{ make: 'triumph', model: 'tr99' }] } }, { lang: 'et' });
    expect(unknownModel.statusCode).toBe(400);
    expect(unknownModel.json().errors[0]).toMatchObject({ code: 'fitment.model_unknown', field: 'operation.applications.0', message: 'Sõidukite loendis pole sellist mudelit.' });
    const backwards = await call(mari, 'POST', '/v1/admin/fitment/preview', { selection: { codes: [code(1)] }, operation: { op: 'add', applications: [{ make: 'triumph', model: 'tr6', fromYear: 1975, toYear: 1970 }] } });
    expect(backwards.json().errors[0].code).toBe('fitment.years_invalid');
    const noReason = await call(mari, 'POST', '/v1/admin/fitment/apply', { ...body(), reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    const unknownProduct = await call(mari, 'GET', `/v1/admin/products/${randomUUID()}/fitment`);
    expect(unknownProduct.statusCode).toBe(404);
    expect((await call(mari, 'GET', '/v1/admin/products/nope/fitment')).statusCode).toBe(404);
    expect((await fitmentOf([code(1)])).get(code(1))).toBeNull();
  });
});

describe('bulk preview and apply', () => {
  it('the preview answers what apply then writes; a second apply changes nothing', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => code(i + 1));
    const payload = { selection: { codes: [...codes, 'NO-SUCH-PART'] }, operation: { op: 'add', applications: [tr6App()] } };
    const preview = await call(mari, 'POST', '/v1/admin/fitment/preview', { ...payload, pageSize: 4 });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json().data;
    expect(p.summary).toEqual({ products: 10, changed: 10, added: 10, removed: 0 });
    expect(p.missingCodes).toEqual(['NO-SUCH-PART']);
    expect(p.products).toHaveLength(4);
    expect(p.products[0]).toMatchObject({ code1: code(1), modeBefore: 'unknown', modeAfter: 'applications', added: ['Triumph TR6 (1968-1976)'], removed: [] });
    const apply = await call(mari, 'POST', '/v1/admin/fitment/apply', { ...payload, reason: 'TR6 catalogue 2026' });
    expect(apply.statusCode, apply.body).toBe(200);
    expect(apply.json().data).toEqual({ ...p.summary, failed: [] });
    const again = await call(mari, 'POST', '/v1/admin/fitment/apply', { ...payload, reason: 'TR6 catalogue 2026' });
    expect(again.json().data).toMatchObject({ products: 10, changed: 0, added: 0 });
    // Each product its own event, with the staff member and the reason.
    const history = await call(mari, 'GET', `/v1/admin/history/product-${productIdForCode(code(3))}`);
    expect(history.statusCode).toBe(200);
    const event = (history.json().data.events as { type: string; data: { reason: string }; user: { username: string } | null }[]).find((e) => e.type === 'ProductFitmentChanged');
    expect(event).toBeDefined();
    expect(JSON.stringify(event)).toContain('TR6 catalogue 2026');
    expect(JSON.stringify(event)).toContain('mari');
  });

  it(`assigns ${BULK} products selected by a facet value in one apply; the listing's v= shows them (polled)`, async () => {
    const payload = { selection: { facet: 'Marque=Triumph' }, operation: { op: 'add', applications: [tr6App()] } };
    const preview = (await call(mari, 'POST', '/v1/admin/fitment/preview', payload)).json().data;
    expect(preview.summary).toMatchObject({ products: BULK, changed: BULK - 10, added: BULK - 10 });
    const started = performance.now();
    const apply = await call(mari, 'POST', '/v1/admin/fitment/apply', { ...payload, reason: 'Bulk: all Triumph parts fit the TR6' });
    const ms = performance.now() - started;
    expect(apply.statusCode, apply.body).toBe(200);
    expect(apply.json().data).toEqual({ ...preview.summary, failed: [] });
    process.stdout.write(`fitment bulk apply: ${BULK} products in ${Math.round(ms)} ms\n`);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from rm_catalog.products where code1 like 'TR-%' and fitment->'applications' @> ${JSON.stringify([{ kind: 'generation', make: 'triumph', model: 'tr6', generation: tr6 }])}::jsonb`.execute(h.db);
    expect(rows[0]!.n).toBe(BULK);
    const deadline = Date.now() + patience(5_000);
    let total = -1;
    while (Date.now() < deadline) {
      const res = await h.app.inject(`/v1/products?v=triumph.tr6.${tr6}&pageSize=24`);
      expect(res.statusCode).toBe(200);
      total = Number(res.headers['x-pagination-total-count']);
      if (total === BULK) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(total).toBe(BULK);
    const other = await h.app.inject(`/v1/products?v=triumph.tr5.${tr5}&pageSize=24`);
    expect(Number(other.headers['x-pagination-total-count'])).toBe(0);
  });

  it('replace swaps the applications, remove takes them away (unknown again), a mode replaces the list', async () => {
    const selection = { codes: [code(1), code(2)] };
    const tr5App = { make: 'triumph', model: 'tr5', generation: tr5, positions: ['front'] };
    const replace = await call(mari, 'POST', '/v1/admin/fitment/apply', { selection, operation: { op: 'replace', applications: [tr5App] }, reason: 'Wrong car' });
    expect(replace.json().data).toEqual({ products: 2, changed: 2, added: 2, removed: 2, failed: [] });
    let f = await fitmentOf([code(1)]);
    expect(f.get(code(1))!.applications).toEqual([expect.objectContaining({ model: 'tr5', positions: ['front'] })]);
    const remove = await call(mari, 'POST', '/v1/admin/fitment/apply', { selection, operation: { op: 'remove', applications: [tr5App] }, reason: 'Not sure' });
    expect(remove.json().data).toMatchObject({ changed: 2, removed: 2 });
    f = await fitmentOf([code(1), code(2)]);
    expect(f.get(code(1))).toBeNull();
    const universal = await call(mari, 'POST', '/v1/admin/fitment/apply', { selection: { q: 'MG-' , facet: 'Marque=MG' }, operation: { op: 'mode', mode: 'universal' }, reason: 'Universal mirrors' });
    expect(universal.json().data).toMatchObject({ products: 3, changed: 3 });
    expect((await fitmentOf(['MG-1'])).get('MG-1')).toEqual({ mode: 'universal', applications: [] });
  });
});

describe('one product, vehicles, CSV', () => {
  it('reads and changes one product\'s fitment with a reason', async () => {
    const id = productIdForCode(code(3));
    const before = (await call(mari, 'GET', `/v1/admin/products/${id}/fitment`)).json().data;
    expect(before.mode).toBe('applications');
    const put = await call(mari, 'PUT', `/v1/admin/products/${id}/fitment`, { add: [{ make: 'triumph', model: 'tr5', fromYear: 1967, toYear: 1968, engineCode: 'PI' }], remove: [tr6App()], reason: 'Checked the drawing' });
    expect(put.statusCode, put.body).toBe(200);
    const after = put.json().data;
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.applications).toEqual([expect.objectContaining({ kind: 'years', label: 'Triumph TR5 (1967-1968)', engineCode: 'PI', fromYear: 1967, toYear: 1968 })]);
    const noReason = await call(mari, 'PUT', `/v1/admin/products/${id}/fitment`, { mode: 'universal' });
    expect(noReason.statusCode).toBe(400);
  });

  it('adds a vehicle missing from the reference; adding it again adds nothing; bad months are 400', async () => {
    const body = { make: 'Triumph', model: 'TR7 Sprint', generation: null, from: '1977-01', to: '1977-12' };
    const res = await call(mari, 'POST', '/v1/admin/vehicles', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ added: true, vehicle: { id: 'triumph.tr7-sprint.1977-1977', label: 'Triumph TR7 Sprint (1977-1977)' } });
    expect((await call(mari, 'POST', '/v1/admin/vehicles', body)).json().data.added).toBe(false);
    expect((await call(mari, 'POST', '/v1/admin/vehicles', { ...body, from: '1977-13' })).statusCode).toBe(400);
    expect((await call(mari, 'POST', '/v1/admin/vehicles', { ...body, to: '1970-01' })).statusCode).toBe(400);
    expect((await call(adam, 'POST', '/v1/admin/vehicles', body)).statusCode).toBe(403);
    await h.settle();
    const models = (await h.app.inject('/v1/vehicles/makes/triumph/models')).json().data.models as { slug: string }[];
    expect(models.map((m) => m.slug)).toContain('tr7-sprint');
  });

  it('imports a fitment CSV all or nothing, with the line of each error; exports it back', async () => {
    const header = 'part_number,make,model,generation,year_from,year_to,position,engine_code,note,mode';
    const bad = [header, `${code(20)},triumph,tr6,${tr6},,,front | left,,"Note, with comma",`, `${code(21)},triumph,tr99,,,,,,,`, `${code(22)},,,,,,,,,universal`, 'NO-SUCH,triumph,,,,,,,,'].join('\n');
    const before = await fitmentOf([code(20), code(22)]);
    const res = await call(mari, 'POST', '/v1/admin/fitment/import', { csv: bad, reason: 'Supplier file' });
    expect(res.statusCode, res.body).toBe(400);
    const errors = res.json().errors as { code: string; field: string; message: string }[];
    expect(errors).toEqual([
      expect.objectContaining({ code: 'fitment.model_unknown', field: 'line.3', message: expect.stringContaining('line 3') }),
      expect.objectContaining({ code: 'fitment_csv.product_unknown', field: 'line.5' }),
    ]);
    expect(await fitmentOf([code(20), code(22)])).toEqual(before);
    const syntax = await call(mari, 'POST', '/v1/admin/fitment/import', { csv: `${header}\n"unclosed,triumph` }, { lang: 'et' });
    expect(syntax.statusCode).toBe(400);
    expect(syntax.json().errors[0].message).toMatch(/^rida \d+: CSV-vorming on vigane/);

    const good = [header, `${code(20)},triumph,tr6,${tr6},,,front | left,,"Note, with comma",`, `${code(20)},triumph,tr5,,1967,1968,,,,`, `${code(22)},,,,,,,,,universal`].join('\n');
    const ok = await call(mari, 'POST', '/v1/admin/fitment/import', { csv: good, reason: 'Supplier file' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ products: 2, changed: 2, dryRun: false });
    const after = await fitmentOf([code(20), code(22)]);
    expect(after.get(code(20))!.applications).toHaveLength(2);
    expect(after.get(code(22))!.mode).toBe('universal');
    expect((await call(mari, 'POST', '/v1/admin/fitment/import', { csv: good, reason: 'Supplier file' })).json().data.changed).toBe(0);

    const exported = await call(mari, 'GET', '/v1/admin/fitment/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.body).toContain(`${code(20)},triumph,tr6,${tr6},,,front | left,,"Note, with comma",`);
    expect(exported.body).toContain(`${code(22)},,,,,,,,,universal`);
    // The export imports back as it is and changes nothing.
    const roundTrip = await call(mari, 'POST', '/v1/admin/fitment/import', { csv: exported.body, reason: 'Round trip' });
    expect(roundTrip.statusCode, roundTrip.body.slice(0, 500)).toBe(200);
    expect(roundTrip.json().data.changed).toBe(0);
  });
});

describe('the product dashboard\'s fitment tabs', () => {
  it('counts and lists products without fitment data and products fitting nothing in the reference', async () => {
    await h.settle();
    const dashboard = async (kind: string, b: StaffBrowser | null = mari) => call(b, 'GET', `/v1/admin/fitment/dashboard?kind=${kind}&pageSize=120`);
    const { rows: unknownRows } = await sql<{ n: number }>`select count(*)::int as n from rm_catalog.products where fitment is null`.execute(h.db);
    const before = (await dashboard('no-fitment')).json().data;
    expect(before.counts['no-fitment']).toBe(unknownRows[0]!.n);
    expect(before.total).toBe(unknownRows[0]!.n);
    expect(before.rows.map((r: { code1: string }) => r.code1)).toContain(code(1));
    expect(before.counts['fits-nothing']).toBe(0);
    // A TR6 application for years the TR6 was never made: it fits nothing in the reference.
    await changeProductFitment(h.store, { productId: productIdForCode(code(1)), change: { add: [{ kind: 'years', make: 'triumph', model: 'tr6', fromYear: 1990, toYear: 1995, label: 'Triumph TR6 (1990-1995)' }], reason: 'typo' } }, { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });
    await h.settle();
    const after = (await dashboard('fits-nothing')).json().data;
    expect(after.counts).toEqual({ 'no-fitment': before.counts['no-fitment'] - 1, 'fits-nothing': 1 });
    expect(after.rows).toEqual([{ id: productIdForCode(code(1)), code1: code(1), name: `Product ${code(1)}`, applications: ['Triumph TR6 (1990-1995)'] }]);
    expect((await dashboard('nonsense')).statusCode).toBe(400);
    expect((await dashboard('no-fitment', null)).statusCode).toBe(401);
    expect((await dashboard('no-fitment', adam)).statusCode).toBe(403);
  });
});
