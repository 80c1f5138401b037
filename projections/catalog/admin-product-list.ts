/**
 * ProductList's query on the catalog read model (staff products; spec 2 "Admin area" ProductList; spec 4; spec
 * 9 back-office sort labels): every product (listed or not: services and products without a price too), found by
 * part number or name, filtered, sorted and paged, with its stock per warehouse. Read-only.
 *
 * Search (`q`) as the storefront searches codes (search-text.ts): the text normalised to upper-case letters and
 * digits ('bf 1018-1' -> 'BF10181') matches a code exactly (`codes_norm`, GIN) or as a part of one (`code_text`,
 * trigram GIN, 3+ characters); or every word of it is the start of a word of a name in either language (`search`
 * tsvector, GIN). Filters: `categoryId` with its subcategories (`category_ids`, GIN), policy, visibility at `now`,
 * stock state (out: 0 free units; low: 1..critical_stock_level; in: above it or without a level), no image, no
 * category — each a column of `products` (policy, image_count, critical_level: catalog read model v8), so no document
 * is read to filter. Sorts: newest / oldest (creation order `seq`), name A-Z / Z-A (in `language`), price low / high
 * (gross, products without a price last), each with a full index (products_admin_*). The total is an exact count.
 * The page's rows are read by id afterwards, so only the page's documents are read.
 */
import { type Kysely, sql } from 'kysely';
import { liveSchema } from '../read-model.js';
import type { ProductDoc } from './projection.js';
import type { CatalogTables } from './schema.js';
import { normalizeCode, words } from './search-text.js';
import { catalogReadModel } from './writer.js';

const T = (table: string) => sql.id(liveSchema(catalogReadModel), table);

export type AdminProductSort = 'newest' | 'oldest' | 'name-asc' | 'name-desc' | 'price-asc' | 'price-desc';
export type VisibilityState = 'visible' | 'hidden' | 'inaccessible';

export interface AdminProductListInput {
  q?: string;
  categoryId?: string;
  policy?: ProductDoc['policy'];
  visibility?: VisibilityState;
  stock?: 'in' | 'low' | 'out';
  noImage?: boolean;
  noCategory?: boolean;
  sort: AdminProductSort;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Language of the names (and of the name sort). */
  language: 'et' | 'en';
  /** ISO-8601 time the visibility rules are evaluated at. */
  now: string;
  /** Above this many matches the page is found along the sort's index (default SPARSE_MATCHES; tests set 0). */
  sparseMatches?: number;
}

/** One product row; quantities in whole units, money in euro cents. */
export interface AdminProductRow {
  id: string;
  code1: string;
  code2: string | null;
  name: string;
  image: string | null;
  grossCents: number | null;
  unit: string;
  stock: Record<string, number>;
  stockTotal: number;
  criticalStockLevel: number | null;
  low: boolean;
  policy: ProductDoc['policy'];
  deliveryDays: number | null;
  visibility: VisibilityState;
  categoryIds: string[];
}

/** At or below this many matches a page is sorted from the matches rather than found along the sort's index. */
export const SPARSE_MATCHES = 5_000;

const visibleAt = (now: string) => sql`(case when ${now}::timestamptz between p.vis_from and p.vis_to then p.vis_in else p.vis_out end)`;

function orderBy(sort: AdminProductSort, language: 'et' | 'en') {
  const name = language === 'en' ? sql`lower(p.name_en)` : sql`lower(p.name_et)`;
  switch (sort) {
    case 'newest':
      return sql`p.seq desc`;
    case 'oldest':
      return sql`p.seq asc`;
    case 'name-asc':
      return sql`${name} asc, p.seq asc`;
    case 'name-desc':
      return sql`${name} desc, p.seq desc`;
    case 'price-asc':
      return sql`p.gross_cents asc nulls last, p.seq asc`;
    case 'price-desc':
      return sql`p.gross_cents desc nulls last, p.seq desc`;
  }
}

