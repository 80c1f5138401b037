/**
 * The delivery read model (schema `rm_delivery`, conventions 5): the locations each delivery provider offers.
 *
 * Tables:
 * - locations: one row per (provider_id, location_id): name, country, city, address, postal code, `offered`
 *   (false once the carrier's feed dropped it), changed_at;
 * - providers: per provider the last refresh (source feed/snapshot, offered count, time);
 * - streams: last stream position applied per `delivery-locations-*` stream, so a replayed event changes nothing.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { parseDeliveryLocationsEvent } from '../../domain/delivery/events.js';
import { DELIVERY_LOCATIONS_EVENT_TYPES } from '../../domain/delivery/locations.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { loadStreamPositions, type ReadModel, saveStreamPositions } from '../read-model.js';
import { applyDeliveryEvent, emptyChanges } from './projection.js';
import type { DeliveryTables } from './schema.js';

const id = (schema: string, table: string) => sql.id(schema, table);

async function createTables(db: Kysely<DeliveryTables>, schema: string): Promise<void> {
  await sql`
    create table ${id(schema, 'locations')} (
      provider_id text not null,
      location_id text not null,
      name text not null,
      country text not null,
      city text not null,
      address text not null,
      postal_code text,
      offered boolean not null,
      changed_at timestamptz not null,
      primary key (provider_id, location_id)
    )`.execute(db);
  await sql`
    create table ${id(schema, 'providers')} (
      provider_id text primary key,
      source text not null,
      offered integer not null,
      refreshed_at timestamptz not null
    )`.execute(db);
  await sql`create table ${id(schema, 'streams')} (stream_id text primary key, position bigint not null)`.execute(db);
}

async function applyBatch(trx: Transaction<DeliveryTables>, schema: string, events: RecordedEvent[]): Promise<void> {
  const streamIds = [...new Set(events.map((e) => e.streamId))];
  const applied = await loadStreamPositions(trx, schema, 'streams', streamIds);
  const changes = emptyChanges();
  for (const event of events) {
    if (event.streamPosition <= (applied.get(event.streamId) ?? 0n)) continue;
    applied.set(event.streamId, event.streamPosition);
    applyDeliveryEvent(changes, parseDeliveryLocationsEvent(event), event.metadata.time);
  }
  if (changes.removals.size) {
    await sql`
      update ${id(schema, 'locations')} l set offered = false, changed_at = x.changed_at
      from jsonb_to_recordset(${JSON.stringify([...changes.removals.values()])}::jsonb) as x(provider_id text, location_id text, changed_at timestamptz)
      where l.provider_id = x.provider_id and l.location_id = x.location_id`.execute(trx);
  }
  if (changes.upserts.size) {
    await sql`
      insert into ${id(schema, 'locations')} (provider_id, location_id, name, country, city, address, postal_code, offered, changed_at)
      select provider_id, location_id, name, country, city, address, postal_code, offered, changed_at
      from jsonb_to_recordset(${JSON.stringify([...changes.upserts.values()])}::jsonb)
        as x(provider_id text, location_id text, name text, country text, city text, address text, postal_code text, offered boolean, changed_at timestamptz)
      on conflict (provider_id, location_id) do update set
        name = excluded.name, country = excluded.country, city = excluded.city, address = excluded.address,
        postal_code = excluded.postal_code, offered = excluded.offered, changed_at = excluded.changed_at`.execute(trx);
  }
  if (changes.providers.size) {
    await sql`
      insert into ${id(schema, 'providers')} (provider_id, source, offered, refreshed_at)
      select provider_id, source, offered, refreshed_at
      from jsonb_to_recordset(${JSON.stringify([...changes.providers.values()])}::jsonb) as x(provider_id text, source text, offered integer, refreshed_at timestamptz)
      on conflict (provider_id) do update set source = excluded.source, offered = excluded.offered, refreshed_at = excluded.refreshed_at`.execute(trx);
  }
  await saveStreamPositions(trx, schema, 'streams', applied);
}

/** The delivery read model: offered locations per provider. */
export const deliveryReadModel: ReadModel = {
  name: 'delivery',
  version: 1,
  eventTypes: DELIVERY_LOCATIONS_EVENT_TYPES,
  createTables,
  applyBatch,
  hashTables: [
    { table: 'locations', orderBy: 't.provider_id, t.location_id' },
    { table: 'providers', orderBy: 't.provider_id' },
    { table: 'streams', orderBy: 't.stream_id' },
  ],
};
