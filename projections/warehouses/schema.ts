/**
 * The warehouses read model's tables (schema `rm_warehouses`). See writer.ts.
 */
import type { ColumnType, Kysely, Transaction } from 'kysely';
import type { ReadModelTables, StreamPositionTable } from '../read-model.js';

export type WarehousesTables = ReadModelTables & {
  /** One row per warehouse: id (the stock's warehouse code), name, active, `version` its stream position. */
  warehouses: { id: string; name: string; active: boolean; version: ColumnType<string, string | bigint, string | bigint> };
  position: StreamPositionTable;
};

export type WarehousesDb = Kysely<WarehousesTables>;
export type WarehousesTransaction = Transaction<WarehousesTables>;
