/**
 * Queries of the catalog read model (conventions 5): the product listing with facets and search, one product,
 * and the category tree. Read-only; they never see the event store.
 *
 * Listing (spec 2 "Product listing", spec 3 "Product list response", spec 5 "Other rules", spec 9):
 * - only listed products (class product with a price) whose visibility is `visible` at `now`;
 * - `categoryId` selects the category and all its descendants;
 * - `filters` keep products matching at least one filter; those matching all come first (exact), then the
 *   partial matches; `availableFilters` counts facet values over the category and search, before filters;
 * - search finds part numbers however typed (normalised codes, OE numbers included), words of the names in either
 *   language by prefix, one typo in a word of 5+ letters (Levenshtein distance 1 against the name dictionary), and
 *   ranks an exact part-number match first. Words that match nothing are left out and reported.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { liveSchema } from '../read-model.js';
import type { CategoryDoc, ProductDoc } from './projection.js';
import { normalizeCode, words } from './search-text.js';
import { catalogReadModel } from './writer.js';
import type { CatalogTables } from './schema.js';

const schema = liveSchema(catalogReadModel);
const T = (table: string) => sql.id(schema, table);

/** A product as listed: its document plus what the read model derived. */
export interface ListedProduct {
  doc: ProductDoc;
  stockTotal: number;
  availableIn: number;
  hasLimitedAmount: boolean;
  /** Visibility at `now`: visible, hidden or inaccessible. */
  visibility: 'visible' | 'hidden' | 'inaccessible';
}

/**
 * Sort orders of the listing (spec 9): `-modified_at` (recently changed, the default), `id` / `-id` (creation
 * order), `total_price` (gross), `name` (in the listing's language). The api contract's sort enum
 * (api/contracts/catalog-constants.ts) is checked against this union at compile time (api/routes/products).
 */
export type Sort = '-modified_at' | '-id' | 'id' | '-total_price' | 'total_price' | 'name' | '-name';

export interface ListProductsInput {
  q?: string;
  categoryId?: string;
  /** Attribute name to accepted values. */
  filters?: Record<string, string[]>;
  /** Gross price bounds in euro cents, inclusive. */
  priceMinCents?: number;
  priceMaxCents?: number;
  page: number;
  pageSize: number;
  /** Default: relevance when searching, else -modified_at. */
  sort?: Sort;
  language: 'et' | 'en';
  /** ISO-8601 time the visibility rules are evaluated at. */
  now: string;
}

export interface ListProductsOutput {
  products: ListedProduct[];
  /** Matching products on all pages (exact and partial). */
  total: number;
  availableFilters: { name: string; options: Record<string, number> }[];
  leftOutSearchKeywords: string[];
  /** Ids of the products on this page that match every applied filter. */
  exactlyMatchingProductIds: string[];
  appliedFiltersCount: number;
}

/** Most values listed per facet. */
const MAX_FACET_VALUES = 100;

const visibleAt = (now: string) => sql`(case when ${now}::timestamptz between p.vis_from and p.vis_to then p.vis_in else p.vis_out end)`;

/** Category ids of `categoryId` and all its descendants (empty when it does not exist or is deleted). */
export async function categorySubtree(db: Kysely<CatalogTables>, categoryId: string): Promise<string[]> {
  if (!/^[0-9a-f-]{36}$/i.test(categoryId)) return [];
  const r = await sql<{ id: string }>`
    with recursive tree as (
      select id from ${T('categories')} where id = ${categoryId}::uuid and not deleted
      union -- not union all: a category moved under its own descendant must not loop
      select c.id from ${T('categories')} c join tree on c.parent_id = tree.id where not c.deleted
    ) select id::text from tree`.execute(db);
  return r.rows.map((x) => x.id);
}

interface SearchPlan {
  condition: RawBuilder<unknown>;
  rank: RawBuilder<unknown>;
  leftOut: string[];
}

