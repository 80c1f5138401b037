/** Queries of the files read model (projections/files/writer.ts). */
import { sql } from 'kysely';
import type { FileVariant } from '../../domain/file/file.js';
import type { Database } from '../../platform/db/database.js';

export interface FileRecord {
  id: string;
  folderId: string | null;
  name: string;
  mime: string;
  ext: string;
  /** Size of the upload in bytes. */
  bytes: number;
  /** Pixels (rotation applied); null for a file that is not an image. */
  width: number | null;
  height: number | null;
  variants: FileVariant[];
  /** ISO-8601 UTC. */
  createdAt: string;
  uploadedBy: string | null;
}

type Row = { id: string; folder_id: string | null; name: string; mime: string; ext: string; bytes: string; width: number | null; height: number | null; variants: FileVariant[]; created_at: Date; uploaded_by: string | null };

const toRecord = (r: Row): FileRecord => ({
  id: r.id,
  folderId: r.folder_id,
  name: r.name,
  mime: r.mime,
  ext: r.ext,
  bytes: Number(r.bytes),
  width: r.width,
  height: r.height,
  variants: r.variants,
  createdAt: r.created_at.toISOString(),
  uploadedBy: r.uploaded_by,
});

/** The file `id`, or null. */
export async function getFile(db: Database, id: string): Promise<FileRecord | null> {
  const { rows } = await sql<Row>`select * from rm_files.files where id = ${id}`.execute(db);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Files of a folder (null: those without one), newest first, at most `limit` (1-500). */
export async function listFiles(db: Database, folderId: string | null, limit = 100): Promise<FileRecord[]> {
  const n = Math.max(1, Math.min(500, Math.trunc(limit)));
  const { rows } = await sql<Row>`
    select * from rm_files.files where folder_id is not distinct from ${folderId} order by created_at desc, id limit ${n}`.execute(db);
  return rows.map(toRecord);
}
