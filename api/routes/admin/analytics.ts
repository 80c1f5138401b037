/**
 * The analyses' screens (docs/architecture.md "Analyses: search conversion and the order funnel"), permission `statistics.view` (the statistics area's: the
 * shop staff, CLIENT, hold it; domain/user/permissions.ts), under /v1/admin:
 *
 * GET /analytics/search-conversion?range=&format=csv&page=&pageSize= — per keyword searched in the range (Tallinn
 * calendar days, domain/search/statistics-ranges.ts): searches, zero-result, tracked, clicked and no-click searches,
 * products opened, cart additions, orders and their euro cents (analytics/search-conversion), most searched first,
 * and the totals per day for the chart.
 * GET /analytics/order-funnel?range=&format=csv — per week of placement: placed, paid, filled, reservations held
 * and expired (analytics/order-funnel), and the payment method share.
 *
 * `format=csv` answers every row as text/csv (RFC 4180, formula guard: platform/documents/csv.ts) with headings in
 * the request's language and a Content-Disposition file name `<analysis>-{range}-{from}.csv`. A range the spec does
 * not name answers 400 `statistics.range_invalid` in the envelope, in the request's language.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { funnelWeeks, paymentMethodShares } from '../../../analytics/order-funnel/queries.js';
import { conversionPerDay, keywordConversions } from '../../../analytics/search-conversion/queries.js';
import { statisticsDateRange, tallinnDate } from '../../../domain/search/statistics-ranges.js';
import { orderFunnelQuerySchema, orderFunnelResponseSchema, searchConversionQuerySchema, searchConversionResponseSchema } from '../../contracts/admin-analytics.js';
import { failureEnvelopeSchema } from '../../contracts/catalog.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';
import { jsonOrCsvResponse, sendCsv } from '../../plugins/csv-answer.js';

const permission = 'statistics.view' as const;
const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema };

const CONVERSION_CSV_HEADINGS = {
  et: ['Otsingusõna', 'Otsinguid', 'Ei leidnud midagi', 'Jälgitud otsinguid', 'Klikiga otsinguid', 'Klikita otsinguid', 'Avatud tooteid', 'Korvi lisatud', 'Tellimusi', 'Tellitud summa (EUR)'],
  en: ['Keyword', 'Searches', 'Found nothing', 'Tracked searches', 'Searches with a click', 'Searches without a click', 'Products opened', 'Added to cart', 'Orders', 'Ordered amount (EUR)'],
} as const;
const FUNNEL_CSV_HEADINGS = {
  et: ['Nädal (esmaspäev)', 'Esitatud', 'Esitatud summa (EUR)', 'Makstud', 'Makstud summa (EUR)', 'Täidetud', 'Broneeringuga', 'Broneering aegus'],
  en: ['Week (Monday)', 'Placed', 'Placed amount (EUR)', 'Paid', 'Paid amount (EUR)', 'Filled', 'With a reservation', 'Reservation expired'],
} as const;
const METHOD_CSV_HEADINGS = { et: ['Makseviis', 'Tellimusi', 'Summa (EUR)', 'Osakaal (%)'], en: ['Payment method', 'Orders', 'Amount (EUR)', 'Share (%)'] } as const;

const euros = (cents: number) => (cents / 100).toFixed(2);

export async function adminAnalyticsRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/analytics/search-conversion',
    {
      schema: {
        summary: 'Search conversion per keyword over a statistics range (JSON, or text/csv with format=csv)',
        tags: ['admin'],
        querystring: searchConversionQuerySchema,
        response: { 200: jsonOrCsvResponse(searchConversionResponseSchema, 'The keywords and the totals per day (JSON), or every keyword as CSV'), ...failures },
      },
      config: { permission },
    },
    async (request, reply) => {
      const query = request.query;
      const now = deps.now();
      const range = statisticsDateRange(query.range, now);
      if (query.format === 'csv') {
        const { rows } = await keywordConversions(deps.db, { range, page: 1, pageSize: null });
        const language = requestLanguage(query, request.headers['accept-language']);
        return sendCsv(reply, `search-conversion-${query.range}-${range.from ?? tallinnDate(now)}.csv`, [
          [...CONVERSION_CSV_HEADINGS[language]],
          ...rows.map((r) => [r.keyword, r.searches, r.zeroResults, r.trackedSearches, r.clickedSearches, r.noClickSearches, r.productOpens, r.cartAdds, r.orders, euros(r.orderedCents)]),
        ]);
      }
      const [keywords, perDay] = await Promise.all([
        keywordConversions(deps.db, { range, page: query.page, pageSize: query.pageSize }),
        conversionPerDay(deps.db, range),
      ]);
      return reply
        .header('cache-control', 'private, no-store')
        .send(success({ range: query.range, from: range.from, to: range.to, page: query.page, pageSize: query.pageSize, total: keywords.total, keywords: keywords.rows, perDay }));
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/analytics/order-funnel',
    {
      schema: {
        summary: 'Order funnel per week and payment method share over a statistics range (JSON, or text/csv with format=csv)',
        tags: ['admin'],
        querystring: orderFunnelQuerySchema,
        response: { 200: jsonOrCsvResponse(orderFunnelResponseSchema, 'The weeks and the payment methods (JSON), or both tables as CSV'), ...failures },
      },
      config: { permission },
    },
    async (request, reply) => {
      const query = request.query;
      const now = deps.now();
      const range = statisticsDateRange(query.range, now);
      const [weeks, paymentMethods] = await Promise.all([funnelWeeks(deps.db, range), paymentMethodShares(deps.db, range)]);
      if (query.format === 'csv') {
        const language = requestLanguage(query, request.headers['accept-language']);
        return sendCsv(reply, `order-funnel-${query.range}-${range.from ?? tallinnDate(now)}.csv`, [
          [...FUNNEL_CSV_HEADINGS[language]],
          ...weeks.map((w) => [w.week, w.placed, euros(w.placedCents), w.paid, euros(w.paidCents), w.filled, w.withReservation, w.reservationExpired]),
          [],
          [...METHOD_CSV_HEADINGS[language]],
          ...paymentMethods.map((m) => [m.method, m.orders, euros(m.amountCents), (m.share * 100).toFixed(1)]),
        ]);
      }
      return reply.header('cache-control', 'private, no-store').send(success({ range: query.range, from: range.from, to: range.to, weeks, paymentMethods }));
    },
  );
}
