/** GET /file-tag/list (spec 7 file-tag calls; files.view): every tag in use with its number of files. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffGet } from '../../../lib/staff/session-expiry';
import { FINDER_KEY } from './get-folder';

export interface TagCount {
  tag: string;
  count: number;
}

export async function getTags(signal?: AbortSignal): Promise<TagCount[]> {
  return (await staffGet<{ data: TagCount[] }>('/file-tag/list', signal)).body.data;
}

export const tagsQuery = () => queryOptions({ queryKey: [...FINDER_KEY, 'tags'], queryFn: ({ signal }) => getTags(signal), staleTime: 10_000 });

export function useTags() {
  return useQuery(tagsQuery());
}
