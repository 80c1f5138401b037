/**
 * The vehicle reference (docs/architecture.md "Vehicle fitment", Model): makes, their models and each model's generations with
 * the production range at month precision. One aggregate per make, stream `vehicle-make-{makeSlug}`, so a make's
 * models get unique slugs under one version check. Loaded at set-up from the shared data (commands/vehicle), and
 * staff or the set-up add the vehicles the data lacks (classic British cars) with the same command.
 *
 * A vehicle's id is its URL form `{make}.{model}.{generation}` (e.g. `mg.mgb.1962-1980`, `mazda.mx-5.na-1989-1998`):
 * the generation slug is the generation code's slug (when it has one) and its production years, `on` for a
 * generation still produced (`rover.mini.mk-i-1991-on`); it always holds a '-', so it never reads as a model year.
 */
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { validation } from '../shared/errors.js';
import type { Month } from '../fitment/fitment.js';

export const VEHICLE_SOURCES = ['eparts', 'us-car-models', 'classic', 'staff'] as const;
/** Where a vehicle comes from: the two shared data files, the classic cars the demo catalog needs, or staff. */
export type VehicleSource = (typeof VEHICLE_SOURCES)[number];

export interface VehicleRecord {
  /** `{makeSlug}.{modelSlug}.{generationSlug}`. */
  vehicleId: string;
  make: string;
  makeSlug: string;
  model: string;
  modelSlug: string;
  /** The generation's code (`NA`, `Mk I`, `E46`), or null when the data names none. */
  generation: string | null;
  generationSlug: string;
  /** Production start and end, `YYYY-MM`; `to` null while produced (open-ended). */
  from: Month;
  to: Month | null;
  bodyStyles: string[];
  source: VehicleSource;
}

export type VehicleEvent = Message<'VehicleAdded', VehicleRecord>;
export type VehicleEventType = VehicleEvent['type'];
export const VEHICLE_EVENT_TYPES: VehicleEventType[] = ['VehicleAdded'];

/** A vehicle to add: names as the data writes them; the decider makes the slugs. */
export interface NewVehicle {
  model: string;
  generation?: string | null;
  from: Month;
  to: Month | null;
  bodyStyles?: string[];
  source: VehicleSource;
}

type Cmd<T extends string, D> = Message<T, D> & { metadata: CommandMetadata };
/** Adds the vehicles of one make that are not there yet (same model, generation code and range): idempotent. */
export type VehicleCommand = Cmd<'AddVehicles', { make: string; vehicles: NewVehicle[] }>;

export type VehicleMakeState = { status: 'empty' } | { status: 'active'; make: string; makeSlug: string; vehicles: VehicleRecord[] };
export const initialState: VehicleMakeState = { status: 'empty' };

export const VEHICLE_LIMITS = { name: 80, perCommand: 5000, bodyStyles: 20 } as const;

/** A URL slug: lower-case ASCII letters and digits joined by '-' (diacritics folded, `&` as `and`). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const toVehicleMakeStreamId = (makeSlug: string) => `vehicle-make-${makeSlug}`;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const yearOf = (m: Month) => Number(m.slice(0, 4));

/** The production years as written in labels and slugs: `1962-1980`, `1991-` (open). */
export function productionYears(from: Month, to: Month | null): string {
  return `${yearOf(from)}-${to === null ? '' : yearOf(to)}`;
}

/** A vehicle's display name: `MG MGB (1962-1980)`, `Mazda MX-5 NA (1989-1998)`. */
export function vehicleLabel(v: Pick<VehicleRecord, 'make' | 'model' | 'generation' | 'from' | 'to'>): string {
  return `${v.make} ${v.model}${v.generation ? ` ${v.generation}` : ''} (${productionYears(v.from, v.to)})`;
}

function generationSlugOf(generation: string | null, from: Month, to: Month | null): string {
  const years = `${yearOf(from)}-${to === null ? 'on' : yearOf(to)}`;
  const code = generation ? slugify(generation) : '';
  return code ? `${code}-${years}` : years;
}

const sameVehicle = (a: VehicleRecord, modelSlug: string, generation: string | null, from: Month, to: Month | null) =>
  a.modelSlug === modelSlug && (a.generation ?? '') === (generation ?? '') && a.from === from && a.to === to;

