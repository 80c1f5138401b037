/**
 * `GET /v1/search` (spec 7): query page, per-page (default 24), q, sort, and filters as ff{n} (field), fc{n}
 * (comparison), fv{n} (value). Answers `{ results: SearchResult[] }` (spec 3 "Search result") with x-pagination-*
 * headers. Supported filters: `category eq <id>`, `attribute eq <name=value>`, `price lt|lte|gt|gte <euros>`.
 * Appends a SearchPerformed event when q or a filter is given. On the first page, `pages` holds the published,
 * visible content pages q finds in the request's language (./page-results.ts; drafts, hidden and scheduled-out pages
 * never; the app's `publishedPages` cache, api/plugins/catalog-caches.ts); the products' paging and the recorded
 * result count are the products'.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseEuroToCents } from '../../../commands/catalog/catalog-csv.js';
import { envelopeSchema, failureEnvelopeSchema, type PageSearchResult, type SearchQuery, type SearchResult, searchQuerySchema, searchResponseSchema } from '../../contracts/catalog.js';
import type { ApiDeps, RouteOptions } from '../../plugins/deps.js';
import { ApiError, success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';
import { shopperSessionOf } from '../../plugins/shopper-session.js';
import { centsToEuros, toImage } from '../products/to-product.js';
import { LISTING_COMPRESSION } from '../../plugins/compression.js';
import { cachedSearchListing, plainJsonSerializer, setPagination } from '../products/index.js';
import { pageResults } from './page-results.js';

interface SearchFilters {
  categoryId?: string;
  filters: Record<string, string[]>;
  priceMinCents?: number;
  priceMaxCents?: number;
}

/** Reads ff{n}/fc{n}/fv{n} triples. @throws ApiError request.filters_invalid (400) on anything unsupported. */
export function parseSearchFilters(query: Record<string, unknown>): SearchFilters {
  const out: SearchFilters = { filters: {} };
  const known = new Set(['q', 'page', 'per-page', 'sort', 'lang', 'fieldsPreset', 'limitCategoriesTo', 'iu', 'v', 'unknown']);
  const indexes = new Set<string>();
  for (const key of Object.keys(query)) {
    if (known.has(key)) continue;
    const m = /^f[fcv](\d{1,2})$/.exec(key);
    if (!m) throw new ApiError('request.filters_invalid', 400, key);
    indexes.add(m[1]);
  }
  for (const n of indexes) {
    const field = query[`ff${n}`];
    const comparison = query[`fc${n}`] ?? 'eq';
    const value = query[`fv${n}`];
    if (typeof field !== 'string' || typeof value !== 'string' || typeof comparison !== 'string') throw new ApiError('request.filters_invalid', 400, `ff${n}`);
    if (field === 'category' && comparison === 'eq') out.categoryId = value;
    else if (field === 'attribute' && comparison === 'eq' && value.includes('=')) {
      const i = value.indexOf('=');
      (out.filters[value.slice(0, i)] ??= []).push(value.slice(i + 1));
    } else if (field === 'price' && ['lt', 'lte', 'gt', 'gte'].includes(comparison)) {
      const cents = parseEuroToCents(value);
      if (cents === null || Number.isNaN(cents)) throw new ApiError('request.filters_invalid', 400, `fv${n}`);
      if (comparison === 'lt') out.priceMaxCents = cents - 1;
      if (comparison === 'lte') out.priceMaxCents = cents;
      if (comparison === 'gt') out.priceMinCents = cents + 1;
      if (comparison === 'gte') out.priceMinCents = cents;
    } else throw new ApiError('request.filters_invalid', 400, `ff${n}`);
  }
  return out;
}

/** The answer of GET /v1/search before encoding: the envelope, and the paging its x-pagination-* headers carry. */
export interface SearchAnswer {
  body: ReturnType<typeof success<{ results: SearchResult[]; pages: PageSearchResult[] }>>;
  page: number;
  perPage: number;
  total: number;
}

