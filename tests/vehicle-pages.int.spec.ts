/**
 * The vehicle landing pages end to end on real PostgreSQL (docs/architecture.md "Vehicle fitment", landing pages): the page calls
 * (`GET /v1/vehicles/{make}/models-with-parts`, `/v1/vehicles/{make}/{model}[/{generation}]/parts-by-category`)
 * against fitment recorded by the command, 404s for what the reference lacks, hostile path segments (4xx in the
 * envelope, in the user's language, never a 500), the sitemap's vehicle file, and the server-rendered HTML (title,
 * canonical, hreflang, breadcrumb, parts; 404 for an unknown vehicle; every read in process). The classic cars of the
 * reference (a missing data folder loads only those) and the small fixture catalog keep it quick.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { changeProductFitment } from '../commands/product/change-product-fitment.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { loadVehicleReference } from '../commands/vehicle/load-vehicle-reference.js';
import { envelopeSchema, failureEnvelopeSchema } from '../api/contracts/catalog.js';
import { vehicleMakePartsResponseSchema, vehiclePartsResponseSchema } from '../api/contracts/vehicles.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { patience } from './support/patience.js';

const root = path.resolve(__dirname, '..');
let h: ShopHarness;
let app: FastifyInstance;
const ctx = () => ({ commandId: crypto.randomUUID(), correlationId: crypto.randomUUID(), userId: null, now: h.clock.now });
const FUEL = productIdForCode('BF 1018/1'); // Filtrid > Kütusefiltrid
const FUEL_SHORT = productIdForCode('BF 1018/2'); // Filtrid > Kütusefiltrid, universal
const OIL = productIdForCode('W 712/75'); // Filtrid > Õlifiltrid
const PADS = productIdForCode('GSK 100'); // Pidurid

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  h = await createShopHarness('vehicle_pages');
  await loadVehicleReference(h.store, path.join(root, 'tests', 'no-such-vehicle-folder'), { now: h.clock.now });
  await h.importFile(path.join(root, 'tests', 'fixtures', 'small-catalog.csv'));
  await seedSiteContent(h.store, h.clock.now);
  const change = (productId: string, change: Parameters<typeof changeProductFitment>[1]['change']) => changeProductFitment(h.store, { productId, change }, ctx());
  await change(FUEL, { add: [{ kind: 'generation', make: 'mg', model: 'mgb', generation: '1962-1980', from: '1962-05', to: '1980-10', label: 'MG MGB (1962-1980)' }], reason: 'test' });
  await change(OIL, { add: [{ kind: 'model', make: 'mg', model: 'mgb', label: 'MG MGB' }], reason: 'test' });
  await change(PADS, { add: [{ kind: 'years', make: 'triumph', model: 'tr6', fromYear: 1970, toYear: 1972, label: 'Triumph TR6 1970-1972' }], reason: 'test' });
  await change(FUEL_SHORT, { mode: 'universal', reason: 'test' });
  await h.settle();
  app = await h.replica({
    webRoot: path.join(root, 'web', 'dist'),
    ssrEntry: path.join(root, 'web', 'dist-server', 'entry-server.js'),
    publicUrl: 'https://shop.example',
  });
}, patience(300_000));

afterAll(async () => {
  await h?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const parts = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=300');
  return envelopeSchema(vehiclePartsResponseSchema).parse(res.json()).data!;
};

describe('the landing pages\' calls', () => {
  it('answers a model page: the parts made for it per category, no universal ones, with the category URL and `v=`', async () => {
    const data = await parts('/v1/vehicles/mg/mgb/parts-by-category?lang=et');
    expect(data.make).toEqual({ slug: 'mg', name: 'MG' });
    expect(data.model).toEqual({ slug: 'mgb', name: 'MGB' });
    expect(data.generation).toBeNull();
    expect(data.years).toEqual({ from: 1962, to: 1980 });
    expect(data.v).toBe('mg.mgb.1962-1980'); // one generation: its id
    expect(data.total).toBe(2);
    expect(data.categories.map((c) => [c.name, c.url, c.count, c.products.map((p) => p.id)])).toEqual(
      expect.arrayContaining([
        ['Kütusefiltrid', '/et/filtrid/kutusefiltrid', 1, [FUEL]],
        ['Õlifiltrid', '/et/filtrid/olifiltrid', 1, [OIL]],
      ]),
    );
    expect(data.categories).toHaveLength(2);
    expect(data.categories.find((c) => c.id && c.products[0]!.id === FUEL)!.products[0]).toEqual({ id: FUEL, name: 'Kütusefilter', grossCents: expect.any(Number) });
    expect(data.generations).toEqual([{ id: 'mg.mgb.1962-1980', slug: '1962-1980', label: 'MG MGB (1962-1980)', count: 2 }]);
  });

  it('answers a generation page in English, and a year-range application on the overlapping generation', async () => {
    const mgb = await parts('/v1/vehicles/mg/mgb/1962-1980/parts-by-category?lang=en');
    expect(mgb.generation).toEqual({ id: 'mg.mgb.1962-1980', slug: '1962-1980', label: 'MG MGB (1962-1980)', code: null });
    expect(mgb.categories.map((c) => c.url).sort()).toEqual(['/en/filters/fuel-filters', '/en/filters/oil-filters']);
    expect(mgb.categories.flatMap((c) => c.products.map((p) => p.name)).sort()).toEqual(['Fuel filter', 'Oil filter']);
    const tr6 = await parts('/v1/vehicles/triumph/tr6/1968-1976/parts-by-category?lang=en');
    expect(tr6.total).toBe(1);
    expect(tr6.categories).toEqual([{ id: expect.any(String), name: 'Brakes', url: '/en/brakes', count: 1, products: [{ id: PADS, name: 'Brake pads', grossCents: 2500 }] }]);
  });

  it('answers a page without parts with total 0 and a make page with its models and counts', async () => {
    const gt6 = await parts('/v1/vehicles/triumph/gt6/parts-by-category');
    expect(gt6.total).toBe(0);
    expect(gt6.categories).toEqual([]);
    const res = await get('/v1/vehicles/mg/models-with-parts?lang=en');
    expect(res.statusCode).toBe(200);
    const mg = envelopeSchema(vehicleMakePartsResponseSchema).parse(res.json()).data!;
    expect(mg.models.find((m) => m.slug === 'mgb')).toEqual({ slug: 'mgb', name: 'MGB', fromYear: 1962, toYear: 1980, count: 2 });
    expect(mg.models.find((m) => m.slug === 'mgc')?.count).toBe(0);
  });

  it('answers 404 vehicle.not_found in the user\'s language for an unknown make, model or generation', async () => {
    for (const url of ['/v1/vehicles/nosuch/mgb/parts-by-category', '/v1/vehicles/mg/nosuch/parts-by-category', '/v1/vehicles/mg/mgb/1900-1901/parts-by-category', '/v1/vehicles/mg/mgb/1970/parts-by-category', '/v1/vehicles/nosuch/models-with-parts']) {
      const res = await get(url, { 'accept-language': 'et' });
      expect(res.statusCode, url).toBe(404);
      const body = failureEnvelopeSchema.parse(res.json());
      expect(body.errors[0]!.code).toBe('vehicle.not_found');
    }
    const en = await get('/v1/vehicles/mg/nosuch/parts-by-category?lang=en');
    expect(JSON.stringify(en.json())).toContain('The vehicle was not found');
  });

  it('refuses hostile path segments and queries with a 4xx in the envelope, never a 500', async () => {
    const hostile = ['MG', '%3Cscript%3E', 'mg%2Fmgb', '..', 'a'.repeat(81), '%00', 'mg%20b', '-mg', 'm_g', '%E2%80%AE'];
    for (const seg of hostile) {
      for (const url of [`/v1/vehicles/${seg}/mgb/parts-by-category`, `/v1/vehicles/mg/${seg}/parts-by-category`, `/v1/vehicles/mg/mgb/${seg}/parts-by-category`, `/v1/vehicles/${seg}/models-with-parts`]) {
        const res = await get(url);
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url).toBeLessThan(500);
      }
    }
    for (const q of ['lang=xx', 'lang=%00', 'lang=et&lang=en', `lang=${'e'.repeat(5000)}`]) {
      const res = await get(`/v1/vehicles/mg/mgb/parts-by-category?${q}`);
      expect(res.statusCode, q).toBeLessThan(500);
    }
  });
});

describe('the sitemap', () => {
  it('names the vehicles file, which lists the makes, models and generations with parts in both languages', async () => {
    const index = await get('/sitemap.xml');
    expect(index.body).toContain('<loc>https://shop.example/sitemap-vehicles.xml</loc>');
    const res = await get('/sitemap-vehicles.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const p of ['/vehicles/mg', '/vehicles/mg/mgb', '/vehicles/mg/mgb/1962-1980', '/vehicles/triumph', '/vehicles/triumph/tr6', '/vehicles/triumph/tr6/1968-1976']) {
      expect(locs, p).toContain(`https://shop.example/et${p}`);
      expect(locs, p).toContain(`https://shop.example/en${p}`);
    }
    expect(locs.some((l) => l!.includes('/vehicles/triumph/gt6'))).toBe(false); // no part made for it
    expect(locs.some((l) => l!.includes('/vehicles/mg/mgc'))).toBe(false);
    expect(res.body).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://shop.example/en/vehicles/mg/mgb"/>');
    expect(locs).toHaveLength(12);
  });
});

describe('the server-rendered page', () => {
  it('holds title, description, canonical, hreflang, breadcrumb and the parts, all read in process in one pass', async () => {
    const res = await get('/en/vehicles/mg/mgb/1962-1980');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toMatch(/<title>Parts for MG MGB \(1962-1980\) \| [^<]+<\/title>/);
    expect(html).toContain('<link rel="canonical" href="https://shop.example/en/vehicles/mg/mgb/1962-1980" />');
    expect(html).toContain('<link rel="alternate" hreflang="et" href="https://shop.example/et/vehicles/mg/mgb/1962-1980" />');
    expect(html).toMatch(/<meta name="description" content="Parts that fit the MG MGB \(1962-1980\): 2 products/);
    const body = html.slice(html.indexOf('<div id="root">'));
    expect(body).toContain('Fuel filter');
    expect(body).toContain('Oil filter');
    expect(body).toContain('href="/en/filters/fuel-filters?v=mg.mgb.1962-1980"');
    expect(body).toContain('class="breadcrumb"');
    expect(body).toContain('href="/en/vehicles/mg/mgb"');
    expect(html).not.toContain('noindex');
    expect(res.headers['server-timing']).toContain('desc="1 pass"');
    expect(res.headers['server-timing']).toMatch(/reads;desc="\d+ in process, 0 injected"/);
  });

  it('renders the Estonian model and make pages in formal wording', async () => {
    const model = await get('/et/vehicles/mg/mgb');
    expect(model.statusCode).toBe(200);
    expect(model.body).toMatch(/<title>MG MGB \(1962-1980\) varuosad \| [^<]+<\/title>/);
    expect(model.body).toContain('<link rel="canonical" href="https://shop.example/et/vehicles/mg/mgb" />');
    expect(model.body).toContain('Kütusefilter');
    const make = await get('/et/vehicles/mg');
    expect(make.statusCode).toBe(200);
    expect(make.body).toContain('href="/et/vehicles/mg/mgb"');
    expect(make.body).toContain('Valige mudel');
  });

  it('answers 404 for an unknown make, model or generation, and marks a page without parts noindex', async () => {
    for (const url of ['/et/vehicles/nosuch', '/et/vehicles/mg/nosuch', '/en/vehicles/mg/mgb/1900-1901', '/en/vehicles/MG%3C/mgb']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
    }
    const empty = await get('/en/vehicles/triumph/gt6');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('<meta name="robots" content="noindex"');
  });
});
