/**
 * The api reads a server render makes, answered in process (the storefront's server rendering: "Data, in
 * process"). The storefront's query functions ask for api URLs; this answers every read a render makes (`GET
 * /v1/products`, `/v1/categories`, `/v1/categories/vehicle-counts`, `/v1/site`, `/product/view/{id}`, `/v1/search`, `/v1/page/{ref}`, the vehicle
 * landing pages' `/v1/vehicles/{make}/models-with-parts` and `/v1/vehicles/{make}/{model}[/{generation}]/parts-by-category`) by calling the
 * functions their routes call (api/routes/products, categories, site, search, pages: the same read-model queries and
 * caches, the same zod contracts parsing the query and encoding the answer), so a render costs no HTTP request and
 * no `inject`. A query the contract refuses, a repeated parameter or a path that does not decode go through
 * Fastify's `inject` instead (its 4xx in the envelope, exactly as the route words it). Calls are a guest's: no
 * cookie, no staff fields (a content page's `fieldsPreset=frontEdit` gets the default fields, as the route answers a
 * guest who asks for it). The gallery's reads (`/v1/gallery/index`, `/v1/gallery/get-images-by-album`) still go
 * through `inject`.
 *
 *   const read = inProcessReads(app, deps);
 *   const { status, headers, body } = await read('/v1/products?lang=et&pageSize=24');
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryTreeResponseSchema,
  envelopeSchema,
  PAGINATION_HEADERS,
  productListQuerySchema,
  productParamsSchema,
  productSchema,
  productViewQuerySchema,
  searchQuerySchema,
} from '../contracts/catalog.js';
import { langOnlyQuerySchema } from '../contracts/common.js';
import { pageWithEditResponseSchema } from '../contracts/pages-admin.js';
import { pageParamsSchema, pageQuerySchema, siteResponseSchema } from '../contracts/site.js';
import type { ApiDeps } from '../plugins/deps.js';
import { ApiError, failureAnswer, success } from '../plugins/errors.js';
import { requestLanguage } from '../plugins/messages.js';
import { productListAnswer, productViewAnswer } from '../routes/products/index.js';
import { withContent } from '../routes/products/to-product.js';
import { guestPageAnswer } from '../routes/pages/index.js';
import { searchAnswer } from '../routes/search/index.js';
import { siteView } from '../routes/site/index.js';
import { vehicleMakeAnswer, vehiclePartsAnswer } from '../routes/vehicles/landing.js';
import { vehicleCategoryCountsQuerySchema, vehicleCategoryCountsResponseSchema, vehicleMakeParamsSchema, vehicleMakePartsResponseSchema, vehiclePageParamsSchema, vehiclePartsResponseSchema } from '../contracts/vehicles.js';
import { vehicleCategoryCounts } from '../routes/categories/index.js';

/** One api answer as a render's transport hands it on: status, headers and the JSON text. */
export interface InProcessAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** True when the route answered through Fastify's `inject` (a refused query, a repeated parameter), not in process. */
  injected?: true;
}

/** The api paths a server render may read (GET only); anything else answers 404 to the render. */
const READABLE = /^\/(?:v1\/(?:products|categories(?:\/vehicle-counts)?|site|search|page\/[^/?]+|vehicles\/[^/?]+\/(?:models-with-parts|[^/?]+(?:\/[^/?]+)?\/parts-by-category)|gallery\/(?:index|get-images-by-album))|product\/view\/[^/?]+)(?:\?|$)/;

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
const NOT_READABLE: InProcessAnswer = { status: 404, headers: JSON_TYPE, body: '{"success":false,"errors":[{"code":"not_found"}]}' };

