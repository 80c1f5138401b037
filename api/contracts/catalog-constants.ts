/**
 * Catalog constants shared by the API and the web app without zod (spec 9 "Business constants and limits"), so the
 * storefront bundle carries no schema library. api/contracts/catalog.ts builds its schemas from these.
 */

/** Interface languages (spec 1): Estonian is the default. The API takes `lang=et|en` (en-US is accepted as en). */
export const LANGUAGES = ['et', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Page sizes (spec 9): 24, 48, 84, 120; default 24. */
export const PAGE_SIZES = [24, 48, 84, 120] as const;
export const DEFAULT_PAGE_SIZE = 24;

/** Sort options (spec 9); `-modified_at` (Recently changed) is the default. `id` is creation order. */
export const SORT_OPTIONS = ['-modified_at', '-id', 'id', '-total_price', 'total_price', 'name', '-name'] as const;
export type Sort = (typeof SORT_OPTIONS)[number];
export const DEFAULT_SORT: Sort = '-modified_at';

/** Listing view modes (spec 9): grid (the default), list, compact. */
export const VIEW_MODES = ['grid', 'list', 'compact'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];
export const DEFAULT_VIEW_MODE: ViewMode = 'grid';

/** True when `value` is one of the sort options. */
export const isSort = (value: unknown): value is Sort => (SORT_OPTIONS as readonly unknown[]).includes(value);

/** Longest accepted search text, in characters. */
export const MAX_QUERY_LENGTH = 200;

/** Applied filters (`f`): at most this many filter names, values per name, and characters per name or value. */
export const APPLIED_FILTER_LIMITS = { names: 50, values: 50, length: 200 } as const;

/** Pagination headers (spec 3 "Product list response"). */
export const PAGINATION_HEADERS = {
  currentPage: 'x-pagination-current-page',
  perPage: 'x-pagination-per-page',
  pageCount: 'x-pagination-page-count',
  totalCount: 'x-pagination-total-count',
} as const;

/** Visibility states as the spec's numbers (spec 3 "Visibility states: visible=0, hidden=1, inaccessible=2"). */
export const VISIBILITY_STATE_CODES = { visible: 0, hidden: 1, inaccessible: 2 } as const;
/** Visibility rule types as the spec's numbers (spec 3 "Visibility rule: type (static=0, timed=1, timeRange=2)"). */
export const VISIBILITY_RULE_TYPE_CODES = { static: 0, timed: 1, timeRange: 2 } as const;
