/**
 * GET /v1/admin/menu (spec 2 menu edit; pages.view): the main menu's entries (one level of children, a hidden flag,
 * labels in et and en) and the `menu-main` stream's version, which the save sends back (conventions 13).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffGet } from '../../../lib/staff/session-expiry';
import { menuFromApi, type MenuNode } from '../utils/menu-tree';

export const MENU_KEY = ['admin', 'menu'] as const;

export interface EditableMenu {
  entries: MenuNode[];
  version: number;
}

export async function getMenu(signal?: AbortSignal): Promise<EditableMenu> {
  const { data } = (await staffGet<{ data: { entries: Parameters<typeof menuFromApi>[0]; version: number } }>('/v1/admin/menu', signal)).body;
  return { entries: menuFromApi(data.entries), version: data.version };
}

export const menuQuery = () => queryOptions({ queryKey: MENU_KEY, queryFn: ({ signal }) => getMenu(signal), staleTime: 0 });

export function useMenu() {
  return useQuery(menuQuery());
}
