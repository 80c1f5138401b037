/**
 * Queries of the problematic products read model (writer.ts; spec 2 "Admin area": ProblematicProductsList, "the
 * product dashboard"). Read-only. The kinds that depend on the time get the request's `now` here (SQL with the same rules as
 * domain/product/problematic-products.ts; each row's reasons are then made by those pure functions):
 * - problematic: stored problems, or not purchasable while the visibility rule gives `visible` at now;
 * - stale: `changed_at` at or before now - `days` days, oldest first;
 * - outdated: `vis_end` before now (a rule ending exactly now is still in range), most recently ended first;
 * - popular: units of orders placed in (now - 30 days, now], most units first;
 * - low-stock: first stock amount at or below the critical level, furthest below first;
 * - no-category: in no category, by code.
 * Postage products and ids known only from stock events are never listed. Names in `language` (Estonian when the
 * language has none).
 */
import { type Kysely, sql } from 'kysely';
import {
  PROBLEMATIC_PRODUCTS_KINDS,
  type ProblematicProductsKind,
  popularSince,
  type ProblemReason,
  problemsAt,
  type StoredProblem,
  staleBefore,
} from '../../domain/product/problematic-products.js';
import { type VisibilityRule, type VisibilityState, visibilityAt } from '../../domain/product/visibility.js';
import type { Language } from '../../domain/shared/localized.js';
import type { ProblematicProductsTables } from './schema.js';

/** Why a row is listed: a problem reason, or the kind's own fact. */
export type ProblematicProductsReason =
  | { code: ProblemReason }
  | { code: 'stale'; changedAt: string }
  | { code: 'outdated'; endedAt: string }
  | { code: 'popular'; units: number; orders: number }
  | { code: 'low_stock'; stock: number; level: number }
  | { code: 'no_category' };

/** One listed product; prices in euro cents, stock in whole units, times ISO-8601. */
export interface ProblematicProductsRow {
  id: string;
  code1: string;
  name: string;
  grossCents: number | null;
  stockTotal: number;
  criticalStockLevel: number | null;
  /** Visibility at `now`. */
  visibility: VisibilityState;
  changedAt: string | null;
  reasons: ProblematicProductsReason[];
}

export interface ProblematicProductsQuery {
  kind: ProblematicProductsKind;
  /** ISO-8601: the request's time. */
  now: string;
  /** The stale kind's N days. */
  days: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  language: Language;
}

export interface ProblematicProductsPage {
  kind: ProblematicProductsKind;
  /** Rows of this kind (all pages). */
  total: number;
  rows: ProblematicProductsRow[];
  /** Rows of every kind at `now` (the tabs' counts). */
  counts: Record<ProblematicProductsKind, number>;
}

const T = (schema: string, table: string) => sql.id(schema, table);

/** The SQL condition of each kind except popular, over `products p`, at `now` with `days`. */
function kindCondition(kind: Exclude<ProblematicProductsKind, 'popular'>, now: string, days: number) {
  switch (kind) {
    case 'problematic':
      return sql`(cardinality(p.problems) > 0 or (not p.purchasable and ${visibleNow(now)}))`;
    case 'stale':
      return sql`p.changed_at <= ${staleBefore(now, days)}::timestamptz`;
    case 'outdated':
      return sql`p.vis_end < ${now}::timestamptz`;
    case 'low-stock':
      return sql`(p.critical_stock_level is not null and p.stock_total <= p.critical_stock_level)`;
    case 'no-category':
      return sql`p.category_count = 0`;
  }
}

/** Visible at `now` (domain/product/visibility.ts visibilityAt on the rule's columns). */
const visibleNow = (now: string) =>
  sql`(case when ${now}::timestamptz >= p.vis_from and ${now}::timestamptz <= p.vis_to then p.vis_in else p.vis_out end) = 'visible'`;

const ORDER_BY: Record<Exclude<ProblematicProductsKind, 'popular'>, (now: string) => ReturnType<typeof sql>> = {
  problematic: (now) => sql`(not p.purchasable and ${visibleNow(now)}) desc, cardinality(p.problems) desc, p.code1, p.id`,
  stale: () => sql`p.changed_at, p.id`,
  outdated: () => sql`p.vis_end desc, p.id`,
  'low-stock': () => sql`(p.stock_total - p.critical_stock_level), p.code1, p.id`,
  'no-category': () => sql`p.code1, p.id`,
};

type Row = {
  id: string;
  code1: string;
  name_et: string;
  name_en: string;
  gross_cents: number | null;
  stock_total: number;
  critical_stock_level: number | null;
  visibility: VisibilityRule;
  changed_at: string | null;
  vis_end: string | null;
  problems: StoredProblem[];
  purchasable: boolean;
  units: number | null;
  orders: number | null;
};

