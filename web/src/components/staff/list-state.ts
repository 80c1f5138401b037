/**
 * Sort and page of a staff list in the URL (conventions 13: "paging, sort and filters live in the URL, so a list can
 * be linked and reloaded"), as the storefront's listing keeps its own. `?sort=name` ascending, `?sort=-name`
 * descending, by one of the list's sortable column ids; `?page=2`, 1-based. Anything else is the list's default.
 *
 * The `read*Param` helpers parse the parameters every server-paged list shares (search text, a choice among known
 * values, page, page size), so each list's parser is a few declarations and a hostile or stale link falls back to
 * the defaults the same way everywhere.
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

/** Highest page a list's URL may ask for (the api's bound too). */
export const MAX_LIST_PAGE = 100_000;

/** The 1-based page of `?page=`: a whole number 1..MAX_LIST_PAGE, else 1. */
export function readPageParam(search: URLSearchParams, key = 'page'): number {
  const page = Number(search.get(key));
  return Number.isInteger(page) && page >= 1 && page <= MAX_LIST_PAGE ? page : 1;
}

/** The page size of `?pageSize=` when it is one of `sizes` (spec 9: 24, 48, 84, 120), else `fallback`. */
export function readPageSizeParam(search: URLSearchParams, sizes: readonly number[], fallback = STAFF_PAGE_SIZE): number {
  const size = Number(search.get('pageSize'));
  return sizes.includes(size) ? size : fallback;
}

/** The value of `key` when it is exactly one of `values`, else null (the filter's "any"). */
export function readChoiceParam<T extends string>(search: URLSearchParams, key: string, values: readonly T[]): T | null {
  const value = search.get(key);
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** The search text of `key` (default `q`), cut to `max` characters (the api's bound, default 100). */
export function readSearchParam(search: URLSearchParams, key = 'q', max = 100): string {
  return (search.get(key) ?? '').slice(0, max);
}
