/**
 * The vehicle landing pages' reads (api/routes/vehicles/landing.ts): a model's or generation's parts per category
 * (`GET /v1/vehicles/{make}/{model}[/{generation}]/parts-by-category`) and a make's models with their counts
 * (`GET /v1/vehicles/{make}/models-with-parts`). 404 `vehicle.not_found` (and 400 for a malformed slug) render the
 * not-found page; both are silent (no toast): the page shows what it has. The server render fills the same query
 * keys (app/prefetch-route.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import type { Language } from '../../../../../api/contracts/catalog';
import type { VehicleMakePartsResponse, VehiclePartsResponse } from '../../../../../api/contracts/vehicles';
import { getJson, withQuery } from '../../../lib/api-client';

export type { VehicleMakePartsResponse, VehiclePartsResponse };

/** A segment as the api path takes it (the router hands decoded parameters). */
const seg = (s: string) => encodeURIComponent(s.toLowerCase());

/** @throws ApiError 404 vehicle.not_found, 400 for a malformed slug, others as `getJson` (silent). */
export async function getVehicleParts(make: string, model: string, generation: string | undefined, lang: Language, signal?: AbortSignal): Promise<VehiclePartsResponse> {
  const path = `/v1/vehicles/${seg(make)}/${seg(model)}${generation === undefined ? '' : `/${seg(generation)}`}/parts-by-category`;
  const { body } = await getJson<{ data: VehiclePartsResponse }>(withQuery(path, { lang }), { signal, silent: true });
  return body.data;
}

/** @throws ApiError 404 vehicle.not_found, 400 for a malformed slug, others as `getJson` (silent). */
export async function getVehicleMake(make: string, lang: Language, signal?: AbortSignal): Promise<VehicleMakePartsResponse> {
  const { body } = await getJson<{ data: VehicleMakePartsResponse }>(withQuery(`/v1/vehicles/${seg(make)}/models-with-parts`, { lang }), { signal, silent: true });
  return body.data;
}

export const vehiclePartsQueryOptions = (make: string, model: string, generation: string | undefined, lang: Language) =>
  queryOptions({
    queryKey: ['vehicle-pages', 'parts', make.toLowerCase(), model.toLowerCase(), generation?.toLowerCase() ?? '', lang] as const,
    queryFn: ({ signal }) => getVehicleParts(make, model, generation, lang, signal),
  });

export const vehicleMakeQueryOptions = (make: string, lang: Language) =>
  queryOptions({ queryKey: ['vehicle-pages', 'make', make.toLowerCase(), lang] as const, queryFn: ({ signal }) => getVehicleMake(make, lang, signal) });
