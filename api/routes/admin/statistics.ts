/**
 * Search-keyword statistics (spec 2 "Admin area" StatisticsList: search keywords, statistics time ranges),
 * permission `statistics.view`, under /v1/admin:
 *
 * GET /statistics/search-keywords?range=&zero=1&format=csv&page=&pageSize= — the keywords searched in the range
 * (Tallinn calendar days, domain/search/statistics-ranges.ts) with their searches, zero-result searches and last
 * result count, most searched first; `zero=1` only those whose last search in the range found nothing; the
 * searches per day for the chart. `format=csv` answers every keyword of the range as text/csv (RFC 4180, formula
 * guard: platform/documents/csv.ts) with a Content-Disposition file name
 * `search-keywords-{range}[-zero]-{from}.csv`. A range the spec does not name answers 400
 * `statistics.range_invalid` in the envelope, in the request's language. From the search_stats read model.
 * `vehicle=1` only the keywords of searches that named a vehicle; each keyword says how many of its searches named
 * one and which model its text names (`typedVehicle`).
 *
 * GET /statistics/search-vehicles?range=&format=csv&page=&pageSize= — the vehicle models (or makes) the range's
 * searches named (spec 2 "Search keywords": the keyword statistics show searches that named a vehicle), chosen in the
 * garage (`v=`) or typed in the text, with the zero-result searches and the top keywords, most searched first;
 * `format=csv` every vehicle as text/csv, file `search-vehicles-{range}-{from}.csv`; ranges and errors as above.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STATISTICS_RANGES, type StatisticsRange, statisticsDateRange, tallinnDate } from '../../../domain/search/statistics-ranges.js';
import { searchesPerDay, searchKeywordStatistics, searchVehicleStatistics } from '../../../projections/search-stats/queries.js';
import { addCategorySearchKeyword } from '../../../commands/category/add-category-search-keyword.js';
import { addProductSearchAlias } from '../../../commands/product/add-product-search-alias.js';
import {
  STATISTICS_RANGE_NAMES,
  type StatisticsRangeName,
  assignKeywordBodySchema,
  assignKeywordResponseSchema,
  searchKeywordsQuerySchema,
  searchKeywordsResponseSchema,
  searchVehiclesQuerySchema,
  searchVehiclesResponseSchema,
} from '../../contracts/admin-statistics.js';
import { langQuerySchema } from '../../contracts/common.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';
import { staffCsrf } from '../../plugins/staff-guard.js';
import { readModelWaitMs } from '../../plugins/read-model-wait.js';
import { jsonOrCsvResponse, sendCsv } from '../../plugins/csv-answer.js';

// The contract's range names and the domain's are one list (a compile error otherwise).
const _sameRanges: [StatisticsRange[], StatisticsRangeName[]] = [[...STATISTICS_RANGE_NAMES], [...STATISTICS_RANGES]];
void _sameRanges;

const permission = 'statistics.view' as const;
const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema };

/** How long the assign call waits for its change to reach the listing before it answers what the search finds. */
const ASSIGN_SETTLE_MS = readModelWaitMs(5_000);

/** Column headings of the CSV export, per answer language. */
const CSV_HEADINGS = {
  et: ['Otsingusõna', 'Otsinguid', 'Sisestatud otsingukasti', 'Ei leidnud midagi (kordi)', 'Tulemusi (viimati)', 'Viimati otsitud', 'Sõidukiga otsinguid', 'Tekstis nimetatud sõiduk'],
  en: ['Keyword', 'Searches', 'Typed into the search box', 'Found nothing (times)', 'Results (last search)', 'Last searched', 'Searches naming a vehicle', 'Vehicle named in the text'],
} as const;

/** Column headings of the vehicles' CSV export, per answer language. */
const VEHICLE_CSV_HEADINGS = {
  et: ['Sõiduk', 'Võti', 'Otsinguid', 'Garaažist valitud', 'Otsingutekstis', 'Ei leidnud midagi (kordi)', 'Viimati otsitud', 'Enim otsitud sõnad'],
  en: ['Vehicle', 'Key', 'Searches', 'Chosen in the garage', 'Typed in the search', 'Found nothing (times)', 'Last searched', 'Top keywords'],
} as const;

