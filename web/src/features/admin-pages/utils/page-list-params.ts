/**
 * PageList's parameters in the URL (spec 2 PageList; conventions 13: "paging, sort and filters live in the URL, so a
 * list can be linked and reloaded"): `?q=&layout=&state=&language=&sort=&page=&pageSize=`, the names GET
 * /v1/admin/pages takes (api/contracts/pages-admin.ts pageListQuerySchema). Anything unknown is the default, so a
 * hostile or stale link shows the plain list.
 */
import { PAGE_STATES, type PageListQuery, type PageState } from '../../../../../api/contracts/pages-admin';
import { PAGE_LAYOUTS, type PageLayout } from '../../../../../domain/page/page-doc';
import { readChoiceParam, readListState, readPageParam, readPageSizeParam, readSearchParam, type ListSort } from '../../../components/staff/list-state';

/** Spec 9 page sizes. */
export const PAGE_LIST_SIZES = [24, 48, 84, 120] as const;
export const PAGE_LIST_LANGUAGES = ['et', 'en'] as const;
/** The table's sortable columns (the api's sort keys) and the default: by title, A-Z. */
export const PAGE_LIST_SORTABLE = ['title', 'changedAt'] as const;
export const PAGE_LIST_DEFAULT_SORT: ListSort = { id: 'title', desc: false };

export interface PageListParams {
  q: string;
  layout: PageLayout | null;
  state: PageState | null;
  /** Only pages with a title in this language. */
  language: (typeof PAGE_LIST_LANGUAGES)[number] | null;
  sort: PageListQuery['sort'];
  page: number;
  pageSize: number;
}

export function pageListParams(search: URLSearchParams): PageListParams {
  const { sort } = readListState(search, PAGE_LIST_SORTABLE, PAGE_LIST_DEFAULT_SORT);
  const by = sort ?? PAGE_LIST_DEFAULT_SORT;
  return {
    q: readSearchParam(search),
    layout: readChoiceParam(search, 'layout', PAGE_LAYOUTS),
    state: readChoiceParam(search, 'state', PAGE_STATES),
    language: readChoiceParam(search, 'language', PAGE_LIST_LANGUAGES),
    sort: `${by.desc ? '-' : ''}${by.id}` as PageListQuery['sort'],
    page: readPageParam(search),
    pageSize: readPageSizeParam(search, PAGE_LIST_SIZES),
  };
}

/** Whether any filter differs from its default (the 'clear' button shows then). */
export const isFiltered = (p: PageListParams) => p.q !== '' || p.layout !== null || p.state !== null || p.language !== null;
