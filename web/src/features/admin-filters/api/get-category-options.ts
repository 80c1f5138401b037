/**
 * The categories FilterList's 'hide when its count is 0' rule (spec 9) can name: GET /v1/admin/categories
 * (products.view; every category, hidden ones included, api/contracts/admin-categories.ts), each as `{ id, path }`
 * with the names of its path root first in both languages, ordered by the tree (parents before children, by
 * position).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCategoryList } from '../../../../../api/contracts/admin-categories';
import { staffGet } from '../../../lib/staff/session-expiry';

export interface CategoryOption {
  id: string;
  /** Names from the top-level category down to this one. */
  path: { et: string; en: string }[];
}

type Cat = AdminCategoryList['categories'][number];

/** The tree as a flat list in display order (depth first, siblings by position); a cycle or orphan is listed at the end. */
export function flattenCategories(categories: readonly Cat[]): CategoryOption[] {
  const children = new Map<string | null, Cat[]>();
  const ids = new Set(categories.map((c) => c.id));
  for (const c of categories) {
    const parent = c.parent_id && ids.has(c.parent_id) ? c.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  const out: CategoryOption[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, path: CategoryOption['path']) => {
    for (const c of [...(children.get(parent) ?? [])].sort((a, b) => a.position - b.position)) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      const own = [...path, { et: c.name.et, en: c.name.en }];
      out.push({ id: c.id, path: own });
      walk(c.id, own);
    }
  };
  walk(null, []);
  for (const c of categories) if (!seen.has(c.id)) out.push({ id: c.id, path: [{ et: c.name.et, en: c.name.en }] });
  return out;
}

export async function getCategoryOptions(signal?: AbortSignal): Promise<CategoryOption[]> {
  const { categories } = (await staffGet<{ data: AdminCategoryList }>('/v1/admin/categories', signal)).body.data;
  return flattenCategories(categories);
}

export const categoryOptionsQuery = () => queryOptions({ queryKey: ['admin', 'filters', 'categories'], queryFn: ({ signal }) => getCategoryOptions(signal), staleTime: 30_000 });

export function useCategoryOptions(enabled: boolean) {
  return useQuery({ ...categoryOptionsQuery(), enabled });
}