/** Builds the search condition for `q`: code match OR text match of the words that match anything. */
async function planSearch(db: Kysely<CatalogTables>, q: string): Promise<SearchPlan> {
  const code = normalizeCode(q);
  const terms = words(q).slice(0, 12);
  // Alternatives per word: its prefix, plus dictionary words one edit away for words of 5+ letters.
  const alternatives = await Promise.all(
    terms.map(async (w) => {
      const alts = [`${w}:*`];
      if (w.length >= 5 && !/^\d+$/.test(w)) {
        const r = await sql<{ word: string }>`
          select word from ${T('search_words')}
          where length(word) between ${w.length - 1} and ${w.length + 1} and word <> ${w}
            and levenshtein_less_equal(word, ${w}, 1) <= 1
          limit 20`.execute(db);
        for (const { word } of r.rows) if (/^[\p{L}\p{N}]+$/u.test(word)) alts.push(word);
      }
      return alts;
    }),
  );
  // A word is kept when some listed product matches it; the others are left out (spec 3 leftOutSearchKeywords).
  const kept: string[][] = [];
  const leftOut: string[] = [];
  // A query that is a part number matches by code; its pieces ("BF 1018 1") need not be words of any name.
  const codeMatches =
    code.length >= 2 &&
    (await sql<{ found: boolean }>`select exists (select 1 from ${T('products')} p where p.listed and (p.codes_norm @> array[${code}]::text[] or (${code.length >= 3} and p.code_text like ${`%${code}%`}))) as found`.execute(db)).rows[0].found;
  if (terms.length) {
    const checks = await sql<{ i: number; found: boolean }>`
      select t.i::int as i, exists (select 1 from ${T('products')} p where p.listed and p.search @@ to_tsquery('simple', t.q)) as found
      from unnest(${alternatives.map((a) => a.join(' | '))}::text[]) with ordinality as t(q, i)`.execute(db);
    for (const { i, found } of checks.rows) {
      if (found) kept.push(alternatives[i - 1]);
      else leftOut.push(terms[i - 1]);
    }
  }
  const tsquery = kept.map((alts) => `(${alts.join(' | ')})`).join(' & ');
  const parts: RawBuilder<unknown>[] = [];
  if (code.length >= 2) parts.push(sql`p.codes_norm @> array[${code}]::text[]`);
  if (code.length >= 3) parts.push(sql`p.code_text like ${`%${code}%`}`);
  if (tsquery) parts.push(sql`p.search @@ to_tsquery('simple', ${tsquery})`);
  const condition = parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
  const rank = sql`(case when p.codes_norm @> array[${code}]::text[] then 0
    when p.code_text like ${`${code}%`} or p.code_text like ${`% ${code}%`} then 1 else 2 end)`;
  return {
    condition,
    rank: tsquery ? sql`${rank}, ts_rank(p.search, to_tsquery('simple', ${tsquery})) desc` : rank,
    leftOut: codeMatches ? [] : leftOut,
  };
}

/** ORDER BY of an explicit sort option (spec 9); ties broken by creation order. */
function orderBy(sort: Sort, language: 'et' | 'en'): RawBuilder<unknown> {
  const name = language === 'et' ? sql`lower(p.name_et)` : sql`lower(p.name_en)`;
  switch (sort) {
    case '-modified_at':
      return sql`p.modified_at desc, p.seq desc`;
    case '-id':
      return sql`p.seq desc`;
    case 'id':
      return sql`p.seq asc`;
    case '-total_price':
      return sql`p.gross_cents desc, p.seq desc`;
    case 'total_price':
      return sql`p.gross_cents asc, p.seq asc`;
    case 'name':
      return sql`${name} asc, p.seq asc`;
    case '-name':
      return sql`${name} desc, p.seq desc`;
  }
}

/** The product listing and search. Unknown category ids give no results. */
export async function listProducts(db: Kysely<CatalogTables>, input: ListProductsInput): Promise<ListProductsOutput> {
  const filters = Object.entries(input.filters ?? {}).filter(([, values]) => values.length > 0);
  const conditions: RawBuilder<unknown>[] = [sql`p.listed`, sql`${visibleAt(input.now)} = 'visible'`];
  if (input.categoryId !== undefined) {
    const ids = await categorySubtree(db, input.categoryId);
    conditions.push(ids.length ? sql`p.category_ids && ${ids}::uuid[]` : sql`false`);
  }
  if (input.priceMinCents !== undefined) conditions.push(sql`p.gross_cents >= ${input.priceMinCents}`);
  if (input.priceMaxCents !== undefined) conditions.push(sql`p.gross_cents <= ${input.priceMaxCents}`);
  let plan: SearchPlan | null = null;
  const q = input.q?.trim() ?? '';
  if (q) {
    plan = await planSearch(db, q);
    conditions.push(plan.condition);
  }
  const base = sql.join(conditions, sql` and `);

  const filterArrays = filters.map(([name, values]) => values.map((v) => `${name}=${v}`));
  const allFilterValues = filterArrays.flat();
  const matchCount = filterArrays.length
    ? sql`(${sql.join(filterArrays.map((arr) => sql`(p.facets && ${arr}::text[])::int`), sql` + `)})`
    : sql`0`;
  const filtered = filterArrays.length ? sql`${base} and p.facets && ${allFilterValues}::text[]` : base;
  const exact = sql`(${matchCount} = ${filterArrays.length})`;

  // Searching without a sort orders by relevance; with a sort, an exact part-number match still comes first.
  const code = normalizeCode(q);
  const order = !plan
    ? orderBy(input.sort ?? '-modified_at', input.language)
    : input.sort
      ? sql`(case when p.codes_norm @> array[${code}]::text[] then 0 else 1 end), ${orderBy(input.sort, input.language)}`
      : sql`${plan.rank}, p.seq desc`;
  const offset = (input.page - 1) * input.pageSize;

  const [page, counts, facets] = await Promise.all([
    sql<{ id: string; stock_total: number; available_in: number; has_limited_amount: boolean; visibility: ListedProduct['visibility']; exact: boolean }>`
      select p.id::text, p.stock_total, p.available_in, p.has_limited_amount, ${visibleAt(input.now)} as visibility, ${exact} as exact
      from ${T('products')} p where ${filtered}
      order by ${exact} desc, ${order}
      limit ${input.pageSize} offset ${offset}`
      .execute(db)
      .then(async (r) => {
        const docs = await loadDocs(db, r.rows.map((x) => x.id));
        return { rows: r.rows.map((x) => ({ ...x, doc: docs.get(x.id)! })) };
      }),
    sql<{ total: number }>`select count(*)::int as total from ${T('products')} p where ${filtered}`.execute(db),
    sql<{ f: string; n: number }>`
      select f, count(*)::int as n from ${T('products')} p, unnest(p.facets) f where ${base}
      group by f order by f`.execute(db),
  ]);

  const byName = new Map<string, [string, number][]>();
  for (const { f, n } of facets.rows) {
    const i = f.indexOf('=');
    const name = f.slice(0, i);
    if (!byName.has(name)) byName.set(name, []);
    byName.get(name)!.push([f.slice(i + 1), n]);
  }
  const availableFilters = [...byName.entries()].map(([name, values]) => ({
    name,
    options: Object.fromEntries(values.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, MAX_FACET_VALUES)),
  }));

  return {
    products: page.rows.map((r) => ({ doc: r.doc, stockTotal: r.stock_total, availableIn: r.available_in, hasLimitedAmount: r.has_limited_amount, visibility: r.visibility })),
    total: counts.rows[0].total,
    availableFilters,
    leftOutSearchKeywords: plan?.leftOut ?? [],
    exactlyMatchingProductIds: filterArrays.length ? page.rows.filter((r) => r.exact).map((r) => r.doc.id) : [],
    appliedFiltersCount: filterArrays.length,
  };
}

