/**
 * Queries of the search statistics read model (projections/search-stats/writer.ts) for StatisticsList (spec 2
 * "Search keywords"): the keywords of a range of Tallinn calendar dates with their counts, and the
 * searches per day for the chart. Ranges are half-open [from, to) 'yyyy-mm-dd' dates
 * (domain/search/statistics-ranges.ts); a null bound is open.
 */
import { sql } from 'kysely';
import { addDays, type DateRange } from '../../domain/search/statistics-ranges.js';
import type { Database } from '../../platform/db/database.js';

/** One keyword over a range. */
export interface KeywordStatistics {
  /** The normalised keyword (domain/search/keyword.ts). */
  keyword: string;
  /** Searches of it in the range (typed, linked or paged). */
  searches: number;
  /** Of those, typed into the search box. */
  typedByUser: number;
  /** Of those, the ones that found nothing. */
  zeroResults: number;
  /** Results of its last search in the range (the read model keeps the last result count; see writer.ts). */
  resultCount: number;
  /** The Tallinn date of its last search in the range, 'yyyy-mm-dd'. */
  lastSearchedOn: string;
  /** Of its searches, those that named a vehicle (chosen by `v=` or typed in the text). */
  vehicleSearches: number;
  /** The model (or make) its text names, as recorded at its last search in the range that named one by text ('MG MGB'); null when none. */
  typedVehicle: string | null;
}

export interface KeywordQuery {
  range: DateRange;
  /** Only the keywords whose last search in the range found nothing. */
  zeroOnly: boolean;
  /** Only the keywords of searches that named a vehicle in the range. */
  vehicleOnly?: boolean;
  /** 1-based; with `pageSize` null every row (the CSV export). */
  page: number;
  pageSize: number | null;
}

/**
 * The keywords searched in the range, most searched first (then by keyword), paged, with the number of keywords
 * in all pages (`total`).
 */
export async function searchKeywordStatistics(db: Database, q: KeywordQuery): Promise<{ rows: KeywordStatistics[]; total: number }> {
  const { from, to } = q.range;
  const limit = q.pageSize ?? null;
  const offset = q.pageSize ? (q.page - 1) * q.pageSize : 0;
  const { rows } = await sql<KeywordStatistics & { total: string }>`
    with ranged as (
      select query, day, searches, typed_by_user, zero_results, last_result_count, with_vehicle, typed_vehicle
      from rm_search_stats.search_keywords
      where (${from}::date is null or day >= ${from}::date) and (${to}::date is null or day < ${to}::date)
    ), keywords as (
      select query as keyword,
        sum(searches)::int as searches,
        sum(typed_by_user)::int as "typedByUser",
        sum(zero_results)::int as "zeroResults",
        (array_agg(last_result_count order by day desc))[1] as "resultCount",
        max(day)::text as "lastSearchedOn",
        sum(with_vehicle)::int as "vehicleSearches",
        (array_agg(typed_vehicle order by day desc) filter (where typed_vehicle is not null))[1] as "typedVehicle"
      from ranged group by query
    )
    select *, count(*) over ()::text as total from keywords
    where (not ${q.zeroOnly} or "resultCount" = 0) and (not ${q.vehicleOnly ?? false} or "vehicleSearches" > 0)
    order by searches desc, keyword collate "C"
    limit ${limit} offset ${offset}`.execute(db);
  if (rows.length === 0 && offset > 0) {
    // A page past the end: the total still counts.
    const first = await searchKeywordStatistics(db, { ...q, page: 1, pageSize: 1 });
    return { rows: [], total: first.total };
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0]?.total ?? 0) };
}

/** Searches (with text) on one Tallinn calendar day. */
export interface SearchesOnDay {
  day: string;
  searches: number;
}

/**
 * Searches per day in the range, every day of it (days without searches as 0), oldest first. For `all` (no bounds)
 * from the first day with searches to the last; at most `maxDays` days (the latest ones) so a chart stays small.
 */