/**
 * GET /v1/search's answer (spec 7, spec 3 "Search result") for a parsed `query` (searchQuerySchema): the products'
 * page with breadcrumbs, and on the first page the content pages q finds (`publishedPages`, the app's cache). Records
 * a SearchPerformed event when q or a filter is given, with the vehicle it named (chosen by `v=` or typed in q;
 * api/plugins/vehicle-reference.ts searchVehicle) (as a guest's: userId null; `shopperSession` the storefront's anonymous session id, in its metadata). Shared by the route and the server
 * render's in-process reads (api/ssr/in-process-reads.ts), so both answer alike.
 * @throws ApiError request.filters_invalid (400) for an unsupported ff/fc/fv filter (parseSearchFilters).
 */
export async function searchAnswer(deps: ApiDeps, app: FastifyInstance, query: SearchQuery, context: { correlationId: string; acceptLanguage?: string; shopperSession?: string }): Promise<SearchAnswer> {
  const { categories, publishedPages } = app;
  const language = requestLanguage(query, context.acceptLanguage);
  const parsed = parseSearchFilters(query);
  const now = deps.now();
  const perPage = query['per-page'];
  const q = query.q?.trim() ?? '';
  // The active vehicle (`v=`, vehicle fitment): only parts that fit it or are universal, the unknown ones counted.
  const active = query.v ? await app.vehicles.resolve(query.v) : null;
  const vehicle = active ? { vehicle: active.vehicle, includeUnknown: query.unknown === '1' } : {};
  const [result, snapshot, pages] = await Promise.all([
    cachedSearchListing(deps, app, { q: query.q, categoryId: parsed.categoryId, filters: parsed.filters, priceMinCents: parsed.priceMinCents, priceMaxCents: parsed.priceMaxCents, page: query.page, pageSize: perPage, sort: query.sort, language, now, ...vehicle }),
    categories.get(now),
    query.page === 1 ? pageResults(publishedPages, q, language, now) : [],
  ]);
  if (q || Object.keys(parsed.filters).length || parsed.categoryId) {
    const named = await app.vehicles.searchVehicle(active, q);
    await deps.searches.record(
      { query: q, categoryId: parsed.categoryId ?? null, filters: parsed.filters, resultCount: result.total, typedByUser: query.iu === 'user', language, ...(named ? { vehicle: named } : {}) },
      { commandId: randomUUID(), correlationId: context.correlationId, userId: null, now, shopperSession: context.shopperSession },
    );
  }
  const answers = active ? (await app.listingIndex.current()).fitmentAnswers(result.products.map((p) => p.id), active.vehicle) : null;
  const results: SearchResult[] = result.products.map((p, i) => {
    const name = (language === 'en' ? p.name_en : p.name_et) || p.name_et || p.name_en;
    const description = (language === 'en' ? p.description_en : p.description_et) || p.description_et || p.description_en;
    const crumbs = p.categoryId ? categories.breadcrumbs(snapshot, p.categoryId, language) : [];
    return {
      id: p.id,
      name,
      path: `/products/view/${p.id}`,
      breadcrumbs: [...crumbs, name].map((n) => ({ name: n })),
      meta_description: description.slice(0, 160),
      content: { image: p.image ? toImage(p.image) : null, price: centsToEuros(p.grossCents), code1: p.code1, description },
      ...(answers ? { fitment: answers[i] } : {}),
    };
  });
  const body = success({ results, pages, ...(active ? { vehicle: { id: active.id, label: active.label }, hiddenUnknown: result.hiddenUnknown } : {}) });
  return { body, page: query.page, perPage, total: result.total };
}

/** GET /v1/search as a plugin; caches from the app's decorations (api/plugins/catalog-caches.ts). */
export async function searchRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/search',
    {
      schema: {
        summary: 'Search (spec 7; Yii-style filters ff{n}/fc{n}/fv{n}; paging in x-pagination-* headers)',
        tags: ['catalog'],
        querystring: searchQuerySchema,
        response: { 200: envelopeSchema(searchResponseSchema), 400: failureEnvelopeSchema },
      },
      serializerCompiler: plainJsonSerializer,
      compress: LISTING_COMPRESSION,
    },
    async (request, reply) => {
      const answer = await searchAnswer(deps, app, request.query, { correlationId: request.id, acceptLanguage: request.headers['accept-language'], shopperSession: shopperSessionOf(request) });
      setPagination(reply, answer.page, answer.perPage, answer.total);
      return answer.body;
    },
  );
}
