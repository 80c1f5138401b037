/**
 * Sell-through, days of cover and reorder suggestions (docs/analytics.md "Sell-through, days of
 * cover and reorder suggestions"; analytics/sell-through): permission `statistics.view` to read, `stock.edit` to accept suggestions
 * into a purchase list (domain/purchase-list). Ranges are the spec's statistics ranges (spec 2 "Admin area").
 * Units are whole units of the product's unit; days are Tallinn calendar days. Imports nothing but zod.
 */
import { z } from 'zod';
import { STATISTICS_RANGE_NAMES } from './admin-statistics.js';

/** Service levels offered (analytics/sell-through/reorder.ts SERVICE_LEVELS: 90 % z 1.28, 95 % 1.645, 98 % 2.05). */
export const SERVICE_LEVEL_VALUES = ['90', '95', '98'] as const;
export type ServiceLevelValue = (typeof SERVICE_LEVEL_VALUES)[number];

/** Query of GET /v1/admin/analytics/sell-through: `range` (default last-30-days), `format=csv`, `lang`. */
export const sellThroughQuerySchema = z.object({
  range: z.enum(STATISTICS_RANGE_NAMES).default('last-30-days'),
  format: z.enum(['json', 'csv']).optional(),
  lang: z.string().optional(),
});

const count = z.number().int();

/** One product in one warehouse over the range. */
export const sellThroughRowSchema = z.object({
  productId: z.string(),
  code: z.string(),
  name: z.object({ et: z.string(), en: z.string() }),
  warehouseId: z.string(),
  warehouseName: z.string(),
  sold: count,
  received: count,
  inStockDays: count,
  demandDays: count,
  rangeDays: count,
  onHand: count,
  /** Units a day over the demand days (in-stock days). */
  dailyDemand: z.number(),
  /** onHand / dailyDemand, days; null without demand. */
  daysOfCover: z.number().nullable(),
  /** sold / (sold + onHand when above 0), 0..1; null when both are 0. */
  sellThrough: z.number().nullable(),
  openRequests: count,
  requestedUnits: count,
});
export type SellThroughRowData = z.infer<typeof sellThroughRowSchema>;

/** `data` of GET /v1/admin/analytics/sell-through (JSON). */
export const sellThroughResponseSchema = z.object({
  range: z.enum(STATISTICS_RANGE_NAMES),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Most sold first (at most 2000; the CSV has all). */
  rows: z.array(sellThroughRowSchema),
  /** Units sold and received per day over every product (the chart), oldest first. */
  perDay: z.array(z.object({ day: z.string(), sold: count, received: count })),
});
export type SellThroughResponse = z.infer<typeof sellThroughResponseSchema>;

/** Query of GET /v1/admin/analytics/reorder-suggestions: `range`, `serviceLevel` (default 95), `format=csv`, `lang`. */
export const reorderQuerySchema = sellThroughQuerySchema.extend({ serviceLevel: z.enum(SERVICE_LEVEL_VALUES).default('95') });

/** One suggestion (a product in a warehouse whose stock is at or below its reorder point). */
export const reorderSuggestionSchema = z.object({
  productId: z.string(),
  code: z.string(),
  name: z.object({ et: z.string(), en: z.string() }),
  warehouseId: z.string(),
  warehouseName: z.string(),
  onHand: count,
  dailyDemand: z.number(),
  demandDays: count,
  daysOfCover: z.number().nullable(),
  leadTimeDays: count,
  packSize: count,
  /** Whether staff set lead time or pack size (else the defaults 14 days, 1 unit). */
  settingsSet: z.boolean(),
  safetyStock: count,
  reorderPoint: count,
  quantity: count,
  packs: count,
  openRequests: count,
  /** Why, in the request's language. */
  reason: z.string(),
});
export type ReorderSuggestionRow = z.infer<typeof reorderSuggestionSchema>;

export const reorderResponseSchema = z.object({
  range: z.enum(STATISTICS_RANGE_NAMES),
  from: z.string().nullable(),
  to: z.string().nullable(),
  serviceLevel: z.enum(SERVICE_LEVEL_VALUES),
  /** Fewest days of cover first (then by code). */
  suggestions: z.array(reorderSuggestionSchema),
});
export type ReorderResponse = z.infer<typeof reorderResponseSchema>;

const id = z.string().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/);

/**
 * Body of POST /v1/admin/purchase-lists: the suggestions accepted (product and warehouse, 1-500, each once) with the
 * range and service level they were shown for; the server computes the quantities again (a suggestion gone answers
 * 409 `purchase_list.suggestion_invalid`).
 */
export const createPurchaseListBodySchema = z.object({
  range: z.enum(STATISTICS_RANGE_NAMES),
  serviceLevel: z.enum(SERVICE_LEVEL_VALUES),
  items: z.array(z.object({ productId: id, warehouseId: id })).min(1).max(500),
});
export type CreatePurchaseListBody = z.infer<typeof createPurchaseListBodySchema>;

export const purchaseListSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  serviceLevel: z.string(),
  range: z.string(),
  lineCount: count,
  units: count,
});
export type PurchaseListSummaryRow = z.infer<typeof purchaseListSummarySchema>;

export const purchaseListLineSchema = z.object({
  n: count,
  productId: z.string(),
  code: z.string(),
  name: z.object({ et: z.string(), en: z.string() }),
  warehouseId: z.string(),
  warehouseName: z.string(),
  quantity: count,
  reason: z.object({ et: z.string(), en: z.string() }),
});

export const purchaseListSchema = z.object({ list: purchaseListSummarySchema, lines: z.array(purchaseListLineSchema) });
export type PurchaseListData = z.infer<typeof purchaseListSchema>;

export const purchaseListsResponseSchema = z.object({ lists: z.array(purchaseListSummarySchema) });
export const purchaseListParamsSchema = z.object({ id: z.string().uuid() });
export const purchaseListQuerySchema = z.object({ format: z.enum(['json', 'csv']).optional(), lang: z.string().optional() });
