/**
 * The pages read model's tables (schema `rm_pages`). See writer.ts.
 */
import type { ColumnType, Kysely, Transaction } from 'kysely';
import type { ReadModelTables, StreamPositionTable } from '../read-model.js';

export type PagesTables = ReadModelTables & {
  /** `doc`: the saved page (name, title, sanitised content, meta per language); `changed_at` the $all order. */
  pages: { id: string; name: string; doc: unknown; changed_at: ColumnType<string, string | bigint, string | bigint> };
  position: StreamPositionTable;
};

export type PagesDb = Kysely<PagesTables>;
export type PagesTransaction = Transaction<PagesTables>;
