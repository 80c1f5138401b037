/**
 * The gallery read model (schema `rm_gallery`): every album not deleted (spec 3 "Gallery album": id, name,
 * thumbnail, image list) with its names per language, ordered images with captions, thumbnail, published flag and
 * last change, fed by the Album aggregate's events (domain/gallery/album.ts). Shoppers' queries read published
 * albums only (queries.ts). Idempotent by stream position.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { ALBUM_EVENT_TYPES } from '../../domain/gallery/album.js';
import { parseAlbumEvent } from '../../domain/gallery/events.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { applyNewEvents, type ReadModel, type ReadModelTables } from '../read-model.js';

async function createTables(db: Kysely<ReadModelTables>, schema: string): Promise<void> {
  await sql`create table ${sql.id(schema, 'albums')} (
    id text primary key, names jsonb not null, images jsonb not null, thumbnail text, published boolean not null,
    created_at timestamptz not null, changed_at timestamptz not null, changed_by text, version bigint not null)`.execute(db);
  await sql`create table ${sql.id(schema, 'position')} (stream_id text primary key, position bigint not null)`.execute(db);
}

async function applyEvent(trx: Transaction<ReadModelTables>, schema: string, event: RecordedEvent): Promise<void> {
  const e = parseAlbumEvent(event);
  const albums = sql.id(schema, 'albums');
  const id = e.data.albumId;
  const stamp = sql`changed_at = ${event.metadata.time}, changed_by = ${event.metadata.userId ?? null}, version = ${event.streamPosition.toString()}`;
  switch (e.type) {
    case 'AlbumCreated':
      await sql`insert into ${albums} (id, names, images, thumbnail, published, created_at, changed_at, changed_by, version)
        values (${id}, ${JSON.stringify(e.data.names)}::jsonb, '[]'::jsonb, null, false, ${event.metadata.time}, ${event.metadata.time}, ${event.metadata.userId ?? null}, ${event.streamPosition.toString()})
        on conflict (id) do nothing`.execute(trx);
      return;
    case 'AlbumRenamed':
      await sql`update ${albums} set names = ${JSON.stringify(e.data.names)}::jsonb, ${stamp} where id = ${id}`.execute(trx);
      return;
    case 'AlbumImagesChanged':
      await sql`update ${albums} set images = ${JSON.stringify(e.data.images)}::jsonb, ${stamp} where id = ${id}`.execute(trx);
      return;
    case 'AlbumThumbnailChanged':
      await sql`update ${albums} set thumbnail = ${e.data.fileId}, ${stamp} where id = ${id}`.execute(trx);
      return;
    case 'AlbumPublished':
    case 'AlbumUnpublished':
      await sql`update ${albums} set published = ${e.type === 'AlbumPublished'}, ${stamp} where id = ${id}`.execute(trx);
      return;
    case 'AlbumDeleted':
      await sql`delete from ${albums} where id = ${id}`.execute(trx);
      return;
  }
}

export const galleryReadModel: ReadModel = {
  name: 'gallery',
  version: 1,
  eventTypes: ALBUM_EVENT_TYPES,
  createTables,
  applyBatch: (trx, schema, events) => applyNewEvents(trx, schema, 'position', events, (event) => applyEvent(trx, schema, event)),
  hashTables: [
    { table: 'albums', orderBy: 't.id' },
    { table: 'position', orderBy: 't.stream_id' },
  ],
};
