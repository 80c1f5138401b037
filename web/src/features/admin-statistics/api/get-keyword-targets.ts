/**
 * What a zero-result keyword can be given to (spec 2 StatisticsList): every category of the tree, hidden ones
 * included (GET /v1/admin/categories, permission products.view), as `{ id, label }` with the path in the screen's
 * language ('Pidurid › Klotsid'), in tree order; and products found by name or part number (GET
 * /v1/admin/products?q=, the back office's product search: hidden products included).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminCategory, AdminCategoryList } from '../../../../../api/contracts/admin-categories';
import type { AdminProductList } from '../../../../../api/contracts/admin-products';
import type { Language } from '../../../lib/language';
import { staffGet } from '../../../lib/staff/session-expiry';

export interface CategoryTarget {
  id: string;
  /** The path from the top level, names in the screen's language joined by ' › '. */
  label: string;
  hidden: boolean;
}

/** Categories in tree order (siblings by position), each with its path; deleted subtrees are not in the answer. */
export function categoryTargets(categories: readonly AdminCategory[], lang: Language): CategoryTarget[] {
  const language = lang === 'en' ? 'en' : 'et';
  const children = new Map<string | null, AdminCategory[]>();
  for (const c of categories) {
    const key = c.parent_id && categories.some((p) => p.id === c.parent_id) ? c.parent_id : null;
    children.set(key, [...(children.get(key) ?? []), c]);
  }
  const out: CategoryTarget[] = [];
  const walk = (parent: string | null, path: string[], hidden: boolean) => {
    for (const c of [...(children.get(parent) ?? [])].sort((a, b) => a.position - b.position)) {
      const name = c.name[language] || c.name.et || c.name.en;
      out.push({ id: c.id, label: [...path, name].join(' › '), hidden: hidden || c.hidden });
      walk(c.id, [...path, name], hidden || c.hidden);
    }
  };
  walk(null, [], false);
  return out;
}

export function useCategoryTargets(lang: Language, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'statistics', 'category-targets', lang],
    queryFn: async ({ signal }) => categoryTargets((await staffGet<{ data: AdminCategoryList }>('/v1/admin/categories', signal)).body.data.categories, lang),
    enabled,
    staleTime: 30_000,
  });
}

/** Products whose name or part number matches `q` (at least 2 characters), the first 24. */
export function useProductTargets(q: string, lang: Language) {
  const text = q.trim();
  return useQuery({
    queryKey: ['admin', 'statistics', 'product-targets', text, lang],
    queryFn: async ({ signal }) =>
      (await staffGet<{ data: AdminProductList }>(`/v1/admin/products?${new URLSearchParams({ q: text, pageSize: '24', lang: lang === 'en' ? 'en' : 'et' })}`, signal)).body.data.products,
    enabled: text.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
