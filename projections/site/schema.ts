/**
 * The site read model's tables (schema `rm_site`): global fields, global item containers, the banner switch and the
 * main menu. See writer.ts.
 */
import type { Kysely, Transaction } from 'kysely';
import type { ReadModelTables, StreamPositionTable } from '../read-model.js';

export type SiteTables = ReadModelTables & {
  global_fields: { key: string; value: unknown };
  /** Global item containers: key -> items (jsonb, domain/page/page-doc.ts ContainerItem[]). */
  item_containers: { key: string; items: unknown };
  /** One row (id 1): whether the new-address banner shows. */
  settings: { id: number; banner_shown: boolean };
  /** One row (id 1): the menu entries (domain/menu/menu.ts MenuItem[]). */
  menu: { id: number; entries: unknown };
  position: StreamPositionTable;
};

export type SiteDb = Kysely<SiteTables>;
export type SiteTransaction = Transaction<SiteTables>;
