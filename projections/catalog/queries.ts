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
import { preparedQuery } from '../../platform/db/database.js';
import { liveSchema } from '../read-model.js';
import { type CatalogHead, HEAD_COLUMNS, type ListingIndexSource } from './listing-index-source.js';
import type { ListedCard } from './listing-cards.js';
import type { IndexPage, IndexQuery, IndexSort } from './listing-index.js';
import type { CategoryDoc, ProductDoc } from './projection.js';
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
export type Sort = IndexSort;

/** A listing request: the index's query (listing-index.ts IndexQuery) with the time as ISO-8601 text. */
export type ListProductsInput = Omit<IndexQuery, 'nowMs' | 'sort'> & {
  /** Default: relevance when searching, else -modified_at. */
  sort?: Sort;
  /** ISO-8601 time the visibility rules are evaluated at. */
  now: string;
};

export interface ListProductsOutput<P = ListedProduct> {
  products: P[];
  /** Matching products on all pages (exact and partial). */
  total: number;
  availableFilters: { name: string; options: Record<string, number> }[];
  leftOutSearchKeywords: string[];
  /** Ids of the products on this page that match every applied filter. */
  exactlyMatchingProductIds: string[];
  appliedFiltersCount: number;
  /** With a vehicle: matching parts left out for having no fitment data (listing-index.ts). */
  hiddenUnknown: number;
}

const visibleAt = (now: string) => sql`(case when ${now}::timestamptz between p.vis_from and p.vis_to then p.vis_in else p.vis_out end)`;

/** A listed product as its stored card (listing-cards.ts): UTF-8 bytes in one language, spliced without parsing. */
export type { ListedCard };

/**
 * A listed product as GET /v1/search shows it (spec 3 "Search result"): the few document fields it needs, read out of
 * the jsonb document by PostgreSQL, so neither pg nor the api parses the whole document (its fitment, attributes...).
 */
export interface ListedSearchProduct {
  /** The document's id. */
  id: string;
  name_et: string;
  name_en: string;
  description_et: string;
  description_en: string;
  /** The first image's reference, or null without images. */
  image: string | null;
  /** The first category's id, or null without categories. */
  categoryId: string | null;
  /** Gross price in euro cents, or null without a price. */
  grossCents: number | null;
  code1: string;
}

type Row = CatalogHead & { id: string | null };
type DocRow = { stock_total: number; available_in: number; has_limited_amount: boolean; visibility: ListedProduct['visibility']; doc: ProductDoc };
type SearchRow = { doc_id: string; name_et: string; name_en: string; description_et: string; description_en: string; image: string | null; category_id: string | null; gross_cents: string | null; code1: string };

/**
 * The product listing and search, each product as its whole document (no route reads it now: GET /v1/products reads
 * `listProductCards`, GET /v1/search `listSearchProducts`; all three decide a page alike). The listing index
 * (listing-index.ts) decides the page's ids, the total and the facet counts; the page's rows are read by primary key
 * together with the read model's head, and when the head shows the index was behind, the index syncs and the page is
 * decided again. Unknown category ids give no results.
 */
export function listProducts(db: Kysely<CatalogTables>, source: ListingIndexSource, input: ListProductsInput): Promise<ListProductsOutput> {
  const columns = sql`p.stock_total, p.available_in, p.has_limited_amount, ${visibleAt(input.now)} as visibility, d.doc`;
  return listPage<DocRow, ListedProduct>(db, source, input, 'listing-docs', columns, (x) => ({ doc: x.doc, stockTotal: x.stock_total, availableIn: x.available_in, hasLimitedAmount: x.has_limited_amount, visibility: x.visibility }));
}

/**
 * The product listing as `listProducts` decides it, each product as its listing card in `input.language` (Estonian
 * unless 'en'), answered from memory (listing-cards.ts: the cards' UTF-8 bytes beside the listing index): the one
 * database read is the read model's head (a small prepared statement), and when the index or the cards are behind
 * it they sync first, so the answer is never older than the read model at the time of the call
 * (GET /v1/products and the server render; docs/architecture.md "The listing cards in memory").
 * @throws pg's error when the head cannot be read.
 */
export async function listProductCards(source: ListingIndexSource, input: ListProductsInput): Promise<ListProductsOutput<ListedCard>> {
  const head = await source.head();
  for (let attempt = 0; attempt < 3 && source.isBehind(head); attempt++) await source.sync();
  const index = await source.current();
  const cards = source.cards();
  const nowMs = Date.parse(input.now);
  const language = input.language === 'en' ? 'en' : 'et';
  const page = index.query({ ...input, nowMs });
  const products: ListedCard[] = [];
  for (const id of page.ids) {
    const card = cards.listed(id, language, nowMs);
    if (card) products.push(card);
  }
  return pageOutput(page, products, input);
}

/**
 * The product listing as `listProducts` decides it, each product as GET /v1/search shows it (`ListedSearchProduct`).
 * Text fields as the document holds them; a field the document lacks reads as null.
 */
