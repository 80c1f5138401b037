/**
 * Search-keyword statistics contracts (spec 2 StatisticsList; spec 2 "Admin area": search keywords, statistics
 * time ranges). GET /v1/admin/statistics/search-keywords, permission `statistics.view`. Imports nothing but zod
 * (the range names are domain/search/statistics-ranges.ts STATISTICS_RANGES; api/routes/admin/statistics.ts checks
 * at compile time that both lists agree).
 */
import { z } from 'zod';
import { safeString } from './text.js';

/** The spec's ranges in its order: last 14 days, last 30 days, current month, previous month, next month, all time. */
export const STATISTICS_RANGE_NAMES = ['last-14-days', 'last-30-days', 'current-month', 'previous-month', 'next-month', 'all'] as const;
export type StatisticsRangeName = (typeof STATISTICS_RANGE_NAMES)[number];

/** Rows per page of the keyword list: default and most. */
export const KEYWORD_PAGE_SIZE_DEFAULT = 50;
export const KEYWORD_PAGE_SIZE_MAX = 1000;

/**
 * Query of GET /v1/admin/statistics/search-keywords: `range` (default last-30-days; another value answers 400
 * `statistics.range_invalid`), `zero=1` only the keywords whose last search in the range found nothing,
 * `vehicle=1` only the keywords of searches that named a vehicle, `format=csv` every keyword of the range as text/csv
 * (paging ignored), `page` (1-based), `pageSize` (1-1000,
 * default 50), `lang`.
 */
