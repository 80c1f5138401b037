/**
 * Vehicle fitment end to end on real PostgreSQL (docs/architecture.md "Vehicle fitment"): the vehicle reference loaded from
 * ../shared/data/vehicles (read in place) and recorded once; a deterministic slice of the demo catalog with its
 * generated fitment; the selector's calls; the listing's `v=` against a brute-force check (200 random part/vehicle
 * pairs, 0 wrong); hostile `v=` values; a fitment change reaching the listing; the read models rebuilt identical.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toImportRow } from '../commands/catalog/catalog-csv.js';
import { recordDemoFitment } from '../commands/fitment/demo-fitment.js';
import { changeProductFitment } from '../commands/product/change-product-fitment.js';
import { loadVehicleReference, type VehicleReferenceReport } from '../commands/vehicle/load-vehicle-reference.js';
import { answerFitment, type ChosenVehicle, type Fitment, UNKNOWN_FITMENT } from '../domain/fitment/fitment.js';
import { hashReadModel, rebuildReadModel } from '../projections/read-model.js';
import { catalogReadModel } from '../projections/catalog/writer.js';
import { vehiclesReadModel } from '../projections/vehicles/writer.js';
import { type CategoryNode, categoryTreeResponseSchema, envelopeSchema, productListResponseSchema, productSchema } from '../api/contracts/catalog.js';
import { vehicleCategoryCountsResponseSchema, vehicleGenerationsResponseSchema, vehicleMakesResponseSchema, vehicleModelsResponseSchema } from '../api/contracts/vehicles.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { patience } from './support/patience.js';

const root = path.resolve(__dirname, '..');
const vehiclesDir = path.resolve(root, '..', 'shared', 'data', 'vehicles');
let h: ShopHarness;
let firstLoad: VehicleReferenceReport;
let secondLoad: VehicleReferenceReport;
const ctx = () => ({ commandId: crypto.randomUUID(), correlationId: crypto.randomUUID(), userId: null, now: h.clock.now });

/** Every 25th row of the demo catalog, plus every row naming a Triumph TR6 among the first 3,000 (a slice that has both). */
const demoSlice = (() => {
  const records = parse(readFileSync(path.join(root, 'data', 'demo-catalog.csv'), 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  return records.filter((r, i) => i % 25 === 0 || (i < 3000 && r.vehicles!.includes('Triumph TR6'))).map((r, i) => toImportRow(r, i + 2));
})();

beforeAll(async () => {
  h = await createShopHarness('fitment');
  firstLoad = await loadVehicleReference(h.store, vehiclesDir, { now: h.clock.now });
  secondLoad = await loadVehicleReference(h.store, vehiclesDir, { now: h.clock.now });
  const report = await h.importCatalogRows(demoSlice);
  expect(report.errors).toEqual([]);
  const rows = demoSlice.flatMap((r) => ('productId' in r ? [{ code1: r.code1, vehicles: r.vehicles }] : []));
  await recordDemoFitment(h.store, rows, { now: h.clock.now });
  await h.settle();
}, patience(120_000));
afterAll(async () => {
  await h?.close();
});

const get = async <T>(url: string) => {
  const res = await h.app.inject({ url, headers: { 'accept-language': 'et' } });
  return { status: res.statusCode, body: res.json() as T };
};

describe('vehicle reference', () => {
  it('loads both files and the classic cars once; a second load reads only its marker', async () => {
    expect(firstLoad).toMatchObject({ loaded: true, sources: ['eparts-make-model-generation.csv', 'us-car-models-1992-2026.csv'] });
    expect(firstLoad.added).toBeGreaterThan(5000);
    expect(secondLoad).toMatchObject({ loaded: false, added: 0 });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from rm_vehicles.vehicles`.execute(h.db);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(firstLoad.added);
  });

  it('answers the selector: makes, models of a make, generations and years of a model (public, cacheable)', async () => {
    const makes = await h.app.inject('/v1/vehicles/makes');
    expect(makes.headers['cache-control']).toBe('public, max-age=300');
    const makeList = envelopeSchema(vehicleMakesResponseSchema).parse(makes.json()).data!.makes;
    expect(makeList).toContainEqual({ slug: 'mg', name: 'MG' });
    expect(makeList).toContainEqual({ slug: 'austin-healey', name: 'Austin-Healey' });
    const models = envelopeSchema(vehicleModelsResponseSchema).parse((await h.app.inject('/v1/vehicles/makes/mg/models')).json()).data!.models;
    expect(models).toContainEqual({ slug: 'mgb', name: 'MGB', fromYear: 1962, toYear: 1980 });
    const mgb = envelopeSchema(vehicleGenerationsResponseSchema).parse((await h.app.inject('/v1/vehicles/makes/mg/models/mgb?lang=en')).json()).data!;
    expect(mgb.generations).toContainEqual({ id: 'mg.mgb.1962-1980', label: 'MG MGB (1962-1980)', code: null, from: '1962-05', to: '1980-10' });
    expect(mgb.years).toContain(1970);
    expect(mgb.years[0]).toBe(1980);
  });

  it('refuses unknown and malformed makes and models with a 4xx in the envelope', async () => {
    const unknown = await get<{ errors: { code: string; field?: string }[] }>('/v1/vehicles/makes/no-such-make/models');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0]).toMatchObject({ code: 'vehicle.not_found', field: 'make' });
    expect((await h.app.inject('/v1/vehicles/makes/mg/models/no-such')).statusCode).toBe(404);
    expect((await h.app.inject(`/v1/vehicles/makes/${encodeURIComponent('<script>')}/models`)).statusCode).toBe(400);
    expect((await h.app.inject(`/v1/vehicles/makes/${'a'.repeat(90)}/models`)).statusCode).toBe(400);
  });
});

describe('listing with a vehicle', () => {
  const fitmentOf = async () => {
    const { rows } = await sql<{ id: string; listed: boolean; fitment: Fitment | null }>`select id::text, listed, fitment from rm_catalog.products`.execute(h.db);
    return rows;
  };
  const list = async (v: string, extra = '') => {
    const ids = new Set<string>();
    let hiddenUnknown = -1;
    const states = new Set<string>();
    for (let page = 1; ; page++) {
      const res = await h.app.inject(`/v1/products?v=${v}&pageSize=120&page=${page}${extra}`);
      expect(res.statusCode).toBe(200);
      const data = envelopeSchema(productListResponseSchema).parse(res.json()).data!;
      hiddenUnknown = data.hiddenUnknown!;
      for (const p of data.results) {
        ids.add(p.id);
        states.add(p.fitment!.state);
      }
      if (page * 120 >= Number(res.headers['x-pagination-total-count'])) break;
    }
    return { ids, hiddenUnknown, states };
  };
  const toParam = (v: ChosenVehicle) => ('year' in v ? `${v.make}.${v.model}.${v.year}` : `${v.make}.${v.model}.${v.generation}`);

  it('200 random part/vehicle pairs: a part is listed for a vehicle exactly when it fits or is universal; 0 wrong', async () => {
    const products = (await fitmentOf()).filter((p) => p.listed);
    const { rows: vehicles } = await sql<{ make_slug: string; model_slug: string; generation_slug: string; from_month: string; to_month: string | null }>`
      select make_slug, model_slug, generation_slug, from_month, to_month from rm_vehicles.vehicles
      where make_slug in ('mg', 'triumph', 'austin-healey', 'austin', 'morris', 'jaguar', 'mazda', 'rover') order by vehicle_id`.execute(h.db);
    let seed = 20261128;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    // 20 vehicles (generations and model years), 10 parts each.
    const chosen: ChosenVehicle[] = Array.from({ length: 20 }, (_, i) => {
      const v = vehicles[Math.floor(next() * vehicles.length)]!;
      return i % 2 ? { make: v.make_slug, model: v.model_slug, year: Number(v.from_month.slice(0, 4)) } : { make: v.make_slug, model: v.model_slug, generation: v.generation_slug, from: v.from_month, to: v.to_month };
    });
    // The named classic cars, sure to have fitting parts in the slice.
    chosen[0] = { make: 'triumph', model: 'tr6', year: 1972 };
    chosen[1] = { make: 'mg', model: 'mgb', generation: '1962-1980', from: '1962-05', to: '1980-10' };
    const wrong: string[] = [];
    let fitting = 0;
    for (const vehicle of chosen) {
      const listing = await list(toParam(vehicle));
      expect([...listing.states].every((s) => s === 'fits')).toBe(true);
      const unknown = products.filter((p) => answerFitment(p.fitment ?? UNKNOWN_FITMENT, vehicle).state === 'unknown').length;
      expect(listing.hiddenUnknown).toBe(unknown);
      // 5 parts drawn from all listed parts and 5 from those the domain says fit (when any), so both answers are sampled.
      const fitsHere = products.filter((p) => answerFitment(p.fitment ?? UNKNOWN_FITMENT, vehicle).state === 'fits');
      for (let i = 0; i < 10; i++) {
        const pool = i % 2 && fitsHere.length ? fitsHere : products;
        const part = pool[Math.floor(next() * pool.length)]!;
        const fits = answerFitment(part.fitment ?? UNKNOWN_FITMENT, vehicle).state === 'fits';
        if (fits) fitting++;
        if (listing.ids.has(part.id) !== fits) wrong.push(`${part.id} ${toParam(vehicle)}`);
      }
      // And every listed part fits by the domain's answer.
      for (const id of listing.ids) if (answerFitment(products.find((p) => p.id === id)!.fitment ?? UNKNOWN_FITMENT, vehicle).state !== 'fits') wrong.push(`listed ${id} ${toParam(vehicle)}`);
    }
    expect(wrong).toEqual([]);
    // The check is not vacuous: some sampled pairs fit, and the TR6 listing holds parts.
    expect(fitting).toBeGreaterThan(0);
    expect((await list('triumph.tr6.1972')).ids.size).toBeGreaterThan(10);
  });

  it('unknown=1 adds the parts without fitment data; the product page lists its applications and answers for the vehicle', async () => {
    const narrowed = await list('triumph.tr6.1972');
    const widened = await list('triumph.tr6.1972', '&unknown=1');
    expect(widened.ids.size).toBe(narrowed.ids.size + narrowed.hiddenUnknown);
    expect(widened.hiddenUnknown).toBe(0);
    expect(widened.states).toEqual(new Set(['fits', 'unknown']));
    const id = [...narrowed.ids][0]!;
    const view = envelopeSchema(productSchema).parse((await h.app.inject(`/product/view/${id}?v=mg.mgb.1962-1980&lang=en`)).json()).data!;
    expect(view.fitmentApplications!.mode).toBe('applications');
    expect(view.fitmentApplications!.applications.map((a) => a.label).join(' ')).toContain('TR6');
    expect(view.fitment!.state).toMatch(/^(fits|does-not-fit)$/);
  });

  it('narrows the category tree\'s counts to the vehicle: each equals the category listing\'s total with v= (and with unknown=1)', async () => {
    const tree = envelopeSchema(categoryTreeResponseSchema).parse((await h.app.inject('/v1/categories')).json()).data!;
    const nodes: CategoryNode[] = [];
    const walk = (n: CategoryNode) => {
      nodes.push(n);
      n.children.forEach(walk);
    };
    tree.forEach(walk);
    const totalOf = async (c: string, extra: string) => Number((await h.app.inject(`/v1/products?c=${c}&v=triumph.tr6.1972&pageSize=24${extra}`)).headers['x-pagination-total-count']);
    for (const extra of ['', '&unknown=1']) {
      const res = await h.app.inject(`/v1/categories/vehicle-counts?v=triumph.tr6.1972${extra}`);
      expect(res.statusCode).toBe(200);
      const data = envelopeSchema(vehicleCategoryCountsResponseSchema).parse(res.json()).data!;
      expect(data.vehicle.id).toBe('triumph.tr6.1972');
      // Every category with parts, and as many without: the count is the listing's total for that category.
      const withParts = nodes.filter((n) => data.counts[n.id] !== undefined);
      expect(withParts.length).toBeGreaterThan(0);
      const sample = [...withParts.slice(0, 12), ...nodes.filter((n) => data.counts[n.id] === undefined).slice(0, 6)];
      for (const n of sample) expect(data.counts[n.id] ?? 0, `${n.name.en}${extra}`).toBe(await totalOf(n.id, extra));
      // Narrower than the whole catalog's counts somewhere (the check is not vacuous).
      if (!extra) expect(withParts.some((n) => data.counts[n.id]! < n.productCount)).toBe(true);
    }
    expect((await h.app.inject('/v1/categories/vehicle-counts?v=mg.no-such-model.1970')).statusCode).toBe(404);
    for (const bad of ['', '?v=mg.mgb', '?v=%3Cscript%3E', '?v=mg.mgb.1962-1980&unknown=2']) {
      const res = await h.app.inject(`/v1/categories/vehicle-counts${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  it('refuses a malformed v= with 400 and an unknown vehicle with 404, in the user\'s language', async () => {
    for (const v of ['MG%20MGB', 'mg.mgb', 'mg..1970', `${'a'.repeat(200)}.b.1970`, 'mg.mgb.19700', '%3Cscript%3E']) {
      const res = await get<{ success: boolean }>(`/v1/products?v=${v}`);
      expect(res.status, v).toBe(400);
      expect(res.body.success).toBe(false);
    }
    const unknown = await get<{ errors: { code: string; message: string }[] }>('/v1/products?v=mg.no-such-model.1970');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0]).toMatchObject({ code: 'vehicle.not_found', message: 'Sõidukit ei leitud. Palun valige sõiduk uuesti.' });
    expect((await h.app.inject('/v1/products?v=mg.mgb.no-such-generation')).statusCode).toBe(404);
    expect((await h.app.inject('/v1/search?q=filter&v=mg.mgb')).statusCode).toBe(400);
  });

  it('a fitment change shows in the listing within seconds', async () => {
    const products = (await fitmentOf()).filter((p) => p.listed && p.fitment === null);
    const part = products[0]!;
    const before = await list('triumph.tr6.1972');
    expect(before.ids.has(part.id)).toBe(false);
    const started = Date.now();
    await changeProductFitment(h.store, { productId: part.id, change: { add: [{ kind: 'model', make: 'triumph', model: 'tr6', label: 'Triumph TR6' }], reason: 'test' } }, ctx());
    await expect.poll(async () => (await list('triumph.tr6.1972')).ids.has(part.id), { timeout: patience(5000), interval: 50 }).toBe(true);
    console.log(`fitment change visible in the listing after ${Date.now() - started} ms`);
    const search = (await h.app.inject(`/v1/search?q=${encodeURIComponent((demoSlice.find((r) => 'productId' in r && r.productId === part.id) as { code1: string }).code1)}&v=triumph.tr6.1972`)).json() as { data: { results: { id: string; fitment?: { state: string } }[]; hiddenUnknown: number } };
    expect(search.data.results.find((r) => r.id === part.id)?.fitment).toEqual({ state: 'fits', reason: 'application' });
  });

  it('rebuilds the vehicles and catalog read models with rows identical to the live ones', async () => {
    await h.settle();
    for (const rm of [vehiclesReadModel, catalogReadModel]) {
      const live = await hashReadModel(h.db, rm);
      await rebuildReadModel(h.db, h.store, rm);
      expect(await hashReadModel(h.db, rm)).toBe(live);
    }
  });
});
