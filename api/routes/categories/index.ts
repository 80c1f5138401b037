/**
 * `GET /v1/categories`: the visible category tree with product counts and URLs per language (spec 3 "Category").
 * `GET /v1/categories/suggestions?q=&lang=`: at most 10 categories matching what the shopper has typed in the search
 * box, best first (spec 9 "Category search suggestions"; scoring in projections/catalog/category-suggestions.ts),
 * from the same in-memory tree, so a key press costs no database round trip. The spec's score is logged (debug
 * level), never answered. 429 `rate_limited` after CATEGORY_SUGGESTION_RATE_LIMIT asks a minute from one address.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { langOnlyQuerySchema } from '../../contracts/common.js';
import { categoryTreeResponseSchema, envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';
import { categorySuggestionsQuerySchema, categorySuggestionsResponseSchema } from '../../contracts/category-suggestions.js';
import { suggestCategories } from '../../../projections/catalog/category-suggestions.js';
import type { CategoryNode } from '../../contracts/catalog.js';
import { vehicleCategoryCountsQuerySchema, vehicleCategoryCountsResponseSchema } from '../../contracts/vehicles.js';

/**
 * Suggestion asks per minute per client address: the box asks once per 300 ms pause in typing (spec 9), so a
 * shopper stays far below it; a script asking in a loop is stopped.
 */
export const CATEGORY_SUGGESTION_RATE_LIMIT = 240;

/** The category routes as one plugin; the tree from the app's CategoryCache (api/plugins/catalog-caches.ts). */
export async function categoryRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/categories',
    {
      schema: {
        summary: 'The visible category tree (spec 3 "Category")',
        tags: ['catalog'],
        querystring: langOnlyQuerySchema,
        response: { 200: envelopeSchema(categoryTreeResponseSchema), 400: failureEnvelopeSchema },
      },
    },
    async () => success((await app.categories.get(deps.now())).tree),
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/categories/vehicle-counts',
    {
      schema: {
        summary: "The category tree's counts narrowed to a vehicle: parts that fit it or are universal (vehicle fitment)",
        tags: ['catalog'],
        querystring: vehicleCategoryCountsQuerySchema,
        response: { 200: envelopeSchema(vehicleCategoryCountsResponseSchema), 400: failureEnvelopeSchema, 404: failureEnvelopeSchema },
      },
    },
    async (request) => success(await vehicleCategoryCounts(app, deps.now(), request.query.v, request.query.unknown === '1')),
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/categories/suggestions',
    {
      schema: {
        summary: 'At most 10 categories matching a search being typed (spec 9 "Category search suggestions")',
        tags: ['catalog'],
        querystring: categorySuggestionsQuerySchema,
        response: { 200: envelopeSchema(categorySuggestionsResponseSchema), 400: failureEnvelopeSchema, 429: failureEnvelopeSchema },
      },
      config: { rateLimit: { max: CATEGORY_SUGGESTION_RATE_LIMIT, timeWindow: 60_000 } },
    },
    async (request) => {
      const language = requestLanguage(request.query, request.headers['accept-language']);
      const found = suggestCategories((await app.categories.get(deps.now())).tree, request.query.q, language);
      // Spec 9: the score is logged only.
      request.log.debug({ q: request.query.q, language, scores: found.map((s) => [s.id, s.score]) }, 'category suggestions');
      return success(found.map(({ score: _score, ...s }) => s));
    },
  );
}

/**
 * The tree's counts for a vehicle (GET /v1/categories/vehicle-counts): direct counts from the listing index
 * (`vehicleCategoryCounts`), summed up the current tree like its `productCount`; only visible categories with parts.
 * @throws ApiError 404 `vehicle.not_found` for a vehicle the reference does not hold
 */
export async function vehicleCategoryCounts(app: FastifyInstance, now: string, v: string, includeUnknown: boolean): Promise<{ vehicle: { id: string; label: string }; counts: Record<string, number> }> {
  const active = await app.vehicles.resolve(v);
  await app.listingIndex.sync();
  const [index, snapshot] = await Promise.all([app.listingIndex.current(), app.categories.get(now)]);
  const direct = index.vehicleCategoryCounts(Date.parse(now), active.vehicle, includeUnknown);
  const counts: Record<string, number> = {};
  const sum = (node: CategoryNode): number => {
    let total = direct.get(node.id) ?? 0;
    for (const child of node.children) total += sum(child);
    if (total > 0) counts[node.id] = total;
    return total;
  };
  for (const root of snapshot.tree) sum(root);
  return { vehicle: { id: active.id, label: active.label }, counts };
}
