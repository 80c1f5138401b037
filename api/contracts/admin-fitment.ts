/**
 * Staff fitment contracts (docs/architecture.md "Vehicle fitment", back office; spec 2 "Admin area"): one product's fitment, the
 * bulk screen's preview and apply, the fitment CSV, and staff adding a vehicle to the reference. Paths under
 * /v1/admin; permissions products.view (read) and products.edit (write). Imports nothing but zod.
 *
 * Applications are named by the reference's slugs (commands/fitment/fitment-input.ts): a make; make + model; make +
 * model + generation (the `v=` form's generation slug, e.g. `1969-1976`); make + model + year range; with optional
 * qualifiers (positions, engine code, note). The api resolves them against the reference and answers 400
 * `fitment.make_unknown` / `fitment.model_unknown` / `fitment.generation_unknown` / `fitment.years_invalid` for
 * names it does not hold.
 */
import { z } from 'zod';
import { safeString } from './text.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const slugText = safeString(80).pipe(z.string().min(1));
const year = z.number().int().min(1885).max(2100);
export const FITMENT_POSITIONS = ['front', 'rear', 'left', 'right'] as const;
export const FITMENT_MODE_VALUES = ['unknown', 'universal', 'not-vehicle-specific', 'applications'] as const;
/** The modes a bulk operation may set (applications are set by add/replace). */
export const FITMENT_SET_MODES = ['unknown', 'universal', 'not-vehicle-specific'] as const;

/** An application as staff name it (slugs; see the module's docstring). */
export const applicationInputSchema = z.object({
  make: slugText,
  model: slugText.nullish(),
  generation: slugText.nullish(),
  fromYear: year.nullish(),
  toYear: year.nullish(),
  positions: z.array(z.enum(FITMENT_POSITIONS)).max(4).optional(),
  engineCode: safeString(32).nullish(),
  note: safeString(200).nullish(),
});
export type ApplicationInputDto = z.infer<typeof applicationInputSchema>;

/** An application as recorded: its kind, slugs, range, label and qualifiers. */
export const applicationSchema = z.object({
  kind: z.enum(['make', 'model', 'generation', 'years']),
  make: z.string(),
  model: z.string().nullable(),
  generation: z.string().nullable(),
  /** A generation's production range, `YYYY-MM` (`to` null while produced). */
  from: z.string().nullable(),
  to: z.string().nullable(),
  fromYear: z.number().int().nullable(),
  toYear: z.number().int().nullable(),
  label: z.string(),
  positions: z.array(z.enum(FITMENT_POSITIONS)),
  engineCode: z.string().nullable(),
  note: z.string().nullable(),
});
export type ApplicationDto = z.infer<typeof applicationSchema>;

/** `data` of GET/PUT /v1/admin/products/{id}/fitment. */
export const productFitmentAdminSchema = z.object({
  productId: z.string(),
  mode: z.enum(FITMENT_MODE_VALUES),
  applications: z.array(applicationSchema),
  /** The product stream's version. */
  version: z.number().int(),
});
export type ProductFitmentAdmin = z.infer<typeof productFitmentAdminSchema>;

const reasonSchema = safeString(500).pipe(z.string().trim().min(1, 'A reason is required'));

/**
 * Body of PUT /v1/admin/products/{id}/fitment: add and remove applications (or `replace` the list with `add`), or set
 * a `mode` (which removes the applications); `reason` 1-500 characters (shown in the audit timeline).
 */
export const productFitmentChangeBodySchema = z.object({
  mode: z.enum(FITMENT_MODE_VALUES).optional(),
  add: z.array(applicationInputSchema).max(2000).optional(),
  remove: z.array(applicationInputSchema).max(2000).optional(),
  replace: z.boolean().optional(),
  reason: reasonSchema,
});
export type ProductFitmentChangeBody = z.infer<typeof productFitmentChangeBodySchema>;

/** Which products a bulk operation touches: all criteria given must hold (at least one). */
export const fitmentSelectionSchema = z
  .object({
    q: safeString(100).optional(),
    categoryId: z.string().regex(UUID).optional(),
    /** A facet value `name=value`. */
    facet: safeString(300).pipe(z.string().regex(/^[^=]+=.+$/, 'facet is name=value')).optional(),
    /** Pasted part numbers (SKU / code), at most 5,000. */
    codes: z.array(safeString(64)).max(5000).optional(),
  })
  .refine((s) => !!(s.q?.trim() || s.categoryId || s.facet || s.codes?.some((c) => c.trim())), { message: 'Choose the products: search text, category, facet or part numbers', path: ['selection'] });
export type FitmentSelectionDto = z.infer<typeof fitmentSelectionSchema>;

/** The bulk operation: add / remove / replace applications, or set a mode for every selected product. */
export const fitmentOperationSchema = z.discriminatedUnion('op', [
  z.object({ op: z.enum(['add', 'remove', 'replace']), applications: z.array(applicationInputSchema).min(1).max(200) }),
  z.object({ op: z.literal('mode'), mode: z.enum(FITMENT_SET_MODES) }),
]);
export type FitmentOperationDto = z.infer<typeof fitmentOperationSchema>;

