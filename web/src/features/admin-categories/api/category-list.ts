/**
 * GET /v1/admin/categories (the category tree editor; permission products.view): every category that is not
 * deleted, hidden ones included, with its parent, names, search keywords, storefront URL, direct product count and
 * stream version (api/contracts/admin-categories.ts `AdminCategory`), from the catalog read model. The api answers a
 * save only after the read model applied it, so a refetch after a save shows the change.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCategory, AdminCategoryList } from '../../../../../api/contracts/admin-categories';
import { staffGet } from '../../../lib/staff/session-expiry';

/** The tree editor's query key; saves invalidate it (and ProductEdit's category choices). */
export const CATEGORY_LIST_KEY = ['admin', 'categories'] as const;

export async function getCategoryList(signal?: AbortSignal): Promise<AdminCategory[]> {
  return (await staffGet<{ data: AdminCategoryList }>('/v1/admin/categories', signal)).body.data.categories;
}

export const categoryListQuery = () => queryOptions({ queryKey: CATEGORY_LIST_KEY, queryFn: ({ signal }) => getCategoryList(signal), staleTime: 5_000 });

export function useCategoryList() {
  return useQuery(categoryListQuery());
}
