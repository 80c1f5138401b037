/**
 * DELETE /v1/admin/pages/{id}?version= (spec 2 PageList "delete with confirmation"; pages.edit, CSRF) with the
 * version the list read. Refusals (ApiError with the envelope): 409 `page.linked_from_menu` while a menu entry links
 * the page, whose `errors[0].message` is the entry's label (`linkingMenuEntry`); 409 `page.changed_meanwhile` naming
 * who saved meanwhile and when; 404 for a page deleted meanwhile.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { staffDelete } from '../../../lib/staff/session-expiry';
import { PAGES_KEY } from './get-pages';

export async function deletePage(pageId: string, version: number): Promise<void> {
  await staffDelete(`/v1/admin/pages/${encodeURIComponent(pageId)}?version=${version}`);
}

/** The label of the menu entry that keeps a page from being deleted, from the api's refusal; null otherwise. */
export function linkingMenuEntry(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'page.linked_from_menu') return null;
  const first = (error.body as { errors?: { message?: unknown }[] } | undefined)?.errors?.[0]?.message;
  return typeof first === 'string' && first !== '' ? first : null;
}

export function useDeletePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pageId, version }: { pageId: string; version: number }) => deletePage(pageId, version),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PAGES_KEY }),
  });
}
