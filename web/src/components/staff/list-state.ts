/**
 * Sort and page of a staff list in the URL (conventions 13: "paging, sort and filters live in the URL, so a list can
 * be linked and reloaded"), as the storefront's listing keeps its own. `?sort=name` ascending, `?sort=-name`
 * descending, by one of the list's sortable column ids; `?page=2`, 1-based. Anything else is the list's default.
 */

export interface ListSort {
  /** Column id, e.g. 'username'. */
  id: string;
  desc: boolean;
}

export interface ListState {
  sort: ListSort | null;
  /** 1-based page number. */
  page: number;
}

/** Rows per page of every staff list (spec 9: page sizes start at 24). */
export const STAFF_PAGE_SIZE = 24;

/** Reads `sort` and `page` from the query; unknown columns and bad pages fall back to `fallbackSort` and page 1. */
export function readListState(search: URLSearchParams, sortable: readonly string[], fallbackSort: ListSort | null): ListState {
  const raw = search.get('sort') ?? '';
  const desc = raw.startsWith('-');
  const id = desc ? raw.slice(1) : raw;
  const sort = sortable.includes(id) ? { id, desc } : fallbackSort;
  const page = Number(search.get('page'));
  return { sort, page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

/**
 * The query with `state` written into it (other parameters kept): page 1 and the default sort are left out, so
 * the plain list URL stays plain.
 */
export function writeListState(search: URLSearchParams, state: ListState, fallbackSort: ListSort | null): URLSearchParams {
  const next = new URLSearchParams(search);
  const same = state.sort?.id === fallbackSort?.id && state.sort?.desc === fallbackSort?.desc;
  if (!state.sort || same) next.delete('sort');
  else next.set('sort', `${state.sort.desc ? '-' : ''}${state.sort.id}`);
  if (state.page <= 1) next.delete('page');
  else next.set('page', String(state.page));
  return next;
}

/** The next sort when a column's header is pressed: ascending first, then descending, then ascending again. */
export function toggledSort(current: ListSort | null, id: string): ListSort {
  return current?.id === id && !current.desc ? { id, desc: true } : { id, desc: false };
}

/** The page within 1..pageCount (a page past the end after rows disappeared shows the last one). */
export function clampPage(page: number, rowCount: number, pageSize = STAFF_PAGE_SIZE): number {
  const pageCount = Math.max(1, Math.ceil(rowCount / pageSize));
  return Math.min(Math.max(1, page), pageCount);
}
