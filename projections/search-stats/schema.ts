/**
 * The search statistics read model's tables (schema `rm_search_stats`). See writer.ts.
 */
import type { ColumnType, Kysely, Transaction } from 'kysely';
import type { ReadModelTables, StreamPositionTable } from '../read-model.js';

export type SearchStatsTables = ReadModelTables & {
  /** Searches per Tallinn calendar day and normalised keyword (see writer.ts for each column). */
  search_keywords: {
    day: ColumnType<Date, Date | string, Date | string>;
    query: string;
    searches: number;
    typed_by_user: number;
    zero_results: number;
    last_result_count: number;
    with_vehicle: number;
    typed_vehicle: string | null;
  };
  /** Searches that named a vehicle per Tallinn day, vehicle model and keyword (see writer.ts). */
  search_vehicles: {
    day: ColumnType<Date, Date | string, Date | string>;
    vehicle_key: string;
    query: string;
    label: string;
    searches: number;
    chosen: number;
    typed: number;
    zero_results: number;
  };
  streams: StreamPositionTable;
};

export type SearchStatsDb = Kysely<SearchStatsTables>;
export type SearchStatsTransaction = Transaction<SearchStatsTables>;
