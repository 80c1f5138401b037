/**
 * CSRF protection (spec 7 "Calls": every call sends a CSRF token) with @fastify/csrf-protection over
 * @fastify/cookie: `GET /v1/csrf-token` sets the secret in the `_csrf` cookie (HttpOnly, SameSite=Strict, Secure when PUBLIC_URL is https) and
 * answers `{ data: { token } }`; state-changing shopper calls (`csrfProtected`) must send that token in the
 * `x-csrf-token` header. A missing or wrong token answers 403 `request.csrf_invalid` in the envelope.
 *
 * The payment providers' callbacks and the sandbox bank are not protected: they are cross-site by design and are
 * verified by their signatures instead (platform/payments).
 */
import fastifyCookie from '@fastify/cookie';
import fastifyCsrfProtection from '@fastify/csrf-protection';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../contracts/catalog.js';
import { success } from './errors.js';
import { declareGuard } from './openapi-operations.js';

export const CSRF_HEADER = 'x-csrf-token';

/** @param options.secure the cookie only over https (PUBLIC_URL is https) */
export async function registerCsrf(app: FastifyInstance, options: { secure?: boolean } = {}): Promise<void> {
  await app.register(fastifyCookie);
  await app.register(fastifyCsrfProtection, {
    sessionPlugin: '@fastify/cookie',
    cookieOpts: { path: '/', sameSite: 'strict', httpOnly: true, secure: options.secure ?? false },
    getToken: (request) => {
      const token = request.headers[CSRF_HEADER];
      return typeof token === 'string' ? token : undefined;
    },
  });
  // The document's `csrfToken` requirement of every route that runs this check (api/plugins/openapi-operations.ts).
  declareGuard(app.csrfProtection, 'csrfToken');
  app.withTypeProvider<ZodTypeProvider>().get('/v1/csrf-token', { schema: { summary: 'A CSRF token (and its secret in the _csrf cookie)', tags: ['site'], response: { 200: envelopeSchema(z.object({ token: z.string() })) } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return success({ token: reply.generateCsrf() });
  });
}

/** The onRequest hook of a protected route. */
export const csrfProtected = (app: FastifyInstance): onRequestHookHandler => app.csrfProtection;
