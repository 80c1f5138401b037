/**
 * Category tree editor contracts (spec 3 "Category", spec 7 POST /category/create, /category/update/{id},
 * /category/delete/{id}). Imports nothing but zod (conventions 7): the api validates with these, the web's tree
 * editor builds its payloads and parses the answers with them.
 *
 * The spec's payload `{ id, parent_id, name, position, hidden, className, url }`, as the spec's client sends it:
 * - `id`: null (or absent) until saved; a uuid the client chose may be sent on create (a retried create then
 *   answers 409 `category.already_exists` instead of making a twin); on update the path's id counts.
 * - `parent_id`: a category uuid, or the root level as `0`, `'0'`, `''` or null (spec 3 "parent_id (default 0)").
 * - `name`: a text in the request's language (`?lang=` or Accept-Language: et or en), or `{ et?, en? }`. On create a
 *   name in one language fills the other (domain/category/category.ts CreateCategory); on update only the languages
 *   sent are renamed, the other keeps its name. Empty or absent on create: 'New category' (spec 3).
 * - `position`: the place among the new parent's children, 0 first (a whole number, or a string of digits); the
 *   siblings are renumbered 0..n-1 around it (domain/category/positions.ts).
 * - `hidden`: true/false, or 0/1 as a number or text (spec 3 "sent as 0 or 1 text").
 * - `className`: stored (CategoryClassNameChanged) and answered per language; a text sets both languages, an object
 *   the languages it names, null clears it. At most 100 characters. The storefront does not style by it: a
 *   category's pictogram is chosen from its top-level category's English name (web/src/lib/category-pictograms.ts).
 * - `url`: accepted and ignored. The storefront derives every category URL from the names (spec 9: the last 3 names
 *   of the path as spec 5 slugs with the two-letter language prefix, api/plugins/catalog-cache.ts), so a category renamed or
 *   moved keeps a URL consistent with its breadcrumb; the answer's `model.url` is the URL the storefront uses.
 * - `search_keywords` (an extension from spec 3's field list): a text in the request's language or `{ et?, en? }`,
 *   comma-separated words the shop's search also finds the category's products by.
 * Fields left out of an update are not changed.
 *
 * Answer: `{ success: true, status: 'success', model: AdminCategory, data: AdminCategory }` (spec 7: status
 * 'success' with model.id), or the failure envelope of spec 7 (api/plugins/errors.ts) with `errors[]` the tree editor lists
 * as danger messages (spec 8 "Category save failure").
 */
import { z } from 'zod';
import { safeString, wholeNumber } from './text.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A category id: a uuid (lower case after parsing). */
export const categoryIdSchema = z
  .string()
  .regex(UUID)
  .transform((s) => s.toLowerCase());

/** A category name in one language (the form's field; the decider trims it and refuses an empty rename). */
export const categoryNameSchema = safeString(120);
/** Search keywords in one language: comma-separated words, at most 1000 characters. */
export const categoryKeywordsSchema = safeString(1000);

/** A per-language text: one text (the request's language) or `{ et?, en? }`. */
const perLanguage = (max: number) => z.union([safeString(max), z.object({ et: safeString(max).optional(), en: safeString(max).optional() }).strict()]);

/** `parent_id`: null for the root level (0, '0', '', null), else a category uuid. */
export const parentIdSchema = z.union([z.literal(0), z.literal('0'), z.literal(''), z.null()]).transform(() => null).or(categoryIdSchema);

/** `hidden` as booleans or 0/1 (spec 3: "sent as 0 or 1 text"). */
export const hiddenFlagSchema = z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')]).transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** The largest position accepted (far beyond any real tree; keeps the number an int4). */
export const MAX_CATEGORY_POSITION = 100_000;

/** Body of POST /category/create and POST /category/update/{id} (see the module comment). */
export const categoryPayloadSchema = z
  .object({
    id: z.union([categoryIdSchema, z.null(), z.literal(''), z.literal(0)]).optional(),
    parent_id: parentIdSchema.optional(),
    name: perLanguage(120).optional(),
    position: wholeNumber(0, MAX_CATEGORY_POSITION).optional(),
    hidden: hiddenFlagSchema.optional(),
    className: perLanguage(100).nullable().optional(),
    url: perLanguage(300).nullable().optional(),
    search_keywords: perLanguage(1000).optional(),
  })
  .strict();
export type CategoryPayload = z.input<typeof categoryPayloadSchema>;
export type ParsedCategoryPayload = z.output<typeof categoryPayloadSchema>;

/** Path of /category/update/{id} and /category/delete/{id}. */
export const categoryParamsSchema = z.object({ id: categoryIdSchema });

/**
 * Body of POST /category/delete/{id}: form data (application/x-www-form-urlencoded or multipart/form-data) with the
 * CSRF parameter `_csrf` (the token of GET /v1/csrf-token; the `x-csrf-token` header works as well), or no body.
 */
export const categoryDeleteBodySchema = z.object({ _csrf: safeString(200).optional() }).strict().nullish();

const localized = z.object({ et: z.string(), en: z.string() });

/** One category as the tree editor shows it (spec 3 "Category" field names). */
export const adminCategorySchema = z.object({
  id: z.string(),
  parent_id: z.string().nullable(),
  name: localized,
  position: z.number().int(),
  hidden: z.boolean(),
  search_keywords: localized,
  /** The storefront URL per language (spec 9); '' while the category or an ancestor is deleted. */
  url: localized,
  /** The spec's `className` per language as last saved, or null (none). */
  className: localized.nullable(),
  /** Products filed directly under it, any visibility (the list only; null in a save's answer). */
  productCount: z.number().int().nullable(),
  /** The category stream's version. */
  version: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

/** The answer of the spec's calls: `model` as the spec names it, `data` as every other call of this api does. */
export const categorySaveAnswerSchema = z.object({
  success: z.literal(true),
  status: z.literal('success'),
  model: adminCategorySchema,
  data: adminCategorySchema,
});
export type CategorySaveAnswer = z.infer<typeof categorySaveAnswerSchema>;

/** The answer of POST /category/delete/{id}: the deleted category's id. */
export const categoryDeleteAnswerSchema = z.object({ success: z.literal(true), status: z.literal('success'), model: z.object({ id: z.string() }), data: z.object({ id: z.string() }) });

/** `data` of GET /v1/admin/categories: every category that is not deleted, hidden ones included, creation order. */
export const adminCategoryListSchema = z.object({ categories: z.array(adminCategorySchema) });
export type AdminCategoryList = z.infer<typeof adminCategoryListSchema>;
