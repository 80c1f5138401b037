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
  return (await staffGet<{ data: FileListing }>(url, signal)).body.data;
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
