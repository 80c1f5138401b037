/**
 * Queries of the search-conversion analysis (mapping.ts) for its admin screen: per keyword over a range of Tallinn
 * calendar dates [from, to) (domain/search/statistics-ranges.ts; a null bound is open), and per day for the chart.
 * Rows count the searches made in the range and what they led to (see mapping.ts). Reads the live schema
 * `rm_analysis_search_conversion`, which a replay swaps in one transaction (readers never see it empty).
 */
import { sql } from 'kysely';
import { addDays, type DateRange } from '../../domain/search/statistics-ranges.js';
import type { Database } from '../../platform/db/database.js';

/** One keyword's conversion over a range (counts; `orderedCents` euro cents). */
export interface KeywordConversion {
  keyword: string;
  searches: number;
  zeroResults: number;
  /** Searches made by a tab with a shopper session (the base of the rates below). */
  trackedSearches: number;
  /** Tracked searches after which a product was opened. */
  clickedSearches: number;
  /** Tracked searches after which none was (tracked - clicked). */
  noClickSearches: number;
  productOpens: number;
  cartAdds: number;
  orders: number;
  orderedCents: number;
}

/** Totals of one Tallinn day, for the chart. */
export interface ConversionOnDay {
  day: string;
  searches: number;
  clickedSearches: number;
  cartAdds: number;
  orders: number;
}

export interface ConversionQuery {
  range: DateRange;
  /** 1-based; with `pageSize` null every row (the CSV export). */
  page: number;
  pageSize: number | null;
}

const inRange = (range: DateRange) =>
  sql`(${range.from}::date is null or day >= ${range.from}::date) and (${range.to}::date is null or day < ${range.to}::date)`;

/** The keywords searched in the range, most searched first (then by keyword), paged, with the number of keywords. */
export async function keywordConversions(db: Database, q: ConversionQuery): Promise<{ rows: KeywordConversion[]; total: number }> {
  const offset = q.pageSize ? (q.page - 1) * q.pageSize : 0;
  const { rows } = await sql<KeywordConversion & { total: string }>`
    select keyword,
      sum(searches)::int as searches, sum(zero_results)::int as "zeroResults", sum(tracked_searches)::int as "trackedSearches",
      sum(clicked_searches)::int as "clickedSearches", (sum(tracked_searches) - sum(clicked_searches))::int as "noClickSearches",
      sum(product_opens)::int as "productOpens", sum(cart_adds)::int as "cartAdds", sum(orders)::int as orders,
      sum(ordered_cents)::float8 as "orderedCents", count(*) over ()::text as total
    from rm_analysis_search_conversion.keyword_conversion
    where ${inRange(q.range)}
    group by keyword
    order by sum(searches) desc, keyword collate "C"
    limit ${q.pageSize} offset ${offset}`.execute(db);
  if (rows.length === 0 && offset > 0) {
    const first = await keywordConversions(db, { ...q, page: 1, pageSize: 1 });
    return { rows: [], total: first.total };
  }
  return { rows: rows.map(({ total: _t, ...r }) => r), total: Number(rows[0]?.total ?? 0) };
}

/** Totals per day of the range, every day (days without searches as 0), oldest first, at most `maxDays` (the latest). */
export async function conversionPerDay(db: Database, range: DateRange, maxDays = 400): Promise<ConversionOnDay[]> {
  const { rows } = await sql<ConversionOnDay>`
    select day::text as day, sum(searches)::int as searches, sum(clicked_searches)::int as "clickedSearches",
      sum(cart_adds)::int as "cartAdds", sum(orders)::int as orders
    from rm_analysis_search_conversion.keyword_conversion where ${inRange(range)}
    group by day order by day`.execute(db);
  const start = range.from ?? rows[0]?.day;
  const end = range.to ?? (rows.length ? addDays(rows[rows.length - 1]!.day, 1) : undefined);
  if (!start || !end) return [];
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days: ConversionOnDay[] = [];
  for (let day = start; day < end; day = addDays(day, 1)) days.push(byDay.get(day) ?? { day, searches: 0, clickedSearches: 0, cartAdds: 0, orders: 0 });
  return days.slice(-maxDays);
}
