/**
 * Catalog read API contracts (spec 3 "Product", "Category", "Product list response", "Filter", "Search result";
 * spec 7 "Calls"; spec 9 constants). Imports nothing but zod: the API validates with these schemas and the web
 * app parses its answers with them.
 *
 * Money: `price` / `price_wo_vat` are decimal strings in euros with 2 decimals ("12.40"); `priceCents` /
 * `priceWoVatCents` are the same amounts as integer euro cents. Quantities are whole units of `unit`.
 */
import { activeVehicleSchema, fitmentAnswerSchema, includeUnknownSchema, productFitmentSchema, vehicleParamSchema } from './vehicles.js';
import { z } from 'zod';
import { safeString } from './text.js';
import { APPLIED_FILTER_LIMITS, DEFAULT_PAGE_SIZE, LANGUAGES, MAX_QUERY_LENGTH, PAGE_SIZES, SORT_OPTIONS } from './catalog-constants.js';

export * from './catalog-constants.js';

export const languageSchema = z.enum(LANGUAGES);

/** A language-wrapped value: one value per language code (spec 3). */
export const localizedSchema = z.object({ et: z.string(), en: z.string() });
export type Localized = z.infer<typeof localizedSchema>;

export const sortSchema = z.enum(SORT_OPTIONS);

export const visibilityStateSchema = z.enum(['visible', 'hidden', 'inaccessible']);
export type VisibilityState = z.infer<typeof visibilityStateSchema>;

/**
 * A product image (spec 3 "image (url, inlinePreview)"). For an uploaded image `url` is its 640 px WebP
 * rendition, `thumbnail` the 160 px one and `srcset` every width (`/files/{id}/160.webp 160w, ...`); an imported
 * catalog URL has itself as url and thumbnail and no srcset.
 */
export const imageSchema = z.object({ url: z.string(), inlinePreview: z.string().nullable(), thumbnail: z.string().optional(), srcset: z.string().nullable().optional() });
export type Image = z.infer<typeof imageSchema>;

/** One stock line: the first line is the total over all warehouses (warehouse null), then one per warehouse. */
export const stockLineSchema = z.object({
  warehouse: z.string().nullable(),
  /** Whole units as a decimal string with 3 decimals, e.g. "4.000" (spec 3). */
  amount: z.string(),
});

export const productCategoryRefSchema = z.object({ id: z.string(), name: z.string() });

/** A visibility state's number (spec 3: visible=0, hidden=1, inaccessible=2). */
export const visibilityStateCodeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/**
 * The fields of a product as the storefront sees it (spec 3 "Product"), in the requested language. `content_id` is
 * the id of the product's content (spec 3 "id, content_id"): the product and its texts are one aggregate here, so
 * it equals `id`.
 */
const productFields = {
  id: z.string(),
  content_id: z.string(),
  name: z.string(),
  names: localizedSchema,
  /** Storefront path of the product page, e.g. "/products/view/{id}". */
  path: z.string(),
  code1: z.string(),
  code2: z.string().nullable(),
  /** Gross price in euros, 2 decimals; null when the product has no price (then it is never listed). */
  price: z.string().nullable(),
  price_wo_vat: z.string().nullable(),
  priceCents: z.number().int().nullable(),
  priceWoVatCents: z.number().int().nullable(),
  /** VAT rate in percent, e.g. 24 (Estonia). */
  vatRate: z.number(),
  description: z.string(),
  unit: z.string(),
  /** Units that can be sold now: stock minus reservations (whole units). */
  availableForSale: z.number(),
  hasLimitedAmount: z.boolean(),
  /** 0 Available, -1 On demand, -2 Not in stock, N > 0 Available in N workdays (spec 4). */
  available_in: z.number().int(),
  image: imageSchema.nullable(),
  /** Every image of the product in order (the first is `image`). */
  images: z.array(imageSchema).optional(),
  stock: z.array(stockLineSchema),
  critical_stock_level: z.number().nullable(),
  big_product: z.boolean(),
  class: z.enum(['product', 'service']),
  /** `currentState` by name and, as the spec's number, `currentStateCode` (visible=0, hidden=1, inaccessible=2). */
  visibility: z.object({ currentState: visibilityStateSchema, currentStateCode: visibilityStateCodeSchema }),
  /**
   * Only with `fieldsPreset=frontEdit` from a staff session that may `products.view` (spec 4, 6): what the
   * storefront's staff marks need. `lowStock`: the first stock amount is at or below `critical_stock_level`.
   */
  staff: z
    .object({ visibility: visibilityStateSchema, criticalStockLevel: z.number().nullable(), firstStockAmount: z.string(), lowStock: z.boolean() })
    .optional(),
  categories: z.array(productCategoryRefSchema),
  /** Technical criteria as the products carry them (`name`, `value`: the facet keys) with their labels in the language. */
  attributes: z.array(z.object({ name: z.string(), value: z.string(), label: z.string(), valueLabel: z.string() })),
  /** OE cross-reference numbers, as printed, e.g. "5830674 (DEMAG)". */
  oeNumbers: z.array(z.string()),
  compatibleVehicles: z.array(z.string()),
  modified_at: z.string(),
  /** With a vehicle (`v=`): does the product fit it (vehicle fitment: fits, does not fit, unknown)? */
  fitment: fitmentAnswerSchema.optional(),
  /** On the product page: its whole fitment (mode and applications). */
  fitmentApplications: productFitmentSchema.optional(),
};
/**
 * A product (spec 3 "Product"). `content`: the nested wrapper of the same fields (spec 3 "content (nested wrapper of
 * the same fields)"), in the answer of GET /product/view/{id} only: the listings leave it out, as it would double
 * every listing answer for no reader of ours.
 */
