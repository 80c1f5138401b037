/**
 * Contracts of the vehicle selector and the fitment answers (docs/architecture.md "Vehicle fitment"): zod only.
 *
 * The URL form of a vehicle (`v=`): `{make}.{model}.{generation}` (a generation of the reference, e.g.
 * `mg.mgb.1962-1980`, `mazda.mx-5.na-1989-1998`) or `{make}.{model}.{year}` (a model year, e.g. `triumph.tr6.1972`).
 * Slugs are lower-case letters, digits and '-'; a generation slug always holds a '-', a year is four digits.
 */
import { z } from 'zod';
import { VEHICLE_PARAM_MAX_LENGTH, VEHICLE_PARAM_PATTERN } from './vehicle-param.js';

export { VEHICLE_PARAM_PATTERN };
/** `v=`: a vehicle's URL form (see above). */
export const vehicleParamSchema = z.string().max(VEHICLE_PARAM_MAX_LENGTH).regex(VEHICLE_PARAM_PATTERN, 'v is make.model.generation or make.model.year');
/** `unknown=1`: with a vehicle, also list the parts without fitment data. */
export const includeUnknownSchema = z.enum(['0', '1']);

/** A product's fitment answer for the active vehicle: fits, does not fit, or unknown (no data). */
export const fitmentAnswerSchema = z.object({
  state: z.enum(['fits', 'does-not-fit', 'unknown']),
  /** Why it fits: an application, universal fit, or not a vehicle-specific part. */
  reason: z.enum(['application', 'universal', 'not-vehicle-specific']).optional(),
});
export type FitmentAnswerDto = z.infer<typeof fitmentAnswerSchema>;

/** The active vehicle as the answers name it. */
export const activeVehicleSchema = z.object({ id: z.string(), label: z.string() });

/** GET /v1/categories/vehicle-counts: the shopper's vehicle and `unknown=1`, as on GET /v1/products. */
export const vehicleCategoryCountsQuerySchema = z.object({
  v: vehicleParamSchema,
  unknown: includeUnknownSchema.optional(),
  lang: z.string().max(10).optional(),
});
/**
 * The category tree's counts with a vehicle chosen: per visible category, its listed, visible parts (descendants
 * included, like the tree's `productCount`) that fit the vehicle or are universal; categories with none are absent.
 */
export const vehicleCategoryCountsResponseSchema = z.object({
  vehicle: activeVehicleSchema,
  counts: z.record(z.string(), z.number().int().nonnegative()),
});
export type VehicleCategoryCounts = z.infer<typeof vehicleCategoryCountsResponseSchema>;

/** A product's whole fitment on its page: the mode and every application with its qualifiers. */
export const productFitmentSchema = z.object({
  mode: z.enum(['unknown', 'universal', 'not-vehicle-specific', 'applications']),
  applications: z.array(
    z.object({
      label: z.string(),
      positions: z.array(z.enum(['front', 'rear', 'left', 'right'])).optional(),
      engineCode: z.string().optional(),
      note: z.string().optional(),
    }),
  ),
});

const slug = z.string().max(80).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
export const vehicleMakeParamsSchema = z.object({ make: slug });
export const vehicleModelParamsSchema = z.object({ make: slug, model: slug });

export const vehicleMakesResponseSchema = z.object({ makes: z.array(z.object({ slug: z.string(), name: z.string() })) });
export const vehicleModelsResponseSchema = z.object({
  make: z.object({ slug: z.string(), name: z.string() }),
  models: z.array(z.object({ slug: z.string(), name: z.string(), fromYear: z.number().int(), toYear: z.number().int().nullable() })),
});
export const vehicleGenerationsResponseSchema = z.object({
  make: z.object({ slug: z.string(), name: z.string() }),
  model: z.object({ slug: z.string(), name: z.string() }),
  /** The model's generations (id: the `v=` form), oldest first. */
  generations: z.array(z.object({ id: z.string(), label: z.string(), code: z.string().nullable(), from: z.string(), to: z.string().nullable() })),
  /** Every model year the generations cover (up to this year for an open-ended one), newest first; each `v=` is `{make}.{model}.{year}`. */
  years: z.array(z.number().int()),
});
export type VehicleMakesResponse = z.infer<typeof vehicleMakesResponseSchema>;
export type VehicleModelsResponse = z.infer<typeof vehicleModelsResponseSchema>;
export type VehicleGenerationsResponse = z.infer<typeof vehicleGenerationsResponseSchema>;

/**
 * Path of a vehicle landing page's call: `GET /v1/vehicles/{make}/{model}/parts-by-category` and
 * `GET /v1/vehicles/{make}/{model}/{generation}/parts-by-category` (a generation slug of the reference, e.g.
 * `1962-1980`, `na-1989-1998`; a model year is no landing page).
 */
export const vehicleGenerationPageParamsSchema = z.object({ make: slug, model: slug, generation: slug });
/** Either page's path parameters (a model page: `vehicleModelParamsSchema`, no generation). */
export const vehiclePageParamsSchema = z.object({ make: slug, model: slug, generation: slug.optional() });
export type VehiclePageParams = z.infer<typeof vehiclePageParamsSchema>;

const namedSlug = z.object({ slug: z.string(), name: z.string() });
/** One listed part on a landing page: id, name in the request's language (Estonian when it has none), gross price in euro cents (null: none). */
const landingPartSchema = z.object({ id: z.string(), name: z.string(), grossCents: z.number().int().nullable() });

/**
 * A vehicle landing page's data (the page `/{lang}/vehicles/{make}/{model}[/{generation}]`): the vehicle, the
 * number of listed parts made for it (applications to its make, model, generation or an overlapping year range;
 * universal parts are not counted), those parts per category (visible categories only, most parts first) with the
 * first few by name, and the model's generations with their counts.
 */
export const vehiclePartsResponseSchema = z.object({
  make: namedSlug,
  model: namedSlug,
  /** The generation of a generation page; null on a model page. */
  generation: z.object({ id: z.string(), slug: z.string(), label: z.string(), code: z.string().nullable() }).nullable(),
  /** First and last production year of the page's vehicle (last: null while produced). */
  years: z.object({ from: z.number().int(), to: z.number().int().nullable() }),
  /** The `v=` value a category link takes: the generation's id (a model with one generation: that one), else null. */
  v: z.string().nullable(),
  total: z.number().int(),
  categories: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** The category's storefront URL in the request's language (spec 9). */
      url: z.string(),
      count: z.number().int(),
      products: z.array(landingPartSchema),
    }),
  ),
  /** The model's generations, oldest first, with the parts made for each. */
  generations: z.array(z.object({ id: z.string(), slug: z.string(), label: z.string(), count: z.number().int() })),
});
export type VehiclePartsResponse = z.infer<typeof vehiclePartsResponseSchema>;

/** A make's landing page data (`/{lang}/vehicles/{make}`): its models with the listed parts made for each (universal parts not counted). */
export const vehicleMakePartsResponseSchema = z.object({
  make: namedSlug,
  models: z.array(z.object({ slug: z.string(), name: z.string(), fromYear: z.number().int(), toYear: z.number().int().nullable(), count: z.number().int() })),
});
export type VehicleMakePartsResponse = z.infer<typeof vehicleMakePartsResponseSchema>;
