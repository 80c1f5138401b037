/**
 * GET /v1/categories/vehicle-counts?v=&unknown=1&lang: the category tree's counts narrowed to the shopper's vehicle
 * (vehicle fitment: with a vehicle chosen, the category counts show only parts that fit it or are universal; with
 * `unknown`, also the parts without fitment data). `counts` maps a category id to its parts, descendants included;
 * a category without any is absent (0).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryNode, Language } from '../../../../../api/contracts/catalog';
import type { VehicleCategoryCounts } from '../../../../../api/contracts/vehicles';
import { getJson, withQuery } from '../../../lib/api-client';

export const vehicleCategoryCountsQueryOptions = (v: string, unknown: boolean, lang: Language) =>
  queryOptions({
    queryKey: ['catalog', 'categories', 'vehicle-counts', v, unknown, lang] as const,
    queryFn: async ({ signal }) =>
      (await getJson<{ data: VehicleCategoryCounts }>(withQuery('/v1/categories/vehicle-counts', { v, unknown: unknown ? '1' : undefined, lang }), signal)).body.data,
    staleTime: 30_000,
  });

/** The counts for `v` (none asked while `v` is empty). */
export function useVehicleCategoryCounts(v: string | null | undefined, unknown: boolean, lang: Language) {
  return useQuery({ ...vehicleCategoryCountsQueryOptions(v ?? '', unknown, lang), enabled: Boolean(v) });
}

/** The tree with each node's `productCount` replaced by the vehicle's count (0 when absent). */
export function treeWithCounts(tree: readonly CategoryNode[], counts: Record<string, number>): CategoryNode[] {
  return tree.map((node) => ({ ...node, productCount: counts[node.id] ?? 0, children: treeWithCounts(node.children, counts) }));
}
