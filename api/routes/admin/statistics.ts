/**
 * Search-keyword statistics (issue 11 StatisticsList; spec 2 "Admin area": search keywords, statistics time ranges),
 * permission `statistics.view`, under /v1/admin:
 *
 * GET /statistics/search-keywords?range=&zero=1&format=csv&page=&pageSize= — the keywords searched in the range
 * (Tallinn calendar days, domain/search/statistics-ranges.ts) with their searches, zero-result searches and last
 * result count, most searched first; `zero=1` only those whose last search in the range found nothing; the
 * searches per day for the chart. `format=csv` answers every keyword of the range as text/csv (RFC 4180, formula
 * guard: platform/documents/csv.ts) with a Content-Disposition file name
 * `search-keywords-{range}[-zero]-{from}.csv`. A range the spec does not name answers 400
 * `statistics.range_invalid` in the envelope, in the request's language. From the search_stats read model.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STATISTICS_RANGES, type StatisticsRange, statisticsDateRange, tallinnDate } from '../../../domain/search/statistics-ranges.js';
import { toCsv } from '../../../platform/documents/csv.js';
import { searchesPerDay, searchKeywordStatistics } from '../../../projections/search-stats/queries.js';
import { STATISTICS_RANGE_NAMES, type StatisticsRangeName, searchKeywordsQuerySchema, searchKeywordsResponseSchema } from '../../contracts/admin-statistics.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import type { RouteOptions } from '../../deps.js';
import { success } from '../../errors.js';
import { requestLanguage } from '../../messages.js';

// The contract's range names and the domain's are one list (a compile error otherwise).
const _sameRanges: [StatisticsRange[], StatisticsRangeName[]] = [[...STATISTICS_RANGE_NAMES], [...STATISTICS_RANGES]];
void _sameRanges;

const permission = 'statistics.view' as const;
const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema };

/** Column headings of the CSV export, per answer language. */
const CSV_HEADINGS = {
  et: ['Otsingusõna', 'Otsinguid', 'Sisestatud otsingukasti', 'Ei leidnud midagi (kordi)', 'Tulemusi (viimati)', 'Viimati otsitud'],
  en: ['Keyword', 'Searches', 'Typed into the search box', 'Found nothing (times)', 'Results (last search)', 'Last searched'],
} as const;

export async function adminStatisticsRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/statistics/search-keywords',
    {
      schema: {
        summary: 'Search keywords with their counts for a statistics range (JSON, or text/csv with format=csv)',
        tags: ['admin'],
        querystring: searchKeywordsQuerySchema,
        response: {
          200: {
            description: 'The keywords and the searches per day (JSON), or every keyword as CSV',
            content: {
              'application/json': { schema: envelopeSchema(searchKeywordsResponseSchema) },
              'text/csv': { schema: z.string().describe('RFC 4180 CSV with a header row') },
            },
          },
          ...failures,
        },
      },
      config: { permission },
    },
    async (request, reply) => {
      const query = request.query;
      const now = deps.now();
      const range = statisticsDateRange(query.range, now);
      const zeroOnly = query.zero === '1';
      if (query.format === 'csv') {
        const { rows } = await searchKeywordStatistics(deps.db, { range, zeroOnly, page: 1, pageSize: null });
        const language = requestLanguage(query, request.headers['accept-language']);
        const csv = toCsv([
          [...CSV_HEADINGS[language]],
          ...rows.map((r) => [r.keyword, r.searches, r.typedByUser, r.zeroResults, r.resultCount, r.lastSearchedOn]),
        ]);
        const fileName = `search-keywords-${query.range}${zeroOnly ? '-zero' : ''}-${range.from ?? tallinnDate(now)}.csv`;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(csv);
      }
      const [keywords, perDay] = await Promise.all([
        searchKeywordStatistics(deps.db, { range, zeroOnly, page: query.page, pageSize: query.pageSize }),
        searchesPerDay(deps.db, range),
      ]);
      return reply.header('cache-control', 'private, no-store').send(
        success({ range: query.range, from: range.from, to: range.to, zeroOnly, page: query.page, pageSize: query.pageSize, total: keywords.total, keywords: keywords.rows, perDay }),
      );
    },
  );
}
