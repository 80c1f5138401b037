/**
 * GET /order/download/{token} (spec 7 "Order summary download"): the order summary as a PDF
 * (projections/orders/order-pdf.ts), in the order's language unless `lang` says otherwise, with the seller's company,
 * registry code and VAT number from the global fields; 404 `order.not_found`. A database that cannot take the query
 * for a moment (a refused or cut connection: max_connections reached under load) answers 503 `server_busy` with
 * Retry-After (api/plugins/errors.ts), never a 500: that was the one 500 a probe saw for a token of 32 'a's.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { langQuerySchema } from '../../contracts/common.js';
import { orderTokenParamsSchema } from '../../contracts/orders.js';
import { orderPdfFileName, renderOrderSummaryPdf } from '../../../projections/orders/order-pdf.js';
import { getOrderSummary } from '../../../projections/orders/queries.js';
import { getSiteContent } from '../../../projections/site/queries.js';
import { sellerFromFields } from '../../../domain/order/order-document.js';
import { failureEnvelopeSchema } from '../../contracts/catalog.js';
import type { ApiDeps } from '../../plugins/deps.js';
import { ApiError } from '../../plugins/errors.js';

export function orderDownloadRoutes(app: FastifyInstance, deps: ApiDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/order/download/:token',
    {
      schema: {
        summary: 'The order summary as a PDF (spec 7 "Order summary download")',
        tags: ['orders'],
        params: orderTokenParamsSchema,
        querystring: langQuerySchema,
        response: { 200: { description: 'PDF', content: { 'application/pdf': { schema: z.any().describe('binary') } } }, 404: failureEnvelopeSchema, 503: failureEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const summary = await getOrderSummary(deps.db, { publicToken: request.params.token });
      if (!summary) throw new ApiError('order.not_found', 404);
      const lang = request.query.lang;
      const language = lang ? (lang.toLowerCase().startsWith('en') ? 'en-US' : 'et') : summary.language;
      // The seller's registry code and VAT number from the global fields (spec 1: the company behind the shop).
      const { fields } = await getSiteContent(deps.db);
      const pdf = await renderOrderSummaryPdf(summary, language, { seller: sellerFromFields(fields, language) });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${orderPdfFileName(summary, language)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
