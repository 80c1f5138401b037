/**
 * GET /v1/admin/pages (spec 2 PageList; permission pages.view; api/contracts/pages-admin.ts): one page of content
 * pages found by title or URL name (`q`, either language), filtered by layout, state (draft, published, scheduled,
 * hidden) and language, sorted by title or last change, with the total. The screen's URL holds the same parameters
 * (../utils/page-list-params.ts).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageListItem } from '../../../../../api/contracts/pages-admin';
import { withQuery } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';
import { staffGet } from '../../../lib/staff/session-expiry';
import type { PageListParams } from '../utils/page-list-params';

/** Every query of this feature starts with it; a page created or deleted invalidates it. */
export const PAGES_KEY = ['admin', 'pages'] as const;
export const PAGE_LIST_KEY = [...PAGES_KEY, 'list'] as const;

export interface PageList {
  items: PageListItem[];
  total: number;
  page: number;
  pageSize: number;
}

export async function getPages(params: PageListParams, lang: Language, signal?: AbortSignal): Promise<PageList> {
  const url = withQuery('/v1/admin/pages', {
    lang,
    q: params.q.trim() || null,
    layout: params.layout,
    state: params.state,
    language: params.language,
    sort: params.sort,
    page: params.page > 1 ? params.page : null,
    pageSize: params.pageSize,
  });
  return (await staffGet<{ data: PageList }>(url, signal)).body.data;
}

export const pagesQuery = (params: PageListParams, lang: Language) =>
  queryOptions({
    queryKey: [...PAGE_LIST_KEY, lang, params],
    queryFn: ({ signal }) => getPages(params, lang, signal),
    staleTime: 5_000,
    // The table stays while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export function usePages(params: PageListParams, lang: Language) {
  return useQuery(pagesQuery(params, lang));
}
