/**
 * `POST /v1/shopper-step` (search-conversion analysis, analytics/search-conversion): appends ShopperOpenedProduct or
 * ShopperAddedToCart (domain/search/shopper-steps.ts) with the tab's anonymous session id (`X-Shopper-Session`,
 * api/plugins/shopper-session.ts) in the metadata. No personal data, no cookie. 400 `request.invalid` (field
 * `x-shopper-session`) without a valid session id; CSRF as every shopper's write (api/plugins/csrf.ts); 429
 * `rate_limited` after SHOPPER_STEP_RATE_LIMIT steps a minute from one address. Answers `data: true`.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordShopperStep } from '../../../commands/catalog/record-shopper-step.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { langQuerySchema } from '../../contracts/common.js';
import { shopperStepBodySchema } from '../../contracts/shopper-steps.js';
import { csrfProtected } from '../../plugins/csrf.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { ApiError, success } from '../../plugins/errors.js';
import { SHOPPER_SESSION_HEADER, shopperSessionOf } from '../../plugins/shopper-session.js';

/** Steps per minute per client address (a tab clicking through products stays far below it). */
export const SHOPPER_STEP_RATE_LIMIT = 120;

/** The shopper step route as one plugin. */
export async function shopperStepRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/v1/shopper-step',
    {
      schema: {
        summary: 'Record an anonymous storefront step after a search (product opened, added to cart; no personal data)',
        tags: ['site'],
        body: shopperStepBodySchema,
        querystring: langQuerySchema,
        response: { 200: envelopeSchema(z.literal(true)), 400: failureEnvelopeSchema, 403: failureEnvelopeSchema, 429: failureEnvelopeSchema },
      },
      config: { rateLimit: { max: SHOPPER_STEP_RATE_LIMIT, timeWindow: 60_000 } },
      onRequest: csrfProtected(app),
    },
    async (request) => {
      const shopperSession = shopperSessionOf(request);
      if (!shopperSession) throw new ApiError('request.invalid', 400, SHOPPER_SESSION_HEADER);
      const body = request.body;
      const ctx = { commandId: randomUUID(), correlationId: request.id, userId: null, now: deps.now(), shopperSession };
      if (body.step === 'product-opened') await recordShopperStep(deps.store, { type: 'ShopperOpenedProduct', data: { productId: body.productId } }, ctx);
      else await recordShopperStep(deps.store, { type: 'ShopperAddedToCart', data: { productId: body.productId, quantity: body.quantity } }, ctx);
      return success(true);
    },
  );
}
