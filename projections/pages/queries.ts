/**
 * Queries of the pages read model (projections/pages/writer.ts): published pages for guests, drafts and versions
 * for staff.
 *
 * Guests see a page while it is published, not deleted and its visibility rule says `visible` at the query's `now`
 * (domain/page/visibility.ts, evaluated here at query time with the one rule function, not at projection time).
 */
import { sql } from 'kysely';
import type { LegacyPageDoc, PageVersionDoc } from '../../domain/page/page.js';
import { visibilityAt, type VisibilityRule, type VisibilityState } from '../../domain/page/visibility.js';
import type { Language } from '../../domain/shared/localized.js';
import type { Database } from '../../platform/db/database.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A published page as guests receive it: the storefront's shape from before drafts (`pageId`, `name` = the
 * Estonian slug, title, content, meta) plus the version's slug per language, layout, canonical URL, item containers
 * and the published revision.
 */
export type PublishedPage = LegacyPageDoc & Omit<PageVersionDoc, 'title' | 'content' | 'metaDescription' | 'metaKeywords'> & { revision: number };

type PublishedRow = { id: string; published: PageVersionDoc; published_revision: number; visibility: VisibilityRule | null; slug_et: string | null; slug_en: string | null };

const toPublished = (r: PublishedRow): PublishedPage => ({ pageId: r.id, name: r.published.slug.et, ...r.published, revision: r.published_revision });

/** Is the row shown to guests at `now`? */
const shown = (r: Pick<PublishedRow, 'visibility'>, now: string) => visibilityAt(r.visibility, now) === 'visible';

/**
 * The published page with id `ref` (a uuid) or slug `ref`: a slug in `lang` first, then in the other language
 * (the one published last when two pages share it); null when there is none or it is not visible at `now`.
 * @param options.now ISO-8601 instant the visibility rule is evaluated at (default: the clock)
 */
export async function getPage(db: Database, ref: string, options: { lang?: Language; now?: string } = {}): Promise<PublishedPage | null> {
  const now = options.now ?? new Date().toISOString();
  const first = options.lang === 'en' ? 'slug_en' : 'slug_et';
  const { rows } = UUID.test(ref)
    ? await sql<PublishedRow>`select id, published, published_revision, visibility, slug_et, slug_en from rm_pages.pages where id = ${ref.toLowerCase()} and published is not null`.execute(db)
    : await sql<PublishedRow>`
        select id, published, published_revision, visibility, slug_et, slug_en from rm_pages.pages
        where (slug_et = ${ref} or slug_en = ${ref}) and published is not null
        order by (${sql.ref(first)} = ${ref}) desc, changed_at desc`.execute(db);
  const row = rows.find((r) => shown(r, now));
  return row ? toPublished(row) : null;
}

/**
 * The language home page (spec 2 "/{pageName}": a name equal to a language code is the language home page): the
 * published page with layout `homepage` that guests see at `now`, the one published last when there are several;
 * null when there is none.
 * @param options.now ISO-8601 instant the visibility rule is evaluated at (default: the clock)
 */
export async function getHomePage(db: Database, options: { now?: string } = {}): Promise<PublishedPage | null> {
  const now = options.now ?? new Date().toISOString();
  const { rows } = await sql<PublishedRow>`
    select id, published, published_revision, visibility, slug_et, slug_en from rm_pages.pages
    where published is not null and published->>'layout' = 'homepage'
    order by changed_at desc`.execute(db);
  const row = rows.find((r) => shown(r, now));
  return row ? toPublished(row) : null;
}

/** The Estonian slugs of the pages guests see at `now` (default: the clock), sorted (for the sitemap). */
export async function listPageNames(db: Database, now = new Date().toISOString()): Promise<string[]> {
  const { rows } = await sql<{ slug_et: string; visibility: VisibilityRule | null }>`
    select slug_et, visibility from rm_pages.pages where published is not null order by slug_et`.execute(db);
  return [...new Set(rows.filter((r) => shown(r, now)).map((r) => r.slug_et))];
}

/**
 * A page's place in the sitemap: its published slug in each language (`/{et}` and `/en/{en}`), or, for the language
 * home page (layout `homepage`, spec 2 "/{pageName}": a name equal to a language code), `home: true`: its URLs are
 * `/et` and `/en` (the alternates GET /v1/page/{ref} answers for it), never its slug.
 */
export interface SitemapPage {
  slugs: { et: string; en: string };
  home: boolean;
}

/**
 * The pages guests see at `now` (default: the clock) with each language's own slug, by Estonian slug; a slug two
 * visible pages share is listed once (the one published last, as getPage resolves it). Every visible page of layout
 * `homepage` is the language home page's candidate; only one (`home: true`, the one published last, as getHomePage
 * resolves it) is listed, since the others' canonical address is the home page's too.
 */
