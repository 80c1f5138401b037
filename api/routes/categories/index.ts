/** `GET /v1/categories`: the visible category tree with product counts and URLs per language (spec 3 "Category"). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { langOnlyQuerySchema } from '../../contracts/common.js';
import { categoryTreeResponseSchema, envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { success } from '../../plugins/errors.js';

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
}
