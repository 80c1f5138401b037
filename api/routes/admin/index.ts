/**
 * The staff side's routes under `/v1/admin/...` (design brief "The staff side": every staff call behind one guard:
 * 401 without a session, 403 without the permission). Registered with the prefix /v1/admin, so its onRequest
 * guard runs for every path under it, unknown ones included (its own not-found handler), and a later route added
 * here cannot forget the check.
 *
 * No staff sessions exist yet: the guard answers every request 401 `unauthorized` in the envelope. The staff issue
 * fills `staffGuard` with the session lookup (cookie -> session store shared by the replicas) and the permission
 * check `can(user, permission)` per route (route config `permission`), answering 403 when it fails.
 */
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffMeSchema } from '../../contracts/admin.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import type { RouteOptions } from '../../deps.js';
import { ApiError, success } from '../../errors.js';

/** The guard of every staff route. @throws ApiError `unauthorized` (401): no staff session exists yet. */
export const staffGuard: onRequestHookHandler = async (request) => {
  request.log.debug({ url: request.url }, 'staff route without a session');
  throw new ApiError('unauthorized', 401);
};

/** The staff plugin: `await app.register(adminRoutes, { prefix: '/v1/admin', deps })`. */
export async function adminRoutes(app: FastifyInstance, _options: RouteOptions): Promise<void> {
  app.addHook('onRequest', staffGuard);
  app.setNotFoundHandler(() => {
    throw new ApiError('not_found', 404);
  });
  // Who is signed in: the first staff route, so the guard has something to guard until the staff issue adds more.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/me',
    {
      schema: {
        summary: 'The signed-in staff user (401 without a session)',
        tags: ['admin'],
        response: { 200: envelopeSchema(staffMeSchema), 401: failureEnvelopeSchema, 403: failureEnvelopeSchema },
      },
    },
    async () => success({ userId: '' }),
  );
}
