/**
 * The bulk fitment screen's selection on the catalog read model (docs/architecture.md "Vehicle fitment", back office: "select
 * products by search text, category, facet value, or a pasted list of part numbers"): every product (listed or not)
 * matching all the criteria given, with its fitment as the read model holds it, in part-number order. Read-only.
 *
 * - `q`: ProductList's search (admin-product-list.ts `searchCondition`: a code exactly or in part, or name words);
 * - `categoryId`: the category with its subcategories;
 * - `facet`: one `name=value` pair of the product's attributes (the listing's facets);
 * - `codes`: part numbers, each matched exactly after normalising (`BF 1018/1` = `bf10181`) against code1, code2 and
 *   the OE numbers (`codes_norm`); the codes matching no product are answered as `missingCodes`.
 */
import { type Kysely, sql } from 'kysely';
import type { Fitment } from '../../domain/fitment/fitment.js';
import { liveSchema } from '../read-model.js';
import { searchCondition } from './admin-product-list.js';
import type { CatalogTables } from './schema.js';
import { normalizeCode } from './search-text.js';
import { catalogReadModel } from './writer.js';

const T = (table: string) => sql.id(liveSchema(catalogReadModel), table);

export interface FitmentSelection {
  q?: string;
  categoryId?: string;
  /** `name=value`. */
  facet?: string;
  /** Part numbers as pasted (normalised here). */
  codes?: string[];
}

export interface SelectedProduct {
  id: string;
  code1: string;
  code2: string | null;
  nameEt: string;
  nameEn: string;
  /** Null: unknown. */
  fitment: Fitment | null;
}

export interface SelectionResult {
  products: SelectedProduct[];
  /** Matching products over all (may exceed `products.length` when above `limit`). */
  total: number;
  /** The pasted codes that match no product, as pasted. */
  missingCodes: string[];
}

/**
 * The products matching every criterion of `selection`, at most `limit` (the total is exact).
 * A selection without any criterion selects nothing (the api refuses it before).
 */
export async function selectProductsForFitment(db: Kysely<CatalogTables>, selection: FitmentSelection, limit: number): Promise<SelectionResult> {
  const where = [sql`p.seq > 0`];
  let criteria = 0;
  if (selection.q?.trim()) {
    const s = searchCondition(selection.q);
    if (!s) return { products: [], total: 0, missingCodes: [] };
    where.push(s);
    criteria++;
  }
  if (selection.categoryId) {
    where.push(sql`p.category_ids && array(
      with recursive tree(id) as (
        select id from ${T('categories')} where id = ${selection.categoryId}::uuid and not deleted
        union select c.id from ${T('categories')} c join tree on c.parent_id = tree.id where not c.deleted
      ) select id from tree)`);
    criteria++;
  }
  if (selection.facet) {
    where.push(sql`p.facets @> array[${selection.facet}]::text[]`);
    criteria++;
  }
  const pasted = (selection.codes ?? []).map((c) => ({ text: c.trim(), norm: normalizeCode(c) })).filter((c) => c.norm);
  if (selection.codes) {
    if (!pasted.length) return { products: [], total: 0, missingCodes: selection.codes.filter((c) => c.trim()) };
    where.push(sql`p.codes_norm && ${[...new Set(pasted.map((c) => c.norm))]}::text[]`);
    criteria++;
  }
  if (!criteria) return { products: [], total: 0, missingCodes: [] };
  const condition = sql.join(where, sql` and `);
  const { rows } = await sql<{ id: string; code1: string; code2: string | null; name_et: string; name_en: string; fitment: Fitment | null; codes_norm: string[]; total: number }>`
    select p.id::text, p.code1, p.code2, p.name_et, p.name_en, p.fitment, p.codes_norm, count(*) over ()::int as total
    from ${T('products')} p where ${condition} order by p.code1, p.id limit ${limit}`.execute(db);
  const found = new Set(rows.flatMap((r) => r.codes_norm));
  const missingCodes = selection.codes && rows.length < (rows[0]?.total ?? 0) ? [] : pasted.filter((c) => !found.has(c.norm)).map((c) => c.text);
  return {
    products: rows.map((r) => ({ id: r.id, code1: r.code1, code2: r.code2, nameEt: r.name_et, nameEn: r.name_en, fitment: r.fitment })),
    total: rows[0]?.total ?? 0,
    missingCodes,
  };
}

