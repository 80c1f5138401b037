/**
 * The product listing state lives in the URL query (spec 2 "Product listing"): q, c, f, page, pageSize, sort,
 * the vehicle `v` and `unknown=1` (docs/architecture.md "Vehicle fitment": only parts that fit the vehicle, or also those without
 * fitment data) (and iu=user right after a typed search; `view`, a view mode chosen without JavaScript). These helpers read it leniently (bad values fall back to defaults),
 * build the canonical API query string that also keys the query cache, and derive the next URL on a change.
 */
import type { AppliedFilters } from '../../../../../api/contracts/catalog';
import {
  APPLIED_FILTER_LIMITS,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  isSort,
  MAX_QUERY_LENGTH,
  PAGE_SIZES,
  type Language,
  type Sort,
  VIEW_MODES,
  type ViewMode,
} from '../../../../../api/contracts/catalog-constants';
import { isVehicleParam } from '../../../../../api/contracts/vehicle-param';

/**
 * The listing's own sort choice beside the spec's options: relevance (the part-number match first,
 * then name matches), offered and the default only while searching. The API orders a search by relevance when no
 * sort is given, so it is sent as no `sort` at all.
 */
export const RELEVANCE = 'relevance';
export type ListingSort = Sort | typeof RELEVANCE;

/** The default sort of a listing: relevance for a search (q set), else the spec's default (-modified_at). */
export const defaultSortFor = (q: string): ListingSort => (q ? RELEVANCE : DEFAULT_SORT);

export interface ListingParams {
  q: string;
  c: string;
  f: AppliedFilters;
  page: number;
  pageSize: number;
  /** RELEVANCE only when q is set. */
  sort: ListingSort;
  iu: 'user' | undefined;
  /** The vehicle's URL form (`v=`), or '' for none: only the parts that fit it or are universal. */
  v: string;
  /** With a vehicle, also the parts without fitment data (`unknown=1`). */
  unknown: boolean;
}

/**
 * Parses `f` (JSON text of applied filters: filter name -> list of values, within APPLIED_FILTER_LIMITS); invalid
 * text gives no filters (the API answers 400 for the same text).
 */
export function parseAppliedFilters(raw: string | null): AppliedFilters {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length > APPLIED_FILTER_LIMITS.names) return {};
  const filters: AppliedFilters = {};
  for (const [name, values] of entries) {
    if (name.length < 1 || name.length > APPLIED_FILTER_LIMITS.length) return {};
    if (!Array.isArray(values) || values.length < 1 || values.length > APPLIED_FILTER_LIMITS.values) return {};
    if (!values.every((v) => typeof v === 'string' && v.length <= APPLIED_FILTER_LIMITS.length)) return {};
    filters[name] = values as string[];
  }
  return filters;
}

/** Serialises applied filters with sorted names and values, so equal selections give equal URLs; '' when empty. */
export function serializeAppliedFilters(filters: AppliedFilters): string {
  const names = Object.keys(filters)
    .filter((name) => (filters[name]?.length ?? 0) > 0)
    .sort();
  if (names.length === 0) return '';
  const canonical: AppliedFilters = {};
  for (const name of names) canonical[name] = [...new Set(filters[name])].sort();
  return JSON.stringify(canonical);
}

/**
 * Parameters the listing's options form (listing-toolbar.tsx) sets itself or drops: sort, pageSize and view are its
 * fields, a new choice starts at page 1, and iu marks only a typed search. The rest (q, c, f) it carries over.
 */
export const LISTING_OPTION_PARAMS: readonly string[] = ['sort', 'pageSize', 'view', 'page', 'iu'];

/** The view mode named by `view` (spec 9 view modes), or undefined when absent or unknown. */
export function readViewMode(sp: URLSearchParams): ViewMode | undefined {
  const view = sp.get('view');
  return (VIEW_MODES as readonly (string | null)[]).includes(view) ? (view as ViewMode) : undefined;
}