/** Product documents by id (one query). */
async function loadDocs(db: Kysely<CatalogTables>, ids: string[]): Promise<Map<string, ProductDoc>> {
  if (!ids.length) return new Map();
  const r = await sql<{ doc: ProductDoc }>`select doc from ${T('product_docs')} where id = any(${ids}::uuid[])`.execute(db);
  return new Map(r.rows.map((x) => [x.doc.id, x.doc]));
}

/** One product by id (any visibility), or null when unknown. */
export async function getProduct(db: Kysely<CatalogTables>, productId: string, now: string): Promise<ListedProduct | null> {
  if (!/^[0-9a-f-]{36}$/i.test(productId)) return null;
  const r = await sql<{ doc: ProductDoc; stock_total: number; available_in: number; has_limited_amount: boolean; visibility: ListedProduct['visibility'] }>`
    select d.doc, p.stock_total, p.available_in, p.has_limited_amount, ${visibleAt(now)} as visibility
    from ${T('products')} p join ${T('product_docs')} d on d.id = p.id
    where p.id = ${productId}::uuid and (d.doc->>'exists')::boolean`.execute(db);
  const row = r.rows[0];
  return row ? { doc: row.doc, stockTotal: row.stock_total, availableIn: row.available_in, hasLimitedAmount: row.has_limited_amount, visibility: row.visibility } : null;
}

/** Every category that is not deleted, with the number of listed, visible products in it (not descendants). */
export async function listCategories(db: Kysely<CatalogTables>, now: string): Promise<{ doc: CategoryDoc; directCount: number }[]> {
  const r = await sql<{ doc: CategoryDoc; n: number }>`
    with counts as (
      select c as id, count(*)::int as n from ${T('products')} p, unnest(p.category_ids) c
      where p.listed and ${visibleAt(now)} = 'visible' group by c
    )
    select cat.doc, coalesce(counts.n, 0) as n from ${T('categories')} cat left join counts on counts.id = cat.id
    where not cat.deleted order by cat.seq`.execute(db);
  return r.rows.map((x) => ({ doc: x.doc, directCount: x.n }));
}

/**
 * Ids and last-change times of the listed products visible at `now`, in creation order, one page at a time
 * (the sitemap, issue 3): rows `offset` to `offset + limit - 1`.
 */
export async function listSitemapProducts(db: Kysely<CatalogTables>, now: string, offset: number, limit: number): Promise<{ id: string; modified_at: string | null }[]> {
  const r = await sql<{ id: string; modified_at: Date | null }>`
    select p.id, p.modified_at from ${T('products')} p
    where p.listed and ${visibleAt(now)} = 'visible'
    order by p.seq offset ${offset} limit ${limit}`.execute(db);
  return r.rows.map((row) => ({ id: row.id, modified_at: row.modified_at ? new Date(row.modified_at).toISOString() : null }));
}

/** Number of listed products visible at `now` (sizes the sitemap index). */
export async function countSitemapProducts(db: Kysely<CatalogTables>, now: string): Promise<number> {
  const r = await sql<{ n: string }>`select count(*)::text as n from ${T('products')} p where p.listed and ${visibleAt(now)} = 'visible'`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}
