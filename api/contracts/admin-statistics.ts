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
 * `format=csv` every keyword of the range as text/csv (paging ignored), `page` (1-based), `pageSize` (1-1000,
 * default 50), `lang`.
 */
export const searchKeywordsQuerySchema = z.object({
  range: z.enum(STATISTICS_RANGE_NAMES).default('last-30-days'),
  zero: z.enum(['0', '1']).optional(),
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
