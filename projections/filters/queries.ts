/** Queries of the filters read model (projections/filters/writer.ts). */
import { sql } from 'kysely';
import type { FilterLabels } from '../../domain/filter/filter.js';
import type { Localized } from '../../domain/shared/localized.js';
import type { Database } from '../../platform/db/database.js';

/** Facet name -> its labels; facets without labels are absent (empty before the filters are seeded). */
export async function getFilterLabels(db: Database): Promise<Map<string, FilterLabels>> {
  const { rows } = await sql<{ name: string; label: Localized; value_labels: Record<string, Localized> }>`
    select name, label, value_labels from rm_filters.filters`.execute(db);
  return new Map(rows.map((r) => [r.name, { name: r.name, label: r.label, values: r.value_labels }]));
}