/** The search condition of `q` over `products p`, or null when `q` has nothing to search by (also the bulk fitment selection's). */
export function searchCondition(q: string) {
  const code = normalizeCode(q);
  const nameWords = words(q).slice(0, 8);
  const parts = [];
  if (code) parts.push(sql`p.codes_norm @> array[${code}]::text[]`);
  if (code.length >= 3) parts.push(sql`p.code_text like ${`%${code}%`}`);
  if (nameWords.length) {
    // Each word a prefix: 'piduri kl' -> 'piduri':* & 'kl':* (words hold letters and digits only: no tsquery syntax).
    const query = nameWords.map((w) => `'${w}':*`).join(' & ');
    parts.push(sql`p.search @@ to_tsquery('simple', ${query})`);
  }
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : null;
}

/** A page of ProductList and the number of matching products on all pages. */
export async function listAdminProducts(db: Kysely<CatalogTables>, input: AdminProductListInput): Promise<{ products: AdminProductRow[]; total: number }> {
  const where = [sql`p.seq > 0`];
  if (input.q?.trim()) {
    const s = searchCondition(input.q);
    if (!s) return { products: [], total: 0 };
    where.push(s);
  }
  if (input.categoryId) {
    where.push(sql`p.category_ids && array(
      with recursive tree(id) as (
        select id from ${T('categories')} where id = ${input.categoryId}::uuid and not deleted
        union select c.id from ${T('categories')} c join tree on c.parent_id = tree.id where not c.deleted
      ) select id from tree)`);
  }
  if (input.noCategory) where.push(sql`cardinality(p.category_ids) = 0`);
  if (input.visibility) where.push(sql`${visibleAt(input.now)} = ${input.visibility}`);
  if (input.policy) where.push(sql`p.policy = ${input.policy}`);
  if (input.noImage) where.push(sql`p.image_count = 0`);
  if (input.stock === 'out') where.push(sql`p.stock_total <= 0`);
  if (input.stock === 'low') where.push(sql`p.stock_total > 0 and p.stock_total <= p.critical_level`);
  if (input.stock === 'in') where.push(sql`p.stock_total > 0 and (p.critical_level is null or p.stock_total > p.critical_level)`);
  const from = sql`${T('products')} p`;
  const condition = sql.join(where, sql` and `);
  const offset = (input.page - 1) * input.pageSize;
  const total = (await sql<{ n: number }>`select count(*)::int as n from ${from} where ${condition}`.execute(db)).rows[0]?.n ?? 0;
  if (total === 0 || offset >= total) return { products: [], total };
  // Many matches: the sort's index finds a page after a few rows. Few: walking the sort's index would pass most of
  // the table before finding them, so the matches are collected first (GIN or a scan) and sorted (top-N).
  const ids =
    total > (input.sparseMatches ?? SPARSE_MATCHES)
      ? await sql<{ id: string }>`select p.id::text from ${from} where ${condition} order by ${orderBy(input.sort, input.language)} offset ${offset} limit ${input.pageSize}`.execute(db)
      : await sql<{ id: string }>`
          with m as materialized (select p.id, p.seq, p.gross_cents, p.name_et, p.name_en from ${from} where ${condition})
          select p.id::text from m p order by ${orderBy(input.sort, input.language)} offset ${offset} limit ${input.pageSize}`.execute(db);
  const pageIds = ids.rows.map((r) => r.id);
  if (!pageIds.length) return { products: [], total };
  const rows = await sql<{ doc: ProductDoc; stock_total: number; visibility: VisibilityState }>`
    select d.doc, p.stock_total, ${visibleAt(input.now)} as visibility
    from ${T('products')} p join ${T('product_docs')} d on d.id = p.id where p.id = any(${pageIds}::uuid[])`.execute(db);
  const byId = new Map(rows.rows.map((r) => [r.doc.id, r]));
  const products = pageIds.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const { doc } = r;
    const name = (input.language === 'en' ? doc.name_en || doc.name_et : doc.name_et || doc.name_en) ?? '';
    return [
      {
        id: doc.id,
        code1: doc.code1,
        code2: doc.code2,
        name,
        image: doc.images?.[0] ?? null,
        grossCents: doc.gross_cents,
        unit: doc.unit,
        stock: doc.stock,
        stockTotal: r.stock_total,
        criticalStockLevel: doc.critical_stock_level,
        low: doc.critical_stock_level !== null && r.stock_total <= doc.critical_stock_level,
        policy: doc.policy,
        deliveryDays: doc.delivery_days,
        visibility: r.visibility,
        categoryIds: doc.category_ids,
      },
    ];
  });
  return { products, total };
}
