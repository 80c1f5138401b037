/**
 * The files read model's tables (schema `rm_files`). See writer.ts.
 */
import type { ColumnType, Kysely, Transaction } from 'kysely';
import type { ReadModelTables, StreamPositionTable } from '../read-model.js';

export type FilesTables = ReadModelTables & {
  /**
   * One row per uploaded file: id (uuid), folder_id (File[folder_id] or null), name (display), mime and ext (from the
   * bytes), bytes (size of the upload), width and height in pixels (null for non-images), variants (jsonb: the
   * renditions, domain/file/file.ts FileVariant[]), created_at and uploaded_by (the event's time and staff user),
   * `version` the stream position.
   */
  files: {
    id: string;
    folder_id: string | null;
    name: string;
    mime: string;
    ext: string;
    bytes: ColumnType<string, string | number, string | number>;
    width: number | null;
    height: number | null;
    variants: ColumnType<unknown, string, string>;
    created_at: ColumnType<Date, string, string>;
    uploaded_by: string | null;
    version: ColumnType<string, string | bigint, string | bigint>;
  };
  position: StreamPositionTable;
};

export type FilesDb = Kysely<FilesTables>;
export type FilesTransaction = Transaction<FilesTables>;
