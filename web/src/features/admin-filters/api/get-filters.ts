/**
 * GET /v1/admin/filters (spec 2 FilterList; permission products.view): every facet with its labels, whether it
 * shows on the storefront, its order and its values with product counts (api/contracts/admin-filters.ts). Facets
 * this screen saved a moment ago are laid over the answer until the filters read model has caught up
 * (lib/staff/recent-saves.ts, by the facet's stream version).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminFilter, AdminFilterList, SavedFilter } from '../../../../../api/contracts/admin-filters';
import { createRecentSaves } from '../../../lib/staff/recent-saves';
import { staffGet } from '../../../lib/staff/session-expiry';

export const FILTERS_KEY = ['admin', 'filters'] as const;

type Keyed = AdminFilter & { id: string };
const recent = createRecentSaves<Keyed>();

/** Remembers saved facets (the PUT's answer) over `current` (their value counts kept). */
export function rememberSaved(saved: readonly SavedFilter[], current: readonly AdminFilter[]): void {
  for (const s of saved) {
    const before = current.find((f) => f.name === s.name);
    const names = new Set([...(before?.values.map((v) => v.value) ?? []), ...Object.keys(s.values)]);
    const values = [...names].map((value) => ({ value, label: s.values[value] ?? { et: '', en: '' }, count: before?.values.find((v) => v.value === value)?.count ?? 0 }));
    recent.remember({ ...s, id: s.name, values });
  }
}

/** The list in the order the storefront uses: placed facets first by position, then by name. */
const byPlace = (a: AdminFilter, b: AdminFilter) => (a.position ?? Infinity) - (b.position ?? Infinity) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export async function getFilters(signal?: AbortSignal): Promise<AdminFilter[]> {
  const { filters } = (await staffGet<{ data: AdminFilterList }>('/v1/admin/filters', signal)).body.data;
  return recent
    .merge(filters.map((f) => ({ ...f, id: f.name })))
    .map(({ id: _id, ...f }) => f)
    .sort(byPlace);
}

export const filtersQuery = () => queryOptions({ queryKey: FILTERS_KEY, queryFn: ({ signal }) => getFilters(signal), staleTime: 5_000 });

export function useFilters() {
  return useQuery(filtersQuery());
}
