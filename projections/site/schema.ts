/**
 * The site read model's tables (schema `rm_site`): global fields and the main menu. See writer.ts.
 */
import type { Kysely, Transaction } from 'kysely';
import type { ReadModelTables, StreamPositionTable } from '../read-model.js';

export type SiteTables = ReadModelTables & {
  global_fields: { key: string; value: unknown };
  /** One row (id 1): the menu entries. */
  menu: { id: number; entries: unknown };
  position: StreamPositionTable;
};

export type SiteDb = Kysely<SiteTables>;
export type SiteTransaction = Transaction<SiteTables>;