/** The routes' own response encoders (api/app.ts sets fastify-type-provider-zod's serializer for every route). */
const encoder = (schema: z.ZodType, url: string) => serializerCompiler({ schema: envelopeSchema(schema), method: 'GET', url }) as (data: unknown) => string;
const encodeProduct = encoder(productSchema, '/product/view/:id');
const encodeSite = encoder(siteResponseSchema, '/v1/site');
const encodeCategories = encoder(categoryTreeResponseSchema, '/v1/categories');
const encodeVehicleParts = encoder(vehiclePartsResponseSchema, '/v1/vehicles/:make/:model/parts-by-category');
const encodeVehicleCategoryCounts = encoder(vehicleCategoryCountsResponseSchema, '/v1/categories/vehicle-counts');
const encodeVehicleMake = encoder(vehicleMakePartsResponseSchema, '/v1/vehicles/:make/models-with-parts');
/** GET /v1/page/{pageRef}'s 200 schema is the whole answer (it carries `lang` beside the envelope's fields). */
const encodePage = serializerCompiler({ schema: pageWithEditResponseSchema, method: 'GET', url: '/v1/page/:pageRef' }) as (data: unknown) => string;

/** The category tree's encoded answer, once per tree the cache hands out (it keeps one until a category changes). */
const categoriesJson = new WeakMap<object, string>();

/** A path segment decoded as Fastify decodes a route parameter, or null when it is not valid percent-encoding. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The x-pagination-* headers of a list answer (api/routes/products setPagination). */
function paginationHeaders(page: number, perPage: number, total: number): Record<string, string> {
  return {
    [PAGINATION_HEADERS.currentPage]: String(page),
    [PAGINATION_HEADERS.perPage]: String(perPage),
    [PAGINATION_HEADERS.pageCount]: String(Math.ceil(total / perPage)),
    [PAGINATION_HEADERS.totalCount]: String(total),
  };
}

/** A query string as the routes see it: one value per name (a repeated name is the route's 400: left to inject). */
function queryOf(search: URLSearchParams): Record<string, string> | null {
  const query: Record<string, string> = {};
  for (const [name, value] of search) {
    if (name in query) return null;
    query[name] = value;
  }
  return query;
}

/**
 * The reader of one api: `read(url)` answers a GET of `url` (path and query) as the route would answer a guest.
 * Never rejects for a bad query or a missing product (their envelope comes back, with its status); a read that
 * fails otherwise answers 500 `server_error` in the envelope, logged.
 */
