/**
 * Delivery routes (spec 7 "Calls"):
 * - `GET /v1/delivery-provider` → `{ deliveryProviders, deliveryCountries }`: every provider (spec 3 "Delivery
 *   provider") with name and desc in the request's language, its offered locations as `options` sorted by name
 *   (Estonian or English collation), and the delivery countries' labels. `?country=EE` keeps one country.
 *   itella-fi-parcel has no shipped snapshot, so its options stay empty until a Finnish feed is configured.
 * - `GET /v1/delivery-provider/{providerId}` → the provider's postage product, shaped like GET /product/view/{id}
 *   (code1 `postikulu-<providerId>`, gross `price`, `price_wo_vat`, unit `pcs`, class `service`), read from the
 *   catalog read model; the cart adds it as the delivery fee line (quantity 1).
 *
 * Errors (envelope of api/plugins/errors.ts, messages in et and en): unknown provider → 404 delivery.provider_not_found;
 * a postage product not yet in the catalog (`ensurePostageProducts` not run) → 404 delivery.postage_not_found;
 * a malformed country → 400 request.invalid.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DELIVERY_COUNTRIES, DELIVERY_COUNTRY_CODES, DELIVERY_PROVIDER_IDS, DELIVERY_PROVIDERS, postageProductId } from '../../../domain/delivery/providers.js';
import { type DeliveryLocationView, listOfferedLocations } from '../../../projections/delivery/queries.js';
import { envelopeSchema, failureEnvelopeSchema, productSchema } from '../../contracts/catalog.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { ApiError, sendFailure, success } from '../../plugins/errors.js';
import { type ApiLanguage, requestLanguage } from '../../plugins/messages.js';
import { productViewAnswer } from '../products/index.js';
import { withContent } from '../products/to-product.js';
import {
  type DeliveryOption,
  deliveryProviderParamsSchema,
  type DeliveryProvidersResponse,
  deliveryProvidersQuerySchema,
  deliveryProvidersResponseSchema,
} from '../../contracts/delivery.js';

/** The failure envelope (api/plugins/errors.ts) as a response schema. */
const failure = failureEnvelopeSchema;

/** Messages of the delivery routes per code and language. */
export const DELIVERY_ROUTE_MESSAGES: Record<string, Record<ApiLanguage, string>> = {
  'delivery.provider_not_found': { et: 'Sellist tarneviisi ei ole.', en: 'The delivery provider was not found.' },
  'delivery.postage_not_found': { et: 'Selle tarneviisi postikulu ei ole veel saadaval.', en: 'The postage of this delivery provider is not available yet.' },
};

const collators: Record<ApiLanguage, Intl.Collator> = {
  et: new Intl.Collator('et', { sensitivity: 'base', numeric: true }),
  en: new Intl.Collator('en', { sensitivity: 'base', numeric: true }),
};

/** The response of GET /v1/delivery-provider from the offered locations, in `language` (pure). */
export function toDeliveryProvidersResponse(locations: DeliveryLocationView[], language: ApiLanguage, country?: string): DeliveryProvidersResponse {
  const byProvider = new Map<string, DeliveryOption[]>();
  for (const l of locations) {
    if (country && l.country !== country) continue;
    const list = byProvider.get(l.providerId) ?? [];
    list.push({ id: l.id, name: l.name, country: l.country, city: l.city, address: l.address });
    byProvider.set(l.providerId, list);
  }
  const collator = collators[language];
  const providers = DELIVERY_PROVIDER_IDS.map((id) => DELIVERY_PROVIDERS[id]).filter((p) => !country || (p.supportedCountries as readonly string[]).includes(country));
  const countries = DELIVERY_COUNTRY_CODES.filter((c) => !country || c === country);
  return {
    deliveryProviders: providers.map((p) => ({
      id: p.id,
      name: p.name[language],
      desc: p.desc[language],
      names: p.name,
      descs: p.desc,
      supportedCountries: [...p.supportedCountries],
      inputType: p.inputType,
      options: (byProvider.get(p.id) ?? []).sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id)),
      value: null,
      big_product: p.bigProduct,
      feeCents: p.feeCents,
      postageProductId: postageProductId(p.id),
    })),
    deliveryCountries: Object.fromEntries(countries.map((c) => [c, DELIVERY_COUNTRIES[c][language]])),
  };
}

/** Registers GET /v1/delivery-provider and GET /v1/delivery-provider/:providerId (reads rm_delivery and rm_catalog). */
/** The delivery routes as one plugin. */
export async function deliveryRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/v1/delivery-provider',
    { schema: { summary: 'Delivery providers with their offered locations (spec 7)', tags: ['delivery'], querystring: deliveryProvidersQuerySchema, response: { 200: envelopeSchema(deliveryProvidersResponseSchema), 400: failure } } },
    async (request) => {
      const language = requestLanguage(request.query, request.headers['accept-language']);
      const country = request.query.country;
      const withLocations = DELIVERY_PROVIDER_IDS.filter((id) => DELIVERY_PROVIDERS[id].locations !== null);
      const locations = await listOfferedLocations(deps.db, withLocations, country);
      return success(toDeliveryProvidersResponse(locations, language, country));
    },
  );

  typed.get(
    '/v1/delivery-provider/:providerId',
    {
      schema: {
        summary: "A delivery provider's postage product (spec 7)",
        tags: ['delivery'],
        params: deliveryProviderParamsSchema,
        querystring: deliveryProvidersQuerySchema.pick({ lang: true }),
        response: { 200: envelopeSchema(productSchema), 400: failure, 404: failure },
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request.query, request.headers['accept-language']);
      const fail = (code: string) => sendFailure(request, reply, 404, [{ code, message: DELIVERY_ROUTE_MESSAGES[code][language] }]);
      const providerId = request.params.providerId;
      if (!(DELIVERY_PROVIDER_IDS as readonly string[]).includes(providerId)) return fail('delivery.provider_not_found');
      // The same answer as GET /product/view/{id} for the postage product (one function builds both).
      try {
        return success(withContent(await productViewAnswer(deps, app, postageProductId(providerId), language, () => false)));
      } catch (error) {
        if (error instanceof ApiError && error.code === 'product.not_found') return fail('delivery.postage_not_found');
        throw error;
      }
    },
  );
}
