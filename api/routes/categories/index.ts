/** `GET /v1/categories`: the visible category tree with product counts and URLs per language (spec 3 "Category"). */
import type { FastifyInstance } from 'fastify';
import type { CategoryCache } from '../../catalog-cache.js';
import type { ApiDeps } from '../../deps.js';
import { success } from '../../errors.js';

export function categoryRoutes(app: FastifyInstance, deps: ApiDeps, categories: CategoryCache): void {
  app.get('/v1/categories', async () => success((await categories.get(deps.now())).tree));
}
