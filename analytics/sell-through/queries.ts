/**
 * Queries of the sell-through analysis (mapping.ts) for its admin screens (/admin/SellThrough,
 * /admin/ReorderSuggestions): per product and warehouse over a range of Tallinn calendar dates [from, to) (spec 2
 * statistics ranges; the range ends today at the latest), the units sold and received, the days in stock, the
 * stock on hand now and the open back-in-stock requests (rm_stock_notifications, waiting, per product), with the
 * product's code and names (rm_catalog), the warehouse's name (rm_warehouses) and the product's reorder settings.
 *
 * Days in stock in the range = the analysis's days with `in_stock` 1, plus, when the stock on hand now is above 0, the
 * days after the product's last stock event in that warehouse up to today (nothing changed on them, so they had that
 * stock all day). Demand days = days in stock plus days that sold without stock (analytics/sell-through/reorder.ts).
 */
import { sql } from 'kysely';
import { REORDER_DEFAULTS } from '../../domain/product/product.js';
import { addDays, type DateRange } from '../../domain/search/statistics-ranges.js';
import type { Database } from '../../platform/db/database.js';

/** One product in one warehouse over a range (units; days are Tallinn calendar days). */
export interface SellThroughRow {
  productId: string;
  /** '' when the catalog does not know the product (yet). */
  code: string;
  name: { et: string; en: string };
  warehouseId: string;
  warehouseName: string;
  sold: number;
  received: number;
  /** Sum of (units sold a day)^2 over the range's days: the spread of daily demand. */
  soldSquares: number;
  inStockDays: number;
  /** In-stock days plus days that sold without stock. */
  demandDays: number;
  /** Days of the range (up to today). */
  rangeDays: number;
  /** Free units now (all history), below 0 when oversold. */
  onHand: number;
  /** Waiting back-in-stock requests of the product (all warehouses) and the units they ask for. */
  openRequests: number;
  requestedUnits: number;
  /** The product's settings, defaults (REORDER_DEFAULTS) when unset. */
  leadTimeDays: number;
  packSize: number;
  settingsSet: boolean;
}

/** Most rows a screen gets at once (the CSV gets all). */
export const SELL_THROUGH_ROW_LIMIT = 2000;

/**
 * The rows of `range` at `today` ('yyyy-mm-dd', Tallinn), most sold first, then by code; `limit` null for all.
 * `productIds` narrows to those products (accepting suggestions).
 */
export async function sellThroughRows(db: Database, range: DateRange, today: string, options: { limit?: number | null; productIds?: string[] } = {}): Promise<SellThroughRow[]> {
  const end = range.to === null || range.to > addDays(today, 1) ? addDays(today, 1) : range.to;
  const limit = options.limit === undefined ? SELL_THROUGH_ROW_LIMIT : options.limit;
  const ids = options.productIds ?? null;
  const { rows } = await sql<SellThroughRow & { nameEt: string; nameEn: string }>`
    with pairs as (
      select product_id, warehouse_id, sum(on_hand_change)::int as on_hand, min(day) as first_day, max(day) filter (where events > 0) as last_day
      from rm_analysis_sell_through.stock_days
      where (${ids}::text[] is null or product_id = any(${ids}::text[]))
      group by product_id, warehouse_id
    ),
    bounds as (
      select p.*, greatest(coalesce(${range.from}::date, p.first_day), p.first_day) as from_day, ${end}::date as end_day from pairs p
    ),
    ranged as (
      select b.product_id, b.warehouse_id,
        coalesce(sum(d.sold), 0)::int as sold,
        coalesce(sum(d.received), 0)::int as received,
        coalesce(sum(d.sold * d.sold), 0)::float8 as sold_squares,
        count(*) filter (where d.in_stock > 0)::int as in_stock_days,
        count(*) filter (where d.in_stock = 0 and d.sold > 0)::int as sold_without_stock
      from bounds b
      left join rm_analysis_sell_through.stock_days d
        on d.product_id = b.product_id and d.warehouse_id = b.warehouse_id and d.day >= b.from_day and d.day < b.end_day
      group by b.product_id, b.warehouse_id
    ),
    requests as (
      select product_id::text as product_id, count(*)::int as open_requests, coalesce(sum(quantity), 0)::int as requested_units
      from rm_stock_notifications.requests where state = 'waiting' group by product_id
    )
    select b.product_id as "productId", coalesce(c.code1, '') as code, coalesce(c.name_et, '') as "nameEt", coalesce(c.name_en, '') as "nameEn",
      b.warehouse_id as "warehouseId", coalesce(w.name, b.warehouse_id) as "warehouseName",
      r.sold, r.received, r.sold_squares as "soldSquares",
      (r.in_stock_days + tail.days) as "inStockDays",
      (r.in_stock_days + tail.days + r.sold_without_stock) as "demandDays",
      greatest(0, b.end_day - b.from_day)::int as "rangeDays",
      b.on_hand as "onHand",
      coalesce(q.open_requests, 0) as "openRequests", coalesce(q.requested_units, 0) as "requestedUnits",
      coalesce(nullif(s.lead_time_days, 0), ${REORDER_DEFAULTS.leadTimeDays})::int as "leadTimeDays",
      coalesce(nullif(s.pack_size, 0), ${REORDER_DEFAULTS.packSize})::int as "packSize",
      coalesce(s.is_set, 0) > 0 as "settingsSet"
    from bounds b
    join ranged r on r.product_id = b.product_id and r.warehouse_id = b.warehouse_id
    cross join lateral (
      select case when b.on_hand > 0 and b.last_day is not null
        then greatest(0, b.end_day - greatest(b.last_day + 1, b.from_day))::int else 0 end as days
    ) tail
    left join rm_catalog.products c on c.id::text = b.product_id
    left join rm_warehouses.warehouses w on w.id = b.warehouse_id
    left join requests q on q.product_id = b.product_id
    left join rm_analysis_sell_through.reorder_settings s on s.product_id = b.product_id
    order by r.sold desc, coalesce(c.code1, '') collate "C", b.product_id, b.warehouse_id
    limit ${limit ?? 1_000_000_000}`.execute(db);
  return rows.map(({ nameEt, nameEn, ...row }) => ({ ...row, name: { et: nameEt, en: nameEn } }));
}

/** Units sold and received per day of the range over all products and warehouses (the chart), oldest first. */
export async function sellThroughPerDay(db: Database, range: DateRange, today: string): Promise<{ day: string; sold: number; received: number }[]> {
  const end = range.to === null || range.to > addDays(today, 1) ? addDays(today, 1) : range.to;
  const { rows } = await sql<{ day: string; sold: number; received: number }>`
    select day::text as day, sum(sold)::int as sold, sum(received)::int as received
    from rm_analysis_sell_through.stock_days
    where (${range.from}::date is null or day >= ${range.from}::date) and day < ${end}::date
    group by day having sum(sold) <> 0 or sum(received) <> 0 order by day`.execute(db);
  return rows;
}
