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
 * Idempotent by stream position: `streams` remembers the last position applied per day stream. Version 2 (issue
 * 11): the day is the Tallinn date and the keyword normalised (version 1: the UTC date, the text trimmed and lower
 * case).
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
      primary key (day, query)
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
}

async function applyBatch(trx: Transaction<SearchStatsTables>, schema: string, events: RecordedEvent[]): Promise<void> {
  const streamIds = [...new Set(events.map((e) => e.streamId))];
  const applied = await loadStreamPositions(trx, schema, 'streams', streamIds);
  const totals = new Map<string, Totals>();
  for (const event of events) {
    if (event.streamPosition <= (applied.get(event.streamId) ?? 0n)) continue;
    applied.set(event.streamId, event.streamPosition);
    const { data } = parseSearchEvent(event);
    const query = normaliseKeyword(data.query);
    if (!query) continue;
    const day = tallinnDate(event.metadata.time);
    const key = `${day}\u0000${query}`;
    const t = totals.get(key) ?? { day, query, searches: 0, typed: 0, zero: 0, last: 0 };
    t.searches++;
    if (data.typedByUser) t.typed++;
    if (data.resultCount === 0) t.zero++;
    t.last = data.resultCount;
    totals.set(key, t);
  }
  if (totals.size) {
    await sql`
      insert into ${sql.id(schema, 'search_keywords')} as k (day, query, searches, typed_by_user, zero_results, last_result_count)
      select day, query, searches, typed, zero, last
      from jsonb_to_recordset(${JSON.stringify([...totals.values()])}::jsonb) as x(day date, query text, searches int, typed int, zero int, last int)
      on conflict (day, query) do update set
        searches = k.searches + excluded.searches,
        typed_by_user = k.typed_by_user + excluded.typed_by_user,
        zero_results = k.zero_results + excluded.zero_results,
        last_result_count = excluded.last_result_count`.execute(trx);
  }
  await saveStreamPositions(trx, schema, 'streams', applied);
}

export const searchStatsReadModel: ReadModel = {
  name: 'search_stats',
  version: 2,
  eventTypes: ['SearchPerformed'],
  createTables,
  applyBatch,
  hashTables: [
    { table: 'search_keywords', orderBy: 't.day, t.query' },
    { table: 'streams', orderBy: 't.stream_id' },
  ],
};
