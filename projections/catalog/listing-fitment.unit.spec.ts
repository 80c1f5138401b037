/**
 * The listing index's vehicle filter against a brute-force check (domain/fitment `answerFitment` per product) over the
 * whole demo catalog with its generated fitment (commands/fitment/demo-fitment.ts) and the real vehicle reference
 * (../shared/data/vehicles + the classic cars): for every vehicle the demo parts name and 200 random part/vehicle
 * pairs, the index keeps exactly the parts that fit or are universal, counts the unknown ones, and answers each
 * part's state as the domain does; a fitment change moves the part in and out.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { demoApplications, missingDemoVehicles } from '../../commands/fitment/demo-fitment.js';
import { buildVehicleReference } from '../../commands/vehicle/vehicle-reference-data.js';
import { answerFitment, type ChosenVehicle, type Fitment } from '../../domain/fitment/fitment.js';
import { type VehicleRecord, vehicleMakeDecider } from '../../domain/vehicle/vehicle.js';
import { CatalogListingIndex, type IndexProductRow } from './listing-index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const vehiclesDir = path.resolve(root, '..', 'shared', 'data', 'vehicles');
const read = (file: string) => readFileSync(path.join(vehiclesDir, file), 'utf8');

/** A deterministic pseudo-random sequence (mulberry32), so a failure names the same pairs on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('vehicle filter over the demo catalog', () => {
  // The reference as the set-up records it, folded in memory.
  const makes = new Map<string, VehicleRecord[]>();
  for (const m of buildVehicleReference(read('eparts-make-model-generation.csv'), read('us-car-models-1992-2026.csv'))) {
    const events = vehicleMakeDecider.decide({ type: 'AddVehicles', data: m, metadata: { now: '' } }, vehicleMakeDecider.initialState);
    makes.set(events[0]!.data.makeSlug, events.map((e) => e.data));
  }
  const records = parse(readFileSync(path.join(root, 'data', 'demo-catalog.csv'), 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const vehiclesOf = (r: Record<string, string>) => (r.vehicles ? r.vehicles.split(' | ') : []);
  // Step 3 of the demo rule: the make + model pairs the reference lacks are added first (MG RV8 and ZT, named
  // differently in the Eparts file), as the set-up does.
  const missing = missingDemoVehicles(records.flatMap(vehiclesOf), makes);
  for (const m of missing) {
    const slug = m.make.toLowerCase();
    const state = { status: 'active' as const, make: m.make, makeSlug: slug, vehicles: makes.get(slug) ?? [] };
    const events = vehicleMakeDecider.decide({ type: 'AddVehicles', data: m, metadata: { now: '' } }, state);
    makes.set(slug, [...state.vehicles, ...events.map((e) => e.data)]);
  }

  const fitments = new Map<string, Fitment>();
  const rows: IndexProductRow[] = records.map((r, i) => {
    const applications = demoApplications(vehiclesOf(r), makes);
    // A few parts marked universal, to check they stay in every vehicle's listing.
    const fitment: Fitment = i % 997 === 0 ? { mode: 'universal', applications: [] } : applications.length ? { mode: 'applications', applications } : { mode: 'unknown', applications: [] };
    fitments.set(r.code1!, fitment);
    return {
      id: r.code1!, seq: i + 1, listed: r.class === 'product', code_text: r.code1!, alias_text: '', name_et: r.name_et!, name_en: r.name_en!, category_ids: [], facets: [],
      gross_cents: 100, modified_ms: i, vis_from_ms: -Infinity, vis_to_ms: Infinity, vis_in: 'visible', vis_out: 'visible', fitment,
    };
  });
  const index = CatalogListingIndex.build(rows, []);
  const listed = rows.filter((r) => r.listed);

  // Every generation of the models the demo parts name, and a model year of each.
  const named = new Set(rows.flatMap((r) => (r.fitment?.applications ?? []).map((a) => ('model' in a ? `${a.make}.${a.model}` : a.make))));
  const generations: ChosenVehicle[] = [...makes.values()].flat().filter((v) => named.has(`${v.makeSlug}.${v.modelSlug}`)).map((v) => ({ make: v.makeSlug, model: v.modelSlug, generation: v.generationSlug, from: v.from, to: v.to }));
  const years: ChosenVehicle[] = generations.flatMap((g) => ('generation' in g ? [{ make: g.make, model: g.model, year: Number(g.from.slice(0, 4)) + 1 }] : []));

  const bruteForce = (vehicle: ChosenVehicle) => {
    const fits = listed.filter((r) => answerFitment(fitments.get(r.id)!, vehicle).state === 'fits').map((r) => r.id);
    const unknown = listed.filter((r) => answerFitment(fitments.get(r.id)!, vehicle).state === 'unknown').length;
    return { fits: new Set(fits), unknown };
  };
  const all = (vehicle: ChosenVehicle, includeUnknown = false) => index.query({ page: 1, pageSize: 120, language: 'en', nowMs: 0, vehicle, includeUnknown, sort: 'id' });

  it('the reference holds every vehicle the demo names once two MG models are added; most listed parts get applications', () => {
    expect(missing.flatMap((m) => m.vehicles.map((v) => `${m.make} ${v.model}`))).toEqual(['MG RV8', 'MG ZT']);
    expect(generations.length).toBeGreaterThan(40);
    expect(listed.filter((r) => r.fitment?.mode === 'applications').length).toBeGreaterThan(9000);
  });

  it('keeps exactly the parts that fit or are universal for every vehicle the demo names, and counts the unknown ones', () => {
    for (const vehicle of [...generations, ...years]) {
      const expected = bruteForce(vehicle);
      const page = all(vehicle);
      expect(page.total, JSON.stringify(vehicle)).toBe(expected.fits.size);
      expect(page.hiddenUnknown).toBe(expected.unknown);
      expect(all(vehicle, true).total).toBe(expected.fits.size + expected.unknown);
    }
  });

  it('200 random part/vehicle pairs: the listing holds the part exactly when the domain says it fits, and answers its state', () => {
    const next = random(20261128);
    const vehicles = [...generations, ...years];
    const wrong: string[] = [];
    const memo = new Map<string, Set<string>>();
    const listingOf = (vehicle: ChosenVehicle) => {
      const key = JSON.stringify(vehicle);
      let ids = memo.get(key);
      if (!ids) {
        ids = new Set();
        for (let page = 1; ; page++) {
          const p = index.query({ page, pageSize: 120, language: 'en', nowMs: 0, vehicle, sort: 'id' });
          for (const id of p.ids) ids.add(id);
          if (page * 120 >= p.total) break;
        }
        memo.set(key, ids);
      }
      return ids;
    };
    for (let i = 0; i < 200; i++) {
      const part = listed[Math.floor(next() * listed.length)]!;
      const vehicle = vehicles[Math.floor(next() * vehicles.length)]!;
      const domain = answerFitment(fitments.get(part.id)!, vehicle);
      const [answer] = index.fitmentAnswers([part.id], vehicle);
      // The part is on one of the vehicle's listing pages exactly when it fits.
      const found = listingOf(vehicle).has(part.id);
      if (found !== (domain.state === 'fits') || answer!.state !== domain.state) wrong.push(`${part.id} ${JSON.stringify(vehicle)}: found ${found}, index ${answer!.state}, domain ${domain.state}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a fitment change moves a part into and out of a vehicle\'s listing', () => {
    const tr6: ChosenVehicle = { make: 'triumph', model: 'tr6', year: 1972 };
    const part = listed.find((r) => answerFitment(fitments.get(r.id)!, tr6).state === 'unknown')!;
    expect(all(tr6, true).total).toBeGreaterThan(all(tr6).total);
    const before = all(tr6).total;
    index.apply([{ ...part, fitment: { mode: 'applications', applications: [{ kind: 'model', make: 'triumph', model: 'tr6', label: 'Triumph TR6' }] } }], null);
    expect(all(tr6).total).toBe(before + 1);
    expect(index.fitmentAnswers([part.id], tr6)[0]!.state).toBe('fits');
    expect(index.fitmentAnswers([part.id], { make: 'mg', model: 'mgb', year: 1972 })[0]!.state).toBe('does-not-fit');
    index.apply([{ ...part, fitment: null }], null);
    expect(all(tr6).total).toBe(before);
  });
});
