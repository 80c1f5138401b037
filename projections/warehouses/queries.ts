/** Queries of the warehouses read model (projections/warehouses/writer.ts). */
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

export interface WarehouseListItem {
  /** The stock's warehouse code, e.g. `tallinn`. */
  id: string;
  name: string;
  active: boolean;
}

/** A warehouse with the stream position a staff screen sends back to save. */
export interface WarehouseRecord extends WarehouseListItem {
  version: number;
}

/** Every warehouse, by name (then id). */
export async function listWarehouses(db: Database): Promise<WarehouseListItem[]> {
  const { rows } = await sql<WarehouseListItem>`select id, name, active from rm_warehouses.warehouses order by name, id`.execute(db);
  return rows;
}

/** The warehouse `id`, or null. */
export async function getWarehouse(db: Database, id: string): Promise<WarehouseRecord | null> {
  const { rows } = await sql<{ id: string; name: string; active: boolean; version: string }>`
    select id, name, active, version::text as version from rm_warehouses.warehouses where id = ${id}`.execute(db);
  return rows[0] ? { ...rows[0], version: Number(rows[0].version) } : null;
}
