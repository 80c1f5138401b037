/**
 * Analysis screen contracts (docs/architecture.md "Analyses: search conversion and the order funnel"; analytics/search-conversion, analytics/order-funnel):
 * GET /v1/admin/analytics/search-conversion and GET /v1/admin/analytics/order-funnel, permission `statistics.view`,
 * over the spec's statistics ranges (spec 2 "Admin area": statistics time ranges). Imports nothing but zod.
 */
import { z } from 'zod';
import { STATISTICS_RANGE_NAMES } from './admin-statistics.js';

/** Rows per page of the keyword list: default and most. */
export const CONVERSION_PAGE_SIZE_DEFAULT = 50;
export const CONVERSION_PAGE_SIZE_MAX = 1000;

/**
 * Query of GET /v1/admin/analytics/search-conversion: `range` (default last-30-days; another value answers 400
 * `statistics.range_invalid`), `format=csv` every keyword as text/csv (paging ignored), `page`, `pageSize` (1-1000,
 * default 50), `lang`.
 */
export const searchConversionQuerySchema = z.object({
  range: z.enum(STATISTICS_RANGE_NAMES).default('last-30-days'),
  format: z.enum(['json', 'csv']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(CONVERSION_PAGE_SIZE_MAX).default(CONVERSION_PAGE_SIZE_DEFAULT),
  lang: z.string().optional(),
});
export type SearchConversionQuery = z.infer<typeof searchConversionQuerySchema>;

const count = z.number().int();

/** One keyword over the range (analytics/search-conversion/queries.ts KeywordConversion). */
export const keywordConversionSchema = z.object({
  keyword: z.string(),
  searches: count,
  zeroResults: count,
  /** Searches by a tab with a shopper session: the base of the rates. */
  trackedSearches: count,
  clickedSearches: count,
  noClickSearches: count,
  productOpens: count,
  cartAdds: count,
  orders: count,
  /** Euro cents of the ordered rows credited to the keyword. */
  orderedCents: z.number(),
});
export type KeywordConversionRow = z.infer<typeof keywordConversionSchema>;

/** `data` of GET /v1/admin/analytics/search-conversion (JSON). */
export const searchConversionResponseSchema = z.object({
  range: z.enum(STATISTICS_RANGE_NAMES),
  from: z.string().nullable(),
  to: z.string().nullable(),
  page: count,
  pageSize: count,
  total: count,
  /** Most searched first, then by keyword. */
  keywords: z.array(keywordConversionSchema),
  /** Per Tallinn day of the range, oldest first (the chart). */
  perDay: z.array(z.object({ day: z.string(), searches: count, clickedSearches: count, cartAdds: count, orders: count })),
});
export type SearchConversionResponse = z.infer<typeof searchConversionResponseSchema>;

/** Query of GET /v1/admin/analytics/order-funnel: `range` as above, `format=csv`, `lang`. */
export const orderFunnelQuerySchema = z.object({
  range: z.enum(STATISTICS_RANGE_NAMES).default('last-30-days'),
  format: z.enum(['json', 'csv']).optional(),
  lang: z.string().optional(),
});
export type OrderFunnelQuery = z.infer<typeof orderFunnelQuerySchema>;

/** One week of placement (analytics/order-funnel/queries.ts FunnelWeek). */
export const funnelWeekSchema = z.object({
  /** The Monday, yyyy-mm-dd. */
  week: z.string(),
  placed: count,
  placedCents: z.number(),
  paid: count,
  paidCents: z.number(),
  filled: count,
  withReservation: count,
  reservationExpired: count,
});
export type FunnelWeekRow = z.infer<typeof funnelWeekSchema>;

/** `data` of GET /v1/admin/analytics/order-funnel (JSON). */
export const orderFunnelResponseSchema = z.object({
  range: z.enum(STATISTICS_RANGE_NAMES),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Oldest first; weeks without orders are absent. */
  weeks: z.array(funnelWeekSchema),
  /** The methods of the orders paid in the range's weeks, most orders first; `share` 0..1. */
  paymentMethods: z.array(z.object({ method: z.string(), orders: count, amountCents: z.number(), share: z.number() })),
});
export type OrderFunnelResponse = z.infer<typeof orderFunnelResponseSchema>;