export const searchKeywordsQuerySchema = z.object({
  range: z.enum(STATISTICS_RANGE_NAMES).default('last-30-days'),
  zero: z.enum(['0', '1']).optional(),
  /** `1`: only the keywords of searches that named a vehicle (chosen or typed). */
  vehicle: z.enum(['0', '1']).optional(),
  format: z.enum(['json', 'csv']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(KEYWORD_PAGE_SIZE_MAX).default(KEYWORD_PAGE_SIZE_DEFAULT),
  lang: z.string().optional(),
});
export type SearchKeywordsQuery = z.infer<typeof searchKeywordsQuerySchema>;

/** One keyword over the range. */
export const keywordStatisticsSchema = z.object({
  /** Normalised: lower case, whitespace collapsed. */
  keyword: z.string(),
  /** Searches of it in the range (typed, linked or paged). */
  searches: z.number().int(),
  /** Of those, typed into the search box. */
  typedByUser: z.number().int(),
  /** Of those, the ones that found nothing. */
  zeroResults: z.number().int(),
  /** Results of its last search in the range. */
  resultCount: z.number().int(),
  /** Tallinn date of its last search in the range, yyyy-mm-dd. */
  lastSearchedOn: z.string(),
  /**
   * For a keyword whose last search found nothing: the products a shopper's search for it finds now (the whole
   * catalog, visible products), e.g. after staff made it a category's search keyword or a product's alias; null for
   * the others.
   */
  findsNow: z.number().int().nullable(),
  /** Of its searches, those that named a vehicle (chosen in the garage, `v=`, or typed in the text). */
  vehicleSearches: z.number().int(),
  /** The model (or make) its text names, as recorded at its last search in the range that named one ('MG MGB'); null for none. */
  typedVehicle: z.string().nullable(),
});
export type KeywordStatisticsRow = z.infer<typeof keywordStatisticsSchema>;

/** `data` of GET /v1/admin/statistics/search-keywords (JSON). */
export const searchKeywordsResponseSchema = z.object({
  range: z.enum(STATISTICS_RANGE_NAMES),
  /** First Tallinn date in the range (yyyy-mm-dd), null for all time. */
  from: z.string().nullable(),
  /** First Tallinn date after the range, null for all time. */
  to: z.string().nullable(),
  zeroOnly: z.boolean(),
  vehicleOnly: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Keywords in all pages. */
  total: z.number().int(),
  /** Most searched first, then by keyword. */
  keywords: z.array(keywordStatisticsSchema),
  /** Searches (with text) per Tallinn day of the range, oldest first, days without searches as 0 (the chart). */
  perDay: z.array(z.object({ day: z.string(), searches: z.number().int() })),
});
export type SearchKeywordsResponse = z.infer<typeof searchKeywordsResponseSchema>;

/**
 * Query of GET /v1/admin/statistics/search-vehicles (spec 2 "Search keywords": the searches that named a vehicle):
 * `range` as the keyword list's, `format=csv` every vehicle of the range as text/csv, `page`, `pageSize` (1-1000,
 * default 50), `lang`.
 */
export const searchVehiclesQuerySchema = z.object({
  range: z.enum(STATISTICS_RANGE_NAMES).default('last-30-days'),
  format: z.enum(['json', 'csv']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(KEYWORD_PAGE_SIZE_MAX).default(KEYWORD_PAGE_SIZE_DEFAULT),
  lang: z.string().optional(),
});
export type SearchVehiclesQuery = z.infer<typeof searchVehiclesQuerySchema>;

/** One vehicle model (or a make named alone) over the range, with the searches that named it. */
export const vehicleStatisticsSchema = z.object({
  /** The model's key `{make}.{model}` ('mg.mgb'), or a make's ('mg'). */
  key: z.string(),
  /** As recorded at its last search in the range ('MG MGB'). */
  label: z.string(),
  /** Searches (with text) that named it. */
  searches: z.number().int(),
  /** Of those, with the vehicle chosen in the garage (`v=`). */
  chosen: z.number().int(),
  /** Of those, named in the search text ('mgb pidurikettad'). */
  typed: z.number().int(),
  /** Of those, the ones that found nothing. */
  zeroResults: z.number().int(),
  /** Tallinn date of its last search in the range, yyyy-mm-dd. */
  lastSearchedOn: z.string(),
  /** Its most searched keywords (at most 5), most searched first. */
  topKeywords: z.array(z.object({ keyword: z.string(), searches: z.number().int() })),
});
export type VehicleStatisticsRow = z.infer<typeof vehicleStatisticsSchema>;

/** `data` of GET /v1/admin/statistics/search-vehicles (JSON). */
export const searchVehiclesResponseSchema = z.object({
  range: z.enum(STATISTICS_RANGE_NAMES),
  from: z.string().nullable(),
  to: z.string().nullable(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Vehicles in all pages. */
  total: z.number().int(),
  /** Most searched first, then by label. */
  vehicles: z.array(vehicleStatisticsSchema),
});
export type SearchVehiclesResponse = z.infer<typeof searchVehiclesResponseSchema>;

/** A keyword as staff may assign it: 1-64 characters after trimming. */
const assignedKeyword = safeString(200).pipe(z.string().trim().min(1).max(64));

/**
 * Body of POST /v1/admin/statistics/search-keywords/assign ("one click adds a zero-result keyword as a
 * search keyword of a category or an alias of a product"): `target` 'category' adds `keyword` to the category's
 * search keywords in `language`; 'product' adds it to the product's search aliases.
 */
export const assignKeywordBodySchema = z.discriminatedUnion('target', [
  z.object({ target: z.literal('category'), keyword: assignedKeyword, categoryId: z.guid(), language: z.enum(['et', 'en']).default('et') }),
  z.object({ target: z.literal('product'), keyword: assignedKeyword, productId: z.guid() }),
]);
export type AssignKeywordBody = z.input<typeof assignKeywordBodySchema>;

/** `data` of POST /v1/admin/statistics/search-keywords/assign. */
export const assignKeywordResponseSchema = z.object({
  keyword: z.string(),
  target: z.enum(['category', 'product']),
  /** Products a shopper's search for the keyword finds once the change has reached the listing (waits up to 5 s). */
  findsNow: z.number().int(),
});
export type AssignKeywordResponse = z.infer<typeof assignKeywordResponseSchema>;
