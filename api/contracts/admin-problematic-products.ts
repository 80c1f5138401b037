/**
 * Problematic products contracts (spec 2 "Admin area": ProblematicProductsList, "the product dashboard"): GET
 * /v1/admin/products/problematic?kind=&days=&page=&pageSize=, permission `products.view`. Imports nothing but zod
 * (the kinds and reasons are domain/product/problematic-products.ts's; api/routes/admin/problematic-products.ts checks at
 * compile time that both lists agree). Prices in euro cents, stock in whole units, times ISO-8601.
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './catalog-constants.js';
import { wholeNumber } from './text.js';

export const PROBLEMATIC_PRODUCTS_KIND_NAMES = ['problematic', 'stale', 'outdated', 'popular', 'low-stock', 'no-category'] as const;
export type ProblematicProductsKindName = (typeof PROBLEMATIC_PRODUCTS_KIND_NAMES)[number];

/** Reasons of the problematic kind, in the order they are shown. */
export const PROBLEM_REASON_NAMES = ['visible_not_purchasable', 'no_price', 'zero_price', 'no_description_et', 'no_description_en', 'no_image'] as const;

/** The stale kind's default and largest N days. */
export const STALE_DAYS_DEFAULT = 180;
export const STALE_DAYS_MAX = 3650;

/**
 * Query: `kind` (default problematic; another value answers 400 `problematic_products.kind_invalid`), `days` (stale: not
 * changed for N days, 1-3650, default 180; 400 `problematic_products.days_invalid`), `page` (1-based), `pageSize` (24, 48, 84
 * or 120), `lang`.
 */
export const problematicProductsQuerySchema = z.object({
  kind: z.enum(PROBLEMATIC_PRODUCTS_KIND_NAMES).default('problematic'),
  days: wholeNumber(1, STALE_DAYS_MAX).default(STALE_DAYS_DEFAULT),
  page: wholeNumber(1, 100_000).default(1),
  pageSize: z.coerce.number().int().refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'pageSize must be 24, 48, 84 or 120').default(DEFAULT_PAGE_SIZE),
  lang: z.string().optional(),
});
export type ProblematicProductsQuery = z.infer<typeof problematicProductsQuerySchema>;

/** Why a product is listed: a problem reason, or the kind's own fact with its figures. */
export const problematicProductsReasonSchema = z.discriminatedUnion('code', [
  z.object({ code: z.enum(PROBLEM_REASON_NAMES) }),
  /** Last changed at. */
  z.object({ code: z.literal('stale'), changedAt: z.string() }),
  /** The visibility rule ended at. */
  z.object({ code: z.literal('outdated'), endedAt: z.string() }),
  /** Units ordered and orders in the last 30 days. */
  z.object({ code: z.literal('popular'), units: z.number().int(), orders: z.number().int() }),
  /** First stock amount and the critical level, whole units. */
  z.object({ code: z.literal('low_stock'), stock: z.number().int(), level: z.number().int() }),
  z.object({ code: z.literal('no_category') }),
]);
export type ProblematicProductsReason = z.infer<typeof problematicProductsReasonSchema>;

/** One listed product; its edit screen is /admin/product/edit/{id}. */
export const problematicProductsRowSchema = z.object({
  id: z.string(),
  code1: z.string(),
  /** In the request's language (Estonian when it has none). */
  name: z.string(),
  grossCents: z.number().int().nullable(),
  stockTotal: z.number().int(),
  criticalStockLevel: z.number().int().nullable(),
  /** Visibility now. */
  visibility: z.enum(['visible', 'hidden', 'inaccessible']),
  changedAt: z.string().nullable(),
  reasons: z.array(problematicProductsReasonSchema),
});
export type ProblematicProductsRow = z.infer<typeof problematicProductsRowSchema>;

/** `data` of GET /v1/admin/products/problematic. */
export const problematicProductsResponseSchema = z.object({
  kind: z.enum(PROBLEMATIC_PRODUCTS_KIND_NAMES),
  days: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Rows of this kind over all pages. */
  total: z.number().int(),
  rows: z.array(problematicProductsRowSchema),
  /** Rows of every kind now (the tabs' counts). */
  counts: z.object({
    problematic: z.number().int(),
    stale: z.number().int(),
    outdated: z.number().int(),
    popular: z.number().int(),
    'low-stock': z.number().int(),
    'no-category': z.number().int(),
  }),
});
export type ProblematicProductsResponse = z.infer<typeof problematicProductsResponseSchema>;
