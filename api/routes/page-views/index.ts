/**
 * `POST /v1/page-view` (spec 7 "Analytics page views are sent on route change", to our own endpoint instead of a
 * third party): appends one row to `page_views` (platform/analytics/page-views.ts, not the event store). The path
 * and the referrer lose their query and fragment, their secret segments become `:token` (`maskSecretSegments`), and
 * are cut to MAX_PAGE_VIEW_PATH characters; a staff path (/login, /session/login, /password-reset/..., /admin/...)
 * is refused with 400, as the storefront never sends one. CSRF as every shopper's write (api/plugins/csrf.ts); 429
 * `rate_limited` after PAGE_VIEW_RATE_LIMIT views a minute from one address. Answers `data: true`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordPageView } from '../../../platform/analytics/page-views.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { CLIENT_LANGUAGE_PREFIXES, matchesPattern, STAFF_ROUTE_PATTERNS } from '../../contracts/client-routes.js';
import { langQuerySchema } from '../../contracts/common.js';
import { MAX_PAGE_VIEW_PATH, pageViewBodySchema } from '../../contracts/page-views.js';
import { csrfProtected } from '../../plugins/csrf.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { ApiError, success } from '../../plugins/errors.js';

/** Views per minute per client address (a tab clicking through pages stays far below it). */
export const PAGE_VIEW_RATE_LIMIT = 120;

/** The segment after these is a secret: /payment/{token}, /password-reset/{token}, /order/download/{token}. */
const SECRET_AFTER = new Set(['payment', 'password-reset', 'order/download']);

/** The path without query and fragment, language prefix kept, each secret segment as `:token`. */
export function maskSecretSegments(path: string): string {
  const segments = path.split(/[?#]/, 1)[0]!.split('/');
  const masked = segments.map((segment, i) => {
    const before = (segments[i - 1] ?? '').toLowerCase();
    const twoBefore = `${(segments[i - 2] ?? '').toLowerCase()}/${before}`;
    return segment !== '' && (SECRET_AFTER.has(before) || SECRET_AFTER.has(twoBefore)) ? ':token' : segment;
  });
  return masked.join('/').slice(0, MAX_PAGE_VIEW_PATH);
}

/** A path of the staff side (api/contracts/client-routes.ts STAFF_ROUTE_PATTERNS, with or without a language prefix). */
export function isStaffPath(path: string): boolean {
  const segments = path.split(/[?#]/, 1)[0]!.split('/').filter(Boolean);
  const rest = (CLIENT_LANGUAGE_PREFIXES as readonly string[]).includes(segments[0]?.toLowerCase() ?? '') ? segments.slice(1) : segments;
  return STAFF_ROUTE_PATTERNS.some((pattern) => matchesPattern(pattern, rest));
}

/** The page view route as one plugin. */
export async function pageViewRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/v1/page-view',
    {
      schema: {
        summary: 'Record a storefront page view (spec 7 analytics, first-party; no personal data)',
        tags: ['site'],
        body: pageViewBodySchema,
        querystring: langQuerySchema,
        response: { 200: envelopeSchema(z.literal(true)), 400: failureEnvelopeSchema, 403: failureEnvelopeSchema, 429: failureEnvelopeSchema },
      },
      config: { rateLimit: { max: PAGE_VIEW_RATE_LIMIT, timeWindow: 60_000 } },
      onRequest: csrfProtected(app),
    },
    async (request) => {
      const { sessionId, path, referrer, language } = request.body;
      if (isStaffPath(path)) throw new ApiError('request.invalid', 400, 'path');
      await recordPageView(deps.db, {
        viewedAt: deps.now(),
        sessionId,
        path: maskSecretSegments(path),
        referrerPath: referrer === null || isStaffPath(referrer) ? null : maskSecretSegments(referrer),
        language,
      });
      return success(true);
    },
  );
}