export const productSchema = z.object({ ...productFields, content: z.object(productFields).optional() });
export type Product = z.infer<typeof productSchema>;

/**
 * A facet (spec 3 "Filter": name and options, value -> product count), with the labels of the name and of each
 * value in the request's language (api/plugins/filter-labels.ts). `name` and the option values are the keys of `f`.
 */
export const filterSchema = z.object({
  name: z.string(),
  label: z.string(),
  options: z.record(z.string(), z.number().int()),
  optionLabels: z.record(z.string(), z.string()),
});
export type Filter = z.infer<typeof filterSchema>;

/**
 * Applied filters `f`: a JSON object of attribute name to the accepted values, e.g.
 * `{"Height [mm]":["177 mm","180 mm"],"Material":["Steel"]}`. A product matches a filter when one of its values
 * is listed; products matching every filter are "exact", the others (matching at least one) "partial".
 */
export const appliedFiltersSchema = z
  .record(z.string().min(1).max(APPLIED_FILTER_LIMITS.length), z.array(z.string().max(APPLIED_FILTER_LIMITS.length)).min(1).max(APPLIED_FILTER_LIMITS.values))
  .refine((f) => Object.keys(f).length <= APPLIED_FILTER_LIMITS.names, { message: `At most ${APPLIED_FILTER_LIMITS.names} filters` });
export type AppliedFilters = z.infer<typeof appliedFiltersSchema>;

/** Query of the product list endpoint GET /v1/products (spec 7 "Product list"). */
export const productListQuerySchema = z.object({
  q: safeString(MAX_QUERY_LENGTH).optional(),
  /** Category id: the category and all its descendants. */
  c: safeString(100).optional(),
  /** Applied filters as JSON text, see `appliedFiltersSchema`. */
  f: safeString(4000).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'pageSize must be 24, 48, 84 or 120').default(DEFAULT_PAGE_SIZE),
  sort: sortSchema.optional(),
  /** 'user' when a person typed the search (spec 2 Header), recorded in SearchPerformed. */
  iu: z.enum(['user']).optional(),
  /** 'frontEdit': staff details on each product (`staff`) for a staff session; ignored for anyone else. */
  fieldsPreset: z.enum(['default', 'frontEdit']).optional(),
  /** The shopper's vehicle (api/contracts/vehicles.ts): only parts that fit it or are universal. */
  v: vehicleParamSchema.optional(),
  /** `1`: with a vehicle, also the parts without fitment data. */
  unknown: includeUnknownSchema.optional(),
  lang: z.string().optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** `data` of the product list answer (spec 3 "Product list response"). Paging is in the x-pagination-* headers. */
export const productListResponseSchema = z.object({
  results: z.array(productSchema),
  availableFilters: z.array(filterSchema),
  leftOutSearchKeywords: z.array(z.string()),
  appliedFiltersCount: z.number().int(),
  exactlyMatchingProductIds: z.array(z.string()),
  /** With a vehicle: the active vehicle, and the matching parts hidden for having no fitment data (0 with `unknown=1`). */
  vehicle: activeVehicleSchema.optional(),
  hiddenUnknown: z.number().int().optional(),
  /**
   * With a category (`c`): the facet names staff set to hide in this category when their count is 0 (spec 9; the
   * Filter aggregate's SetFilterHiddenWhenEmpty). The filter panel then leaves out such a facet while the answer
   * counts none of its values (one only applied in `f`). Absent when there are none.
   */
  hiddenWhenEmpty: z.array(z.string()).optional(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** A node of the category tree (spec 3 "Category"), GET /v1/categories. */
export interface CategoryNode {
  id: string;
  parent_id: string | null;
  name: Localized;
  position: number;
  hidden: boolean;
  /** Storefront URL: two-letter language prefix + last 3 names of the path as slugs (spec 9). */
  url: Localized;
  search_keywords: Localized;
  /** The spec's `className` per language as staff saved it, or null (spec 3 "Category"). */
  className: Localized | null;
  /** Listed products in this category and its descendants. */
  productCount: number;
  children: CategoryNode[];
}
export const categoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    parent_id: z.string().nullable(),
    name: localizedSchema,
    position: z.number().int(),
    hidden: z.boolean(),
    url: localizedSchema,
    search_keywords: localizedSchema,
    className: localizedSchema.nullable(),
    productCount: z.number().int(),
    children: z.array(categoryNodeSchema),
  }),
  // Named, so the OpenAPI document holds the recursive tree as one component (#/components/schemas/CategoryNode).
).meta({ id: 'CategoryNode' });
export const categoryTreeResponseSchema = z.array(categoryNodeSchema);

/** Query of GET /v1/search (spec 7): `per-page`, and Yii-style filters ff{n} (field), fc{n} (comparison), fv{n} (value). */
export const SEARCH_FILTER_FIELDS = ['category', 'code1', 'price', 'available_in', 'attribute'] as const;
export const SEARCH_FILTER_COMPARISONS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'like'] as const;

