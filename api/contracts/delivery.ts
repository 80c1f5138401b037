/**
 * Delivery API contracts (spec 3 "Delivery provider", spec 7 GET /v1/delivery-provider and
 * GET /v1/delivery-provider/{providerId}). Imports nothing but zod: the API validates with it and the web app's
 * checkout parses with it.
 *
 * Money: the postage product's `price` / `price_wo_vat` are decimal euro strings ("3.99"), `priceCents` integer
 * euro cents (gross); `feeCents` of a provider is integer euro cents, gross (VAT included).
 */
import { z } from 'zod';
import { safeString } from './text.js';

/** One location a provider offers (spec 3 options {id, name, country}), plus where it is. */
export const deliveryOptionSchema = z.object({
  /** The carrier's location id: the order's delivery_option. */
  id: z.string(),
  name: z.string(),
  /** EE, LV, LT or FI. */
  country: z.string(),
  city: z.string(),
  address: z.string(),
});
export type DeliveryOption = z.infer<typeof deliveryOptionSchema>;

const localized = z.object({ et: z.string(), en: z.string() });

/** A delivery provider in the request's language (spec 3 "Delivery provider"). */
export const deliveryProviderSchema = z.object({
  id: z.string(),
  /** Name and description in the request's language; `names` / `descs` hold both languages. */
  name: z.string(),
  desc: z.string(),
  names: localized,
  descs: localized,
  supportedCountries: z.array(z.string()),
  /** `select`: pick one of `options`; `Address`: a delivery address (street, state, city, area_code). */
  inputType: z.enum(['select', 'value', 'Address']),
  /** Offered locations sorted by name (empty for the courier, and for a provider whose locations are unknown). */
  options: z.array(deliveryOptionSchema),
  value: z.string().nullable(),
  /** True when the provider takes products too big for parcel machines (spec 3). */
  big_product: z.boolean(),
  /** The postage in euro cents, gross; the postage product (GET /v1/delivery-provider/{id}) carries the same. */
  feeCents: z.number().int(),
  /** Catalog id of the provider's postage product. */
  postageProductId: z.string(),
});
export type DeliveryProviderView = z.infer<typeof deliveryProviderSchema>;

/** `data` of GET /v1/delivery-provider. */
export const deliveryProvidersResponseSchema = z.object({
  deliveryProviders: z.array(deliveryProviderSchema),
  /** Country code to its label in the request's language (spec 7). */
  deliveryCountries: z.record(z.string(), z.string()),
});
export type DeliveryProvidersResponse = z.infer<typeof deliveryProvidersResponseSchema>;

/** Query of GET /v1/delivery-provider: `country` (EE, LV, LT, FI) keeps the providers and options of one country. */
export const deliveryProvidersQuerySchema = z.object({
  lang: z.string().optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase())
    .optional(),
});

export const deliveryProviderParamsSchema = z.object({ providerId: safeString(64) });
