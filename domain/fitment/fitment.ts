/**
 * Vehicle fitment of a product (docs/architecture.md "Vehicle fitment", ACES-shaped and kept simple): which vehicles a part fits,
 * and the three-state answer to "does product P fit vehicle V?" — `fits`, `does-not-fit` or `unknown` (no data),
 * never a silent "fits".
 *
 * A product's fitment is one of:
 * - `unknown`: nobody recorded fitment (the answer is `unknown` for every vehicle);
 * - `universal`: fits every vehicle (e.g. a universal mirror);
 * - `not-vehicle-specific`: not a vehicle part at all (a tool, a cap); shown with every vehicle, like universal;
 * - `applications`: a list of applications, each a vehicle or a range of vehicles — a make; make + model;
 *   make + model + generation (with the generation's production range); make + model + year range — with optional
 *   qualifiers (position, engine code, a note). A product whose list is emptied falls back to `unknown`.
 *
 * Months are `YYYY-MM` strings (month precision, like the reference's production ranges); a generation whose
 * production has not ended has `to: null` (open-ended). Slugs are the reference's URL slugs (domain/vehicle).
 *
 * Pure: no clock, no I/O, no zod (the storefront may import the answer).
 */
import { validation } from '../shared/errors.js';

export const FITMENT_MODES = ['unknown', 'universal', 'not-vehicle-specific', 'applications'] as const;
export type FitmentMode = (typeof FITMENT_MODES)[number];
export const POSITIONS = ['front', 'rear', 'left', 'right'] as const;
export type Position = (typeof POSITIONS)[number];

/** A month at month precision, `YYYY-MM` (e.g. `1962-05`). */
export type Month = string;

/** What an application covers (the vehicle or range), without qualifiers. */
export type VehicleRange =
  | { kind: 'make'; make: string }
  | { kind: 'model'; make: string; model: string }
  /** `from`/`to`: the generation's production range from the reference, `to` null while produced. */
  | { kind: 'generation'; make: string; model: string; generation: string; from: Month; to: Month | null }
  /** Model years, both ends included. */
  | { kind: 'years'; make: string; model: string; fromYear: number; toYear: number };

/** One application: a vehicle range, a display label (e.g. `MG MGB (1962-1980)`) and optional qualifiers. */
export type Application = VehicleRange & {
  label: string;
  positions?: Position[];
  engineCode?: string;
  note?: string;
};

export interface Fitment {
  mode: FitmentMode;
  /** Non-empty exactly when `mode` is `applications`. */
  applications: Application[];
}
export const UNKNOWN_FITMENT: Fitment = { mode: 'unknown', applications: [] };

/** The vehicle a shopper chose: a generation of a model, or a model year (selector: make -> model -> generation/year). */
export type ChosenVehicle =
  | { make: string; model: string; generation: string; from: Month; to: Month | null }
  | { make: string; model: string; year: number };

export type FitmentState = 'fits' | 'does-not-fit' | 'unknown';
/** The answer, and why it fits: an application, universal fit, or a part that is not vehicle-specific. */
export interface FitmentAnswer {
  state: FitmentState;
  reason?: 'application' | 'universal' | 'not-vehicle-specific';
}

/** Limits: applications per product, characters of a label, engine code and note; years accepted. */
export const FITMENT_LIMITS = { applications: 2000, label: 120, engineCode: 32, note: 200, reason: 500, minYear: 1885, maxYear: 2100 } as const;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Generation slugs hold a year range (`1962-1980`, `na-1989-1998`, `1991-on`); slug rules as above. */

/** A month as a number of months since year 0 (comparable). @throws Error for a malformed month */
export function monthIndex(month: Month): number {
  const m = MONTH.exec(month);
  if (!m) throw new Error(`Not a month (YYYY-MM): ${month}`);
  return Number(m[1]) * 12 + Number(m[2]) - 1;
}

/** The month interval [first, last] a chosen vehicle covers (open end: +Infinity). */
export function vehicleInterval(v: ChosenVehicle): [number, number] {
  if ('year' in v) return [v.year * 12, v.year * 12 + 11];
  return [monthIndex(v.from), v.to === null ? Number.POSITIVE_INFINITY : monthIndex(v.to)];
}

/** The month interval an application's range covers, or null for a make or model application (every month). */
export function applicationInterval(a: VehicleRange): [number, number] | null {
  if (a.kind === 'generation') return [monthIndex(a.from), a.to === null ? Number.POSITIVE_INFINITY : monthIndex(a.to)];
  if (a.kind === 'years') return [a.fromYear * 12, a.toYear * 12 + 11];
  return null;
}

