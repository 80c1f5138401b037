/**
 * Product administration contracts (staff products; spec 2 "Admin area" ProductList, ProductEdit; spec 3
 * "Product"; spec 4; spec 5). Paths under /v1/admin/products; permissions products.view (read) and products.edit
 * (write). Imports nothing but zod. Failures: the envelope of spec 7 with field errors.
 */
import { z } from 'zod';
import { safeString } from './text.js';
import { VISIBILITY_RULE_TYPE_CODES, VISIBILITY_STATE_CODES } from './catalog-constants.js';

// ---- ProductEdit (helper product-edit): GET/PUT /v1/admin/products/{id}, POST /v1/admin/products ----------------

const PRODUCT_UNITS = ['pcs', 'set', 'pair', 'l', 'm', 'kg'] as const;
const PRODUCT_CLASSES = ['product', 'service'] as const;
/** Back-office availability policies of spec 4 (available, on demand, not available, non-stock). */
export const AVAILABILITY_POLICY_VALUES = ['available', 'on_demand', 'not_available', 'non_stock'] as const;
export const PRODUCT_VISIBILITY_STATES = ['visible', 'hidden', 'inaccessible'] as const;
const visibilityStateValue = z.enum(PRODUCT_VISIBILITY_STATES);
/** An ISO-8601 date-time (with offset or Z), e.g. 2026-12-01T00:00:00.000Z. */
const isoDateTime = safeString(40).pipe(z.iso.datetime({ offset: true }));
/** A list of category or product ids: uuids (the read models keep them as uuid; anything else would stop the catalog projector). */
const idList = (max: number) => z.array(safeString(100).pipe(z.string().trim().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i))).max(max);

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
  /** Reorder settings: the supplier's lead time in calendar days (1-365) and the pack size in units (1-100000); null unset (defaults 14 days, 1 unit); absent: unchanged. */
  leadTimeDays: z.number().int().min(1).max(365).nullable().optional(),
  packSize: z.number().int().min(1).max(100_000).nullable().optional(),
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
  /**
   * `visibility` as the spec's numbers (spec 3 "Visibility rule: type (static=0, timed=1, timeRange=2)", "Visibility
   * states: visible=0, hidden=1, inaccessible=2"): `type`, and `state` (static) or `stateInRange` / `stateOutRange`.
   */
  visibilityCodes: z.object({
    type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    state: z.number().int().min(0).max(2).optional(),
    stateInRange: z.number().int().min(0).max(2).optional(),
    stateOutRange: z.number().int().min(0).max(2).optional(),
  }),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** The spec's numbers of a visibility rule (see `visibilityCodes` above). */
export function visibilityCodesOf(rule: ProductForm['visibility']): AdminProduct['visibilityCodes'] {
  const type = VISIBILITY_RULE_TYPE_CODES[rule.type];
  return rule.type === 'static'
    ? { type, state: VISIBILITY_STATE_CODES[rule.state] }
    : { type, stateInRange: VISIBILITY_STATE_CODES[rule.stateInRange], stateOutRange: VISIBILITY_STATE_CODES[rule.stateOutRange] };
}

// ---- ProductList and stock (helper products-list): GET /v1/admin/products, POST /v1/admin/products/{id}/stock,
// ---- GET /v1/admin/products/{id}/stock-history ----------------------------------------------------------------

/** Back-office sort orders (spec 9: newest, oldest, name A-Z / Z-A, price low / high). Default `newest`. */
export const ADMIN_PRODUCT_SORTS = ['newest', 'oldest', 'name-asc', 'name-desc', 'price-asc', 'price-desc'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];
/** Stock states of the list filter: in stock (above the critical level), low (1..critical level), out (0). */
export const ADMIN_STOCK_STATES = ['in', 'low', 'out'] as const;
export type AdminStockState = (typeof ADMIN_STOCK_STATES)[number];
/** Page sizes of the list (spec 9: 24, 48, 84, 120; default 24). */
export const ADMIN_PRODUCT_PAGE_SIZES = [24, 48, 84, 120] as const;

/** `1` (or `true`) turns a yes/no filter on; anything else but absent is refused. */
const flag = z.enum(['1', 'true', '0', 'false']).transform((v) => v === '1' || v === 'true');
/** A whole number in a query string (digits only). */
const queryInt = (min: number, max: number) => z.string().regex(/^\d{1,9}$/).transform(Number).pipe(z.number().int().min(min).max(max));

/**
 * Query of GET /v1/admin/products. `q`: part number (however typed: 'bf 1018-1' finds BF1018/1) or words of the
 * name; `category`: a category id (its subcategories included); `policy`, `visibility` (state now), `stock`;
 * `noImage=1`, `noCategory=1`; `sort` (default newest); `page` 1-based; `pageSize` 24/48/84/120.
 */
