/** Queries of the files read model (projections/files/writer.ts): the finder's listings, tree and tags. */
import { sql } from 'kysely';
import type { FileVariant } from '../../domain/file/file.js';
import { ROOT_FOLDER_ID } from '../../domain/folder/folder.js';
import type { Localized } from '../../domain/shared/localized.js';
import type { Database } from '../../platform/db/database.js';

export interface FileRecord {
  id: string;
  /** A folder uuid or `root`. */
  folderId: string;
  name: string;
  mime: string;
  ext: string;
  /** Size of the upload in bytes. */
  bytes: number;
  /** Pixels (rotation applied); null for a file that is not an image. */
  width: number | null;
  height: number | null;
  variants: FileVariant[];
  captions: Localized;
  tags: string[];
  /** ISO-8601 UTC. */
  createdAt: string;
  uploadedBy: string | null;
  /** The file stream's version. */
  version: number;
}

export interface FolderRecord {
  id: string;
  parentId: string;
  name: string;
  /** ISO-8601 UTC. */
  createdAt: string;
  /** Direct subfolders and files. */
  folderCount: number;
  fileCount: number;
  version: number;
}

type FileRow = { id: string; folder_id: string; name: string; mime: string; ext: string; bytes: string; width: number | null; height: number | null; variants: FileVariant[]; captions: Localized; tags: string[]; created_at: Date; uploaded_by: string | null; version: string };

const toFile = (r: FileRow): FileRecord => ({
  id: r.id,
  folderId: r.folder_id,
  name: r.name,
  mime: r.mime,
  ext: r.ext,
  bytes: Number(r.bytes),
  width: r.width,
  height: r.height,
  variants: r.variants,
  captions: r.captions,
  tags: r.tags,
  createdAt: r.created_at.toISOString(),
  uploadedBy: r.uploaded_by,
  version: Number(r.version),
});

/** The file `id` (not deleted), or null. */
export async function getFile(db: Database, id: string): Promise<FileRecord | null> {
  const { rows } = await sql<FileRow>`select * from rm_files.files where id = ${id}`.execute(db);
  return rows[0] ? toFile(rows[0]) : null;
}

/** The files of `ids` that exist, in no particular order. */
export async function getFiles(db: Database, ids: readonly string[]): Promise<FileRecord[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<FileRow>`select * from rm_files.files where id = any(${[...ids]}::text[])`.execute(db);
  return rows.map(toFile);
}

/** Sort orders of a listing: by name (A-Z, Estonian collation ignored: lower case), newest first, by size. */
export const FILE_SORTS = ['name', '-name', '-created', 'created', '-size', 'size'] as const;
export type FileSort = (typeof FILE_SORTS)[number];
const ORDER: Record<FileSort, string> = {
  name: 'lower(name), id',
  '-name': 'lower(name) desc, id',
  '-created': 'created_at desc, id',
  created: 'created_at, id',
  '-size': 'bytes desc, id',
  size: 'bytes, id',
};

export interface FileQuery {
  /** Only this folder's files; null: every folder (a search). */
  folderId: string | null;
  /** Part of the name, case-insensitive (at most 100 characters). */
  q?: string;
  /** Only files holding this tag (case-insensitive). */
  tag?: string;
  /** Only images (spec 5 "Image-only mode"). */
  imagesOnly?: boolean;
  sort?: FileSort;
  /** 1-based page and its size (1-500). */
  page?: number;
  pageSize?: number;
}

