/**
 * The files read model (schema `rm_files`, v2): the finder's folders and files (spec 3 "File": id, name, caption,
 * ext, size, createdAt, tags, url, thumbnail, type; "Folder": id, name, parent; "File tag"), fed by the File and
 * Folder aggregates' events (domain/file, domain/folder). Deleted files and folders leave no row.
 *
 * - `files`: folder (the top folder `root` for an upload that named none, or a folder name of the time before
 *   folders, such as ProductEdit's `products`), display name, type, byte size, pixels, renditions, captions per
 *   language, tags (as first given) and their lower-case keys for the tag filter, upload time and staff user.
 * - `folders`: id, parent, name, creation time.
 * Idempotent by stream position (`position`).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { parseFileEvent } from '../../domain/file/events.js';
import { FILE_EVENT_TYPES } from '../../domain/file/file.js';
import { FILE_ID } from '../../domain/file/image-ref.js';
import { parseFolderEvent } from '../../domain/folder/events.js';
import { FOLDER_EVENT_TYPES, ROOT_FOLDER_ID } from '../../domain/folder/folder.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { applyNewEvents, type ReadModel } from '../read-model.js';
import type { FilesTables } from './schema.js';

const FOLDER_EVENTS = new Set<string>(FOLDER_EVENT_TYPES);

/** The folder a stored file is listed in: a folder uuid, else the top folder. */
export const listedFolderId = (folderId: string | null) => (folderId && FILE_ID.test(folderId) ? folderId : ROOT_FOLDER_ID);

async function createTables(db: Kysely<FilesTables>, schema: string): Promise<void> {
  await sql`create table ${sql.id(schema, 'files')} (
    id text primary key, folder_id text not null, name text not null, mime text not null, ext text not null, bytes bigint not null,
    width int, height int, variants jsonb not null, captions jsonb not null, tags text[] not null, tag_keys text[] not null,
    created_at timestamptz not null, uploaded_by text, version bigint not null)`.execute(db);
  await sql`create table ${sql.id(schema, 'folders')} (
    id text primary key, parent_id text not null, name text not null, created_at timestamptz not null, created_by text, version bigint not null)`.execute(db);
  await sql`create table ${sql.id(schema, 'position')} (stream_id text primary key, position bigint not null)`.execute(db);
}

async function createIndexes(db: Kysely<FilesTables>, schema: string): Promise<void> {
  await sql`create index on ${sql.id(schema, 'files')} (folder_id, lower(name), id)`.execute(db);
  await sql`create index on ${sql.id(schema, 'files')} using gin (tag_keys)`.execute(db);
  await sql`create index on ${sql.id(schema, 'folders')} (parent_id)`.execute(db);
}

async function applyBatch(trx: Transaction<FilesTables>, schema: string, events: RecordedEvent[]): Promise<void> {
  const files = sql.id(schema, 'files');
  const folders = sql.id(schema, 'folders');
  await applyNewEvents(trx, schema, 'position', events, async (event) => {
    const version = event.streamPosition.toString();
    if (FOLDER_EVENTS.has(event.type)) {
      const e = parseFolderEvent(event);
      const id = e.data.folderId;
      switch (e.type) {
        case 'FolderCreated':
          await sql`insert into ${folders} (id, parent_id, name, created_at, created_by, version)
            values (${id}, ${e.data.parentId}, ${e.data.name}, ${event.metadata.time}, ${event.metadata.userId}, ${version}) on conflict (id) do nothing`.execute(trx);
          return;
        case 'FolderRenamed':
          await sql`update ${folders} set name = ${e.data.name}, version = ${version} where id = ${id}`.execute(trx);
          return;
        case 'FolderMoved':
          await sql`update ${folders} set parent_id = ${e.data.parentId}, version = ${version} where id = ${id}`.execute(trx);
          return;
        case 'FolderDeleted':
          await sql`delete from ${folders} where id = ${id}`.execute(trx);
          return;
      }
    }
    const e = parseFileEvent(event);
    const id = e.data.fileId;
    switch (e.type) {
      case 'FileUploaded': {
        const d = e.data;
        await sql`insert into ${files} (id, folder_id, name, mime, ext, bytes, width, height, variants, captions, tags, tag_keys, created_at, uploaded_by, version)
          values (${id}, ${listedFolderId(d.folderId)}, ${d.name}, ${d.mime}, ${d.ext}, ${d.bytes}, ${d.width}, ${d.height}, ${JSON.stringify(d.variants)}::jsonb,
            '{"et":"","en":""}'::jsonb, '{}', '{}', ${event.metadata.time}, ${event.metadata.userId}, ${version})
          on conflict (id) do nothing`.execute(trx);
        return;
      }
      case 'FileRenamed':
        await sql`update ${files} set name = ${e.data.name}, version = ${version} where id = ${id}`.execute(trx);
        return;
      case 'FileCaptionChanged':
        await sql`update ${files} set captions = jsonb_set(captions, ${sql.raw(`'{${e.data.language}}'`)}, ${JSON.stringify(e.data.caption)}::jsonb), version = ${version} where id = ${id}`.execute(trx);
        return;
      case 'FileTagged':
        await sql`update ${files} set tags = array_append(tags, ${e.data.tag}::text), tag_keys = array_append(tag_keys, ${e.data.tag.toLowerCase()}::text), version = ${version} where id = ${id}`.execute(trx);
        return;
      case 'FileUntagged':
        await sql`update ${files} set tags = array_remove(tags, ${e.data.tag}::text), tag_keys = array_remove(tag_keys, ${e.data.tag.toLowerCase()}::text), version = ${version} where id = ${id}`.execute(trx);
        return;
      case 'FileMoved':
        await sql`update ${files} set folder_id = ${listedFolderId(e.data.folderId)}, version = ${version} where id = ${id}`.execute(trx);
        return;
      case 'FileDeleted':
        await sql`delete from ${files} where id = ${id}`.execute(trx);
        return;
    }
  });
}

export const filesReadModel: ReadModel = {
  name: 'files',
  version: 2,
  eventTypes: [...FILE_EVENT_TYPES, ...FOLDER_EVENT_TYPES],
  createTables,
  createIndexes,
  applyBatch,
  hashTables: [
    { table: 'files', orderBy: 't.id' },
    { table: 'folders', orderBy: 't.id' },
    { table: 'position', orderBy: 't.stream_id' },
  ],
};