export function listSearchProducts(db: Kysely<CatalogTables>, source: ListingIndexSource, input: ListProductsInput): Promise<ListProductsOutput<ListedSearchProduct>> {
  const columns = sql`d.doc->>'id' as doc_id, d.doc->>'name_et' as name_et, d.doc->>'name_en' as name_en, d.doc->>'description_et' as description_et, d.doc->>'description_en' as description_en,
    d.doc->'images'->>0 as image, d.doc->'category_ids'->>0 as category_id, d.doc->>'gross_cents' as gross_cents, d.doc->>'code1' as code1`;
  return listPage<SearchRow, ListedSearchProduct>(db, source, input, 'listing-search-fields', columns, (x) => ({
    id: x.doc_id,
    name_et: x.name_et,
    name_en: x.name_en,
    description_et: x.description_et,
    description_en: x.description_en,
    image: x.image,
    categoryId: x.category_id,
    grossCents: x.gross_cents === null ? null : Number(x.gross_cents),
    code1: x.code1,
  }));
}

/** A listing's answer: the page the index decided (`page`) with its products as read. */
function pageOutput<P>(page: IndexPage, products: P[], input: ListProductsInput): ListProductsOutput<P> {
  return {
    products,
    total: page.total,
    availableFilters: page.availableFilters,
    leftOutSearchKeywords: page.leftOutSearchKeywords,
    exactlyMatchingProductIds: page.exactIds,
    appliedFiltersCount: Object.values(input.filters ?? {}).filter((values) => values.length > 0).length,
    hiddenUnknown: page.hiddenUnknown,
  };
}

async function listPage<R, P>(
  db: Kysely<CatalogTables>,
  source: ListingIndexSource,
  input: ListProductsInput,
  statement: string,
  columns: RawBuilder<unknown>,
  toListed: (row: R, id: string) => P,
): Promise<ListProductsOutput<P>> {
  const nowMs = Date.parse(input.now);
  for (let attempt = 0; ; attempt++) {
    const index = await source.current();
    const at = source.position();
    const page = index.query({ ...input, nowMs });
    // The page's ids (uuids from the index) as one array literal: one text parameter, not an array the driver walks.
    // A prepared statement (one text per kind of page: `statement`), so PostgreSQL plans it once per connection.
    const found = await preparedQuery<Row & R, CatalogTables>(db, statement, sql`
      select ${HEAD_COLUMNS}, x.*
      from (select 1) one left join lateral (
        select p.id::text, ${columns}
        from ${T('products')} p join ${T('product_docs')} d on d.id = p.id
        where p.id = any(${`{${page.ids.join(',')}}`}::uuid[])
      ) x on true`.compile(db));
    if (attempt < 3 && source.isBehind(found[0], at)) {
      await source.sync();
      continue;
    }
    const rows = new Map(found.filter((x) => x.id !== null).map((x) => [x.id!, x]));
    const products = page.ids.flatMap((id) => {
      const x = rows.get(id);
      return x ? [toListed(x, id)] : [];
    });
    return pageOutput(page, products, input);
  }
}

/** Product documents by id (one query). */
async function loadDocs(db: Kysely<CatalogTables>, ids: string[]): Promise<Map<string, ProductDoc>> {
  if (!ids.length) return new Map();
  const r = await sql<{ doc: ProductDoc }>`select doc from ${T('product_docs')} where id = any(${ids}::uuid[])`.execute(db);
  return new Map(r.rows.map((x) => [x.doc.id, x.doc]));
}

/** One product by id (any visibility), or null when unknown. */
export async function getProduct(db: Kysely<CatalogTables>, productId: string, now: string): Promise<ListedProduct | null> {
  return (await getProducts(db, [productId], now)).get(productId) ?? null;
}

/** Products by id (any visibility) in one query; unknown ids are absent from the map. */
export async function getProducts(db: Kysely<CatalogTables>, productIds: string[], now: string): Promise<Map<string, ListedProduct>> {
  const ids = productIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (!ids.length) return new Map();
  const r = await sql<{ doc: ProductDoc; stock_total: number; available_in: number; has_limited_amount: boolean; visibility: ListedProduct['visibility'] }>`
    select d.doc, p.stock_total, p.available_in, p.has_limited_amount, ${visibleAt(now)} as visibility
    from ${T('products')} p join ${T('product_docs')} d on d.id = p.id
    where p.id = any(${ids}::uuid[]) and (d.doc->>'exists')::boolean`.execute(db);
  return new Map(r.rows.map((row) => [row.doc.id, { doc: row.doc, stockTotal: row.stock_total, availableIn: row.available_in, hasLimitedAmount: row.has_limited_amount, visibility: row.visibility }]));
}

/** Every category that is not deleted, with the number of listed, visible products in it (not descendants). */
export async function listCategories(source: ListingIndexSource, now: string): Promise<{ doc: CategoryDoc; directCount: number }[]> {
  await source.sync();
  return (await source.current()).categoryCounts(Date.parse(now));
}

/**
 * Ids and last-change times of the listed products visible at `now`, in creation order, one page at a time
 * (the sitemap): rows `offset` to `offset + limit - 1`.
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