/** Body of POST /v1/admin/fitment/preview; `page` 1-based, `pageSize` 1-200 (default 50). */
export const fitmentPreviewBodySchema = z.object({
  selection: fitmentSelectionSchema,
  operation: fitmentOperationSchema,
  page: z.number().int().min(1).max(10_000).optional(),
  pageSize: z.number().int().min(1).max(200).optional(),
});
export type FitmentPreviewBody = z.infer<typeof fitmentPreviewBodySchema>;

const summarySchema = z.object({
  /** Products selected. */
  products: z.number().int(),
  /** Of them, products whose fitment changes. */
  changed: z.number().int(),
  /** Applications added and removed over all products. */
  added: z.number().int(),
  removed: z.number().int(),
});

/** `data` of the preview: the numbers, the pasted codes matching no product, and one page of the products. */
export const fitmentPreviewSchema = z.object({
  summary: summarySchema,
  missingCodes: z.array(z.string()),
  page: z.number().int(),
  pageSize: z.number().int(),
  products: z.array(
    z.object({
      id: z.string(),
      code1: z.string(),
      name: z.string(),
      modeBefore: z.enum(FITMENT_MODE_VALUES),
      modeAfter: z.enum(FITMENT_MODE_VALUES),
      /** Labels of the applications added and removed. */
      added: z.array(z.string()),
      removed: z.array(z.string()),
    }),
  ),
});
export type FitmentPreview = z.infer<typeof fitmentPreviewSchema>;

/** Body of POST /v1/admin/fitment/apply: the preview's selection and operation, and the reason. */
export const fitmentApplyBodySchema = z.object({ selection: fitmentSelectionSchema, operation: fitmentOperationSchema, reason: reasonSchema });
export type FitmentApplyBody = z.infer<typeof fitmentApplyBodySchema>;

/** `data` of apply: what was written, and the products that failed with their error's code. */
export const fitmentApplySchema = summarySchema.extend({ failed: z.array(z.object({ id: z.string(), code: z.string() })) });
export type FitmentApplyResult = z.infer<typeof fitmentApplySchema>;

/** Body of POST /v1/admin/fitment/import: the CSV text (docs/catalog-format.md "Fitment file") and the reason. */
export const fitmentImportBodySchema = z.object({ csv: z.string().min(1).max(5_000_000), reason: reasonSchema.optional(), dryRun: z.boolean().optional() });
/** `data` of import: products named, changed, and whether it was only checked. */
export const fitmentImportSchema = z.object({ products: z.number().int(), changed: z.number().int(), dryRun: z.boolean() });

const month = safeString(7).pipe(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is YYYY-MM'));
/** Body of POST /v1/admin/vehicles: a vehicle missing from the reference (production from/to `YYYY-MM`, `to` null while produced). */
export const addVehicleBodySchema = z
  .object({
    make: safeString(80).pipe(z.string().trim().min(1)),
    model: safeString(80).pipe(z.string().trim().min(1)),
    generation: safeString(80).nullish(),
    from: month,
    to: month.nullable(),
  })
  .refine((v) => v.to === null || v.to >= v.from, { message: 'The production ends before it starts', path: ['to'] });
export type AddVehicleBody = z.infer<typeof addVehicleBodySchema>;

/** `data` of POST /v1/admin/vehicles: the vehicle (new, or the one the reference already held: `added` false). */
export const addedVehicleSchema = z.object({
  added: z.boolean(),
  vehicle: z.object({ id: z.string(), label: z.string(), make: z.string(), model: z.string(), generation: z.string().nullable(), from: z.string(), to: z.string().nullable() }),
});
export type AddedVehicle = z.infer<typeof addedVehicleSchema>;

/** Query of GET /v1/admin/fitment/dashboard: the product dashboard's fitment tabs. */
export const FITMENT_DASHBOARD_KIND_NAMES = ['no-fitment', 'fits-nothing'] as const;
export type FitmentDashboardKindName = (typeof FITMENT_DASHBOARD_KIND_NAMES)[number];
export const fitmentDashboardQuerySchema = z.object({
  kind: z.enum(FITMENT_DASHBOARD_KIND_NAMES).default('no-fitment'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().refine((n) => [24, 48, 84, 120].includes(n), 'pageSize must be 24, 48, 84 or 120').default(24),
  lang: z.string().optional(),
});
/** `data` of the dashboard: both counts, the kind's total and one page (name in the request's language; application labels). */
export const fitmentDashboardSchema = z.object({
  kind: z.enum(FITMENT_DASHBOARD_KIND_NAMES),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  counts: z.object({ 'no-fitment': z.number().int(), 'fits-nothing': z.number().int() }),
  rows: z.array(z.object({ id: z.string(), code1: z.string(), name: z.string(), applications: z.array(z.string()) })),
});
export type FitmentDashboard = z.infer<typeof fitmentDashboardSchema>;