export const adminProductListQuerySchema = z.object({
  lang: z.string().max(10).optional(),
  q: safeString(100).optional(),
  category: safeString(100).pipe(z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)).optional(),
  policy: z.enum(AVAILABILITY_POLICY_VALUES).optional(),
  visibility: z.enum(PRODUCT_VISIBILITY_STATES).optional(),
  stock: z.enum(ADMIN_STOCK_STATES).optional(),
  noImage: flag.optional(),
  noCategory: flag.optional(),
  sort: z.enum(ADMIN_PRODUCT_SORTS).optional(),
  page: queryInt(1, 100_000).optional(),
  pageSize: queryInt(1, 120).refine((n) => (ADMIN_PRODUCT_PAGE_SIZES as readonly number[]).includes(n), { message: 'pageSize is 24, 48, 84 or 120' }).optional(),
});
export type AdminProductListQuery = z.input<typeof adminProductListQuerySchema>;

/**
 * One row of ProductList. `name` in the request's language (the other language when empty); `image` the first
 * image's thumbnail URL (an uploaded image's 160 px rendition) or null; `grossCents` euro cents with VAT or null
 * (no price); `stock` free units per warehouse id (whole units of `unit`); `stockTotal` their sum; `low` at or
 * below `criticalStockLevel`; `policy` the availability policy (back-office labels of spec 4); `visibility` the
 * state now (spec 4).
 */
export const adminProductListItemSchema = z.object({
  id: z.string(),
  code1: z.string(),
  code2: z.string().nullable(),
  name: z.string(),
  image: z.string().nullable(),
  grossCents: z.number().int().nullable(),
  unit: z.string(),
  stock: z.record(z.string(), z.number().int()),
  stockTotal: z.number().int(),
  criticalStockLevel: z.number().int().nullable(),
  low: z.boolean(),
  policy: z.enum(AVAILABILITY_POLICY_VALUES),
  deliveryDays: z.number().int().nullable(),
  visibility: z.enum(PRODUCT_VISIBILITY_STATES),
  categoryIds: z.array(z.string()),
});
export type AdminProductListItem = z.infer<typeof adminProductListItemSchema>;

/** `data` of GET /v1/admin/products: one page, the total over all pages, and the warehouses (the stock columns). */
export const adminProductListSchema = z.object({
  products: z.array(adminProductListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  warehouses: z.array(z.object({ id: z.string(), name: z.string(), active: z.boolean() })),
});
export type AdminProductList = z.infer<typeof adminProductListSchema>;

/**
 * Body of POST /v1/admin/products/{id}/stock (spec 5 stock update input): `warehouse` id; `input` '+10' adds,
 * '-10' subtracts, '10' overwrites (count); `reason` optional, at most 200 characters; `receipt: true` records a
 * '+N' as a received delivery instead of an adjustment.
 */
export const adminStockUpdateBodySchema = z.object({
  warehouse: safeString(64).pipe(z.string().min(1)),
  input: safeString(32),
  reason: safeString(200).optional(),
  receipt: z.boolean().optional(),
});
export type AdminStockUpdateBody = z.infer<typeof adminStockUpdateBodySchema>;

/** One warehouse's stock: `available` free units (what the list shows), `reserved` held for orders, `onHand` both. */
export const adminWarehouseStockSchema = z.object({ warehouse: z.string(), available: z.number().int(), reserved: z.number().int(), onHand: z.number().int() });
export type AdminWarehouseStock = z.infer<typeof adminWarehouseStockSchema>;

/** `data` of POST /v1/admin/products/{id}/stock: what was recorded and the product's stock per warehouse after it. */
export const adminStockUpdateResultSchema = z.object({
  productId: z.string(),
  warehouse: z.string(),
  /** received, adjusted, counted, or null when the input changed nothing ('+0', the same count). */
  recorded: z.enum(['received', 'adjusted', 'counted']).nullable(),
  stock: z.array(adminWarehouseStockSchema),
  /** The stock stream's version after the change. */
  version: z.number().int(),
});
export type AdminStockUpdateResult = z.infer<typeof adminStockUpdateResultSchema>;

/** Query of GET /v1/admin/products/{id}/stock-history: one warehouse (all when absent), page 1-based. */
export const adminStockHistoryQuerySchema = z.object({
  lang: z.string().max(10).optional(),
  warehouse: safeString(64).pipe(z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/)).optional(),
  page: queryInt(1, 100_000).optional(),
});

/**
 * One stock movement (stock history): `at` ISO-8601; `kind`; `change` units (+/-); `onHand` free units
 * after it; who: `actor` staff (with `username`), shopper (an order: `orderNumber` once placed) or system (the
 * expiry job, imports); `reason` staff's note or a release's reason (order_not_placed, expired, cancelled).
 */
export const adminStockMovementSchema = z.object({
  eventId: z.string(),
  warehouseId: z.string(),
  streamPosition: z.number().int(),
  at: z.string(),
  kind: z.enum(['received', 'adjusted', 'counted', 'reserved', 'released', 'shipped']),
  change: z.number().int(),
  onHand: z.number().int(),
  reason: z.string().nullable(),
  actor: z.enum(['staff', 'shopper', 'system']),
  userId: z.string().nullable(),
  username: z.string().nullable(),
  orderId: z.string().nullable(),
  orderNumber: z.number().int().nullable(),
});
export type AdminStockMovement = z.infer<typeof adminStockMovementSchema>;

/** `data` of GET /v1/admin/products/{id}/stock-history. */
export const adminStockHistorySchema = z.object({
  productId: z.string(),
  movements: z.array(adminStockMovementSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminStockHistory = z.infer<typeof adminStockHistorySchema>;