/**
 * Query of GET /v1/search (spec 7): q, page, per-page, sort, and any number of Yii-style filter triples
 * ff{n}/fc{n}/fv{n} (strings, parsed by the route). No control characters anywhere (./text.ts).
 */
export const searchQuerySchema = z
  .object({
    q: safeString(MAX_QUERY_LENGTH).optional(),
    page: z.coerce.number().int().min(1).max(100000).default(1),
    'per-page': z.coerce.number().int().refine((n) => (PAGE_SIZES as readonly number[]).includes(n)).default(DEFAULT_PAGE_SIZE),
    sort: sortSchema.optional(),
    lang: z.string().max(10).optional(),
    fieldsPreset: z.string().max(50).optional(),
    limitCategoriesTo: z.string().max(50).optional(),
    iu: z.enum(['user']).optional(),
    /** The shopper's vehicle (api/contracts/vehicles.ts) and `unknown=1`, as on GET /v1/products. */
    v: vehicleParamSchema.optional(),
    unknown: includeUnknownSchema.optional(),
  })
  .catchall(safeString(200));
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** One search result (spec 3 "Search result"). */
export const searchResultSchema = z.object({
  id: z.string(),
  name: z.string(),
  path: z.string(),
  breadcrumbs: z.array(z.object({ name: z.string() })),
  meta_description: z.string(),
  content: z.object({
    image: imageSchema.nullable(),
    price: z.string().nullable(),
    code1: z.string(),
    description: z.string(),
  }),
  /** With a vehicle (`v=`): does the part fit it? */
  fitment: fitmentAnswerSchema.optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/**
 * A content page the search found (spec 3 "Search result": id, name, path, breadcrumbs, meta_description, content
 * with header-img), in the request's language: `path` its slug in that language (the storefront adds the language
 * prefix), `content.description` the meta description or the start of its text, `content['header-img']` the first
 * image of its content (null: none). domain/page/page-search.ts decides which pages a query finds.
 */
export const pageSearchResultSchema = z.object({
  id: z.string(),
  name: z.string(),
  path: z.string(),
  breadcrumbs: z.array(z.object({ name: z.string() })),
  meta_description: z.string(),
  content: z.object({ 'header-img': z.object({ src: z.string() }).nullable(), description: z.string() }),
});
export type PageSearchResult = z.infer<typeof pageSearchResultSchema>;

/**
 * GET /v1/search's data: `results` the products of the requested page (paging in the x-pagination-* headers);
 * `pages` the published, visible content pages the query finds, on the first page only (at most 10; empty on
 * later pages and without q).
 */
export const searchResponseSchema = z.object({
  results: z.array(searchResultSchema),
  pages: z.array(pageSearchResultSchema),
  /** With a vehicle: the active vehicle and the matching parts hidden for having no fitment data. */
  vehicle: activeVehicleSchema.optional(),
  hiddenUnknown: z.number().int().optional(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** A failure in the envelope of spec 7 (api/plugins/errors.ts): `redirect` when the client must go there to fix it. */
export const failureEnvelopeSchema = z.object({
  success: z.literal(false),
  status: z.literal('failure'),
  message: z.string(),
  errors: z.array(z.object({ code: z.string(), message: z.string(), field: z.string().optional() })),
  redirect: z.string().optional(),
});

/** The response envelope of spec 7. */
export const envelopeSchema = <T extends z.ZodTypeAny>(data: T) =>
  z.object({
    success: z.boolean(),
    status: z.enum(['success', 'failure']),
    message: z.string().optional(),
    errors: z.array(z.object({ code: z.string(), message: z.string(), field: z.string().optional() })).optional(),
    data: data.optional(),
  });

/** Path of GET /product/view/{id}. */
export const productParamsSchema = z.object({ id: safeString(100) });
/** Query of GET /product/view/{id}: `lang`, and `fieldsPreset` as in the product list. */
export const productViewQuerySchema = z.object({ lang: z.string().optional(), fieldsPreset: z.enum(['default', 'frontEdit']).optional(), v: vehicleParamSchema.optional() });
