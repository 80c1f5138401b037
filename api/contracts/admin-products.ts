/**
 * Product administration contracts (issue 11 "Products"; spec 2 "Admin area" ProductList, ProductEdit; spec 3
 * "Product"; spec 4; spec 5). Paths under /v1/admin/products; permissions products.view (read) and products.edit
 * (write). Imports nothing but zod. Failures: the envelope of spec 7 with field errors.
 */
import { z } from 'zod';
import { safeString } from './text.js';

// ---- ProductEdit (helper product-edit): GET/PUT /v1/admin/products/{id}, POST /v1/admin/products ----------------

const PRODUCT_UNITS = ['pcs', 'set', 'pair', 'l', 'm', 'kg'] as const;
const PRODUCT_CLASSES = ['product', 'service'] as const;
/** Back-office availability policies of spec 4 (available, on demand, not available, non-stock). */
export const AVAILABILITY_POLICY_VALUES = ['available', 'on_demand', 'not_available', 'non_stock'] as const;
export const PRODUCT_VISIBILITY_STATES = ['visible', 'hidden', 'inaccessible'] as const;
const visibilityStateValue = z.enum(PRODUCT_VISIBILITY_STATES);
/** An ISO-8601 date-time (with offset or Z), e.g. 2026-12-01T00:00:00.000Z. */
const isoDateTime = safeString(40).pipe(z.iso.datetime({ offset: true }));
const idList = (max: number) => z.array(safeString(100).pipe(z.string().min(1))).max(max);

/** The visibility rule of spec 3/4: static, timed (from a moment on), time range; states in and out of range. */
export const productVisibilityRuleSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('static'), state: visibilityStateValue }),
  z.object({ type: z.literal('timed'), rangeFrom: isoDateTime, stateInRange: visibilityStateValue, stateOutRange: visibilityStateValue }),
  z.object({ type: z.literal('timeRange'), rangeFrom: isoDateTime, rangeTo: isoDateTime, stateInRange: visibilityStateValue, stateOutRange: visibilityStateValue }),
]);
export type ProductVisibilityRule = z.infer<typeof productVisibilityRuleSchema>;

/**
 * Every field of a product as ProductEdit edits it (spec 3 "Product"). Money: `grossCents` integer euro cents with
 * VAT (null: no price; the net price is the server's, from the shop's VAT rate). `deliveryDays` workdays 1-365 or
 * null; `criticalStockLevel` whole units or null. Lists hold ids (categories, products) or free text (vehicles).
 */
export const productFormSchema = z.object({
  names: z.object({ et: safeString(255), en: safeString(255) }),
  descriptions: z.object({ et: safeString(10_000), en: safeString(10_000) }),
  code1: safeString(64).pipe(z.string().trim().min(1)),
  code2: safeString(64).nullable(),
  unit: z.enum(PRODUCT_UNITS),
  productClass: z.enum(PRODUCT_CLASSES),
  grossCents: z.number().int().min(0).max(100_000_000).nullable(),
  policy: z.enum(AVAILABILITY_POLICY_VALUES),
  deliveryDays: z.number().int().min(1).max(365).nullable(),
  visibility: productVisibilityRuleSchema,
  criticalStockLevel: z.number().int().min(0).max(1_000_000_000).nullable(),
  bigProduct: z.boolean(),
  categoryIds: idList(200),
  vehicles: z.array(safeString(200)).max(2000),
  compatibleProducts: idList(200),
  similarProducts: idList(200),
  /** Image URLs (the images field fills them). */
  images: z.array(safeString(2000)).max(200),
});
export type ProductForm = z.infer<typeof productFormSchema>;

/** Body of POST /v1/admin/products (create; answers 201 the product with its new `id`). */
export const createProductBodySchema = productFormSchema;
/** Body of PUT /v1/admin/products/{id}: the form plus the `version` it was read at (a stale one answers 409). */
export const updateProductBodySchema = productFormSchema.extend({ version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });
export type UpdateProductBody = z.infer<typeof updateProductBodySchema>;

/** Path of /v1/admin/products/{id}: a product id (a uuid in practice; letters, digits, _ and -). */
export const adminProductParamsSchema = z.object({ id: safeString(100).pipe(z.string().regex(/^[A-Za-z0-9_-]{1,100}$/)) });

/** A product as GET /v1/admin/products/{id} answers it: the form's fields plus what the screen shows beside them. */
export const adminProductSchema = productFormSchema.extend({
  id: z.string(),
  /** The product stream's version: PUT sends it back. */
  version: z.number().int(),
  /** Net price in euro cents (VAT excluded) as the server derived it; null without a price. */
  netCents: z.number().int().nullable(),
  vatRatePercent: z.number(),
  /** Whole units on hand per warehouse id (the catalog read model; may lag the stock streams briefly). */
  stock: z.record(z.string(), z.number()),
  /** Names (et, en) and code1 of the compatible and similar products, for the picker's chips. */
  relatedProducts: z.array(z.object({ id: z.string(), code1: z.string(), name: z.object({ et: z.string(), en: z.string() }) })),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