/**
 * Decides `AddVehicles`: one `VehicleAdded` per vehicle not yet in the make (the first spelling of a model keeps
 * its name); a generation slug taken by another range gets `-2`, `-3`... in the order added.
 * @throws DomainError (validation) `vehicle.make_invalid`, `vehicle.model_invalid`, `vehicle.range_invalid`,
 *   `vehicle.too_many`
 */
export function decide(command: VehicleCommand, state: VehicleMakeState): VehicleEvent[] {
  switch (command.type) {
    case 'AddVehicles': {
      const make = state.status === 'active' ? state.make : command.data.make.trim().replace(/\s+/g, ' ');
      const makeSlug = slugify(make);
      if (!makeSlug || make.length > VEHICLE_LIMITS.name) throw validation('vehicle.make_invalid', 'A make of 1-80 characters with a letter or digit is required', 'make');
      if (state.status === 'active' && slugify(command.data.make) !== makeSlug) throw validation('vehicle.make_invalid', 'The vehicles belong to another make', 'make');
      if (command.data.vehicles.length > VEHICLE_LIMITS.perCommand) throw validation('vehicle.too_many', `At most ${VEHICLE_LIMITS.perCommand} vehicles at once`, 'vehicles');
      const known = state.status === 'active' ? [...state.vehicles] : [];
      const events: VehicleEvent[] = [];
      for (const v of command.data.vehicles) {
        const model = v.model.trim().replace(/\s+/g, ' ');
        const modelSlug = slugify(model);
        if (!modelSlug || model.length > VEHICLE_LIMITS.name) throw validation('vehicle.model_invalid', 'A model of 1-80 characters with a letter or digit is required', 'model');
        const generation = v.generation?.trim().replace(/\s+/g, ' ') || null;
        if (generation && (generation.length > VEHICLE_LIMITS.name || !slugify(generation))) throw validation('vehicle.generation_invalid', 'A generation code has 1-80 characters with a letter or digit', 'generation');
        if (!MONTH.test(v.from) || (v.to !== null && !MONTH.test(v.to)) || (v.to !== null && v.to < v.from)) {
          throw validation('vehicle.range_invalid', 'The production range is two months YYYY-MM (the end may be open) in order', 'from');
        }
        if (!VEHICLE_SOURCES.includes(v.source)) throw validation('vehicle.source_invalid', 'Unknown vehicle source', 'source');
        if (known.some((k) => sameVehicle(k, modelSlug, generation, v.from, v.to))) continue;
        const modelName = known.find((k) => k.modelSlug === modelSlug)?.model ?? model;
        const base = generationSlugOf(generation, v.from, v.to);
        let generationSlug = base;
        for (let n = 2; known.some((k) => k.modelSlug === modelSlug && k.generationSlug === generationSlug); n++) generationSlug = `${base}-${n}`;
        const bodyStyles = [...new Set((v.bodyStyles ?? []).map((b) => b.trim()).filter(Boolean))].slice(0, VEHICLE_LIMITS.bodyStyles);
        const record: VehicleRecord = {
          vehicleId: `${makeSlug}.${modelSlug}.${generationSlug}`,
          make,
          makeSlug,
          model: modelName,
          modelSlug,
          generation,
          generationSlug,
          from: v.from,
          to: v.to,
          bodyStyles,
          source: v.source,
        };
        known.push(record);
        events.push({ type: 'VehicleAdded', data: record });
      }
      return events;
    }
    default:
      return assertNever(command.type);
  }
}

export function evolve(state: VehicleMakeState, event: VehicleEvent): VehicleMakeState {
  switch (event.type) {
    case 'VehicleAdded': {
      const vehicles = state.status === 'active' ? state.vehicles : [];
      return { status: 'active', make: state.status === 'active' ? state.make : event.data.make, makeSlug: event.data.makeSlug, vehicles: [...vehicles, event.data] };
    }
    default:
      return assertNever(event.type);
  }
}

export const vehicleMakeDecider: Decider<VehicleCommand, VehicleEvent, VehicleMakeState> = { decide, evolve, initialState };