export async function listSitemapPages(db: Database, now = new Date().toISOString()): Promise<SitemapPage[]> {
  const { rows } = await sql<{ slug_et: string; slug_en: string | null; visibility: VisibilityRule | null; home: boolean }>`
    select slug_et, slug_en, visibility, coalesce(published->>'layout' = 'homepage', false) as home from rm_pages.pages
    where published is not null and status = 'active'
    order by slug_et, changed_at desc`.execute(db);
  const seen = new Set<string>();
  const out: SitemapPage[] = [];
  let homeListed = false;
  for (const r of rows) {
    if (!shown(r, now) || seen.has(r.slug_et)) continue;
    seen.add(r.slug_et);
    if (r.home) {
      if (homeListed) continue;
      homeListed = true;
    }
    out.push({ slugs: { et: r.slug_et, en: r.slug_en || r.slug_et }, home: r.home });
  }
  return out;
}

/** A page as the staff's list and editor see it: its draft, publication, rule, state at `now` and version. */
export interface PageDraft {
  pageId: string;
  status: 'active' | 'deleted';
  /** The stream version: a save sends it back as `expectedVersion`. */
  version: number;
  draft: PageVersionDoc;
  draftRevision: number;
  /** null when unpublished. */
  publishedRevision: number | null;
  visibility: VisibilityRule | null;
  /** The published version's state for guests at `now` (null when unpublished). */
  stateNow: VisibilityState | null;
  changedBy: string | null;
  changedAt: string | null;
}

type DraftRow = { id: string; status: 'active' | 'deleted'; version: string; draft: PageVersionDoc; draft_revision: number; published_revision: number | null; visibility: VisibilityRule | null; changed_by: string | null; changed_time: string | null };

function toDraft(r: DraftRow, now: string): PageDraft {
  return {
    pageId: r.id,
    status: r.status,
    version: Number(r.version),
    draft: r.draft,
    draftRevision: r.draft_revision,
    publishedRevision: r.published_revision,
    visibility: r.visibility,
    stateNow: r.published_revision === null ? null : visibilityAt(r.visibility, now),
    changedBy: r.changed_by,
    changedAt: r.changed_time,
  };
}

const DRAFT_COLUMNS = sql`id, status, version::text as version, draft, draft_revision, published_revision, visibility, changed_by, changed_time`;

/** A page's draft for staff (deleted pages too); null when there is no such page. */
export async function getPageDraft(db: Database, pageId: string, now = new Date().toISOString()): Promise<PageDraft | null> {
  if (!UUID.test(pageId)) return null;
  const { rows } = await sql<DraftRow>`select ${DRAFT_COLUMNS} from rm_pages.pages where id = ${pageId.toLowerCase()}`.execute(db);
  return rows[0] ? toDraft(rows[0], now) : null;
}

/** Every page that is not deleted, by Estonian draft title (PageList). */
export async function listPageDrafts(db: Database, now = new Date().toISOString()): Promise<PageDraft[]> {
  const { rows } = await sql<DraftRow>`select ${DRAFT_COLUMNS} from rm_pages.pages where status = 'active' order by draft->'title'->>'et', id`.execute(db);
  return rows.map((r) => toDraft(r, now));
}

/** One saved version of a page: its document, who saved it and when, and the revision it restores (if any). */
export interface PageVersion {
  revision: number;
  doc: PageVersionDoc;
  savedBy: string | null;
  savedAt: string | null;
  restoredFrom: number | null;
}

/** Every version of a page, newest first (empty for an unknown page). */
export async function listPageVersions(db: Database, pageId: string): Promise<PageVersion[]> {
  if (!UUID.test(pageId)) return [];
  const { rows } = await sql<{ revision: number; doc: PageVersionDoc; saved_by: string | null; saved_at: string | null; restored_from: number | null }>`
    select revision, doc, saved_by, saved_at, restored_from from rm_pages.page_versions where page_id = ${pageId.toLowerCase()} order by revision desc`.execute(db);
  return rows.map((r) => ({ revision: r.revision, doc: r.doc, savedBy: r.saved_by, savedAt: r.saved_at, restoredFrom: r.restored_from }));
}

/**
 * The id of the page named `name` now or before (spec 2 "/{pageName}"; for reading a page 'as of' an instant, when
 * it may have been renamed or deleted since): a page whose draft or published slug is `name` (a page not deleted
 * first, then the one published last), else the page with the newest version that had the name; null when none.
 */
export async function findPageIdByName(db: Database, name: string): Promise<string | null> {
  const { rows } = await sql<{ id: string }>`
    select id from rm_pages.pages
    where slug_et = ${name} or slug_en = ${name} or draft->'slug'->>'et' = ${name} or draft->'slug'->>'en' = ${name}
    order by (status = 'active') desc, changed_at desc limit 1`.execute(db);
  if (rows[0]) return rows[0].id;
  const older = await sql<{ id: string }>`
    select page_id as id from rm_pages.page_versions
    where doc->'slug'->>'et' = ${name} or doc->'slug'->>'en' = ${name}
    order by saved_at desc nulls last limit 1`.execute(db);
  return older.rows[0]?.id ?? null;
}
