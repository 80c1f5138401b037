/**
 * FilterList contracts (spec 2 "Admin area" FilterList, spec 3 "Filter"): GET /v1/admin/filters
 * (`products.view`) and PUT /v1/admin/filters (`products.edit`, staff CSRF). A facet is a technical criterion of the
 * products (`name=value`); staff give it and its values a label per language, show or hide it on the storefront's
 * listing, and place it in the filter panel. Imports nothing but zod.
 */
import { z } from 'zod';
import { safeString } from './text.js';

/** Longest facet name, value or label (domain/filter/filter.ts MAX_FILTER_TEXT). */
export const FILTER_TEXT_MAX = 200;
/** Most value labels per facet (MAX_FILTER_VALUES), most facets per PUT, largest position (MAX_FILTER_POSITION). */
export const FILTER_VALUES_MAX = 500;
export const FILTERS_PER_SAVE_MAX = 500;
export const FILTER_POSITION_MAX = 10_000;
/** Most categories of one facet's 'hide when its count is 0' rule (MAX_HIDE_WHEN_EMPTY_CATEGORIES). */
export const HIDE_WHEN_EMPTY_MAX = 200;

/** A label per language; '' where there is none (the storefront then shows Estonian, then the facet's own text). */
export const filterLabelSchema = z.object({ et: safeString(FILTER_TEXT_MAX), en: safeString(FILTER_TEXT_MAX) });
export type FilterLabel = z.infer<typeof filterLabelSchema>;

/** One facet as the staff list shows it. */
export const adminFilterSchema = z.object({
  /** As the products carry it (the key of the storefront's `f` parameter). */
  name: z.string(),
  label: filterLabelSchema,
  /** Shown on the storefront's listing. */
  shown: z.boolean(),
  /** Place in the filter panel, 0 first; null: after the placed ones. */
  position: z.number().int().nullable(),
  /** Category ids in whose listing the facet is not shown when its count there is 0 (spec 9; sorted). */
  hideWhenEmptyIn: z.array(z.string()),
  /** The facet's stream position (0: never changed). */
  version: z.number().int(),
  /** Its values: as the products carry them, their labels, and how many products carry each (most first). */
  values: z.array(z.object({ value: z.string(), label: filterLabelSchema, count: z.number().int() })),
});
export type AdminFilter = z.infer<typeof adminFilterSchema>;

/** `data` of GET /v1/admin/filters: every facet, placed ones first by position, then by name. */
export const adminFilterListSchema = z.object({ filters: z.array(adminFilterSchema) });
export type AdminFilterList = z.infer<typeof adminFilterListSchema>;

/** One facet's new settings; values without text in both languages are left unlabelled. */
export const filterUpdateSchema = z.object({
  name: safeString(FILTER_TEXT_MAX).pipe(z.string().trim().min(1)),
  label: filterLabelSchema,
  values: z
    .record(safeString(FILTER_TEXT_MAX), filterLabelSchema)
    .refine((v) => Object.keys(v).length <= FILTER_VALUES_MAX, `At most ${FILTER_VALUES_MAX} values`)
    .default({}),
  shown: z.boolean(),
  position: z.number().int().min(0).max(FILTER_POSITION_MAX).nullable(),
  /**
   * Category ids (uuids) in whose listing the facet is hidden when its count is 0 (spec 9), the whole set; absent:
   * unchanged. Each must be a category of the shop (else 400 `filter.category_invalid`).
   */
  hideWhenEmptyIn: z.array(z.string().uuid()).max(HIDE_WHEN_EMPTY_MAX).optional(),
  /**
   * The facet's stream version the screen read (GET's `version`): when the facet changed since, the save answers 409
   * `filter.changed_meanwhile` and records nothing. Absent: no check (scripts).
   */
  version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type FilterUpdate = z.input<typeof filterUpdateSchema>;

/**
 * Body of PUT /v1/admin/filters: the facets to change (others stay as they are); each facet's labels, shown and
 * position are recorded as its own events with the staff member (only what changed). All are checked before any is
 * recorded: one invalid facet changes none (400, field `filters.{i}.label` etc.).
 */
export const updateFiltersBodySchema = z.object({ filters: z.array(filterUpdateSchema).min(1).max(FILTERS_PER_SAVE_MAX) });
export type UpdateFiltersBody = z.input<typeof updateFiltersBodySchema>;

/** One saved facet as its stream now holds it (the list's read model may lag a moment behind). */
export const savedFilterSchema = adminFilterSchema.omit({ values: true }).extend({ values: z.record(z.string(), filterLabelSchema) });
export type SavedFilter = z.infer<typeof savedFilterSchema>;

/** `data` of PUT /v1/admin/filters. */
export const savedFiltersSchema = z.object({ filters: z.array(savedFilterSchema) });
