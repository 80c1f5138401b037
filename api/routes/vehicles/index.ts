/**
 * The vehicle selector's calls (docs/architecture.md "Vehicle fitment", Storefront: make -> model -> generation or year), public and
 * cacheable (5 minutes), the same in both languages (names are the makers'):
 * - `GET /v1/vehicles/makes`
 * - `GET /v1/vehicles/makes/{make}/models` (404 `vehicle.not_found` for an unknown make)
 * - `GET /v1/vehicles/makes/{make}/models/{model}` — the generations (each `id` is the `v=` form) and model years.
 * The vehicle landing pages' calls (./landing.ts), public and cacheable alike, in the request's language:
 * - `GET /v1/vehicles/{make}/models-with-parts` — a make page: its models with the parts made for each;
 * - `GET /v1/vehicles/{make}/{model}/parts-by-category` and `GET /v1/vehicles/{make}/{model}/{generation}/parts-by-category`
 *   — a model or generation page: the parts made for it per category (404 `vehicle.not_found` for what the
 *   reference lacks).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listVehicleGenerations, listVehicleMakes, listVehicleModels } from '../../../projections/vehicles/queries.js';
import { langOnlyQuerySchema } from '../../contracts/common.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import {
  vehicleGenerationsResponseSchema,
  vehicleMakeParamsSchema,
  vehicleMakesResponseSchema,
  vehicleModelParamsSchema,
  vehicleModelsResponseSchema,
  vehicleMakePartsResponseSchema,
  vehicleGenerationPageParamsSchema,
  type VehiclePageParams,
  vehiclePartsResponseSchema,
} from '../../contracts/vehicles.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { ApiError, success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';
import { vehicleMakeAnswer, vehiclePartsAnswer } from './landing.js';

const cacheable = (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=300');

/** Model years covered by generations (open-ended ones up to `thisYear`), newest first. */
export function modelYears(generations: { from: string; to: string | null }[], thisYear: number): number[] {
  const years = new Set<number>();
  for (const g of generations) {
    const last = g.to === null ? Math.max(thisYear, Number(g.from.slice(0, 4))) : Number(g.to.slice(0, 4));
    for (let y = Number(g.from.slice(0, 4)); y <= last; y++) years.add(y);
  }
  return [...years].sort((a, b) => b - a);
}

export async function vehicleRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/v1/vehicles/makes',
    { schema: { summary: 'Vehicle makes of the reference (the selector\'s first list)', tags: ['catalog'], querystring: langOnlyQuerySchema, response: { 200: envelopeSchema(vehicleMakesResponseSchema), 400: failureEnvelopeSchema } } },
    async (_request, reply) => {
      cacheable(reply);
      return success({ makes: await listVehicleMakes(deps.db) });
    },
  );
  typed.get(
    '/v1/vehicles/makes/:make/models',
    {
      schema: {
        summary: 'Models of a make',
        tags: ['catalog'],
        params: vehicleMakeParamsSchema,
        querystring: langOnlyQuerySchema,
        response: { 200: envelopeSchema(vehicleModelsResponseSchema), 400: failureEnvelopeSchema, 404: failureEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const [makes, models] = await Promise.all([listVehicleMakes(deps.db), listVehicleModels(deps.db, request.params.make)]);
      const make = makes.find((m) => m.slug === request.params.make);
      if (!make) throw new ApiError('vehicle.not_found', 404, 'make');
      cacheable(reply);
      return success({ make, models });
    },
  );
  typed.get(
    '/v1/vehicles/makes/:make/models/:model',
    {
      schema: {
        summary: 'Generations and model years of a model (each generation id and `{make}.{model}.{year}` is a `v=` value)',
        tags: ['catalog'],
        params: vehicleModelParamsSchema,
        querystring: langOnlyQuerySchema,
        response: { 200: envelopeSchema(vehicleGenerationsResponseSchema), 400: failureEnvelopeSchema, 404: failureEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const rows = await listVehicleGenerations(deps.db, request.params.make, request.params.model);
      if (!rows.length) throw new ApiError('vehicle.not_found', 404, 'model');
      cacheable(reply);
      const first = rows[0]!;
      return success({
        make: { slug: first.makeSlug, name: first.make },
        model: { slug: first.modelSlug, name: first.model },
        generations: rows.map((r) => ({ id: r.vehicleId, label: r.label, code: r.code, from: r.from, to: r.to })),
        years: modelYears(rows, new Date(deps.now()).getUTCFullYear()),
      });
    },
  );
  typed.get(
    '/v1/vehicles/:make/models-with-parts',
    {
      schema: {
        summary: 'A make\'s landing page: its models with the listed parts made for each (universal parts not counted)',
        tags: ['catalog'],
        params: vehicleMakeParamsSchema,
        querystring: langOnlyQuerySchema,
        response: { 200: envelopeSchema(vehicleMakePartsResponseSchema), 400: failureEnvelopeSchema, 404: failureEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const answer = await vehicleMakeAnswer(deps, app, request.params.make);
      cacheable(reply);
      return success(answer);
    },
  );
  const partsByCategory = (params: typeof vehicleModelParamsSchema | typeof vehicleGenerationPageParamsSchema) => ({
    schema: {
      summary: 'A vehicle landing page: the listed parts made for a model or generation, per category (universal parts not counted)',
      tags: ['catalog'],
      params,
      querystring: langOnlyQuerySchema,
      response: { 200: envelopeSchema(vehiclePartsResponseSchema), 400: failureEnvelopeSchema, 404: failureEnvelopeSchema },
    },
  });
  const answerParts = async (request: FastifyRequest<{ Params: VehiclePageParams }>, reply: FastifyReply) => {
    const answer = await vehiclePartsAnswer(deps, app, request.params, requestLanguage(request.query, request.headers['accept-language']));
    // Names and category URLs follow `lang`, else Accept-Language.
    cacheable(reply).header('vary', 'accept-language');
    return success(answer);
  };
  typed.get('/v1/vehicles/:make/:model/parts-by-category', partsByCategory(vehicleModelParamsSchema), answerParts);
  typed.get('/v1/vehicles/:make/:model/:generation/parts-by-category', partsByCategory(vehicleGenerationPageParamsSchema), answerParts);
}
