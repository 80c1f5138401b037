/**
 * PUT /v1/admin/menu `{ version, entries }` (spec 2 menu edit; pages.edit, CSRF): saves the whole menu with the
 * version the screen read. Answers the saved menu and its new version once the site read model shows it, so the
 * storefront's header (GET /v1/site) follows at once. Refusals: 409 `menu.changed_meanwhile` whose message names who
 * saved meanwhile and when; 400 with `errors[].field` like `entries.2.label` or `entries.0.children.1.target`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { staffPut } from '../../../lib/staff/session-expiry';
import { menuFromApi, menuSaveEntries, type MenuNode } from '../utils/menu-tree';
import { type EditableMenu, MENU_KEY } from './get-menu';

export async function saveMenu(entries: readonly MenuNode[], version: number): Promise<EditableMenu> {
  const { data } = (await staffPut<{ data: { entries: Parameters<typeof menuFromApi>[0]; version: number } }>('/v1/admin/menu', { version, entries: menuSaveEntries(entries) })).body;
  return { entries: menuFromApi(data.entries), version: data.version };
}

/** Whether the save was refused because someone else saved the menu after it was read. */
export const isMenuChangedMeanwhile = (error: unknown) => error instanceof ApiError && error.status === 409 && error.code === 'menu.changed_meanwhile';

export function useSaveMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entries, version }: { entries: readonly MenuNode[]; version: number }) => saveMenu(entries, version),
    onSuccess: (saved) => {
      queryClient.setQueryData(MENU_KEY, saved);
      // The storefront's header in this tab (GET /v1/site) reads the new menu.
      void queryClient.invalidateQueries({ queryKey: ['site'] });
    },
  });
}
