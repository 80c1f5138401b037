/**
 * Staff's and the CSV's way of naming an application (docs/architecture.md "Vehicle fitment", back office): by the reference's
 * slugs — a make; make + model; make + model + generation (the generation slug of the `v=` form, or its code when the
 * model has one generation of that code); make + model + year range — with optional qualifiers. Resolved here against
 * the vehicle reference (the vehicles read model's rows), so an application always names vehicles the reference
 * holds, and a generation application carries the generation's production range and label (domain/fitment).
 *
 * Pure: the reference is passed in (`VehicleReferenceIndex.of(rows)`).
 */
import { type Application, FITMENT_LIMITS, POSITIONS, type Position } from '../../domain/fitment/fitment.js';
import { slugify } from '../../domain/vehicle/vehicle.js';

/** An application as staff or a CSV line name it (slugs; names are slugified). */
export interface ApplicationInput {
  make: string;
  model?: string | null;
  /** The generation slug (`1962-1980`, `na-1989-1998`) or, when unambiguous, its code (`NA`). */
  generation?: string | null;
  fromYear?: number | null;
  toYear?: number | null;
  positions?: Position[];
  engineCode?: string | null;
  note?: string | null;
}

/** Why an input names no vehicle of the reference (codes shared by the api's messages and the CSV's line errors). */
export type ApplicationInputProblem =
  | 'fitment.make_unknown'
  | 'fitment.model_unknown'
  | 'fitment.generation_unknown'
  | 'fitment.years_invalid'
  | 'fitment.generation_with_years'
  | 'fitment.model_required';

export class ApplicationInputError extends Error {
  constructor(readonly code: ApplicationInputProblem, readonly detail: string) {
    super(`${code}: ${detail}`);
  }
}

/** One vehicle of the reference as the vehicles read model lists it (projections/vehicles `listAllVehicles`). */
export interface VehicleRow {
  make: string;
  makeSlug: string;
  model: string;
  modelSlug: string;
  /** The generation's slug (the URL form's last part) and its code, or null. */
  slug: string;
  code: string | null;
  /** `MG MGB (1962-1980)`. */
  label: string;
  /** Production months `YYYY-MM`; `to` null while produced. */
  from: string;
  to: string | null;
}

/** The reference indexed by make, make + model and generation (built once per request or file). */
export class VehicleReferenceIndex {
  private constructor(
    private readonly makes: Map<string, string>,
    private readonly models: Map<string, { name: string; generations: VehicleRow[] }>,
  ) {}

  static of(rows: readonly VehicleRow[]): VehicleReferenceIndex {
    const makes = new Map<string, string>();
    const models = new Map<string, { name: string; generations: VehicleRow[] }>();
    for (const r of rows) {
      if (!makes.has(r.makeSlug)) makes.set(r.makeSlug, r.make);
      const key = `${r.makeSlug}.${r.modelSlug}`;
      const m = models.get(key) ?? { name: r.model, generations: [] };
      m.generations.push(r);
      models.set(key, m);
    }
    return new VehicleReferenceIndex(makes, models);
  }

  makeName(make: string): string | undefined {
    return this.makes.get(make);
  }

  model(make: string, model: string): { name: string; generations: VehicleRow[] } | undefined {
    return this.models.get(`${make}.${model}`);
  }

  /** Does any vehicle of the reference fall under the application (the dashboard's "fits nothing in the reference")? */
  covers(a: Application): boolean {
    if (!this.makes.has(a.make)) return false;
    if (a.kind === 'make') return true;
    const m = this.models.get(`${a.make}.${a.model}`);
    if (!m) return false;
    if (a.kind === 'model') return true;
    if (a.kind === 'generation') return m.generations.some((g) => g.slug === a.generation);
    return m.generations.some((g) => Number(g.from.slice(0, 4)) <= a.toYear && (g.to === null || Number(g.to.slice(0, 4)) >= a.fromYear));
  }
}

const asSlug = (text: string | null | undefined) => (text ? slugify(String(text)) : '');

/**
 * Resolves one input against the reference into a domain application (label: `MG MGB (1962-1980)`, `Triumph TR6
 * (1969-1976)`, `Triumph TR6`, `Triumph`). The qualifiers are passed on (domain/fitment `checkApplication` trims
 * and limits them when the change is decided).
 * @throws ApplicationInputError naming the problem (make, model or generation unknown; years not a range)
 */
export function resolveApplication(input: ApplicationInput, reference: VehicleReferenceIndex): Application {
  const make = asSlug(input.make);
  const makeName = reference.makeName(make);
  if (!makeName) throw new ApplicationInputError('fitment.make_unknown', String(input.make ?? ''));
  const qualifiers: Pick<Application, 'positions' | 'engineCode' | 'note'> = {};
  if (input.positions?.length) qualifiers.positions = POSITIONS.filter((p) => input.positions!.includes(p));
  if (input.engineCode?.trim()) qualifiers.engineCode = input.engineCode.trim();
  if (input.note?.trim()) qualifiers.note = input.note.trim();
  const hasYears = input.fromYear != null || input.toYear != null;
  const modelSlug = asSlug(input.model);
  if (!modelSlug) {
    if (input.generation || hasYears) throw new ApplicationInputError('fitment.model_required', makeName);
    return { kind: 'make', make, label: makeName, ...qualifiers };
  }
  const model = reference.model(make, modelSlug);
  if (!model) throw new ApplicationInputError('fitment.model_unknown', `${makeName} ${input.model}`);
  const name = `${makeName} ${model.name}`;
  if (input.generation) {
    if (hasYears) throw new ApplicationInputError('fitment.generation_with_years', name);
    const wanted = String(input.generation).trim();
    const bySlug = model.generations.find((g) => g.slug === wanted);
    const byCode = model.generations.filter((g) => g.code !== null && slugify(g.code) === slugify(wanted));
    const g = bySlug ?? (byCode.length === 1 ? byCode[0] : undefined);
    if (!g) throw new ApplicationInputError('fitment.generation_unknown', `${name} ${wanted}`);
    return { kind: 'generation', make, model: modelSlug, generation: g.slug, from: g.from, to: g.to, label: g.label, ...qualifiers };
  }
  if (hasYears) {
    const fromYear = input.fromYear ?? input.toYear!;
    const toYear = input.toYear ?? input.fromYear!;
    const ok = (y: number) => Number.isInteger(y) && y >= FITMENT_LIMITS.minYear && y <= FITMENT_LIMITS.maxYear;
    if (!ok(fromYear) || !ok(toYear) || toYear < fromYear) throw new ApplicationInputError('fitment.years_invalid', `${name} ${fromYear}-${toYear}`);
    return { kind: 'years', make, model: modelSlug, fromYear, toYear, label: `${name} (${fromYear}-${toYear})`, ...qualifiers };
  }
  return { kind: 'model', make, model: modelSlug, label: name, ...qualifiers };
}

/** An application back to its input form (the CSV export and the staff screen's list). */
export function applicationInput(a: Application): ApplicationInput {
  return {
    make: a.make,
    model: a.kind === 'make' ? null : a.model,
    generation: a.kind === 'generation' ? a.generation : null,
    fromYear: a.kind === 'years' ? a.fromYear : null,
    toYear: a.kind === 'years' ? a.toYear : null,
    ...(a.positions?.length ? { positions: a.positions } : {}),
    ...(a.engineCode ? { engineCode: a.engineCode } : {}),
    ...(a.note ? { note: a.note } : {}),
  };
}
