/**
 * GET /file/list/{folderId}?q&tag&imagesOnly&sort&page&pageSize (spec 7 finder listings; files.view): one page of a
 * folder's files, or of every folder (`all`) when searching by name part or filtering by tag, with the total.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FinderFile } from '../../../../../api/contracts/finder';
import { withQuery } from '../../../lib/api-client';
import { staffGet } from '../../../lib/staff/session-expiry';
import { FINDER_KEY } from './get-folder';

export interface FileListParams {
  /** A folder id, `root`, or `all` (every folder). */
  folderId: string;
  q: string;
  tag: string;
  imagesOnly: boolean;
  sort: string;
  page: number;
  pageSize: number;
}

export interface FileListing {
  files: FinderFile[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * Read-your-writes over the files read model (it follows a save by moments; under load the api may answer before it
 * caught up): files this screen saved (the save's answer, or the listed file with a tag change and the next version)
 * or deleted are laid over what a listing fetch returns for 15 s, until the fetched file has the saved version. A
 * file saved into another folder leaves the folder's listing; a deleted one leaves every listing.
 */
const recent = new Map<string, { file: FinderFile | null; at: number }>();
const RECENT_MS = 15_000;

/** Remembers a saved file (the api's answer). */
export function rememberSavedFile(file: FinderFile): void {
  recent.set(file.id, { file, at: Date.now() });
}

/** Remembers deleted files. */
export function rememberDeletedFiles(ids: readonly string[]): void {
  for (const id of ids) recent.set(id, { file: null, at: Date.now() });
}

/** `listing` with the remembered saves laid over it (see `recent`). */
export function withRecentSaves(listing: FileListing, now = Date.now()): FileListing {
  if (recent.size === 0) return listing;
  let dropped = 0;
  const files = listing.files.flatMap((fetched) => {
    const saved = recent.get(fetched.id);
    if (!saved) return [fetched];
    if (now - saved.at > RECENT_MS || (saved.file && saved.file.version <= fetched.version)) {
      recent.delete(fetched.id);
      return [fetched];
    }
    if (saved.file === null || saved.file.folderId !== fetched.folderId) {
      dropped++;
      return [];
    }
    return [saved.file];
  });
  return dropped || files.some((f, i) => f !== listing.files[i]) ? { ...listing, files, total: listing.total - dropped } : listing;
}

export async function getFiles(params: FileListParams, lang: string, signal?: AbortSignal): Promise<FileListing> {
  const url = withQuery(`/file/list/${encodeURIComponent(params.folderId)}`, {
    lang,
    q: params.q.trim() || null,
    tag: params.tag || null,
    imagesOnly: params.imagesOnly ? '1' : null,
    sort: params.sort,
    page: params.page > 1 ? params.page : null,
    pageSize: params.pageSize,
  });
  return withRecentSaves((await staffGet<{ data: FileListing }>(url, signal)).body.data);
}

export const filesQuery = (params: FileListParams, lang: string) =>
  queryOptions({
    queryKey: [...FINDER_KEY, 'files', lang, params],
    queryFn: ({ signal }) => getFiles(params, lang, signal),
    staleTime: 5_000,
    // The grid stays while the next page or folder loads.
    placeholderData: keepPreviousData,
  });

export function useFiles(params: FileListParams, lang: string) {
  return useQuery(filesQuery(params, lang));
}
