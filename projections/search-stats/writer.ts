/**
 * The search statistics read model (schema `rm_search_stats`): searches per day and keyword, for the back office's
 * search-keyword statistics (spec 2 Admin area "Search keywords", StatisticsList). Fed by SearchPerformed
 * events. One row per (day, keyword):
 * - `day`: the Tallinn calendar date of the event's metadata time (domain/search/statistics-ranges.ts tallinnDate;
 *   the spec's ranges are counted in the shop's time zone), not the UTC date the day stream is named after;
 * - `query`: the keyword normalised by domain/search/keyword.ts (NFKC, lower case, whitespace collapsed); searches
 *   without text (filters only) are left out;
 * - `searches`: every recorded search of that text (typed, linked or paged), `typed_by_user` those typed into the
 *   search box (iu=user);
 * - `zero_results`: the searches that found nothing;
 * - `last_result_count`: the result count of the day's last search in `$all` order. Decision: the statistics show
 *   the LAST result count (what a shopper searching it now gets, so a keyword fixed by an alias shows its new count
 *   at once), not the maximum; how often it found nothing stays visible in `zero_results`.
 *
 * - `with_vehicle`: the searches that named a vehicle (chosen or typed; domain/search/search.ts SearchVehicle);
 * - `typed_vehicle`: the model (or make) label the keyword's text named at its last search that named one by text
 *   ('MG MGB'), null when it never did.
 *
 * And one row per (day, vehicle model, keyword) in `search_vehicles`, for the searches that named a vehicle (spec 2
 * Admin area "Search keywords": the keyword statistics show searches that named a vehicle):
 * - `vehicle_key`, `label`: the model the search named (`modelKey`, `modelLabel` of its SearchVehicle: 'mg.mgb',
 *   'MG MGB'; or a make alone, 'mg'), the label as recorded last in `$all` order;
 * - `searches`, `chosen` (with the vehicle chosen, `v=`), `typed` (named in the text), `zero_results`.
 * Both from the event alone (the label as shown then), so a replay gives the same rows without the reference.
 *
 * Idempotent by stream position: `streams` remembers the last position applied per day stream. Version 2: the day
 * is the Tallinn date and the keyword normalised (version 1: the UTC date, the text trimmed and lower case).
 * Version 3: the searches that named a vehicle.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { parseSearchEvent } from '../../domain/search/events.js';
import { normaliseKeyword } from '../../domain/search/keyword.js';
import { tallinnDate } from '../../domain/search/statistics-ranges.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { loadStreamPositions, type ReadModel, saveStreamPositions } from '../read-model.js';
import type { SearchStatsTables } from './schema.js';

async function createTables(db: Kysely<SearchStatsTables>, schema: string): Promise<void> {
  await sql`
    create table ${sql.id(schema, 'search_keywords')} (
      day date not null,
      query text not null,
      searches integer not null,
      typed_by_user integer not null,
      zero_results integer not null,
      last_result_count integer not null,
      with_vehicle integer not null,
      typed_vehicle text,
      primary key (day, query)
    )`.execute(db);
  await sql`
    create table ${sql.id(schema, 'search_vehicles')} (
      day date not null,
      vehicle_key text not null,
      query text not null,
      label text not null,
      searches integer not null,
      chosen integer not null,
      typed integer not null,
      zero_results integer not null,
      primary key (day, vehicle_key, query)
    )`.execute(db);
  await sql`create table ${sql.id(schema, 'streams')} (stream_id text primary key, position bigint not null)`.execute(db);
}

interface Totals {
  day: string;
  query: string;
  searches: number;
  typed: number;
  zero: number;
  last: number;
  withVehicle: number;
  typedVehicle: string | null;
}

interface VehicleTotals {
  day: string;
  vehicleKey: string;
  query: string;
  label: string;
  searches: number;
  chosen: number;
  typed: number;
  zero: number;
}

async function applyBatch(trx: Transaction<SearchStatsTables>, schema: string, events: RecordedEvent[]): Promise<void> {
  const streamIds = [...new Set(events.map((e) => e.streamId))];
  const applied = await loadStreamPositions(trx, schema, 'streams', streamIds);
  const totals = new Map<string, Totals>();
  const vehicles = new Map<string, VehicleTotals>();
  for (const event of events) {
    if (event.streamPosition <= (applied.get(event.streamId) ?? 0n)) continue;
    applied.set(event.streamId, event.streamPosition);
    const { data } = parseSearchEvent(event);
    const query = normaliseKeyword(data.query);
    if (!query) continue;
    const day = tallinnDate(event.metadata.time);
    const key = `${day}\u0000${query}`;
    const t = totals.get(key) ?? { day, query, searches: 0, typed: 0, zero: 0, last: 0, withVehicle: 0, typedVehicle: null };
    t.searches++;
    if (data.typedByUser) t.typed++;
    if (data.resultCount === 0) t.zero++;
    t.last = data.resultCount;
    totals.set(key, t);
    const vehicle = data.vehicle;
    if (!vehicle) continue;
    t.withVehicle++;
    if (vehicle.how === 'typed') t.typedVehicle = vehicle.modelLabel;
    const vehicleRowKey = `${day}\u0000${vehicle.modelKey}\u0000${query}`;
    const v = vehicles.get(vehicleRowKey) ?? { day, vehicleKey: vehicle.modelKey, query, label: vehicle.modelLabel, searches: 0, chosen: 0, typed: 0, zero: 0 };
    v.label = vehicle.modelLabel;
    v.searches++;
    if (vehicle.how === 'chosen') v.chosen++;
    else v.typed++;
    if (data.resultCount === 0) v.zero++;
    vehicles.set(vehicleRowKey, v);
  }
  if (totals.size) {
    await sql`
      insert into ${sql.id(schema, 'search_keywords')} as k (day, query, searches, typed_by_user, zero_results, last_result_count, with_vehicle, typed_vehicle)
      select day, query, searches, typed, zero, last, "withVehicle", "typedVehicle"
      from jsonb_to_recordset(${JSON.stringify([...totals.values()])}::jsonb)
        as x(day date, query text, searches int, typed int, zero int, last int, "withVehicle" int, "typedVehicle" text)
      on conflict (day, query) do update set
        searches = k.searches + excluded.searches,
        typed_by_user = k.typed_by_user + excluded.typed_by_user,
        zero_results = k.zero_results + excluded.zero_results,
        last_result_count = excluded.last_result_count,
        with_vehicle = k.with_vehicle + excluded.with_vehicle,
        typed_vehicle = coalesce(excluded.typed_vehicle, k.typed_vehicle)`.execute(trx);
  }
  if (vehicles.size) {
    await sql`
      insert into ${sql.id(schema, 'search_vehicles')} as v (day, vehicle_key, query, label, searches, chosen, typed, zero_results)
      select day, "vehicleKey", query, label, searches, chosen, typed, zero
      from jsonb_to_recordset(${JSON.stringify([...vehicles.values()])}::jsonb)
        as x(day date, "vehicleKey" text, query text, label text, searches int, chosen int, typed int, zero int)
      on conflict (day, vehicle_key, query) do update set
        label = excluded.label,
        searches = v.searches + excluded.searches,
        chosen = v.chosen + excluded.chosen,
        typed = v.typed + excluded.typed,
        zero_results = v.zero_results + excluded.zero_results`.execute(trx);
  }
  await saveStreamPositions(trx, schema, 'streams', applied);
}

export const searchStatsReadModel: ReadModel = {
  name: 'search_stats',
  version: 3,
  eventTypes: ['SearchPerformed'],
  createTables,
  applyBatch,
  hashTables: [
    { table: 'search_keywords', orderBy: 't.day, t.query' },
    { table: 'search_vehicles', orderBy: 't.day, t.vehicle_key, t.query' },
    { table: 'streams', orderBy: 't.stream_id' },
  ],
};
