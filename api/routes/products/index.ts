/**
 * Product routes (spec 7): the product list `GET /v1/products` (q, c, f, page, pageSize, sort, iu; spec 3
 * "Product list response" with x-pagination-* headers) and `GET /product/view/{id}` (404 for unknown and
 * inaccessible products, so a cart marks the line inaccessible, spec 4).
 * Every search (a request with q or filters) appends a SearchPerformed event.
 */
import { randomUUID } from 'node:crypto';
import { answerFitment, UNKNOWN_FITMENT } from '../../../domain/fitment/fitment.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { stockAmount } from '../../../projections/catalog/product-card.js';
import { isKeptFacetList } from '../../../projections/catalog/listing-facets.js';
import { getProduct, type ListedCard, type ListedSearchProduct, listProductCards, listSearchProducts, type ListProductsInput, type ListProductsOutput, type Sort as ListingSort } from '../../../projections/catalog/queries.js';
import type { Sort as ContractSort } from '../../contracts/catalog-constants.js';
import { type FilterLabelMap, hiddenWhenEmptyIn, labeledFacetsJsonText } from '../../plugins/filter-labels.js';
import {
  appliedFiltersSchema,
  type AppliedFilters,
  envelopeSchema,
  failureEnvelopeSchema,
  type Language,
  PAGINATION_HEADERS,
  productListQuerySchema,
  productListResponseSchema,
  type Product,
  productParamsSchema,
  productSchema,
  productViewQuerySchema,
} from '../../contracts/catalog.js';
import type { ApiDeps, RouteOptions } from '../../plugins/deps.js';
import { shopperSessionOf } from '../../plugins/shopper-session.js';
import { LISTING_COMPRESSION } from '../../plugins/compression.js';
import { ApiError, success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';
import type { SessionRuntime } from '../../plugins/sessions.js';
import { staffUserFromRequest } from '../../plugins/staff-guard.js';
import { categoryJsonOf, productCardPieces, toProduct, withContent } from './to-product.js';

/**
 * Is this a staff request for the frontEdit fields? `fieldsPreset=frontEdit` and a staff session that
 * may `products.view`; anyone else's frontEdit is ignored. Staff answers are never cached by the browser or proxies.
 */
export async function wantsStaffFields(deps: ApiDeps, sessions: SessionRuntime | undefined, request: FastifyRequest, reply: FastifyReply, fieldsPreset: string | undefined): Promise<boolean> {
  if (fieldsPreset !== 'frontEdit') return false;
  const user = await staffUserFromRequest(request, sessions, deps.store, 'products.view');
  if (user) reply.header('cache-control', 'private, no-store');
  return user !== null;
}

/** A product with the staff details (spec 4: the low-stock icon when the first stock amount <= critical_stock_level). */
export function withStaffFields(product: Product): Product {
  const first = product.stock[0]?.amount ?? '0.000';
  const level = product.critical_stock_level;
  return { ...product, staff: staffFields(product.visibility.currentState, level, first) };
}

function staffFields(visibility: Product['visibility']['currentState'], level: number | null, firstStockAmount: string): NonNullable<Product['staff']> {
  return { visibility, criticalStockLevel: level, firstStockAmount, lowStock: level !== null && Number(firstStockAmount) <= level };
}

/** A listed card's staff details, as `withStaffFields` gives them (the first stock amount is the total, product-card.ts). */
function staffFieldsOf(card: ListedCard): NonNullable<Product['staff']> {
  return staffFields(card.visibility, card.criticalLevel, stockAmount(card.stockTotal));
}

/**
 * Serializer of the hot listing routes (GET /v1/products, GET /v1/search): plain JSON.stringify. Their response
 * schemas still document them (OpenAPI) and their tests parse every answer with those schemas; checking ~100 KB of
 * facets per answer at run time took a quarter of the api's CPU under load (bench:catalog-load).
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);

/**
 * The labelled facets of a listing as UTF-8 JSON bytes, made once per facet-count object, labels and language: the
 * listing index hands out the same counts object for a category until a product in it changes (listing-index.ts
 * memo), and FilterLabelCache the same labels until they change, so a category's ~80 KB of facets is labelled,
 * serialized and encoded once per change instead of once per request (docs/architecture.md "Caches, hot routes and
 * recorded searches").
 */
const facetJsonMemo = new WeakMap<object, Map<string, { labels: FilterLabelMap; bytes: Buffer }>>();
export function labeledFacetsJson(facets: ListProductsOutput['availableFilters'], labels: FilterLabelMap, language: Language): Buffer {
  let byLanguage = facetJsonMemo.get(facets);
  if (!byLanguage) facetJsonMemo.set(facets, (byLanguage = new Map()));
  const hit = byLanguage.get(language);
  if (hit && hit.labels === labels) return hit.bytes;
  // Hidden facets dropped and placed ones first (spec 2 FilterList); a filter change brings new `labels`, so the memo is made again.
  const bytes = Buffer.from(labeledFacetsJsonText(facets, labels, language));
  byLanguage.set(language, { labels, bytes });
  return bytes;
}

/**
 * The labelled facets' JSON for one answer: memoised bytes (`labeledFacetsJson`) for a list the index hands out
 * again until a change (listing-facets.ts isKeptFacetList), else the text (a search's facets, counted for this
 * request: memoising them would only make garbage, and the text is encoded once with the rest of the answer).
 */
function facetsJsonFor(facets: ListProductsOutput['availableFilters'], labels: FilterLabelMap, language: Language): Buffer | string {
  return isKeptFacetList(facets) ? labeledFacetsJson(facets, labels, language) : labeledFacetsJsonText(facets, labels, language);
}

const FACETS_PLACEHOLDER = '"availableFilters":null';
/** Stands for the results array in the envelope until it is replaced by the products' JSON text (no product text holds it: it is not JSON). */
const RESULTS_PLACEHOLDER = '\u0000results\u0000';

/**
 * The success envelope as UTF-8 JSON bytes with `availableFilters` (given as null, first in `data`) replaced by
 * `facets` (JSON bytes or text) and `results` (given as RESULTS_PLACEHOLDER, second) by the array of `results` (each
 * a product's JSON text). The answer goes out as bytes: a ~100 KB string would be measured (content-length) and
 * encoded again on every send, which took a third of the api's CPU under load (bench:catalog-load).
 * The pieces are written one after the other into one buffer of their summed UTF-8 length: no joined results, no
 * ~30-100 KB answer string made only to be encoded (a search answer's garbage was ~300 KB; docs/architecture.md
 * "Caches, hot routes and recorded searches"). Every piece starts and ends at JSON punctuation, outside any string,
 * so no surrogate pair is split between two pieces: the bytes are those of encoding the joined text.
 */
function withFacetsJson(envelope: { data: { availableFilters: null; results: string } }, facets: Buffer | string, results: readonly (readonly (Buffer | string)[])[]): Buffer {
  const text = JSON.stringify(envelope);
  const at = text.indexOf(FACETS_PLACEHOLDER) + FACETS_PLACEHOLDER.length - 'null'.length;
  const placeholder = JSON.stringify(RESULTS_PLACEHOLDER);
  const resultsAt = text.indexOf(placeholder, at);
  const head = text.slice(0, at);
  const middle = text.slice(at + 'null'.length, resultsAt);
  const tail = text.slice(resultsAt + placeholder.length);
  let size = Buffer.byteLength(head) + (typeof facets === 'string' ? Buffer.byteLength(facets) : facets.length) + Buffer.byteLength(middle) + Buffer.byteLength(tail) + 2 + Math.max(0, results.length - 1);
  for (const pieces of results) for (const piece of pieces) size += typeof piece === 'string' ? Buffer.byteLength(piece) : piece.length;
  const out = Buffer.allocUnsafe(size);
  let o = out.write(head, 0);
  o += typeof facets === 'string' ? out.write(facets, o) : facets.copy(out, o);
  o += out.write(middle, o);
  out[o++] = 0x5b; // [
  for (let i = 0; i < results.length; i++) {
    if (i > 0) out[o++] = 0x2c; // ,
    for (const piece of results[i]) o += typeof piece === 'string' ? out.write(piece, o) : piece.copy(out, o);
  }
  out[o++] = 0x5d; // ]
  o += out.write(tail, o);
  if (o !== size) throw new Error(`listing answer: wrote ${o} of ${size} bytes`);
  return out;
}

/** The contract's sort options are exactly the read model's (a compile-time check both ways; projections do not import api/). */
const sortsMatch: [ContractSort] extends [ListingSort] ? ([ListingSort] extends [ContractSort] ? true : false) : false = true;
void sortsMatch;

/** Parses the `f` query parameter (JSON of attribute name to values). @throws ApiError request.filters_invalid (400). */
export function parseFilters(f: string | undefined): AppliedFilters {
  if (f === undefined || f.trim() === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(f);
  } catch {
    throw new ApiError('request.filters_invalid', 400, 'f');
  }
  const parsed = appliedFiltersSchema.safeParse(json);
  if (!parsed.success || Object.keys(parsed.data).length > 20) throw new ApiError('request.filters_invalid', 400, 'f');
  return parsed.data;
}

/** Sets the x-pagination-* headers (spec 3). */
export function setPagination(reply: FastifyReply, page: number, perPage: number, total: number): void {
  reply.header(PAGINATION_HEADERS.currentPage, page);
  reply.header(PAGINATION_HEADERS.perPage, perPage);
  reply.header(PAGINATION_HEADERS.pageCount, Math.ceil(total / perPage));
  reply.header(PAGINATION_HEADERS.totalCount, total);
}

/** `listProductCards` through the result cache (its keys apart from `cachedSearchListing`'s); the key is the input without the clock. */
export function cachedCardListing(deps: ApiDeps, app: FastifyInstance, input: ListProductsInput): Promise<ListProductsOutput<ListedCard>> {
  const { now: _now, ...key } = input;
  return app.listings.get(`cards ${JSON.stringify(key)}`, () => listProductCards(app.listingIndex, input)) as Promise<ListProductsOutput<ListedCard>>;
}

/** `listSearchProducts` (GET /v1/search's fields) through the result cache (its keys apart from the others'); the key is the input without the clock. */
export function cachedSearchListing(deps: ApiDeps, app: FastifyInstance, input: ListProductsInput): Promise<ListProductsOutput<ListedSearchProduct>> {
  const { now: _now, ...key } = input;
  return app.listings.get(`search ${JSON.stringify(key)}`, () => listSearchProducts(deps.db, app.listingIndex, input)) as Promise<ListProductsOutput<ListedSearchProduct>>;
}

/** GET /v1/products' query (api/contracts/catalog.ts productListQuerySchema), as parsed. */
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/**
 * The answer of `GET /v1/products` (spec 7 "Product list"): the success envelope as UTF-8 JSON bytes, and the paging
 * for the x-pagination-* headers. Records the search (SearchPerformed) when the query has q or filters, with the
 * vehicle it named (chosen by `v=` or typed in q; api/plugins/vehicle-reference.ts searchVehicle). Called by the
 * route and, in process, by the server render (api/ssr/in-process-reads.ts), so both answer alike.
 * `staff`: asked once the query is known good, whether the caller gets the frontEdit fields (a guest's render: false).
 * @throws ApiError request.filters_invalid (400) for an `f` that is no filter JSON.
 */
export async function productListAnswer(
  deps: ApiDeps,
  app: FastifyInstance,
  query: ProductListQuery,
  context: { staff: () => boolean | Promise<boolean>; correlationId: string; acceptLanguage?: string; shopperSession?: string },
): Promise<{ body: Buffer; page: number; pageSize: number; total: number }> {
  const { categories, filterLabels } = app;
  const language: Language = requestLanguage(query, context.acceptLanguage);
  const filters = parseFilters(query.f);
  const now = deps.now();
  const active = query.v ? await app.vehicles.resolve(query.v) : null;
  const vehicle = active ? { vehicle: active.vehicle, includeUnknown: query.unknown === '1' } : {};
  const [result, snapshot, labels, staff] = await Promise.all([
    cachedCardListing(deps, app, { q: query.q, categoryId: query.c, filters, page: query.page, pageSize: query.pageSize, sort: query.sort, language, now, ...vehicle }),
    categories.get(now),
    filterLabels.get(),
    context.staff(),
  ]);
  const q = query.q?.trim() ?? '';
  if (q || Object.keys(filters).length) {
    const named = await app.vehicles.searchVehicle(active, q);
    await deps.searches.record(
      { query: q, categoryId: query.c ?? null, filters, resultCount: result.total, typedByUser: query.iu === 'user', language, ...(named ? { vehicle: named } : {}) },
      { commandId: randomUUID(), correlationId: context.correlationId, userId: null, now, shopperSession: context.shopperSession },
    );
  }
  const answers = active ? (await app.listingIndex.current()).fitmentAnswers(result.products.map((p) => p.id), active.vehicle) : null;
  // A vehicle listing's facet counts are one object per vehicle and category until the index changes (listing-index.ts
  // `vehicleFacets`), so they are labelled and serialized once per change too.
  const facetsJson = facetsJsonFor(result.availableFilters, labels, language);
  const hiddenWhenEmpty = hiddenWhenEmptyIn(query.c, labels);
  const categoryJson = categoryJsonOf(snapshot, language, (id, lang) => categories.breadcrumbs(snapshot, id, lang));
  // Each product is its stored card spliced with what this request decides (to-product.ts productCardPieces); the
  // answer is the same JSON `toProduct` (+ fitment, + staff fields) would give.
  const results = result.products.map((p, i) => productCardPieces(p, language, categoryJson, labels, (answers ? `,"fitment":${JSON.stringify(answers[i])}` : '') + (staff ? `,"staff":${JSON.stringify(staffFieldsOf(p))}` : '')));
  const body = withFacetsJson(
    success({
      availableFilters: null,
      results: RESULTS_PLACEHOLDER,
      leftOutSearchKeywords: result.leftOutSearchKeywords,
      appliedFiltersCount: result.appliedFiltersCount,
      exactlyMatchingProductIds: result.exactlyMatchingProductIds,
      ...(active ? { vehicle: { id: active.id, label: active.label }, hiddenUnknown: result.hiddenUnknown } : {}),
      ...(hiddenWhenEmpty.length ? { hiddenWhenEmpty } : {}),
    }),
    facetsJson,
    results,
  );
  return { body, page: query.page, pageSize: query.pageSize, total: result.total };
}

/**
 * The product of `GET /product/view/{id}` (spec 7) in `language`: with the staff details when `staff`; staff also
 * get an inaccessible product (to see it marked). Shared by the route and the server render.
 * @throws ApiError product.not_found (404) for an unknown product, or an inaccessible one asked by anyone but staff.
 */
export async function productViewAnswer(deps: ApiDeps, app: FastifyInstance, id: string, language: Language, staffFields: () => boolean | Promise<boolean>, v?: string): Promise<Product> {
  const { categories, filterLabels } = app;
  const now = deps.now();
  const [product, snapshot, labels, staff, active] = await Promise.all([getProduct(deps.db, id, now), categories.get(now), filterLabels.get(), staffFields(), v ? app.vehicles.resolve(v) : null]);
  if (!product || (product.visibility === 'inaccessible' && !staff)) throw new ApiError('product.not_found', 404);
  const fitment = product.doc.fitment ?? UNKNOWN_FITMENT;
  const view: Product = {
    ...toProduct(product, language, (pid, lang) => categories.breadcrumbs(snapshot, pid, lang), labels),
    // The product page lists every application (docs/architecture.md "Vehicle fitment", Storefront); with `v=` it answers for that vehicle.
    fitmentApplications: { mode: fitment.mode, applications: fitment.applications.map(({ label, positions, engineCode, note }) => ({ label, positions, engineCode, note })) },
    ...(active ? { fitment: answerFitment(fitment, active.vehicle) } : {}),
  };
  return staff ? withStaffFields(view) : view;
}


/** The product routes as one plugin; caches from the app's decorations (api/plugins/catalog-caches.ts). */
export async function productRoutes(app: FastifyInstance, { deps, sessions }: RouteOptions & { sessions?: SessionRuntime }): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/v1/products',
    {
      schema: {
        summary: 'Product list (spec 7; paging in x-pagination-* headers)',
        tags: ['catalog'],
        querystring: productListQuerySchema,
        response: { 200: envelopeSchema(productListResponseSchema), 400: failureEnvelopeSchema },
      },
      serializerCompiler: plainJsonSerializer,
      compress: LISTING_COMPRESSION,
    },
    async (request, reply) => {
      const answer = await productListAnswer(deps, app, request.query, {
        staff: () => wantsStaffFields(deps, sessions, request, reply, request.query.fieldsPreset),
        correlationId: request.id,
        acceptLanguage: request.headers['accept-language'],
        shopperSession: shopperSessionOf(request),
      });
      setPagination(reply, answer.page, answer.pageSize, answer.total);
      // Sent as bytes: the facets arrive as ready JSON bytes (labeledFacetsJson); the test suite parses every answer.
      return reply.type('application/json; charset=utf-8').send(answer.body as never);
    },
  );

  typed.get(
    '/product/view/:id',
    {
      schema: {
        summary: 'One product (spec 7); 404 for an unknown or inaccessible product',
        tags: ['catalog'],
        params: productParamsSchema,
        querystring: productViewQuerySchema,
        response: { 200: envelopeSchema(productSchema), 400: failureEnvelopeSchema, 404: failureEnvelopeSchema },
      },
    },
    async (request, reply) =>
      success(
        withContent(
          await productViewAnswer(deps, app, request.params.id, requestLanguage(request.query, request.headers['accept-language']), () =>
            wantsStaffFields(deps, sessions, request, reply, request.query.fieldsPreset),
            request.query.v,
          ),
        ),
      ),
  );
}