const COLUMNS = sql`p.id, p.code1, p.name_et, p.name_en, p.gross_cents, p.stock_total, p.critical_stock_level, p.visibility,
  to_char(p.changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as changed_at,
  to_char(p.vis_end at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as vis_end, p.problems, p.purchasable`;

function reasonsOf(kind: ProblematicProductsKind, r: Row, now: string): ProblematicProductsReason[] {
  switch (kind) {
    case 'problematic':
      return problemsAt(r.problems, r.purchasable, r.visibility, now).map((code) => ({ code }));
    case 'stale':
      return [{ code: 'stale', changedAt: r.changed_at! }];
    case 'outdated':
      return [{ code: 'outdated', endedAt: r.vis_end! }];
    case 'popular':
      return [{ code: 'popular', units: Number(r.units), orders: Number(r.orders) }];
    case 'low-stock':
      return [{ code: 'low_stock', stock: r.stock_total, level: r.critical_stock_level! }];
    case 'no-category':
      return [{ code: 'no_category' }];
  }
}

/** Rows of every kind at `now` (`days` for stale). */
export async function countProblematicProducts(db: Kysely<ProblematicProductsTables>, now: string, days: number, schema = 'rm_problematic_products'): Promise<Record<ProblematicProductsKind, number>> {
  const [r, popular] = await Promise.all([
    sql<Record<Exclude<ProblematicProductsKind, 'popular'>, number>>`
    select count(*) filter (where ${kindCondition('problematic', now, days)})::int as "problematic",
           count(*) filter (where ${kindCondition('stale', now, days)})::int as "stale",
           count(*) filter (where ${kindCondition('outdated', now, days)})::int as "outdated",
           count(*) filter (where ${kindCondition('low-stock', now, days)})::int as "low-stock",
           count(*) filter (where ${kindCondition('no-category', now, days)})::int as "no-category"
    from ${T(schema, 'products')} p where p.listed`.execute(db),
    sql<{ n: number }>`
    select count(distinct l.product_id)::int as n
    from ${T(schema, 'order_lines')} l join ${T(schema, 'products')} p on p.id = l.product_id and p.listed
    where l.placed_at > ${popularSince(now)}::timestamptz and l.placed_at <= ${now}::timestamptz`.execute(db),
  ]);
  const counts = { ...r.rows[0], popular: popular.rows[0].n };
  return Object.fromEntries(PROBLEMATIC_PRODUCTS_KINDS.map((k) => [k, counts[k] ?? 0])) as Record<ProblematicProductsKind, number>;
}

/** One page of one kind, with every kind's count. */
export async function listProblematicProducts(db: Kysely<ProblematicProductsTables>, q: ProblematicProductsQuery, schema = 'rm_problematic_products'): Promise<ProblematicProductsPage> {
  const offset = (q.page - 1) * q.pageSize;
  // The counts and the page are independent reads: asked at once (two pool connections).
  const [counts, rows] = await Promise.all([countProblematicProducts(db, q.now, q.days, schema), pageRows(db, q, offset, schema)]);
  return {
    kind: q.kind,
    total: counts[q.kind],
    counts,
    rows: rows.map((r) => ({
      id: r.id,
      code1: r.code1,
      name: (q.language === 'en' ? r.name_en : r.name_et) || r.name_et || r.name_en,
      grossCents: r.gross_cents,
      stockTotal: r.stock_total,
      criticalStockLevel: r.critical_stock_level,
      visibility: visibilityAt(r.visibility, q.now),
      changedAt: r.changed_at,
      reasons: reasonsOf(q.kind, r, q.now),
    })),
  };
}

async function pageRows(db: Kysely<ProblematicProductsTables>, q: ProblematicProductsQuery, offset: number, schema: string): Promise<Row[]> {
  if (q.kind === 'popular') {
    const r = await sql<Row>`
      with ordered as (
        select l.product_id, sum(l.quantity)::int as units, count(*)::int as orders
        from ${T(schema, 'order_lines')} l
        where l.placed_at > ${popularSince(q.now)}::timestamptz and l.placed_at <= ${q.now}::timestamptz
        group by l.product_id
      )
      select ${COLUMNS}, o.units, o.orders
      from ordered o join ${T(schema, 'products')} p on p.id = o.product_id and p.listed
      order by o.units desc, o.orders desc, p.code1, p.id
      limit ${q.pageSize} offset ${offset}`.execute(db);
    return r.rows;
  }
  const r = await sql<Row>`
    select ${COLUMNS}, null as units, null as orders
    from ${T(schema, 'products')} p
    where p.listed and ${kindCondition(q.kind, q.now, q.days)}
    order by ${ORDER_BY[q.kind](q.now)}
    limit ${q.pageSize} offset ${offset}`.execute(db);
  return r.rows;
}
