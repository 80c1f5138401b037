/**
 * The problematic products list (spec 2 "Admin area": ProblematicProductsList, "the product dashboard"), permission
 * `products.view`, under /v1/admin:
 *
 * GET /products/problematic?kind=problematic|stale|outdated|popular|low-stock|no-category&days=&page=&pageSize= —
 * one page of the kind's products with the reason(s) each is listed for, and every kind's count (the tabs). The
 * time-dependent kinds (problematic's "visible", stale's N days, outdated, popular's 30 days) are decided at the
 * request's time. From the problematic_products read model (projections/problematic-products). An unknown kind answers
 * 400 `problematic_products.kind_invalid`, bad days `problematic_products.days_invalid`, bad paging `request.page_invalid` /
 * `request.page_size_invalid`, in the envelope and the request's language.
 *
 * The static path wins over a parameter route `/products/:id` registered by another plugin (Fastify's router
 * prefers static segments; tests/admin-problematic-products.int.spec.ts checks it).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PROBLEMATIC_PRODUCTS_KINDS, type ProblematicProductsKind, PROBLEM_REASONS, type ProblemReason } from '../../../domain/product/problematic-products.js';
import { listProblematicProducts } from '../../../projections/problematic-products/queries.js';
import {
  PROBLEMATIC_PRODUCTS_KIND_NAMES,
  type ProblematicProductsKindName,
  problematicProductsQuerySchema,
  problematicProductsResponseSchema,
  PROBLEM_REASON_NAMES,
} from '../../contracts/admin-problematic-products.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';

// The contract's names and the domain's are one list each (a compile error otherwise).
const _sameKinds: [ProblematicProductsKind[], ProblematicProductsKindName[]] = [[...PROBLEMATIC_PRODUCTS_KIND_NAMES], [...PROBLEMATIC_PRODUCTS_KINDS]];
const _sameReasons: [ProblemReason[], (typeof PROBLEM_REASON_NAMES)[number][]] = [[...PROBLEM_REASON_NAMES], [...PROBLEM_REASONS]];
void _sameKinds;
void _sameReasons;

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema };

export async function adminProblematicProductsRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/products/problematic',
    {
      schema: {
        summary: 'The product dashboard: problematic, stale, outdated, popular, low-stock or uncategorised products, with reasons (spec 2, the product dashboard)',
        tags: ['admin'],
        querystring: problematicProductsQuerySchema,
        response: { 200: envelopeSchema(problematicProductsResponseSchema), ...failures },
      },
      config: { permission: 'products.view' },
    },
    async (request) => {
      const { kind, days, page, pageSize } = request.query;
      const language = requestLanguage(request.query, request.headers['accept-language']);
      const result = await listProblematicProducts(deps.db as never, { kind, days, page, pageSize, language, now: deps.now() });
      return success({ kind, days, page, pageSize, total: result.total, rows: result.rows, counts: result.counts });
    },
  );
}
