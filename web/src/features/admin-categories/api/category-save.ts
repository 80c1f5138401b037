/**
 * Saving a category (spec 7 POST /category/create and POST /category/update/{id}, JSON `{ id, parent_id,
 * name, position, hidden, className, url }` plus `search_keywords`; api/contracts/admin-categories.ts): answers
 * `{ status: 'success', model }`, or throws ApiError whose body is the failure envelope, its `errors[]` listed by the
 * tree editor as danger messages (spec 8 "Category save failure"). `name` and `search_keywords` go as `{ et, en }`
 * objects, so the request's language does not matter; `position` is the 0-based place among the siblings. Both
 * refresh the tree, ProductEdit's category choices and the category's audit timeline.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCategory, CategoryPayload, CategorySaveAnswer } from '../../../../../api/contracts/admin-categories';
import { staffPost } from '../../../lib/staff/session-expiry';
import { CATEGORY_LIST_KEY } from './category-list';

/** `lang`: the interface language, for the errors' messages (et or en). */
export async function createCategory(payload: CategoryPayload, lang: string): Promise<AdminCategory> {
  return (await staffPost<CategorySaveAnswer>(`/category/create?lang=${encodeURIComponent(lang)}`, { id: null, ...payload })).body.model;
}

export async function updateCategory(id: string, payload: CategoryPayload, lang: string): Promise<AdminCategory> {
  return (await staffPost<CategorySaveAnswer>(`/category/update/${encodeURIComponent(id)}?lang=${encodeURIComponent(lang)}`, payload)).body.model;
}

/** What the tree editor's saves refresh: the tree, ProductEdit's category choices, the timeline of the category. */
export function refreshAfterCategoryChange(queryClient: ReturnType<typeof useQueryClient>, categoryId: string | null) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: CATEGORY_LIST_KEY }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'products', 'category-choices'] }),
    categoryId ? queryClient.invalidateQueries({ queryKey: ['staff', 'history', `category-${categoryId}`] }) : null,
  ]);
}

/** A create or update as a mutation: `{ id: null }` creates, `{ id }` updates; refreshes as above. */
export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload, lang }: { id: string | null; payload: CategoryPayload; lang: string }) => (id ? updateCategory(id, payload, lang) : createCategory(payload, lang)),
    onSuccess: (saved) => refreshAfterCategoryChange(queryClient, saved.id),
  });
}
