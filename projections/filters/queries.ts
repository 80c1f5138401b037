/** Queries of the filters read model (projections/filters/writer.ts). */
import { sql } from 'kysely';
import type { FilterSettings } from '../../domain/filter/filter.js';
import type { Localized } from '../../domain/shared/localized.js';
import type { Database } from '../../platform/db/database.js';

type Row = { name: string; label: Localized; value_labels: Record<string, Localized>; shown: boolean; sort_position: number | null; hide_when_empty_in: string[] };
const toSettings = (r: Row): FilterSettings => ({
  name: r.name,
  label: r.label,
  values: r.value_labels,
  shown: r.shown,
  position: r.sort_position,
  hideWhenEmptyIn: r.hide_when_empty_in,
});

/**
 * Facet name -> its labels, whether it shows and its place (spec 2 FilterList); facets never labelled, hidden or
 * placed are absent (empty before the filters are seeded).
 */
export async function getFilterLabels(db: Database): Promise<Map<string, FilterSettings>> {
  const { rows } = await sql<Row>`select name, label, value_labels, shown, sort_position, hide_when_empty_in from rm_filters.filters`.execute(db);
  return new Map(rows.map((r) => [r.name, toSettings(r)]));
}

/** One facet for the staff's FilterList: its settings, its stream version, and its values with product counts. */
export interface FacetAdminRow extends FilterSettings {
  /** Position of the facet's stream (0: no event yet). */
  version: number;
  /** Value -> products (of the catalog, listed or not) carrying it. */
  counts: Record<string, number>;
}

/**
 * Every facet the catalog's products carry (rm_catalog.products.facets, `name=value`) and every facet the filters
 * read model knows, with their settings: placed facets first by position, then by name.
 */
export async function listFacetsForStaff(db: Database): Promise<FacetAdminRow[]> {
  const [settings, versions, pairs] = await Promise.all([
    getFilterLabels(db),
    sql<{ stream_id: string; position: string }>`select stream_id, position::text from rm_filters.position`.execute(db),
    sql<{ facet: string; n: number }>`select f as facet, count(*)::int as n from rm_catalog.products, unnest(facets) f group by f`.execute(db),
  ]);
  const version = new Map(versions.rows.map((r) => [r.stream_id.slice('filter-'.length), Number(r.position)]));
  const counts = new Map<string, Record<string, number>>();
  for (const { facet, n } of pairs.rows) {
    const at = facet.indexOf('=');
    if (at <= 0) continue;
    const name = facet.slice(0, at);
    const values = counts.get(name) ?? {};
    values[facet.slice(at + 1)] = n;
    counts.set(name, values);
  }
  const names = new Set([...counts.keys(), ...settings.keys()]);
  const rows = [...names].map((name): FacetAdminRow => {
    const s = settings.get(name) ?? { name, label: { et: '', en: '' }, values: {}, shown: true, position: null, hideWhenEmptyIn: [] };
    return { ...s, version: version.get(name) ?? 0, counts: counts.get(name) ?? {} };
  });
  return rows.sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
