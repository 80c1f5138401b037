/**
 * The categories ProductEdit's tree picker offers: GET /v1/admin/categories (permission products.view;
 * every category, hidden ones included, api/contracts/admin-categories.ts), or, where that route is not there, the
 * storefront's visible tree GET /v1/categories flattened. Each as `{ id, parentId, name: {et, en}, position, hidden }`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCategoryList } from '../../../../../api/contracts/admin-categories';
import type { CategoryNode } from '../../../../../api/contracts/catalog';
import { isNotFound } from '../../../lib/api-client';
import { staffGet } from '../../../lib/staff/session-expiry';

export interface CategoryChoice {
  id: string;
  parentId: string | null;
  name: { et: string; en: string };
  position: number;
  hidden: boolean;
}

export async function getCategoryChoices(signal?: AbortSignal): Promise<CategoryChoice[]> {
  try {
    const { categories } = (await staffGet<{ data: AdminCategoryList }>('/v1/admin/categories', signal)).body.data;
    return categories.map((c) => ({ id: c.id, parentId: c.parent_id, name: c.name, position: c.position, hidden: c.hidden }));
  } catch (error) {
    if (!isNotFound(error)) throw error;
    const tree = (await staffGet<{ data: CategoryNode[] }>('/v1/categories', signal)).body.data;
    const out: CategoryChoice[] = [];
    const walk = (nodes: CategoryNode[]) => {
      for (const n of nodes) {
        out.push({ id: n.id, parentId: n.parent_id, name: n.name, position: n.position, hidden: n.hidden });
        walk(n.children);
      }
    };
    walk(tree);
    return out;
  }
}

export const categoryChoicesQuery = () => queryOptions({ queryKey: ['admin', 'products', 'category-choices'], queryFn: ({ signal }) => getCategoryChoices(signal), staleTime: 30_000 });

export function useCategoryChoices() {
  return useQuery(categoryChoicesQuery());
}
