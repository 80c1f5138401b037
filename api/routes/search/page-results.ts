/**
 * The content pages of GET /v1/search (spec 3 "Search result", spec 7): the published pages the visibility rule shows
 * at the request's time, found by domain/page/page-search.ts in the request's language.
 *
 * The published versions are read from the pages read model (`rm_pages.pages`: published, not deleted) and kept in
 * memory until the read model changes (`readModelChanges` 'pages') or PAGE_SEARCH_CACHE_MS passes (the fallback
 * when change hints are lost): search is a hot route and pages are few. The rule is evaluated per request, so a
 * timed page leaves and enters the results at its edges without a change.
 */
import type { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import { type PageHit, type SearchablePage, searchPages } from '../../../domain/page/page-search.js';
import type { PageVersionDoc } from '../../../domain/page/page-doc.js';
import { visibilityAt, type VisibilityRule } from '../../../domain/page/visibility.js';
import type { Language } from '../../../domain/shared/localized.js';
import type { Database } from '../../../platform/db/database.js';
import type { PageSearchResult } from '../../contracts/catalog.js';

/** How long the published pages are kept without a change hint, in milliseconds. */
export const PAGE_SEARCH_CACHE_MS = 10_000;

type Row = { id: string; published: PageVersionDoc; visibility: VisibilityRule | null };

/** The published pages, cached (see the module comment). */
export class PublishedPagesCache {
  private rows: Promise<Row[]> | null = null;
  private loadedAt = 0;
  private readonly drop = () => {
    this.rows = null;
  };

  constructor(
    private readonly db: Database,
    private readonly changes?: EventEmitter,
  ) {
    changes?.on('pages', this.drop);
  }

  close(): void {
    this.changes?.off('pages', this.drop);
  }

  /** The pages guests see at `now` (ISO-8601). */
  async visible(now: string): Promise<SearchablePage[]> {
    if (!this.rows || Date.now() - this.loadedAt > PAGE_SEARCH_CACHE_MS) {
      this.loadedAt = Date.now();
      const load = sql<Row>`select id, published, visibility from rm_pages.pages where published is not null and status = 'active'`
        .execute(this.db)
        .then((r) => r.rows);
      this.rows = load;
      load.catch(() => {
        if (this.rows === load) this.rows = null;
      });
    }
    const rows = await this.rows;
    return rows.filter((r) => visibilityAt(r.visibility, now) === 'visible').map((r) => ({ pageId: r.id, doc: r.published }));
  }
}

/** A found page in the answer's shape: its title as name and breadcrumb, its slug in the language as path. */
export function toPageSearchResult(hit: PageHit): PageSearchResult {
  return {
    id: hit.pageId,
    name: hit.title,
    path: `/${hit.slug}`,
    breadcrumbs: [{ name: hit.title }],
    meta_description: hit.description,
    content: { 'header-img': hit.headerImage ? { src: hit.headerImage } : null, description: hit.description },
  };
}

/** The pages `q` finds in `lang` at `now`. */
export async function pageResults(cache: PublishedPagesCache, q: string, lang: Language, now: string): Promise<PageSearchResult[]> {
  if (!q.trim()) return [];
  return searchPages(await cache.visible(now), q, lang).map(toPageSearchResult);
}