export function inProcessReads(app: FastifyInstance, deps: ApiDeps): (url: string) => Promise<InProcessAnswer> {
  const inject = async (url: string): Promise<InProcessAnswer> => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string' || typeof value === 'number') headers[name] = String(value);
    return { status: res.statusCode, headers, body: res.payload, injected: true };
  };

  /** The direct answer, or null when the route must answer (a query its contract refuses, an unknown path). */
  const direct = async (path: string, query: Record<string, string>): Promise<InProcessAnswer | null> => {
    if (path === '/v1/products') {
      const parsed = productListQuerySchema.safeParse(query);
      if (!parsed.success) return null;
      const answer = await productListAnswer(deps, app, parsed.data, { staff: () => false, correlationId: randomUUID() });
      return { status: 200, headers: { ...JSON_TYPE, ...paginationHeaders(answer.page, answer.pageSize, answer.total) }, body: answer.body.toString('utf8') };
    }
    if (path === '/v1/search') {
      const parsed = searchQuerySchema.safeParse(query);
      if (!parsed.success) return null;
      const answer = await searchAnswer(deps, app, parsed.data, { correlationId: randomUUID() });
      // The route's serializer is plain JSON.stringify (plainJsonSerializer).
      return { status: 200, headers: { ...JSON_TYPE, ...paginationHeaders(answer.page, answer.perPage, answer.total) }, body: JSON.stringify(answer.body) };
    }
    const page = /^\/v1\/page\/([^/]+)$/.exec(path);
    if (page) {
      const params = pageParamsSchema.safeParse({ pageRef: decodeSegment(page[1]!) });
      const parsed = pageQuerySchema.safeParse(query);
      if (!params.success || !parsed.success) return null;
      return { status: 200, headers: JSON_TYPE, body: encodePage(await guestPageAnswer(deps, params.data.pageRef, requestLanguage(parsed.data, undefined))) };
    }
    const view = /^\/product\/view\/([^/]+)$/.exec(path);
    if (view) {
      const params = productParamsSchema.safeParse({ id: decodeSegment(view[1]!) });
      const parsed = productViewQuerySchema.safeParse(query);
      if (!params.success || !parsed.success) return null;
      const product = await productViewAnswer(deps, app, params.data.id, requestLanguage(parsed.data, undefined), () => false, parsed.data.v);
      // With the `content` wrapper, exactly as the route answers (spec 3).
      return { status: 200, headers: JSON_TYPE, body: encodeProduct(success(withContent(product))) };
    }
    // The vehicle landing pages (api/routes/vehicles/landing.ts), with the routes' cache header.
    const vehicleParts = /^\/v1\/vehicles\/([^/]+)\/([^/]+)(?:\/([^/]+))?\/parts-by-category$/.exec(path);
    const vehicleMake = /^\/v1\/vehicles\/([^/]+)\/models-with-parts$/.exec(path);
    if (vehicleParts || vehicleMake) {
      const parsed = langOnlyQuerySchema.safeParse(query);
      if (!parsed.success) return null;
      const cached = { ...JSON_TYPE, 'cache-control': 'public, max-age=300' };
      if (vehicleMake) {
        const params = vehicleMakeParamsSchema.safeParse({ make: decodeSegment(vehicleMake[1]!) });
        if (!params.success) return null;
        return { status: 200, headers: cached, body: encodeVehicleMake(success(await vehicleMakeAnswer(deps, app, params.data.make))) };
      }
      const [, make, model, generation] = vehicleParts!;
      const params = vehiclePageParamsSchema.safeParse({ make: decodeSegment(make!), model: decodeSegment(model!), ...(generation === undefined ? {} : { generation: decodeSegment(generation) }) });
      if (!params.success) return null;
      return { status: 200, headers: cached, body: encodeVehicleParts(success(await vehiclePartsAnswer(deps, app, params.data, requestLanguage(parsed.data, undefined)))) };
    }
    if (path === '/v1/categories/vehicle-counts') {
      const parsed = vehicleCategoryCountsQuerySchema.safeParse(query);
      if (!parsed.success) return null;
      return { status: 200, headers: JSON_TYPE, body: encodeVehicleCategoryCounts(success(await vehicleCategoryCounts(app, deps.now(), parsed.data.v, parsed.data.unknown === '1'))) };
    }
    if (path === '/v1/categories' || path === '/v1/site') {
      const parsed = langOnlyQuerySchema.safeParse(query);
      if (!parsed.success) return null;
      if (path === '/v1/site') return { status: 200, headers: JSON_TYPE, body: encodeSite(success(await siteView(deps, app, requestLanguage(parsed.data, undefined)))) };
      const { tree } = await app.categories.get(deps.now());
      let json = categoriesJson.get(tree);
      if (json === undefined) categoriesJson.set(tree, (json = encodeCategories(success(tree))));
      return { status: 200, headers: JSON_TYPE, body: json };
    }
    return null;
  };

  return async (url) => {
    if (!READABLE.test(url)) return NOT_READABLE;
    const parsed = new URL(url, 'http://in-process');
    const query = queryOf(parsed.searchParams);
    if (!query) return inject(url);
    try {
      return (await direct(parsed.pathname, query)) ?? (await inject(url));
    } catch (error) {
      const language = requestLanguage(query, undefined);
      const answer = error instanceof ApiError ? failureAnswer(language, error.statusCode, [{ code: error.code, field: error.field }]) : failureAnswer(language, 500, [{ code: 'server_error' }]);
      if (!(error instanceof ApiError)) app.log.error({ err: error, url }, 'server render read failed');
      return { status: answer.status, headers: JSON_TYPE, body: JSON.stringify(answer.payload) };
    }
  };
}
