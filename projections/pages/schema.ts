/**
 * The pages read model's tables (schema `rm_pages`). See writer.ts.
 */
import type { ColumnType, Kysely, Transaction } from 'kysely';
import type { ReadModelTables, StreamPositionTable } from '../read-model.js';

type Int8 = ColumnType<string, string | bigint | number, string | bigint | number>;

export type PagesTables = ReadModelTables & {
  /**
   * One row per page. `draft` and `published` are page versions (domain/page/page-doc.ts PageVersionDoc, jsonb);
   * `slug_et`/`slug_en` the published slugs (null unpublished); `visibility` the rule (null: always visible);
   * `version` the stream version a staff save carries; `changed_at` the `$all` position of the last publish (a slug
   * two pages share resolves to the one published last).
   */
  pages: {
    id: string;
    status: string;
    version: Int8;
    draft_revision: number;
    published_revision: number | null;
    draft: unknown;
    published: unknown;
    slug_et: string | null;
    slug_en: string | null;
    visibility: unknown;
    changed_at: Int8;
    changed_by: string | null;
    changed_time: string | null;
  };
  /** Every revision of every page, as saved (never rewritten): who saved it and when, and which one it restores. */
  page_versions: { page_id: string; revision: number; doc: unknown; saved_by: string | null; saved_at: string | null; restored_from: number | null };
  position: StreamPositionTable;
};

export type PagesDb = Kysely<PagesTables>;
export type PagesTransaction = Transaction<PagesTables>;
