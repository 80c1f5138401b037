/**
 * The filters read model's tables (schema `rm_filters`): the labels of each facet per language. See writer.ts.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Localized } from '../../domain/shared/localized.js';
import type { ReadModelTables, StreamPositionTable } from '../read-model.js';

export type FiltersTables = ReadModelTables & {
  filters: { name: string; label: Localized; value_labels: Record<string, Localized>; shown: boolean; sort_position: number | null; hide_when_empty_in: string[] };
  position: StreamPositionTable;
};

export type FiltersDb = Kysely<FiltersTables>;
export type FiltersTransaction = Transaction<FiltersTables>;
