/**
 * The files read model's tables (schema `rm_files`). See writer.ts.
 */
import type { ColumnType, Kysely, Transaction } from 'kysely';
import type { ReadModelTables, StreamPositionTable } from '../read-model.js';

export type FilesTables = ReadModelTables & {
  /**
   * One row per file not deleted: id (uuid), folder_id (a folder uuid or `root`), name (display), mime and ext (from
   * the bytes), bytes (size of the upload), width and height in pixels (null for non-images), variants (jsonb: the
   * renditions, domain/file/file.ts FileVariant[]), captions (jsonb `{ et, en }`), tags (text[] as first given) and
   * tag_keys (their lower case), created_at and uploaded_by (the upload event's time and staff user), `version` the
   * stream position.
   */
  files: {
    id: string;
    folder_id: string;
    name: string;
    mime: string;
    ext: string;
    bytes: ColumnType<string, string | number, string | number>;
    width: number | null;
    height: number | null;
    variants: ColumnType<unknown, string, string>;
    captions: ColumnType<unknown, string, string>;
    tags: string[];
    tag_keys: string[];
    created_at: ColumnType<Date, string, string>;
    uploaded_by: string | null;
    version: ColumnType<string, string | bigint, string | bigint>;
  };
  /** One row per folder not deleted: id (uuid), parent_id (a folder uuid or `root`), name, created_at, created_by. */
  folders: {
    id: string;
    parent_id: string;
    name: string;
    created_at: ColumnType<Date, string, string>;
    created_by: string | null;
    version: ColumnType<string, string | bigint, string | bigint>;
  };
  position: StreamPositionTable;
};

export type FilesDb = Kysely<FilesTables>;
export type FilesTransaction = Transaction<FilesTables>;
