/**
 * The listing index's vehicle filter beside a facet filter, in process (docs/architecture.md "Vehicle fitment", Speed): the demo
 * catalog with its generated fitment (commands/fitment/demo-fitment.ts) and the real vehicle reference, repeated to
 * ~100,000 products (each copy its own ids), then the median time of one listing query (page 1, 24 per page, newest
 * first) for: the whole catalog's first page (baseline), a facet filter (Marque=Triumph), a vehicle generation
 * (mg.mgb.1962-1980), a model year (triumph.tr6.1972), and a vehicle with a facet filter; then 'cold' cases, each
 * round after a one-product change (what the index keeps until a change is made again). Also the index's build time.
 *
 *   npx tsx bench/fitment-listing.bench.ts      (COPIES=3 by default; ROUNDS=300)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { demoApplications } from '../commands/fitment/demo-fitment.js';
import { buildVehicleReference } from '../commands/vehicle/vehicle-reference-data.js';
import type { ChosenVehicle, Fitment } from '../domain/fitment/fitment.js';
import { type VehicleRecord, vehicleMakeDecider } from '../domain/vehicle/vehicle.js';
import { CatalogListingIndex, type IndexProductRow, type IndexQuery } from '../projections/catalog/listing-index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vehiclesDir = path.resolve(root, '..', 'shared', 'data', 'vehicles');
const copies = Number(process.env.COPIES ?? 3);
const rounds = Number(process.env.ROUNDS ?? 300);

const makes = new Map<string, VehicleRecord[]>();
for (const m of buildVehicleReference(readFileSync(path.join(vehiclesDir, 'eparts-make-model-generation.csv'), 'utf8'), readFileSync(path.join(vehiclesDir, 'us-car-models-1992-2026.csv'), 'utf8'))) {
  const events = vehicleMakeDecider.decide({ type: 'AddVehicles', data: m, metadata: { now: '' } }, vehicleMakeDecider.initialState);
  makes.set(events[0]!.data.makeSlug, events.map((e) => e.data));
}
const records = parse(readFileSync(path.join(root, 'data', 'demo-catalog.csv'), 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
const rows: IndexProductRow[] = [];
for (let c = 0; c < copies; c++) {
  records.forEach((r, i) => {
    const applications = demoApplications(r.vehicles ? r.vehicles.split(' | ') : [], makes);
    const fitment: Fitment | null = applications.length ? { mode: 'applications', applications } : null;
    const seq = c * records.length + i + 1;
    rows.push({
      id: `${c}-${r.code1}`, seq, listed: r.class === 'product', code_text: r.code1!, alias_text: '', name_et: r.name_et!, name_en: r.name_en!, category_ids: [],
      facets: r.attributes ? r.attributes.split(' | ') : [], gross_cents: 100 + (seq % 5000), modified_ms: seq, vis_from_ms: -Infinity, vis_to_ms: Infinity, vis_in: 'visible', vis_out: 'visible', fitment,
    });
  });
}
const built = performance.now();
const index = CatalogListingIndex.build(rows, []);
const buildMs = performance.now() - built;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/**
 * Median time of `query`. `cold`: before each round one product (not in the answer's way) is applied unchanged, as
 * a product change does, which drops what the index keeps per change (counted facets); the apply is not timed.
 */
function time(query: Omit<IndexQuery, 'page' | 'pageSize' | 'language' | 'nowMs'>, cold = false): { ms: number; total: number } {
  const q: IndexQuery = { page: 1, pageSize: 24, language: 'et', nowMs: Date.now(), ...query };
  let total = 0;
  for (let i = 0; i < 20; i++) total = index.query(q).total; // warm-up
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    if (cold) index.apply([rows[i % rows.length]!], null);
    const t = performance.now();
    index.query(q);
    samples.push(performance.now() - t);
  }
  return { ms: median(samples), total };
}

const mgb: ChosenVehicle = { make: 'mg', model: 'mgb', generation: '1962-1980', from: '1962-05', to: '1980-10' };
const tr6: ChosenVehicle = { make: 'triumph', model: 'tr6', year: 1972 };
const cases: [string, Omit<IndexQuery, 'page' | 'pageSize' | 'language' | 'nowMs'>][] = [
  ['baseline: whole catalog, page 1', {}],
  ['facet filter Marque=Triumph', { filters: { Marque: ['Triumph'] } }],
  ['vehicle mg.mgb.1962-1980', { vehicle: mgb }],
  ['vehicle triumph.tr6.1972 (model year)', { vehicle: tr6 }],
  ['vehicle tr6 1972 + unknown=1', { vehicle: tr6, includeUnknown: true }],
  ['vehicle tr6 1972 + Marque=Triumph', { vehicle: tr6, filters: { Marque: ['Triumph'] } }],
  ['cold: facet filter Marque=Triumph', { filters: { Marque: ['Triumph'] } }],
  ['cold: vehicle mg.mgb.1962-1980', { vehicle: mgb }],
  ['cold: vehicle triumph.tr6.1972', { vehicle: tr6 }],
];
console.log(`listing index: ${index.size} products (${copies} copies of the demo catalog), built in ${buildMs.toFixed(0)} ms; median of ${rounds} queries each`);
for (const [name, query] of cases) {
  const { ms, total } = time(query, name.startsWith('cold:'));
  console.log(`${name.padEnd(40)} ${ms.toFixed(3).padStart(8)} ms   ${String(total).padStart(6)} products`);
}

// The vehicle landing pages (api/routes/vehicles/landing.ts): one page's parts per category, and the sitemap's
// counts over every model and generation of the reference.
function timeOf(fn: () => number, n = Math.max(10, Math.floor(rounds / 5))): { ms: number; total: number } {
  let total = 0;
  for (let i = 0; i < 5; i++) total = fn();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    fn();
    samples.push(performance.now() - t);
  }
  return { ms: median(samples), total };
}
const nowMs = Date.now();
const everyScope = [...makes.values()].flatMap((vs) => [
  ...new Map(vs.map((v) => [v.modelSlug, { kind: 'model' as const, make: v.makeSlug, model: v.modelSlug }])).values(),
  ...vs.map((v) => ({ kind: 'vehicle' as const, vehicle: { make: v.makeSlug, model: v.modelSlug, generation: v.generationSlug, from: v.from, to: v.to } })),
]);
const landing: [string, () => number][] = [
  ['landing page mg.mgb.1962-1980', () => index.vehicleParts({ kind: 'vehicle', vehicle: mgb }, nowMs, 4, 'et').total],
  ['landing page model mg/mgb', () => index.vehicleParts({ kind: 'model', make: 'mg', model: 'mgb' }, nowMs, 4, 'et').total],
  [`sitemap counts (${everyScope.length} pages)`, () => index.vehiclePartCounts(everyScope, nowMs).filter((n) => n > 0).length],
];
for (const [name, fn] of landing) {
  const { ms, total } = timeOf(fn);
  console.log(`${name.padEnd(40)} ${ms.toFixed(3).padStart(8)} ms   ${String(total).padStart(6)} ${name.startsWith('sitemap') ? 'pages with parts' : 'parts'}`);
}
