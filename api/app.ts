/**
 * The Fastify application (conventions 6): infrastructure plugins, the error handler, then routes per resource.
 * Tests build it with `buildApp(deps)` and drive it with `inject`.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import compress from '@fastify/compress';
import { COMPRESSION } from './plugins/compression.js';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogCachesPlugin } from './plugins/catalog-caches.js';
import { envelopeSchema } from './contracts/catalog.js';
import { registerOpenApi } from './plugins/openapi.js';
import type { ApiDeps } from './plugins/deps.js';
import { registerCsrf } from './plugins/csrf.js';
import { ApiError, clientErrorHandler, registerErrorHandler, sendError, sendFailure, success } from './plugins/errors.js';
import { registerJsonBodyParser } from './plugins/json-body.js';
import { PRE_ROUTING_HEADERS, registerSecurityHeaders } from './plugins/security-headers.js';
import { categoryRoutes } from './routes/categories/index.js';
import { deliveryRoutes } from './routes/delivery/index.js';
import { fileRoutes } from './routes/files/index.js';
import { galleryRoutes } from './routes/gallery/index.js';
import { liveRoutes } from './routes/live/index.js';
import { staffRoutes } from './routes/staff.js';
import { defaultSessionDeps, SessionRuntime } from './plugins/sessions.js';
import { sandboxBankRoutes } from '../platform/payments/sandbox-bank.js';
import { orderRoutes } from './routes/orders/index.js';
import { pageRoutes } from './routes/pages/index.js';
import { pageViewRoutes } from './routes/page-views/index.js';
import { shopperStepRoutes } from './routes/shopper-steps/index.js';
import { productRoutes } from './routes/products/index.js';
import { vehicleRoutes } from './routes/vehicles/index.js';
import { vehicleReferencePlugin } from './plugins/vehicle-reference.js';
import { searchRoutes } from './routes/search/index.js';
import { siteRoutes } from './routes/site/index.js';
import { type SpaLookups, spaStatus } from './plugins/spa-fallback.js';
import { loadStorefrontRenderer } from './ssr/storefront-renderer.js';
import { getPage } from '../projections/pages/queries.js';
import { stockNotificationRoutes } from './routes/stock-notifications/index.js';
import { partInquiryRoutes } from './routes/part-inquiry/index.js';

/** Paths that belong to the API (and the browser paths spec 2 says do not start the app). */
const API_PREFIXES = ['/v1/', '/product/view/', '/order/', '/client/', '/gii', '/sitemap', '/sandbox-bank/', '/payment-return/', '/files/', '/file/'];

