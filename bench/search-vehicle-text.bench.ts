/**
 * The search texts' vehicle (domain/search/vehicle-in-text.ts; spec 2 "Search keywords": searches that named a
 * vehicle), in process over the whole vehicle reference (../shared/data/vehicles and the classic cars): the time to
 * build the lookup (once per change of the reference, api/plugins/vehicle-reference.ts) and the median and p99 time
 * of one `vehicleNamedInText` call, the cost each recorded search adds on GET /v1/search and /v1/products, for
 * texts with a model alone, a make and model, a make alone, no vehicle, and a 200-character text; also how many of
 * the demo catalog's names name a vehicle (a sanity figure for the rule, not a test).
 *
 *   npx tsx bench/search-vehicle-text.bench.ts      (ROUNDS=20000 by default)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { buildVehicleReference } from '../commands/vehicle/vehicle-reference-data.js';
import { buildVehicleTextIndex, vehicleNamedInText, type VehicleModelName } from '../domain/search/vehicle-in-text.js';
import { slugify } from '../domain/vehicle/vehicle.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vehiclesDir = path.resolve(root, '..', 'shared', 'data', 'vehicles');
const rounds = Number(process.env.ROUNDS ?? 20_000);

const models: VehicleModelName[] = [];
const seen = new Set<string>();
for (const m of buildVehicleReference(readFileSync(path.join(vehiclesDir, 'eparts-make-model-generation.csv'), 'utf8'), readFileSync(path.join(vehiclesDir, 'us-car-models-1992-2026.csv'), 'utf8'))) {
  for (const v of m.vehicles) {
    const key = `${slugify(m.make)}.${slugify(v.model)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    models.push({ make: m.make, makeSlug: slugify(m.make), model: v.model, modelSlug: slugify(v.model) });
  }
}

const builds: number[] = [];
let index = buildVehicleTextIndex(models);
for (let i = 0; i < 20; i++) {
  const started = performance.now();
  index = buildVehicleTextIndex(models);
  builds.push(performance.now() - started);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
const TEXTS: [string, string][] = [
  ['model alone', 'mgb pidurikettad'],
  ['make and model', 'triumph spitfire esituli'],
  ['make alone', 'volvo õlifilter'],
  ['no vehicle', 'piduriklotsid tagumised'],
  ['200 characters', `${'õhufilter '.repeat(19)}tr6`.slice(0, 200)],
];
console.log(`reference: ${models.length} models; lookup built in median ${percentile([...builds].sort((a, b) => a - b), 50).toFixed(2)} ms (20 builds)`);
console.log('text                     | found           | median µs | p99 µs');
for (const [name, text] of TEXTS) {
  const times: number[] = [];
  let found = vehicleNamedInText(index, text);
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    found = vehicleNamedInText(index, text);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(24)} | ${(found?.key ?? '-').padEnd(15)} | ${(percentile(times, 50) * 1000).toFixed(2).padStart(9)} | ${(percentile(times, 99) * 1000).toFixed(2).padStart(6)}`);
}
const names = (parse(readFileSync(path.join(root, 'data', 'demo-catalog.csv'), 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[]).map((r) => r.name_et ?? '');
const naming = names.filter((n) => vehicleNamedInText(index, n));
console.log(`demo catalog: ${naming.length} of ${names.length} product names name a vehicle, e.g. ${naming.slice(0, 5).map((n) => JSON.stringify(`${n} -> ${vehicleNamedInText(index, n)!.label}`)).join(', ')}`);