export async function adminStatisticsRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  /** Products a shopper's search for `keyword` finds now: the whole catalog, visible products (the listing index). */
  const findsNow = async (keyword: string): Promise<number> => {
    const index = await app.listingIndex.current();
    return index.query({ q: keyword, page: 1, pageSize: 1, language: 'et', nowMs: Date.parse(deps.now()) }).total;
  };

  app.withTypeProvider<ZodTypeProvider>().get(
    '/statistics/search-keywords',
    {
      schema: {
        summary: 'Search keywords with their counts for a statistics range (JSON, or text/csv with format=csv)',
        tags: ['admin'],
        querystring: searchKeywordsQuerySchema,
        response: {
          200: jsonOrCsvResponse(searchKeywordsResponseSchema, 'The keywords and the searches per day (JSON), or every keyword as CSV'),
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
      const vehicleOnly = query.vehicle === '1';
      if (query.format === 'csv') {
        const { rows } = await searchKeywordStatistics(deps.db, { range, zeroOnly, vehicleOnly, page: 1, pageSize: null });
        const language = requestLanguage(query, request.headers['accept-language']);
        const fileName = `search-keywords-${query.range}${zeroOnly ? '-zero' : ''}${vehicleOnly ? '-vehicle' : ''}-${range.from ?? tallinnDate(now)}.csv`;
        return sendCsv(reply, fileName, [
          [...CSV_HEADINGS[language]],
          ...rows.map((r) => [r.keyword, r.searches, r.typedByUser, r.zeroResults, r.resultCount, r.lastSearchedOn, r.vehicleSearches, r.typedVehicle ?? '']),
        ]);
      }
      const [keywords, perDay] = await Promise.all([
        searchKeywordStatistics(deps.db, { range, zeroOnly, vehicleOnly, page: query.page, pageSize: query.pageSize }),
        searchesPerDay(deps.db, range),
      ]);
      const rows = [];
      // Only the keywords whose last search found nothing are asked again (what staff act on; at most a page of them).
      for (const row of keywords.rows) rows.push({ ...row, findsNow: row.resultCount === 0 ? await findsNow(row.keyword) : null });
      return reply.header('cache-control', 'private, no-store').send(
        success({ range: query.range, from: range.from, to: range.to, zeroOnly, vehicleOnly, page: query.page, pageSize: query.pageSize, total: keywords.total, keywords: rows, perDay }),
      );
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/statistics/search-vehicles',
    {
      schema: {
        summary: 'Vehicle models the searches of a statistics range named, chosen or typed (JSON, or text/csv with format=csv)',
        tags: ['admin'],
        querystring: searchVehiclesQuerySchema,
        response: {
          200: jsonOrCsvResponse(searchVehiclesResponseSchema, 'The vehicles with their searches and top keywords (JSON), or every vehicle as CSV'),
          ...failures,
        },
      },
      config: { permission },
    },
    async (request, reply) => {
      const query = request.query;
      const now = deps.now();
      const range = statisticsDateRange(query.range, now);
      if (query.format === 'csv') {
        const { rows } = await searchVehicleStatistics(deps.db, { range, page: 1, pageSize: null });
        const language = requestLanguage(query, request.headers['accept-language']);
        return sendCsv(reply, `search-vehicles-${query.range}-${range.from ?? tallinnDate(now)}.csv`, [
          [...VEHICLE_CSV_HEADINGS[language]],
          ...rows.map((r) => [r.label, r.key, r.searches, r.chosen, r.typed, r.zeroResults, r.lastSearchedOn, r.topKeywords.map((k) => `${k.keyword} (${k.searches})`).join('; ')]),
        ]);
      }
      const { rows, total } = await searchVehicleStatistics(deps.db, { range, page: query.page, pageSize: query.pageSize });
      return reply
        .header('cache-control', 'private, no-store')
        .send(success({ range: query.range, from: range.from, to: range.to, page: query.page, pageSize: query.pageSize, total, vehicles: rows }));
    },
  );

  /**
   * POST /statistics/search-keywords/assign (StatisticsList: "one click adds a zero-result keyword as a
   * search keyword of a category or an alias of a product"), permission `products.edit`, CSRF. Adds the keyword to
   * the category's search keywords in the language (AddCategorySearchKeyword) or to the product's search aliases
   * (SetProductSearchAliases with the aliases it has plus this one), the staff user in the events' metadata; then
   * waits up to 5 s for the change to reach the listing and answers how many products the search finds now.
   * Errors: 400 bad body or keyword (`category.keyword_invalid`, `product.alias_invalid`), 404 unknown category or
   * product, in the envelope and the request's language.
   */
  app.withTypeProvider<ZodTypeProvider>().post(
    '/statistics/search-keywords/assign',
    {
      schema: {
        summary: 'Make a search keyword a category search keyword or a product search alias',
        tags: ['admin'],
        querystring: langQuerySchema,
        body: assignKeywordBodySchema,
        response: { 200: envelopeSchema(assignKeywordResponseSchema), ...failures, 404: failureEnvelopeSchema },
      },
      config: { permission: 'products.edit' },
      onRequest: staffCsrf(app),
    },
    async (request) => {
      const body = request.body;
      const keyword = body.keyword.toLowerCase().replace(/\s+/g, ' ');
      const context = request.commandContext();
      let checkpoint: string;
      if (body.target === 'category') {
        ({ checkpoint } = await addCategorySearchKeyword(deps.store, { categoryId: body.categoryId, language: body.language, keyword }, context));
      } else {
        ({ checkpoint } = await addProductSearchAlias(deps.store, { productId: body.productId, alias: keyword }, context));
      }
      // The projector applies the event and the listing index follows its read model: wait (at most 5 s) until the
      // index has passed the event's `$all` checkpoint ('' when nothing was appended: already held).
      const until = Date.now() + ASSIGN_SETTLE_MS;
      const column = body.target === 'category' ? 'category_position' : 'product_position';
      while (checkpoint && (app.listingIndex.position()[column] ?? '') < checkpoint && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        await app.listingIndex.sync();
      }
      const finds = await findsNow(keyword);
      return success({ keyword, target: body.target, findsNow: finds });
    },
  );
}
