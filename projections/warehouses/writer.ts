/**
 * The warehouses read model (schema `rm_warehouses`): the places stock is kept (spec 3 "Warehouse": name; spec 2
 * "Admin area": WarehouseList, WarehouseEdit), fed by the Warehouse aggregate's events (domain/warehouse).
 *
 * Tables: warehouses (see schema.ts). Idempotent by stream position (`position`).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { parseWarehouseEvent } from '../../domain/warehouse/events.js';
import { WAREHOUSE_EVENT_TYPES } from '../../domain/warehouse/warehouse.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { applyNewEvents, type ReadModel } from '../read-model.js';
import type { WarehousesTables } from './schema.js';

async function createTables(db: Kysely<WarehousesTables>, schema: string): Promise<void> {
  await sql`create table ${sql.id(schema, 'warehouses')} (id text primary key, name text not null, active boolean not null, version bigint not null)`.execute(db);
  await sql`create table ${sql.id(schema, 'position')} (stream_id text primary key, position bigint not null)`.execute(db);
}

async function applyBatch(trx: Transaction<WarehousesTables>, schema: string, events: RecordedEvent[]): Promise<void> {
  const table = sql.id(schema, 'warehouses');
  await applyNewEvents(trx, schema, 'position', events, async (event) => {
    const e = parseWarehouseEvent(event);
    const version = event.streamPosition.toString();
    switch (e.type) {
      case 'WarehouseCreated':
        await sql`insert into ${table} (id, name, active, version) values (${e.data.warehouseId}, ${e.data.name}, true, ${version}) on conflict (id) do nothing`.execute(trx);
        return;
      case 'WarehouseRenamed':
        await sql`update ${table} set name = ${e.data.name}, version = ${version} where id = ${e.data.warehouseId}`.execute(trx);
        return;
      case 'WarehouseDeactivated':
        await sql`update ${table} set active = false, version = ${version} where id = ${e.data.warehouseId}`.execute(trx);
        return;
    }
  });
}

export const warehousesReadModel: ReadModel = {
  name: 'warehouses',
  version: 1,
  eventTypes: WAREHOUSE_EVENT_TYPES,
  createTables,
  applyBatch,
  hashTables: [
    { table: 'warehouses', orderBy: 't.id' },
    { table: 'position', orderBy: 't.stream_id' },
  ],
};
