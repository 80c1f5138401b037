/**
 * GET /v1/delivery-provider?lang (spec 7): every delivery provider with its offered locations (`options`) and the
 * delivery countries' labels. Fetched once per language and filtered in the browser per country (the provider's
 * supportedCountries, the option's country), so changing the country needs no request.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryProvidersResponse, DeliveryProviderView } from '../../../../../api/contracts/delivery';
import type { Language } from '../../../lib/language';
import { getJson, withQuery } from '../../../lib/api-client';

export type { DeliveryProviderView };

export async function getDeliveryProviders(lang: Language, signal?: AbortSignal): Promise<DeliveryProvidersResponse> {
  const { body } = await getJson<{ data: DeliveryProvidersResponse }>(withQuery('/v1/delivery-provider', { lang }), signal);
  return body.data;
}

export const deliveryProvidersQueryOptions = (lang: Language) =>
  queryOptions({
    queryKey: ['checkout', 'delivery-providers', lang] as const,
    queryFn: ({ signal }) => getDeliveryProviders(lang, signal),
    staleTime: 5 * 60_000,
  });

export function useDeliveryProviders(lang: Language) {
  return useQuery(deliveryProvidersQueryOptions(lang));
}

/** The providers delivering to `country`, each with only the options in that country. */
export function providersForCountry(data: DeliveryProvidersResponse | undefined, country: string): DeliveryProviderView[] {
  if (!data || !country) return [];
  return data.deliveryProviders
    .filter((p) => p.supportedCountries.includes(country))
    .map((p) => ({ ...p, options: p.options.filter((o) => o.country === country) }));
}
