/**
 * The search results page's state from its URL (spec 2 "Search results page"): q, page, pageSize and sort, read
 * leniently (bad values fall back to the defaults), and the GET /v1/search query string that also keys the query
 * cache. Shared by the page (routes/search-results.tsx) and the server render's prefetch (app/prefetch-route.ts),
 * so the server fetches exactly the query the page asks for.
 */
import { DEFAULT_PAGE_SIZE, isSort, type Language, PAGE_SIZES, type Sort } from '../../../../../api/contracts/catalog-constants';
import { isVehicleParam } from '../../../../../api/contracts/vehicle-param';

export interface SearchParams {
  /** The search text, trimmed ('' when absent). */
  q: string;
  /** 1-based page number. */
  page: number;
  /** Results per page, one of PAGE_SIZES. */
  pageSize: number;
  /** The spec's sort, or undefined for relevance. */
  sort: Sort | undefined;
  /** The vehicle's URL form (`v=`, docs/architecture.md "Vehicle fitment"), '' for none. */
  v: string;
  /** With a vehicle, also the parts without fitment data (`unknown=1`). */
  unknown: boolean;
}

/** The page's state from the URL's query. */
export function searchParamsOf(searchParams: URLSearchParams): SearchParams {
  const p = Number.parseInt(searchParams.get('page') ?? '', 10);
  const size = Number.parseInt(searchParams.get('pageSize') ?? '', 10);
  const s = searchParams.get('sort');
  return {
    q: (searchParams.get('q') ?? '').trim(),
    page: Number.isFinite(p) && p >= 1 ? p : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: isSort(s) ? s : undefined,
    v: isVehicleParam(searchParams.get('v')) ? searchParams.get('v')! : '',
    unknown: searchParams.get('unknown') === '1',
  };
}

/** GET /v1/search's query string for `params` in `lang` (q, page, per-page, sort when set, v and unknown=1 when set, lang). */
export function searchQueryString({ q, page, pageSize, sort, v, unknown }: SearchParams, lang: Language): string {
  const sp = new URLSearchParams({ q, page: String(page), 'per-page': String(pageSize) });
  if (sort) sp.set('sort', sort);
  if (v) {
    sp.set('v', v);
    if (unknown) sp.set('unknown', '1');
  }
  sp.set('lang', lang);
  return sp.toString();
}