/** One page of a listing and the number of files matching. */
export async function listFiles(db: Database, query: FileQuery): Promise<{ files: FileRecord[]; total: number }> {
  const pageSize = Math.max(1, Math.min(500, Math.trunc(query.pageSize ?? 100)));
  const page = Math.max(1, Math.trunc(query.page ?? 1));
  const where = [sql`true`];
  if (query.folderId !== null) where.push(sql`folder_id = ${query.folderId}`);
  if (query.q) where.push(sql`strpos(lower(name), ${query.q.toLowerCase()}) > 0`);
  if (query.tag) where.push(sql`tag_keys @> array[${query.tag.toLowerCase()}]::text[]`);
  if (query.imagesOnly) where.push(sql`width is not null`);
  const cond = sql.join(where, sql` and `);
  const { rows } = await sql<FileRow & { total: string }>`
    select *, count(*) over () as total from rm_files.files where ${cond}
    order by ${sql.raw(ORDER[query.sort ?? 'name'])} limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(db);
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && page > 1) total = Number((await sql<{ n: string }>`select count(*) as n from rm_files.files where ${cond}`.execute(db)).rows[0].n);
  return { files: rows.map(toFile), total };
}

type FolderRow = { id: string; parent_id: string; name: string; created_at: Date; version: string; folder_count: string; file_count: string };
const toFolder = (r: FolderRow): FolderRecord => ({
  id: r.id,
  parentId: r.parent_id,
  name: r.name,
  createdAt: r.created_at.toISOString(),
  folderCount: Number(r.folder_count),
  fileCount: Number(r.file_count),
  version: Number(r.version),
});

const withCounts = sql`
  (select count(*) from rm_files.folders c where c.parent_id = f.id) as folder_count,
  (select count(*) from rm_files.files x where x.folder_id = f.id) as file_count`;

/** The folder `id` with its counts, or null (`root` is not a row: see rootFolder). */
export async function getFolder(db: Database, id: string): Promise<FolderRecord | null> {
  const { rows } = await sql<FolderRow>`select f.*, ${withCounts} from rm_files.folders f where f.id = ${id}`.execute(db);
  return rows[0] ? toFolder(rows[0]) : null;
}

/** The top folder with its counts. */
export async function rootFolder(db: Database): Promise<FolderRecord> {
  const { rows } = await sql<{ folder_count: string; file_count: string }>`
    select (select count(*) from rm_files.folders where parent_id = ${ROOT_FOLDER_ID}) as folder_count,
           (select count(*) from rm_files.files where folder_id = ${ROOT_FOLDER_ID}) as file_count`.execute(db);
  return { id: ROOT_FOLDER_ID, parentId: '', name: '', createdAt: '1970-01-01T00:00:00.000Z', folderCount: Number(rows[0].folder_count), fileCount: Number(rows[0].file_count), version: 0 };
}

/** The subfolders of `parentId`, by name. */
export async function listFolders(db: Database, parentId: string): Promise<FolderRecord[]> {
  const { rows } = await sql<FolderRow>`select f.*, ${withCounts} from rm_files.folders f where f.parent_id = ${parentId} order by lower(f.name), f.id`.execute(db);
  return rows.map(toFolder);
}

/**
 * The folders from the top down to `id` (root excluded, `id` last); [] for root; null when `id` is not a folder.
 * Its length is the folder's depth (spec 9: at most 7).
 */
export async function folderPath(db: Database, id: string): Promise<{ id: string; name: string }[] | null> {
  if (id === ROOT_FOLDER_ID) return [];
  const { rows } = await sql<{ id: string; name: string; parent_id: string; n: number }>`
    with recursive up(id, name, parent_id, n) as (
      select id, name, parent_id, 0 from rm_files.folders where id = ${id}
      union all select f.id, f.name, f.parent_id, up.n + 1 from rm_files.folders f join up on f.id = up.parent_id where up.n < 64)
    select * from up order by n desc`.execute(db);
  return rows.length ? rows.map((r) => ({ id: r.id, name: r.name })) : null;
}

/** Levels of `id` with its subfolders: 1 for a folder without subfolders. */
export async function subtreeHeight(db: Database, id: string): Promise<number> {
  const { rows } = await sql<{ h: number }>`
    with recursive down(id, n) as (
      select id, 1 from rm_files.folders where id = ${id}
      union all select f.id, down.n + 1 from rm_files.folders f join down on f.parent_id = down.id where down.n < 64)
    select coalesce(max(n), 1)::int as h from down`.execute(db);
  return rows[0]?.h ?? 1;
}

/** Names of the subfolders of `parentId` but `exceptId`'s (for the sibling-name rule). */
export async function siblingFolderNames(db: Database, parentId: string, exceptId: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from rm_files.folders where parent_id = ${parentId} and id <> ${exceptId}`.execute(db);
  return rows.map((r) => r.name);
}

/** Every tag in use with the number of files holding it, by tag (the finder's tag filter; spec 7 GET /file-tag/list). */
export async function listTags(db: Database): Promise<{ tag: string; count: number }[]> {
  const { rows } = await sql<{ tag: string; count: string }>`
    select min(t) as tag, count(distinct id) as count from rm_files.files, unnest(tags) as t group by lower(t) order by lower(t)`.execute(db);
  return rows.map((r) => ({ tag: r.tag, count: Number(r.count) }));
}
