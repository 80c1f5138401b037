/**
 * The files read model (schema `rm_files`): every uploaded file (spec 3 "File": id, name, ext, size, createdAt, url,
 * thumbnail, type), fed by the File aggregate's events (domain/file). The file manager of a later issue lists it;
 * the upload route answers from the event itself.
 *
 * Tables: files (see schema.ts). Idempotent by stream position (`position`).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { parseFileEvent } from '../../domain/file/events.js';
import { FILE_EVENT_TYPES } from '../../domain/file/file.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { applyNewEvents, type ReadModel } from '../read-model.js';
import type { FilesTables } from './schema.js';

async function createTables(db: Kysely<FilesTables>, schema: string): Promise<void> {
  await sql`create table ${sql.id(schema, 'files')} (
    id text primary key, folder_id text, name text not null, mime text not null, ext text not null, bytes bigint not null,
    width int, height int, variants jsonb not null, created_at timestamptz not null, uploaded_by text, version bigint not null)`.execute(db);
  await sql`create table ${sql.id(schema, 'position')} (stream_id text primary key, position bigint not null)`.execute(db);
}

async function createIndexes(db: Kysely<FilesTables>, schema: string): Promise<void> {
  await sql`create index on ${sql.id(schema, 'files')} (folder_id, created_at desc, id)`.execute(db);
}


async function applyBatch(trx: Transaction<FilesTables>, schema: string, events: RecordedEvent[]): Promise<void> {
  const table = sql.id(schema, 'files');
  await applyNewEvents(trx, schema, 'position', events, async (event) => {
    const e = parseFileEvent(event);
    const version = event.streamPosition.toString();
    switch (e.type) {
      case 'FileUploaded': {
        const d = e.data;
        const { time: at, userId } = event.metadata;
        await sql`insert into ${table} (id, folder_id, name, mime, ext, bytes, width, height, variants, created_at, uploaded_by, version)
          values (${d.fileId}, ${d.folderId}, ${d.name}, ${d.mime}, ${d.ext}, ${d.bytes}, ${d.width}, ${d.height}, ${JSON.stringify(d.variants)}::jsonb, ${at}, ${userId}, ${version})
          on conflict (id) do nothing`.execute(trx);
        return;
      }
    }
  });
}

export const filesReadModel: ReadModel = {
  name: 'files',
  version: 1,
  eventTypes: FILE_EVENT_TYPES,
  createTables,
  createIndexes,
  applyBatch,
  hashTables: [
    { table: 'files', orderBy: 't.id' },
    { table: 'position', orderBy: 't.stream_id' },
  ],
};
