/**
 * The file_usage read model (schema `rm_file_usage`): where each uploaded file is used, for the rule that a used
 * file is not deleted (domain/file/file.ts DeleteFile, `file.in_use`) and for the finder's usage list (spec 2 "File
 * manager"). Fed by the events that reference files:
 * - a product's images (ProductImagesChanged: the `/files/{id}` references, domain/file/image-ref.ts);
 * - a page's HTML (every revision's document, PageSaved / PageDraftSaved / PageVersionRestored): a page uses the
 *   files its draft and its published revision name (`/files/{id}/...` in any text of the document), until it is
 *   deleted. Older revisions do not count: restoring one that names a deleted file shows a broken image, which the
 *   editor fixes, instead of holding every file a page ever showed;
 * - a gallery album's images (AlbumImagesChanged), until the album is deleted.
 *
 * Tables: `owners` (kind product|page|album, owner id, refs: the file ids it uses; a row only while it uses any),
 * `page_revisions` (each revision's refs) and `pages` (draft and published revision). Idempotent by stream position.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { parseAlbumEvent } from '../../domain/gallery/events.js';
import { fileIdOfImageRef } from '../../domain/file/image-ref.js';
import { parsePageEvent } from '../../domain/page/events.js';
import { fromLegacyDoc } from '../../domain/page/page.js';
import { parseProductEvent } from '../../domain/product/events.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { applyNewEvents, type ReadModel, type ReadModelTables } from '../read-model.js';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The file ids named by `/files/{uuid}` anywhere in `value` (a document of any shape), each once, sorted. */
export function fileIdsIn(value: unknown): string[] {
  const text = JSON.stringify(value) ?? '';
  return [...new Set([...text.matchAll(new RegExp(`/files/(${UUID})`, 'g'))].map((m) => m[1]!))].sort();
}

const PAGE_TYPES = ['PageSaved', 'PageDraftSaved', 'PageVersionRestored', 'PagePublished', 'PageUnpublished', 'PageDeleted'];
const ALBUM_TYPES = ['AlbumImagesChanged', 'AlbumDeleted'];

async function createTables(db: Kysely<ReadModelTables>, schema: string): Promise<void> {
  await sql`create table ${sql.id(schema, 'owners')} (kind text not null, owner_id text not null, refs text[] not null, primary key (kind, owner_id))`.execute(db);
  await sql`create table ${sql.id(schema, 'page_revisions')} (page_id text not null, revision int not null, refs text[] not null, primary key (page_id, revision))`.execute(db);
  await sql`create table ${sql.id(schema, 'pages')} (page_id text primary key, draft_revision int not null, published_revision int, deleted boolean not null)`.execute(db);
  await sql`create table ${sql.id(schema, 'position')} (stream_id text primary key, position bigint not null)`.execute(db);
}

async function createIndexes(db: Kysely<ReadModelTables>, schema: string): Promise<void> {
  await sql`create index on ${sql.id(schema, 'owners')} using gin (refs)`.execute(db);
}

type Trx = Transaction<ReadModelTables>;

async function setOwner(trx: Trx, schema: string, kind: string, ownerId: string, refs: string[]): Promise<void> {
  const owners = sql.id(schema, 'owners');
  if (refs.length === 0) await sql`delete from ${owners} where kind = ${kind} and owner_id = ${ownerId}`.execute(trx);
  else await sql`insert into ${owners} (kind, owner_id, refs) values (${kind}, ${ownerId}, ${refs}::text[]) on conflict (kind, owner_id) do update set refs = excluded.refs`.execute(trx);
}

/** A page's uses: its draft's and published revision's refs (none once deleted). */
async function refreshPage(trx: Trx, schema: string, pageId: string): Promise<void> {
  const { rows } = await sql<{ refs: string[] | null }>`
    select array(select distinct r from ${sql.id(schema, 'page_revisions')} v, unnest(v.refs) r
      where v.page_id = p.page_id and (v.revision = p.draft_revision or v.revision = p.published_revision) order by r) as refs
    from ${sql.id(schema, 'pages')} p where p.page_id = ${pageId} and not p.deleted`.execute(trx);
  await setOwner(trx, schema, 'page', pageId, rows[0]?.refs ?? []);
}

async function addRevision(trx: Trx, schema: string, pageId: string, revision: number | null, doc: unknown, publish: boolean): Promise<void> {
  const revisions = sql.id(schema, 'page_revisions');
  const n = revision ?? ((await sql<{ n: number }>`select coalesce(max(revision), 0)::int + 1 as n from ${revisions} where page_id = ${pageId}`.execute(trx)).rows[0]!.n);
  await sql`insert into ${revisions} (page_id, revision, refs) values (${pageId}, ${n}, ${fileIdsIn(doc)}::text[]) on conflict do nothing`.execute(trx);
  await sql`insert into ${sql.id(schema, 'pages')} (page_id, draft_revision, published_revision, deleted) values (${pageId}, ${n}, ${publish ? n : null}, false)
    on conflict (page_id) do update set ${publish ? sql`draft_revision = excluded.draft_revision, published_revision = excluded.published_revision` : sql`draft_revision = excluded.draft_revision`}`.execute(trx);
}

async function applyEvent(trx: Trx, schema: string, event: RecordedEvent): Promise<void> {
  if (event.type === 'ProductImagesChanged') {
    const e = parseProductEvent(event);
    if (e.type !== 'ProductImagesChanged') return;
    const refs = [...new Set(e.data.images.map(fileIdOfImageRef).filter((id): id is string => id !== null))].sort();
    await setOwner(trx, schema, 'product', e.data.productId, refs);
    return;
  }
  if (ALBUM_TYPES.includes(event.type)) {
    const e = parseAlbumEvent(event);
    if (e.type === 'AlbumImagesChanged') await setOwner(trx, schema, 'album', e.data.albumId, [...new Set(e.data.images.map((i) => i.fileId))].sort());
    if (e.type === 'AlbumDeleted') await setOwner(trx, schema, 'album', e.data.albumId, []);
    return;
  }
  const e = parsePageEvent(event);
  const pageId = e.data.pageId;
  const pages = sql.id(schema, 'pages');
  switch (e.type) {
    case 'PageSaved':
      await addRevision(trx, schema, pageId, null, fromLegacyDoc(e.data), true);
      break;
    case 'PageDraftSaved':
    case 'PageVersionRestored':
      await addRevision(trx, schema, pageId, e.data.revision, e.data.doc, false);
      break;
    case 'PagePublished':
      await sql`update ${pages} set published_revision = ${e.data.revision} where page_id = ${pageId}`.execute(trx);
      break;
    case 'PageUnpublished':
      await sql`update ${pages} set published_revision = null where page_id = ${pageId}`.execute(trx);
      break;
    case 'PageDeleted':
      await sql`update ${pages} set deleted = true where page_id = ${pageId}`.execute(trx);
      break;
    default:
      return;
  }
  await refreshPage(trx, schema, pageId);
}

export const fileUsageReadModel: ReadModel = {
  name: 'file_usage',
  version: 1,
  eventTypes: ['ProductImagesChanged', ...PAGE_TYPES, ...ALBUM_TYPES],
  createTables,
  createIndexes,
  applyBatch: (trx, schema, events) => applyNewEvents(trx, schema, 'position', events, (event) => applyEvent(trx, schema, event)),
  hashTables: [
    { table: 'owners', orderBy: 't.kind, t.owner_id' },
    { table: 'page_revisions', orderBy: 't.page_id, t.revision' },
    { table: 'pages', orderBy: 't.page_id' },
    { table: 'position', orderBy: 't.stream_id' },
  ],
};
