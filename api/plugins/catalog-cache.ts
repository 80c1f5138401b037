/**
 * A short-lived in-process snapshot of the category list (names for product cards, the tree with counts), built
 * from the listing index's maintained per-category counts (projections/catalog/listing-index.ts) after a sync, at
 * most once per `ttlMs` (default 5000 ms) per process or after a read-model change hint; the old snapshot is served
 * while a reload past the TTL runs.
 */
import type { CategoryNode, Language } from '../contracts/catalog.js';
import type { CategoryDoc } from '../../projections/catalog/projection.js';
import type { ListingIndexSource } from '../../projections/catalog/listing-index-source.js';
import { listCategories } from '../../projections/catalog/queries.js';

export interface CategorySnapshot {
  docs: Map<string, CategoryDoc>;
  /** The visible tree (hidden and deleted categories and their subtrees left out). */
  tree: CategoryNode[];
}

/** URL slug (spec 5 "Other rules"): lowercase, spaces to hyphens, non-word characters stripped, hyphens collapsed. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '-')
    .replace(/[^\w-]+/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * A category's storefront URL per language from its path of names, root first (spec 9: the last 3 names of the path
 * as slugs, with the two-letter language prefix), e.g. `{ et: '/et/pidurid/piduriklotsid', en: '/en/brakes/brake-pads' }`.
 * The staff's category calls (api/routes/admin/categories.ts) answer the same URL.
 */
export function categoryUrl(path: readonly { et: string; en: string }[]): { et: string; en: string } {
  const last3 = path.slice(-3);
  return { et: `/et/${last3.map((n) => slug(n.et)).join('/')}`, en: `/en/${last3.map((n) => slug(n.en)).join('/')}` };
}

function buildTree(rows: { doc: CategoryDoc; directCount: number }[]): CategoryNode[] {
  const nodes = new Map<string, CategoryNode & { path: { et: string; en: string }[] }>();
  for (const { doc, directCount } of rows) {
    if (doc.hidden) continue;
    nodes.set(doc.id, {
      id: doc.id,
      parent_id: doc.parent_id,
      name: { et: doc.name_et, en: doc.name_en },
      position: doc.position,
      hidden: doc.hidden,
      url: { et: '', en: '' },
      search_keywords: { et: doc.keywords_et, en: doc.keywords_en },
      className: doc.class_name ?? null,
      productCount: directCount,
      children: [],
      path: [],
    });
  }
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    if (node.parent_id === null) roots.push(node);
    else nodes.get(node.parent_id)?.children.push(node); // a child of a hidden category is hidden too
  }
  const finish = (node: CategoryNode & { path: { et: string; en: string }[] }, path: { et: string; en: string }[]): number => {
    node.path = [...path, node.name];
    node.url = categoryUrl(node.path);
    node.children.sort((a, b) => a.position - b.position || a.name.et.localeCompare(b.name.et, 'et'));
    for (const child of node.children) node.productCount += finish(child as typeof node, node.path);
    return node.productCount;
  };
  roots.sort((a, b) => a.position - b.position || a.name.et.localeCompare(b.name.et, 'et'));
  for (const root of roots) finish(root as CategoryNode & { path: { et: string; en: string }[] }, []);
  const strip = (n: CategoryNode): CategoryNode => {
    const { path: _path, ...rest } = n as CategoryNode & { path?: unknown };
    return { ...rest, children: n.children.map(strip) };
  };
  return roots.map(strip);
}

export class CategoryCache {
  private value: CategorySnapshot | null = null;
  private loadedAt = 0;
  private loading: Promise<CategorySnapshot> | null = null;
  /** Bumped by clear(): a load started before a clear is served to its callers but not kept. */
  private generation = 0;

  constructor(
    private readonly source: ListingIndexSource,
    private readonly ttlMs = 5000,
    /** The clock the TTL is measured on (milliseconds; tests pass their own). */
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * The current snapshot, reloaded when older than the TTL (concurrent callers share one load). While a reload past
   * the TTL runs, callers get the snapshot they had: the TTL only bounds a missed change hint, and every request
   * waiting for the reload (a read-model sync) made the listing's slowest answers (bench:catalog-load). After clear()
   * (a known change) callers wait for the new snapshot.
   */
  async get(now: string): Promise<CategorySnapshot> {
    if (this.value && this.clock() - this.loadedAt < this.ttlMs) return this.value;
    if (this.loading) return this.value ?? this.loading;
    const generation = this.generation;
    const loading: Promise<CategorySnapshot> = listCategories(this.source, now)
      .then((rows) => {
        const snapshot: CategorySnapshot = {
          docs: new Map(rows.map(({ doc }) => [doc.id, doc])),
          tree: buildTree(rows),
        };
        if (generation === this.generation) {
          this.value = snapshot;
          this.loadedAt = this.clock();
        }
        return snapshot;
      })
      .finally(() => {
        if (this.loading === loading) this.loading = null;
      });
    this.loading = loading;
    return this.value ?? loading;
  }

  /** Drops the snapshot: the next `get` reloads and waits for it. */
  clear(): void {
    this.value = null;
    this.loading = null;
    this.generation++;
  }

  /** Names of a category and its ancestors, root first (for breadcrumbs). */
  breadcrumbs(snapshot: CategorySnapshot, categoryId: string, language: Language): string[] {
    const out: string[] = [];
    let doc = snapshot.docs.get(categoryId);
    for (let guard = 0; doc && guard < 20; guard++) {
      out.unshift((language === 'en' ? doc.name_en : doc.name_et) || doc.name_et);
      doc = doc.parent_id ? snapshot.docs.get(doc.parent_id) : undefined;
    }
    return out;
  }
}