const overlaps = (a: [number, number], b: [number, number]) => a[0] <= b[1] && b[0] <= a[1];

/**
 * Does one application cover the chosen vehicle? A make application covers every model of the make, a model one
 * every generation and year. A generation application covers that generation, and a model year inside its production
 * range; a year-range application covers a year inside it and a generation whose production range overlaps it
 * (some cars of that generation are of those years: the shopper can narrow to a year).
 */
export function applicationCovers(a: VehicleRange, v: ChosenVehicle): boolean {
  if (a.make !== v.make) return false;
  if (a.kind === 'make') return true;
  if (a.model !== v.model) return false;
  if (a.kind === 'model') return true;
  if (a.kind === 'generation' && 'generation' in v) return a.generation === v.generation;
  return overlaps(applicationInterval(a)!, vehicleInterval(v));
}

/** The three-state answer for one product's fitment and one chosen vehicle (docs/architecture.md "Vehicle fitment", Model). */
export function answerFitment(fitment: Fitment, vehicle: ChosenVehicle): FitmentAnswer {
  switch (fitment.mode) {
    case 'unknown':
      return { state: 'unknown' };
    case 'universal':
      return { state: 'fits', reason: 'universal' };
    case 'not-vehicle-specific':
      return { state: 'fits', reason: 'not-vehicle-specific' };
    case 'applications':
      return fitment.applications.some((a) => applicationCovers(a, vehicle)) ? { state: 'fits', reason: 'application' } : { state: 'does-not-fit' };
  }
}

/** The identity of an application: its range and qualifiers (the label is display only). Two equal keys are one application. */
export function applicationKey(a: Application): string {
  const range =
    a.kind === 'make' ? [a.kind, a.make]
    : a.kind === 'model' ? [a.kind, a.make, a.model]
    : a.kind === 'generation' ? [a.kind, a.make, a.model, a.generation]
    : [a.kind, a.make, a.model, String(a.fromYear), String(a.toYear)];
  return JSON.stringify([...range, [...(a.positions ?? [])].sort(), a.engineCode ?? '', a.note ?? '']);
}

/**
 * Checks and normalises one application (trimmed texts, sorted unique positions, no empty qualifier).
 * @throws DomainError `fitment.application_invalid` (validation) naming what is wrong
 */
export function checkApplication(a: Application): Application {
  const bad = (why: string) => validation('fitment.application_invalid', `Invalid application: ${why}`, 'applications');
  if (!a || typeof a !== 'object') throw bad('not an object');
  const slug = (s: unknown, what: string) => {
    if (typeof s !== 'string' || !SLUG.test(s) || s.length > 80) throw bad(`${what} is not a slug`);
    return s;
  };
  const label = typeof a.label === 'string' ? a.label.trim() : '';
  if (!label || label.length > FITMENT_LIMITS.label) throw bad(`a label of 1-${FITMENT_LIMITS.label} characters is required`);
  const qualifiers: Pick<Application, 'positions' | 'engineCode' | 'note'> = {};
  if (a.positions !== undefined) {
    if (!Array.isArray(a.positions) || a.positions.some((p) => !POSITIONS.includes(p))) throw bad('unknown position');
    const positions = POSITIONS.filter((p) => a.positions!.includes(p));
    if (positions.length) qualifiers.positions = positions;
  }
  if (a.engineCode !== undefined) {
    const code = String(a.engineCode).trim();
    if (code.length > FITMENT_LIMITS.engineCode) throw bad('engine code too long');
    if (code) qualifiers.engineCode = code;
  }
  if (a.note !== undefined) {
    const note = String(a.note).trim();
    if (note.length > FITMENT_LIMITS.note) throw bad('note too long');
    if (note) qualifiers.note = note;
  }
  const make = slug(a.make, 'make');
  switch (a.kind) {
    case 'make':
      return { kind: 'make', make, label, ...qualifiers };
    case 'model':
      return { kind: 'model', make, model: slug(a.model, 'model'), label, ...qualifiers };
    case 'generation': {
      if (typeof a.from !== 'string' || !MONTH.test(a.from)) throw bad('generation start is not a month (YYYY-MM)');
      if (a.to !== null && (typeof a.to !== 'string' || !MONTH.test(a.to))) throw bad('generation end is not a month (YYYY-MM) or null');
      if (a.to !== null && monthIndex(a.to) < monthIndex(a.from)) throw bad('generation ends before it starts');
      return { kind: 'generation', make, model: slug(a.model, 'model'), generation: slug(a.generation, 'generation'), from: a.from, to: a.to, label, ...qualifiers };
    }
    case 'years': {
      const year = (y: unknown) => Number.isInteger(y) && (y as number) >= FITMENT_LIMITS.minYear && (y as number) <= FITMENT_LIMITS.maxYear;
      if (!year(a.fromYear) || !year(a.toYear)) throw bad(`years are whole numbers ${FITMENT_LIMITS.minYear}-${FITMENT_LIMITS.maxYear}`);
      if (a.toYear < a.fromYear) throw bad('the year range ends before it starts');
      return { kind: 'years', make, model: slug(a.model, 'model'), fromYear: a.fromYear, toYear: a.toYear, label, ...qualifiers };
    }
    default:
      throw bad('unknown kind');
  }
}