export async function buildApp(deps: ApiDeps, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: deps.trustProxy ?? false,
    genReqId: (req) => {
      const given = req.headers['x-correlation-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // Errors before routing (a bad or too long URL: 400, 414) in the envelope too.
    frameworkErrors: (error, request, reply) => sendError(error, request, reply.headers(PRE_ROUTING_HEADERS)),
    // Malformed HTTP and oversized headers (before Fastify sees a request) too.
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  const serveWeb = deps.webRoot !== null && existsSync(path.join(deps.webRoot, 'index.html'));
  await registerSecurityHeaders(app, { publicUrl: deps.publicUrl, indexHtmlPath: serveWeb ? path.join(deps.webRoot!, 'index.html') : null });
  // The OpenAPI document from the schemas of every route registered after it (GET /v1/openapi.json) and a
  // readable page (/v1/docs).
  await registerOpenApi(app, { publicUrl: deps.publicUrl });
  // Responses over 1 KB compressed, in one call (api/plugins/compression.ts).
  await app.register(compress, COMPRESSION);
  await registerCsrf(app, { secure: deps.publicUrl?.startsWith('https:') ?? false });
  // Per-route limits only (config.rateLimit on a route, app.rateLimit()); counters in Redis when given
  // (api/plugins/rate-limits.ts), else in process memory. An exceeded limit is 429 `rate_limited` in the envelope.
  await app.register(rateLimit, {
    global: false,
    ...(deps.rateLimits?.redis ? { redis: deps.rateLimits.redis, nameSpace: deps.rateLimits.nameSpace ?? 'shop-rate-limit:' } : {}),
    // Redis unreachable: the request goes through uncounted (the shop stays open; the error is logged by ioredis).
    skipOnError: true,
    errorResponseBuilder: (_request, context) => new ApiError('rate_limited', context.statusCode),
  });
  await app.register(websocket, { options: { maxPayload: 16_384 } });
  app.addHook('onClose', async () => {
    await deps.searches.flush();
  });

  // Staff sessions (api/plugins/sessions.ts): the store, revocations and sign-in counters every replica shares.
  const sessions = new SessionRuntime(deps.sessions ?? defaultSessionDeps());
  await app.register(catalogCachesPlugin, { deps });
  await app.register(vehicleReferencePlugin, { deps });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    { schema: { summary: 'Liveness', tags: ['site'], response: { 200: envelopeSchema(z.object({ ok: z.boolean() })) } } },
    async () => success({ ok: true }),
  );
  // One encapsulated plugin per resource (conventions 6, fastify/demo).
  await app.register(productRoutes, { deps, sessions });
  await app.register(searchRoutes, { deps });
  await app.register(vehicleRoutes, { deps });
  await app.register(categoryRoutes, { deps });
  await app.register(deliveryRoutes, { deps });
  await app.register(siteRoutes, { deps });
  await app.register(pageRoutes, { deps, sessions });
  await app.register(stockNotificationRoutes, { deps });
  await app.register(partInquiryRoutes, { deps });
  // First-party page views (spec 7 analytics; an append-only table, not the event store).
  await app.register(pageViewRoutes, { deps });
  await app.register(shopperStepRoutes, { deps });
  await app.register(liveRoutes, { deps, sessions });
  await app.register(orderRoutes, { deps });
  // Uploaded images' renditions, public (api/routes/files; the upload itself is a staff call below).
  await app.register(fileRoutes, { deps });
  // The gallery's published albums (api/routes/gallery).
  await app.register(galleryRoutes, { deps });
  // The staff side: the staff scope (session, guard, command context) and every staff route (api/routes/staff.ts).
  await app.register(staffRoutes, { deps, sessions });
  // The local iPizza sandbox bank (npm start; PAYMENT_SANDBOX=off removes it): its paths carry /sandbox-bank.
  if (deps.sandboxBank) await app.register(sandboxBankRoutes, deps.sandboxBank);

  if (serveWeb) {
    // Hashed bundles under /assets never change: cached for a year; index.html is revalidated on every visit.
    // The build wrote each text asset's brotli and gzip copies beside it (web/build/precompress.ts): a browser gets
    // the smallest it accepts, as it is (`preCompressed`; compression below leaves an encoded answer alone).
    const assets = `${path.sep}assets${path.sep}`;
    await app.register(fastifyStatic, {
      root: deps.webRoot!,
      wildcard: false,
      preCompressed: true,
      index: false,
      cacheControl: false,
      setHeaders: (res, filePath) => res.header('cache-control', filePath.includes(assets) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  // Otherwise (no server bundle, a page left to the browser, a failed render), the single-page app: every other GET
  // path renders index.html and the client router decides (its not-found page
  // included); API paths answer 404 in the envelope. A path no client route claims (api/plugins/spa-fallback.ts) gets the
  // same HTML with 404, so search engines do not index it; sent whole (no ETag or Last-Modified), so a
  // conditional request cannot turn it into an empty answer.
  const indexHtml = path.join(deps.webRoot ?? '', 'index.html');
  const spaLookups: SpaLookups = {
    pageExists: async (name) => (await getPage(deps.db, name, { now: deps.now() })) !== null,
    categoryTree: async () => (await app.categories.get(deps.now())).tree,
  };
  // The shop's pages rendered on the server (api/ssr/storefront-renderer.ts) when its bundle is built: the first
  // HTML holds the page, its status is the page's (404 for an unknown product, category or page).
  const ssrEntry = deps.ssrEntry !== undefined ? deps.ssrEntry : deps.webRoot && path.join(deps.webRoot, '..', 'dist-server', 'entry-server.js');
  const renderer = serveWeb && ssrEntry ? await loadStorefrontRenderer(app, deps, ssrEntry, indexHtml) : null;
  // The shop's pages: one catch-all GET route (HEAD too) rather than the not-found handler, so that the answers go
  // through the route hooks every route has, compression above all (a not-found handler gets no `onRoute` hooks:
  // the server-rendered /et/products went out as 211 KB of uncompressed HTML). Hidden from the API document.
  const storefrontPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!serveWeb || API_PREFIXES.some((p) => request.url.startsWith(p))) return sendFailure(request, reply, 404, [{ code: 'not_found' }]);
    if (renderer?.shouldRender(request.url)) {
      try {
        return await renderer.send(request, reply);
      } catch (error) {
        request.log.error({ err: error }, 'server render failed: the single-page app is served');
      }
    }
    const status = await spaStatus(request.url, spaLookups).catch((error: Error) => {
      request.log.warn({ err: error }, 'client route lookup failed: the app is served with 200');
      return 200 as const;
    });
    if (status === 404) return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(await readFile(indexHtml, 'utf8'));
    return reply.type('text/html').sendFile('index.html');
  };
  if (serveWeb) app.get('/*', { schema: { hide: true } }, storefrontPage);
  // Any other method, and every path when no web app is served: 404 in the envelope.
  app.setNotFoundHandler(async (request, reply) => sendFailure(request, reply, 404, [{ code: 'not_found' }]));
  return app;
}
