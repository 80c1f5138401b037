/**
 * The vehicle reference's sources (docs/architecture.md "Vehicle fitment", Model), read at set-up, never copied into the repository:
 * - `../shared/data/vehicles/eparts-make-model-generation.csv` (WebShop-Eparts, MIT): `model_id,make,model,
 *   production_from_mm.yyyy,production_to_mm.yyyy`, one generation per row; a model name ending in `(CODE)` names the
 *   generation code (`MX-5 (NA)` -> model `MX-5`, generation `NA`); an empty end is an open-ended generation;
 * - `../shared/data/vehicles/us-car-models-1992-2026.csv` (abhionlyone/us-car-models-data, CC BY 4.0):
 *   `year,make,model,body_styles`; only models the first file lacks (same make and model slug) are added, each run of
 *   consecutive model years as one generation without a code (January of the first year to December of the last);
 * - `CLASSIC_VEHICLES`: the classic British cars the demo catalog needs, with their public production years, added
 *   where the files hold no generation of that make, model and code overlapping them (source `classic`).
 */
import { parse } from 'csv-parse/sync';
import { type NewVehicle, slugify } from '../../domain/vehicle/vehicle.js';

/** The vehicles of one make to add with one `AddVehicles`. */
export interface MakeVehicles {
  make: string;
  vehicles: NewVehicle[];
}

const MM_YYYY = /^(0[1-9]|1[0-2])\.(\d{4})$/;
const toMonth = (mmYyyy: string): string | null => {
  const m = MM_YYYY.exec(mmYyyy.trim());
  return m ? `${m[2]}-${m[1]}` : null;
};

/** Splits `MX-5 (NA)` into model `MX-5` and generation code `NA`; a name without a trailing `(...)` has no code. */
export function splitModelName(name: string): { model: string; generation: string | null } {
  const clean = name.trim().replace(/\s+/g, ' ');
  const m = /^(.*\S)\s*\(([^()]+)\)$/.exec(clean);
  return m ? { model: m[1]!, generation: m[2]!.trim() } : { model: clean, generation: null };
}

