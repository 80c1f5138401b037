/**
 * The pages read model (schema `rm_pages`): the storefront's published content pages (spec 2 `/{pageName}`,
 * `/page/{pageId}`), the staff's drafts and every page version, fed by the Page aggregate's events
 * (domain/page/page.ts). Who and when come from the events' metadata (the acting staff member, the decision time).
 *
 * Tables: pages (one row per page: draft, published version, published slugs, visibility rule, stream version),
 * page_versions (page, revision -> document, saved by/at, restored from). The visibility rule is stored, not
 * evaluated: the queries evaluate it with their `now` (queries.ts), so a timed page disappears at its end without an
 * event. Idempotent by stream position (`position`).
 *
 * Live content: a batch that publishes, unpublishes, schedules or deletes pages sends `content_changed` with their
 * ids (projections/content-changes.ts), which the api pushes to open pages.
 *
 * Compatibility: a stored `PageSaved` is a new revision that is also published (domain/page/page.ts fromLegacyDoc).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { parsePageEvent } from '../../domain/page/events.js';
import { fromLegacyDoc, PAGE_EVENT_TYPES, type PageVersionDoc } from '../../domain/page/page.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { type ContentChange, notifyContentChanges } from '../content-changes.js';
import { applyNewEvents, type ReadModel } from '../read-model.js';
import type { PagesTables } from './schema.js';

async function createTables(db: Kysely<PagesTables>, schema: string): Promise<void> {
  await sql`
    create table ${sql.id(schema, 'pages')} (
      id text primary key, status text not null, version bigint not null, draft_revision integer not null,
      published_revision integer, draft jsonb not null, published jsonb, slug_et text, slug_en text, visibility jsonb,
      changed_at bigint not null, changed_by text, changed_time text)`.execute(db);
  await sql`
    create table ${sql.id(schema, 'page_versions')} (
      page_id text not null, revision integer not null, doc jsonb not null, saved_by text, saved_at text, restored_from integer,
      primary key (page_id, revision))`.execute(db);
  await sql`create table ${sql.id(schema, 'position')} (stream_id text primary key, position bigint not null)`.execute(db);
}

async function createIndexes(db: Kysely<PagesTables>, schema: string): Promise<void> {
  await sql`create index ${sql.id('pages_slug_et')} on ${sql.id(schema, 'pages')} (slug_et, changed_at desc)`.execute(db);
  await sql`create index ${sql.id('pages_slug_en')} on ${sql.id(schema, 'pages')} (slug_en, changed_at desc)`.execute(db);
}

type Trx = Transaction<PagesTables>;

async function addVersion(trx: Trx, schema: string, event: RecordedEvent, pageId: string, revision: number, doc: PageVersionDoc, restoredFrom: number | null): Promise<void> {
  const by = event.metadata.userId ?? null;
  const at = event.metadata.time ?? null;
  await sql`
    insert into ${sql.id(schema, 'page_versions')} (page_id, revision, doc, saved_by, saved_at, restored_from)
    values (${pageId}, ${revision}, ${JSON.stringify(doc)}::jsonb, ${by}, ${at}, ${restoredFrom})`.execute(trx);
  await sql`
    insert into ${sql.id(schema, 'pages')} (id, status, version, draft_revision, draft, changed_at, changed_by, changed_time)
    values (${pageId}, 'active', ${event.streamPosition}, ${revision}, ${JSON.stringify(doc)}::jsonb, ${event.globalPosition}, ${by}, ${at})
    on conflict (id) do update set draft_revision = excluded.draft_revision, draft = excluded.draft`.execute(trx);
}

/** Publishes `revision` of the page (its stored version document). */
async function publish(trx: Trx, schema: string, event: RecordedEvent, pageId: string, revision: number): Promise<void> {
  await sql`
    update ${sql.id(schema, 'pages')} p set published_revision = v.revision, published = v.doc,
      slug_et = v.doc->'slug'->>'et', slug_en = v.doc->'slug'->>'en', changed_at = ${event.globalPosition}
    from ${sql.id(schema, 'page_versions')} v where p.id = ${pageId} and v.page_id = p.id and v.revision = ${revision}`.execute(trx);
}

async function applyEvent(trx: Trx, schema: string, event: RecordedEvent): Promise<void> {
  const e = parsePageEvent(event);
  const pageId = e.data.pageId;
  const pages = sql.id(schema, 'pages');
  switch (e.type) {
    case 'PageSaved': {
      const r = await sql<{ n: number }>`select coalesce(max(revision), 0)::int as n from ${sql.id(schema, 'page_versions')} where page_id = ${pageId}`.execute(trx);
      const revision = r.rows[0]!.n + 1;
      await addVersion(trx, schema, event, pageId, revision, fromLegacyDoc(e.data), null);
      await publish(trx, schema, event, pageId, revision);
      break;
    }
    case 'PageDraftSaved':
      await addVersion(trx, schema, event, pageId, e.data.revision, e.data.doc, null);
      break;
    case 'PageVersionRestored':
      await addVersion(trx, schema, event, pageId, e.data.revision, e.data.doc, e.data.restoredFrom);
      break;
    case 'PagePublished':
      await publish(trx, schema, event, pageId, e.data.revision);
      break;
    case 'PageUnpublished':
      await sql`update ${pages} set published_revision = null, published = null, slug_et = null, slug_en = null where id = ${pageId}`.execute(trx);
      break;
    case 'PageScheduled':
      await sql`update ${pages} set visibility = ${e.data.visibility === null ? null : JSON.stringify(e.data.visibility)}::jsonb where id = ${pageId}`.execute(trx);
      break;
    case 'PageDeleted':
      await sql`update ${pages} set status = 'deleted', published_revision = null, published = null, slug_et = null, slug_en = null where id = ${pageId}`.execute(trx);
      break;
  }
  // Every event: the stream version a staff save carries next, and who changed the page last and when.
  await sql`
    update ${pages} set version = ${event.streamPosition}, changed_by = ${event.metadata.userId ?? null},
      changed_time = ${event.metadata.time ?? null}
    where id = ${pageId}`.execute(trx);
}

/** Events that change what guests see of a page (a draft save or a restore alone changes only the draft). */
const GUEST_VISIBLE: readonly string[] = ['PageSaved', 'PagePublished', 'PageUnpublished', 'PageScheduled', 'PageDeleted'];

async function applyBatch(trx: Trx, schema: string, events: RecordedEvent[]): Promise<void> {
  const changed: ContentChange[] = [];
  await applyNewEvents(trx, schema, 'position', events, async (event) => {
    await applyEvent(trx, schema, event);
    const pageId = (event.data as { pageId?: unknown } | null)?.pageId;
    if (GUEST_VISIBLE.includes(event.type) && typeof pageId === 'string') changed.push({ kind: 'page', pageId });
  });
  // Live content: open pages showing these pages refetch them (projections/content-changes.ts).
  await notifyContentChanges(trx, schema, changed);
}

export const pagesReadModel: ReadModel = {
  name: 'pages',
  version: 2,
  eventTypes: PAGE_EVENT_TYPES,
  createTables,
  createIndexes,
  applyBatch,
  hashTables: [
    { table: 'pages', orderBy: 't.id' },
    { table: 'page_versions', orderBy: 't.page_id, t.revision' },
    { table: 'position', orderBy: 't.stream_id' },
  ],
};