export function readListingParams(sp: URLSearchParams): ListingParams {
  const page = Number.parseInt(sp.get('page') ?? '', 10);
  const pageSize = Number.parseInt(sp.get('pageSize') ?? '', 10);
  const sort = sp.get('sort');
  const q = (sp.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  return {
    q,
    c: (sp.get('c') ?? '').trim(),
    f: parseAppliedFilters(sp.get('f')),
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    sort: isSort(sort) ? sort : defaultSortFor(q),
    iu: sp.get('iu') === 'user' ? 'user' : undefined,
    v: isVehicleParam(sp.get('v')) ? sp.get('v')! : '',
    unknown: sp.get('unknown') === '1',
  };
}

/**
 * The listing's parameters as the page uses them: the URL's, where the URL names no sort the remembered one (a search
 * without a sort in its URL is ordered by relevance instead), where it names no page size the remembered one (spec 3
 * "Remembered user options"), and the category of a category URL (`categoryId`, spec 9) over `c`. The listing page
 * and the server render's prefetch (app/prefetch-route.ts) both build its product query from this, so they agree.
 */
export function listingParamsOf(sp: URLSearchParams, remembered: { sort: Sort; pageSize: string }, categoryId?: string): ListingParams {
  const read = readListingParams(sp);
  if (!sp.has('sort') && !read.q) read.sort = remembered.sort;
  if (!sp.has('pageSize')) read.pageSize = Number(remembered.pageSize);
  return categoryId ? { ...read, c: categoryId } : read;
}

/** The canonical query string of GET /v1/products, also the query key (spec 2: results cached per query string). */
export function toProductListQuery(params: ListingParams, lang: Language): string {
  const sp = new URLSearchParams();
  if (params.q) sp.set('q', params.q);
  if (params.c) sp.set('c', params.c);
  const f = serializeAppliedFilters(params.f);
  if (f) sp.set('f', f);
  sp.set('page', String(params.page));
  sp.set('pageSize', String(params.pageSize));
  if (params.sort !== RELEVANCE) sp.set('sort', params.sort);
  else if (!params.q) sp.set('sort', DEFAULT_SORT);
  if (params.iu) sp.set('iu', params.iu);
  if (params.v) {
    sp.set('v', params.v);
    if (params.unknown) sp.set('unknown', '1');
  }
  sp.set('lang', lang);
  return sp.toString();
}

export interface ListingChange {
  q?: string;
  c?: string;
  f?: AppliedFilters;
  page?: number;
  pageSize?: number;
  sort?: ListingSort;
  /** With a vehicle: also list the parts without fitment data. */
  unknown?: boolean;
}

/**
 * The next URL query after a change made on the listing. Defaults are left out of the URL (the sort's default is
 * relevance while searching, see defaultSortFor); `iu` is dropped
 * because only the typed search itself counts as a user search. Changing anything but the page resets the page;
 * changing the category clears the filters (facets differ per category).
 */
export function nextListingSearch(current: URLSearchParams, change: ListingChange): string {
  const sp = new URLSearchParams(current);
  sp.delete('iu');
  const set = (key: string, value: string | undefined, defaultValue?: string) => {
    if (value === undefined || value === '' || value === defaultValue) sp.delete(key);
    else sp.set(key, value);
  };
  if ('q' in change) set('q', change.q?.trim());
  if ('c' in change) {
    set('c', change.c);
    sp.delete('f');
  }
  if ('f' in change) set('f', change.f ? serializeAppliedFilters(change.f) : undefined);
  if ('pageSize' in change) set('pageSize', change.pageSize?.toString(), String(DEFAULT_PAGE_SIZE));
  if ('sort' in change) set('sort', change.sort, defaultSortFor(sp.get('q') ?? ''));
  if ('unknown' in change) set('unknown', change.unknown ? '1' : undefined);
  if ('page' in change) set('page', change.page?.toString(), '1');
  else sp.delete('page');
  const qs = sp.toString();
  return qs ? `?${qs}` : '';
}

/** Adds or removes one filter value. */
export function toggleFilterValue(filters: AppliedFilters, name: string, value: string, on: boolean): AppliedFilters {
  const next: AppliedFilters = { ...filters };
  const values = new Set(next[name] ?? []);
  if (on) values.add(value);
  else values.delete(value);
  if (values.size === 0) delete next[name];
  else next[name] = [...values];
  return next;
}

export function countAppliedValues(filters: AppliedFilters): number {
  return Object.values(filters).reduce((sum, values) => sum + values.length, 0);
}
