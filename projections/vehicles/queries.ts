/**
 * Queries of the vehicles read model (projections/vehicles/writer.ts) for the storefront's vehicle selector
 * (make -> model -> generation or year) and for resolving a vehicle's URL form.
 */
import { sql } from 'kysely';
import type { Month } from '../../domain/fitment/fitment.js';
import { vehicleLabel } from '../../domain/vehicle/vehicle.js';
import type { Database } from '../../platform/db/database.js';

export interface VehicleMake {
  slug: string;
  name: string;
}
export interface VehicleModel {
  slug: string;
  name: string;
  /** First and last model year over the model's generations (last: null while produced). */
  fromYear: number;
  toYear: number | null;
}
export interface VehicleGeneration {
  /** `{make}.{model}.{generation}`: the URL form `v=` takes. */
  vehicleId: string;
  slug: string;
  /** The generation's code, or null. */
  code: string | null;
  from: Month;
  to: Month | null;
  /** `MG MGB (1962-1980)`. */
  label: string;
}
export interface VehicleRow extends VehicleGeneration {
  make: string;
  makeSlug: string;
  model: string;
  modelSlug: string;
}

/** Every make of the reference, by name. */
export async function listVehicleMakes(db: Database): Promise<VehicleMake[]> {
  const { rows } = await sql<VehicleMake>`
    select make_slug as slug, min(make) as name from rm_vehicles.vehicles group by make_slug order by lower(min(make)), make_slug`.execute(db);
  return rows;
}

/** The models of a make (by name), or an empty list for an unknown make. */
export async function listVehicleModels(db: Database, makeSlug: string): Promise<VehicleModel[]> {
  const { rows } = await sql<{ slug: string; name: string; from_month: string; to_month: string | null; open: boolean }>`
    select model_slug as slug, min(model) as name, min(from_month) as from_month, max(to_month) as to_month, bool_or(to_month is null) as open
    from rm_vehicles.vehicles where make_slug = ${makeSlug} group by model_slug order by lower(min(model)), model_slug`.execute(db);
  return rows.map((r) => ({ slug: r.slug, name: r.name, fromYear: Number(r.from_month.slice(0, 4)), toYear: r.open || !r.to_month ? null : Number(r.to_month.slice(0, 4)) }));
}

type Row = { vehicle_id: string; make: string; make_slug: string; model: string; model_slug: string; generation: string | null; generation_slug: string; from_month: string; to_month: string | null };
const toVehicle = (r: Row): VehicleRow => ({
  vehicleId: r.vehicle_id,
  make: r.make,
  makeSlug: r.make_slug,
  model: r.model,
  modelSlug: r.model_slug,
  slug: r.generation_slug,
  code: r.generation,
  from: r.from_month,
  to: r.to_month,
  label: vehicleLabel({ make: r.make, model: r.model, generation: r.generation, from: r.from_month, to: r.to_month }),
});

/** The generations of a model, oldest first, or an empty list. */
export async function listVehicleGenerations(db: Database, makeSlug: string, modelSlug: string): Promise<VehicleRow[]> {
  const { rows } = await sql<Row>`
    select vehicle_id, make, make_slug, model, model_slug, generation, generation_slug, from_month, to_month
    from rm_vehicles.vehicles where make_slug = ${makeSlug} and model_slug = ${modelSlug} order by from_month, generation_slug`.execute(db);
  return rows.map(toVehicle);
}

/** One vehicle by id (`{make}.{model}.{generation}`), or null. */
export async function getVehicle(db: Database, vehicleId: string): Promise<VehicleRow | null> {
  const { rows } = await sql<Row>`
    select vehicle_id, make, make_slug, model, model_slug, generation, generation_slug, from_month, to_month
    from rm_vehicles.vehicles where vehicle_id = ${vehicleId}`.execute(db);
  return rows[0] ? toVehicle(rows[0]) : null;
}

/** Every vehicle (for the set-up's demo fitment and the tests' brute-force check), by id. */
export async function listAllVehicles(db: Database): Promise<VehicleRow[]> {
  const { rows } = await sql<Row>`
    select vehicle_id, make, make_slug, model, model_slug, generation, generation_slug, from_month, to_month
    from rm_vehicles.vehicles order by vehicle_id`.execute(db);
  return rows.map(toVehicle);
}