/** Parses the WebShop-Eparts generations file; rows without a make, model or valid start month are skipped. */
export function parseEpartsGenerations(text: string): MakeVehicles[] {
  const rows = parse(text, { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[];
  const byMake = new Map<string, MakeVehicles>();
  for (const r of rows) {
    const make = (r.make ?? '').trim();
    const from = toMonth(r['production_from_mm.yyyy'] ?? '');
    const toText = (r['production_to_mm.yyyy'] ?? '').trim();
    const to = toText ? toMonth(toText) : null;
    if (!make || !slugify(make) || !r.model || !from || (toText && !to) || (to !== null && to < from)) continue;
    const { model, generation } = splitModelName(r.model);
    if (!slugify(model)) continue;
    const key = slugify(make);
    if (!byMake.has(key)) byMake.set(key, { make, vehicles: [] });
    byMake.get(key)!.vehicles.push({ model, generation, from, to, source: 'eparts' });
  }
  return [...byMake.values()];
}

/**
 * Parses the US models file and returns the models `known` lacks (`known`: `makeSlug.modelSlug` of the models already
 * in the reference), each run of consecutive years one generation.
 */
export function parseUsModels(text: string, known: ReadonlySet<string>): MakeVehicles[] {
  const rows = parse(text, { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[];
  const models = new Map<string, { make: string; model: string; years: Set<number>; bodyStyles: Set<string> }>();
  for (const r of rows) {
    const year = Number(r.year);
    const make = (r.make ?? '').trim().replace(/\s+/g, ' ');
    const model = (r.model ?? '').trim().replace(/\s+/g, ' ');
    if (!Number.isInteger(year) || year < 1885 || year > 2100 || !slugify(make) || !slugify(model)) continue;
    const key = `${slugify(make)}.${slugify(model)}`;
    if (known.has(key)) continue;
    if (!models.has(key)) models.set(key, { make, model, years: new Set(), bodyStyles: new Set() });
    const entry = models.get(key)!;
    entry.years.add(year);
    try {
      const styles: unknown = JSON.parse(r.body_styles ?? '[]');
      if (Array.isArray(styles)) for (const s of styles) if (typeof s === 'string' && s.trim()) entry.bodyStyles.add(s.trim());
    } catch {
      // A malformed body style list leaves the styles out; the model and its years still count.
    }
  }
  const byMake = new Map<string, MakeVehicles>();
  for (const { make, model, years, bodyStyles } of models.values()) {
    const sorted = [...years].sort((a, b) => a - b);
    const key = slugify(make);
    if (!byMake.has(key)) byMake.set(key, { make, vehicles: [] });
    let start = sorted[0]!;
    for (let i = 1; i <= sorted.length; i++) {
      if (i < sorted.length && sorted[i] === sorted[i - 1]! + 1) continue;
      byMake.get(key)!.vehicles.push({ model, generation: null, from: `${start}-01`, to: `${sorted[i - 1]}-12`, bodyStyles: [...bodyStyles].sort(), source: 'us-car-models' });
      start = sorted[i]!;
    }
  }
  return [...byMake.values()];
}

const classic = (make: string, model: string, from: string, to: string, generation: string | null = null) => ({ make, vehicle: { model, generation, from, to, source: 'classic' as const } });

/** Classic British cars the demo catalog names, with public production ranges (month where well known, else January/December). */
export const CLASSIC_VEHICLES: readonly { make: string; vehicle: NewVehicle }[] = [
  classic('MG', 'TA', '1936-01', '1939-12'),
  classic('MG', 'TB', '1939-01', '1939-12'),
  classic('MG', 'TC', '1945-09', '1949-12'),
  classic('MG', 'TD', '1950-01', '1953-12'),
  classic('MG', 'TF', '1953-10', '1955-12'),
  classic('MG', 'MGA', '1955-09', '1962-07'),
  classic('MG', 'MGB', '1962-05', '1980-10'),
  classic('MG', 'MGB GT V8', '1973-01', '1976-12'),
  classic('MG', 'MGC', '1967-01', '1969-09'),
  classic('MG', 'Midget', '1961-06', '1979-12'),
  classic('Triumph', 'TR2', '1953-01', '1955-12'),
  classic('Triumph', 'TR3', '1955-01', '1957-12'),
  classic('Triumph', 'TR3A', '1957-01', '1962-12'),
  classic('Triumph', 'TR3B', '1962-01', '1962-12'),
  classic('Triumph', 'TR4', '1961-01', '1965-12'),
  classic('Triumph', 'TR4A', '1965-01', '1967-12'),
  classic('Triumph', 'TR5', '1967-01', '1968-12'),
  classic('Triumph', 'TR250', '1967-01', '1968-12'),
  classic('Triumph', 'TR6', '1968-01', '1976-12'),
  classic('Triumph', 'TR7', '1975-01', '1981-12'),
  classic('Triumph', 'TR8', '1978-01', '1981-12'),
  classic('Triumph', 'Spitfire', '1962-01', '1980-12'),
  classic('Triumph', 'GT6', '1966-01', '1973-12'),
  classic('Triumph', 'Stag', '1970-01', '1977-12'),
  classic('Triumph', 'Herald', '1959-01', '1971-12'),
  classic('Triumph', 'Vitesse', '1962-01', '1971-12'),
  classic('Triumph', 'Dolomite', '1972-01', '1980-12'),
  classic('Triumph', '2000/2500', '1963-01', '1977-12'),
  classic('Austin-Healey', '100', '1953-01', '1956-12'),
  classic('Austin-Healey', '100-Six', '1956-01', '1959-12'),
  classic('Austin-Healey', '3000', '1959-01', '1967-12'),
  classic('Austin-Healey', 'Sprite', '1958-01', '1971-12'),
  classic('Morris', 'Minor', '1948-01', '1971-12'),
  classic('Jaguar', 'XK120', '1948-10', '1954-09'),
  classic('Jaguar', 'XK140', '1954-10', '1957-02'),
  classic('Jaguar', 'XK150', '1957-05', '1961-10'),
  classic('Austin', 'Mini', '1959-08', '1967-10', 'Mk I'),
  classic('Morris', 'Mini Minor', '1959-08', '1967-10', 'Mk I'),
];

const overlap = (a: NewVehicle, b: NewVehicle) => a.from <= (b.to ?? '9999-12') && b.from <= (a.to ?? '9999-12');

/**
 * The whole reference to record, per make: the Eparts generations, the US models they lack, and the classic cars
 * neither holds (no generation of the same make, model and code overlapping). Deterministic for the same inputs.
 */
export function buildVehicleReference(epartsCsv: string | null, usModelsCsv: string | null): MakeVehicles[] {
  const byMake = new Map<string, MakeVehicles>();
  const addAll = (list: MakeVehicles[]) => {
    for (const m of list) {
      const key = slugify(m.make);
      if (!byMake.has(key)) byMake.set(key, { make: m.make, vehicles: [] });
      byMake.get(key)!.vehicles.push(...m.vehicles);
    }
  };
  if (epartsCsv) addAll(parseEpartsGenerations(epartsCsv));
  const known = new Set([...byMake.entries()].flatMap(([make, m]) => m.vehicles.map((v) => `${make}.${slugify(v.model)}`)));
  if (usModelsCsv) addAll(parseUsModels(usModelsCsv, known));
  for (const { make, vehicle } of CLASSIC_VEHICLES) {
    const existing = byMake.get(slugify(make))?.vehicles ?? [];
    const held = existing.some((v) => slugify(v.model) === slugify(vehicle.model) && slugify(v.generation ?? '') === slugify(vehicle.generation ?? '') && overlap(v, vehicle));
    if (!held) addAll([{ make, vehicles: [vehicle] }]);
  }
  return [...byMake.values()];
}