export async function searchesPerDay(db: Database, range: DateRange, maxDays = 400): Promise<SearchesOnDay[]> {
  const { from, to } = range;
  const { rows } = await sql<SearchesOnDay>`
    select day::text as day, sum(searches)::int as searches from rm_search_stats.search_keywords
    where (${from}::date is null or day >= ${from}::date) and (${to}::date is null or day < ${to}::date)
    group by day order by day`.execute(db);
  const start = from ?? rows[0]?.day;
  const end = to ?? (rows.length ? addDays(rows[rows.length - 1]!.day, 1) : undefined);
  if (!start || !end) return [];
  const byDay = new Map(rows.map((r) => [r.day, r.searches]));
  const days: SearchesOnDay[] = [];
  for (let day = start; day < end; day = addDays(day, 1)) days.push({ day, searches: byDay.get(day) ?? 0 });
  return days.slice(-maxDays);
}

/** One vehicle model (or make) over a range: the searches that named it (spec 2 "Search keywords"). */
export interface VehicleSearchStatistics {
  /** The model's key ('mg.mgb') or a make's ('mg'), as recorded (domain/search/search.ts SearchVehicle modelKey). */
  key: string;
  /** Its label as recorded at its last search in the range ('MG MGB'). */
  label: string;
  /** Searches (with text) that named it. */
  searches: number;
  /** Of those, with the vehicle chosen (`v=`, the garage). */
  chosen: number;
  /** Of those, named in the search text. */
  typed: number;
  /** Of those, the ones that found nothing. */
  zeroResults: number;
  /** The Tallinn date of its last search in the range, 'yyyy-mm-dd'. */
  lastSearchedOn: string;
  /** Its most searched keywords (at most `topKeywords`), most searched first, then by keyword. */
  topKeywords: { keyword: string; searches: number }[];
}

export interface VehicleQuery {
  range: DateRange;
  /** 1-based; with `pageSize` null every row (the CSV export). */
  page: number;
  pageSize: number | null;
  /** Keywords per vehicle; default 5. */
  topKeywords?: number;
}

/**
 * The vehicle models the range's searches named, most searched first (then by label and key), paged, with the
 * number of vehicles in all pages (`total`).
 */
export async function searchVehicleStatistics(db: Database, q: VehicleQuery): Promise<{ rows: VehicleSearchStatistics[]; total: number }> {
  const { from, to } = q.range;
  const limit = q.pageSize ?? null;
  const offset = q.pageSize ? (q.page - 1) * q.pageSize : 0;
  const top = q.topKeywords ?? 5;
  const { rows } = await sql<VehicleSearchStatistics & { total: string }>`
    with ranged as (
      select vehicle_key, query, day, label, searches, chosen, typed, zero_results
      from rm_search_stats.search_vehicles
      where (${from}::date is null or day >= ${from}::date) and (${to}::date is null or day < ${to}::date)
    ), vehicles as (
      select vehicle_key as key,
        (array_agg(label order by day desc, query collate "C"))[1] as label,
        sum(searches)::int as searches,
        sum(chosen)::int as chosen,
        sum(typed)::int as typed,
        sum(zero_results)::int as "zeroResults",
        max(day)::text as "lastSearchedOn"
      from ranged group by vehicle_key
    ), paged as (
      select *, count(*) over ()::text as total from vehicles
      order by searches desc, label collate "C", key collate "C"
      limit ${limit} offset ${offset}
    )
    select p.*, coalesce((
      select jsonb_agg(jsonb_build_object('keyword', k.query, 'searches', k.searches) order by k.searches desc, k.query collate "C")
      from (
        select query, sum(searches)::int as searches from ranged r where r.vehicle_key = p.key
        group by query order by sum(searches) desc, query collate "C" limit ${top}
      ) k
    ), '[]'::jsonb) as "topKeywords"
    from paged p
    order by p.searches desc, p.label collate "C", p.key collate "C"`.execute(db);
  if (rows.length === 0 && offset > 0) {
    const first = await searchVehicleStatistics(db, { ...q, page: 1, pageSize: 1, topKeywords: 0 });
    return { rows: [], total: first.total };
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0]?.total ?? 0) };
}
