/**
 * The vehicles read model (schema `rm_vehicles`): the vehicle reference the selector and the fitment picker read
 * (docs/architecture.md "Vehicle fitment", Model), fed by `VehicleAdded` (domain/vehicle). Tables: vehicles (see schema.ts).
 * Idempotent by stream position (`position`); a batch is written with one insert.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { parseVehicleEvent } from '../../domain/vehicle/events.js';
import { VEHICLE_EVENT_TYPES } from '../../domain/vehicle/vehicle.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { loadStreamPositions, type ReadModel, saveStreamPositions } from '../read-model.js';
import type { VehiclesTables } from './schema.js';

async function createTables(db: Kysely<VehiclesTables>, schema: string): Promise<void> {
  await sql`create table ${sql.id(schema, 'vehicles')} (
    vehicle_id text primary key, make text not null, make_slug text not null, model text not null, model_slug text not null,
    generation text, generation_slug text not null, from_month text not null, to_month text, body_styles jsonb not null, source text not null)`.execute(db);
  await sql`create index on ${sql.id(schema, 'vehicles')} (make_slug, model_slug)`.execute(db);
  await sql`create table ${sql.id(schema, 'position')} (stream_id text primary key, position bigint not null)`.execute(db);
}

async function applyBatch(trx: Transaction<VehiclesTables>, schema: string, events: RecordedEvent[]): Promise<void> {
  const applied = await loadStreamPositions(trx, schema, 'position', [...new Set(events.map((e) => e.streamId))]);
  const rows: Record<string, unknown>[] = [];
  for (const event of events) {
    if (event.streamPosition <= (applied.get(event.streamId) ?? 0n)) continue;
    applied.set(event.streamId, event.streamPosition);
    const e = parseVehicleEvent(event);
    const d = e.data;
    rows.push({
      vehicle_id: d.vehicleId, make: d.make, make_slug: d.makeSlug, model: d.model, model_slug: d.modelSlug, generation: d.generation,
      generation_slug: d.generationSlug, from_month: d.from, to_month: d.to, body_styles: d.bodyStyles, source: d.source,
    });
  }
  if (rows.length) {
    await sql`
      insert into ${sql.id(schema, 'vehicles')} (vehicle_id, make, make_slug, model, model_slug, generation, generation_slug, from_month, to_month, body_styles, source)
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(vehicle_id text, make text, make_slug text, model text, model_slug text,
        generation text, generation_slug text, from_month text, to_month text, body_styles jsonb, source text)
      on conflict (vehicle_id) do nothing`.execute(trx);
  }
  await saveStreamPositions(trx, schema, 'position', applied);
}

export const vehiclesReadModel: ReadModel = {
  name: 'vehicles',
  version: 1,
  eventTypes: VEHICLE_EVENT_TYPES,
  createTables,
  applyBatch,
  hashTables: [
    { table: 'vehicles', orderBy: 't.vehicle_id' },
    { table: 'position', orderBy: 't.stream_id' },
  ],
};
