/**
 * GET /folder/list/{id} (spec 7 finder listings; files.view; api/contracts/finder.ts `folderListSchema`): a folder
 * (`root` or a uuid), its path from the top and its subfolders with their counts. The folder tree asks it per level
 * when a branch opens (lazy per level).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FinderFolder } from '../../../../../api/contracts/finder';
import { staffGet } from '../../../lib/staff/session-expiry';

/** Every query of the finder starts with it; every change invalidates it. */
export const FINDER_KEY = ['admin', 'finder'] as const;

export interface FolderListing {
  folder: FinderFolder;
  path: { id: string; name: string }[];
  folders: FinderFolder[];
}

export async function getFolder(id: string, signal?: AbortSignal): Promise<FolderListing> {
  return (await staffGet<{ data: FolderListing }>(`/folder/list/${encodeURIComponent(id)}`, signal)).body.data;
}

export const folderQuery = (id: string) =>
  queryOptions({ queryKey: [...FINDER_KEY, 'folder', id], queryFn: ({ signal }) => getFolder(id, signal), staleTime: 10_000 });

export function useFolder(id: string, enabled = true) {
  return useQuery({ ...folderQuery(id), enabled });
}