/** Every product's part numbers and fitment (the CSV export), in part-number order; `onlyKnown` leaves unknown out. */
export async function listProductFitments(db: Kysely<CatalogTables>, onlyKnown = true): Promise<{ id: string; code1: string; fitment: Fitment | null }[]> {
  const { rows } = await sql<{ id: string; code1: string; fitment: Fitment | null }>`
    select p.id::text, p.code1, p.fitment from ${T('products')} p
    where p.seq > 0 ${onlyKnown ? sql`and p.fitment is not null` : sql``} order by p.code1, p.id`.execute(db);
  return rows;
}

/** The products of the given part numbers (code1, normalised), for the CSV import: normalised code1 -> product id. */
export async function productIdsByCode1(db: Kysely<CatalogTables>, codes: string[]): Promise<Map<string, { id: string; code1: string; fitment: Fitment | null }>> {
  const norms = [...new Set(codes.map(normalizeCode).filter(Boolean))];
  const out = new Map<string, { id: string; code1: string; fitment: Fitment | null }>();
  if (!norms.length) return out;
  const { rows } = await sql<{ id: string; code1: string; fitment: Fitment | null }>`
    select p.id::text, p.code1, p.fitment from ${T('products')} p where p.seq > 0 and p.codes_norm && ${norms}::text[]`.execute(db);
  for (const r of rows) out.set(normalizeCode(r.code1), r);
  return out;
}

export const FITMENT_DASHBOARD_KINDS = ['no-fitment', 'fits-nothing'] as const;
export type FitmentDashboardKind = (typeof FITMENT_DASHBOARD_KINDS)[number];

export interface FitmentDashboardRow {
  id: string;
  code1: string;
  nameEt: string;
  nameEn: string;
  /** The labels of the product's applications (empty for no-fitment). */
  applications: string[];
}

/**
 * The product dashboard's fitment tabs (docs/architecture.md "Vehicle fitment", back office): `no-fitment` — products whose fitment is
 * unknown (postage products `postikulu-*` left out, as on the other tabs); `fits-nothing` — products with applications
 * of which none covers a vehicle of the reference (`covers`: VehicleReferenceIndex of commands/fitment). Both counts,
 * and one page of the kind in part-number order. `fits-nothing` reads every product with applications (about 11,000
 * in the demo catalog) and checks them in memory per request.
 */
export async function fitmentDashboard(
  db: Kysely<CatalogTables>,
  covers: (a: Fitment['applications'][number]) => boolean,
  q: { kind: FitmentDashboardKind; page: number; pageSize: number },
): Promise<{ total: number; counts: Record<FitmentDashboardKind, number>; rows: FitmentDashboardRow[] }> {
  const noFitment = sql`p.seq > 0 and p.fitment is null and p.code1 not like 'postikulu-%'`;
  const unknownCount = (await sql<{ n: number }>`select count(*)::int as n from ${T('products')} p where ${noFitment}`.execute(db)).rows[0]?.n ?? 0;
  const { rows: listed } = await sql<{ id: string; code1: string; name_et: string; name_en: string; fitment: Fitment }>`
    select p.id::text, p.code1, p.name_et, p.name_en, p.fitment from ${T('products')} p
    where p.seq > 0 and p.fitment->>'mode' = 'applications' order by p.code1, p.id`.execute(db);
  const nothing = listed.filter((r) => !r.fitment.applications.some(covers));
  const counts = { 'no-fitment': unknownCount, 'fits-nothing': nothing.length };
  const offset = (q.page - 1) * q.pageSize;
  if (q.kind === 'fits-nothing') {
    return {
      total: nothing.length,
      counts,
      rows: nothing.slice(offset, offset + q.pageSize).map((r) => ({ id: r.id, code1: r.code1, nameEt: r.name_et, nameEn: r.name_en, applications: r.fitment.applications.map((a) => a.label) })),
    };
  }
  const { rows } = await sql<{ id: string; code1: string; name_et: string; name_en: string }>`
    select p.id::text, p.code1, p.name_et, p.name_en from ${T('products')} p where ${noFitment} order by p.code1, p.id offset ${offset} limit ${q.pageSize}`.execute(db);
  return { total: unknownCount, counts, rows: rows.map((r) => ({ id: r.id, code1: r.code1, nameEt: r.name_et, nameEn: r.name_en, applications: [] })) };
}