/** A fitment change as staff, an import or the demo set-up ask for it. */
export interface FitmentChange {
  /** `applications` (default): add and remove applications; the other modes replace the list (it is removed). */
  mode?: FitmentMode;
  add?: Application[];
  remove?: Application[];
  /** Remove every current application first, then add (bulk "replace"). */
  replace?: boolean;
  /** Why (shown in the audit timeline): 1-500 characters. */
  reason: string;
}

/** What a change does: the applications added and removed and the mode before and after (the event's data). */
export interface FitmentDelta {
  modeBefore: FitmentMode;
  modeAfter: FitmentMode;
  added: Application[];
  removed: Application[];
  reason: string;
}

/**
 * Decides a fitment change against the current fitment: null when nothing would change (an idempotent re-run).
 * Adding an application already present, or removing one that is not, changes nothing; adding applications to a
 * universal product makes it application-specific; emptying the list makes it `unknown`.
 * @throws DomainError (validation) `fitment.reason_required`, `fitment.mode_unknown`, `fitment.application_invalid`,
 *   `fitment.too_many_applications`, `fitment.mode_with_applications` (a non-list mode given applications to add)
 */
export function decideFitmentChange(current: Fitment, change: FitmentChange): FitmentDelta | null {
  const reason = typeof change.reason === 'string' ? change.reason.trim() : '';
  if (!reason || reason.length > FITMENT_LIMITS.reason) throw validation('fitment.reason_required', `A reason of 1-${FITMENT_LIMITS.reason} characters is required`, 'reason');
  const mode = change.mode ?? 'applications';
  if (!FITMENT_MODES.includes(mode)) throw validation('fitment.mode_unknown', 'Unknown fitment mode', 'mode');
  const add = (change.add ?? []).map(checkApplication);
  const remove = (change.remove ?? []).map(checkApplication);
  if (add.length > FITMENT_LIMITS.applications || remove.length > FITMENT_LIMITS.applications) {
    throw validation('fitment.too_many_applications', `At most ${FITMENT_LIMITS.applications} applications per change`, 'applications');
  }
  if (mode !== 'applications' && add.length) throw validation('fitment.mode_with_applications', 'Applications can only be added in the applications mode', 'mode');

  const byKey = new Map(current.applications.map((a) => [applicationKey(a), a]));
  const removed = new Map<string, Application>();
  const dropAll = mode !== 'applications' || change.replace === true;
  if (dropAll) for (const [k, a] of byKey) removed.set(k, a);
  else for (const a of remove) {
    const k = applicationKey(a);
    const existing = byKey.get(k);
    if (existing) removed.set(k, existing);
  }
  const after = new Map([...byKey].filter(([k]) => !removed.has(k)));
  const added: Application[] = [];
  for (const a of add) {
    const k = applicationKey(a);
    if (after.has(k)) continue;
    if (removed.has(k)) {
      // Replacing with the same application keeps it: neither removed nor added.
      removed.delete(k);
      after.set(k, byKey.get(k)!);
      continue;
    }
    after.set(k, a);
    added.push(a);
  }
  if (after.size > FITMENT_LIMITS.applications) throw validation('fitment.too_many_applications', `A product has at most ${FITMENT_LIMITS.applications} applications`, 'applications');
  const modeAfter: FitmentMode = mode !== 'applications' ? mode : after.size ? 'applications' : current.mode === 'applications' || removed.size ? 'unknown' : current.mode;
  if (modeAfter === current.mode && !added.length && !removed.size) return null;
  return { modeBefore: current.mode, modeAfter, added, removed: [...removed.values()], reason };
}

/** Applies a decided change to a fitment (the fold of `ProductFitmentChanged`). */
export function applyFitmentDelta(current: Fitment, delta: Pick<FitmentDelta, 'modeAfter' | 'added' | 'removed'>): Fitment {
  const gone = new Set(delta.removed.map(applicationKey));
  const applications = [...current.applications.filter((a) => !gone.has(applicationKey(a))), ...delta.added];
  return { mode: delta.modeAfter, applications: delta.modeAfter === 'applications' ? applications : [] };
}
