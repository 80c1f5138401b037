/**
 * The staff side's routes under `/v1/admin/...` (design brief "The staff side": every staff call behind one guard:
 * 401 without a session, 403 without the permission). Registered with the prefix /v1/admin inside the staff plugin
 * (api/routes/staff.ts), whose onRequest hook `staffGuard` (api/plugins/staff-guard.ts) runs for every path under
 * it, unknown ones included (this plugin's own not-found handler, and its catch-all GET route that the shop's page
 * route would otherwise answer), so a route added here cannot forget the check.
 * Each route names its permission in `config.permission` (domain/user/permissions.ts; default `admin.access`);
 * every state-changing route has `onRequest: staffCsrf(app)`. tests/staff-session.int.spec.ts walks the OpenAPI
 * document and asks every /v1/admin route without a session (401).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffMeSchema } from '../../contracts/admin.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { ApiError, success } from '../../plugins/errors.js';
import type { SessionRuntime } from '../../plugins/sessions.js';
import { adminCategoryRoutes } from './categories.js';
import { adminClientRoutes } from './clients.js';
import { adminFilterRoutes } from './filters.js';
import { adminFitmentRoutes } from './fitment.js';
import { adminGalleryRoutes } from './gallery.js';
import { adminHistoryRoutes } from './history.js';
import { adminOrderDocumentRoutes } from './order-documents.js';
import { adminOrderRoutes } from './orders.js';
import { adminPageRoutes } from './pages.js';
import { adminPageVersionRoutes } from './page-versions.js';
import { adminProblematicProductsRoutes } from './problematic-products.js';
import { adminProductListRoutes } from './products-list.js';
import { adminProductEditRoutes } from './products-edit.js';
import { adminStockNotificationRoutes } from './stock-notifications.js';
import { adminStatisticsRoutes } from './statistics.js';
import { adminAnalyticsRoutes } from './analytics.js';
import { adminReorderRoutes } from './reorder.js';
import { adminUserRoutes } from './users.js';
import { adminWarehouseRoutes } from './warehouses.js';

/** The staff plugin: `await app.register(adminRoutes, { prefix: '/v1/admin', deps, sessions })`. */
export async function adminRoutes(app: FastifyInstance, options: RouteOptions & { sessions: SessionRuntime }): Promise<void> {
  app.setNotFoundHandler(() => {
    throw new ApiError('not_found', 404);
  });
  // An unknown GET path here would otherwise match the shop's catch-all page route (api/app.ts) and skip the guard.
  app.get('/*', { schema: { hide: true } }, () => {
    throw new ApiError('not_found', 404);
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/me',
    {
      schema: {
        summary: 'The signed-in staff user (401 without a session)',
        tags: ['admin'],
        response: { 200: envelopeSchema(staffMeSchema), 401: failureEnvelopeSchema, 403: failureEnvelopeSchema },
      },
      config: { permission: 'admin.access' },
    },
    async (request) => success({ userId: request.staffUser!.id }),
  );
  // Only deps and sessions: `options` carries this plugin's prefix, which the children must not add again.
  await app.register(adminUserRoutes, { deps: options.deps, sessions: options.sessions });
  await app.register(adminWarehouseRoutes, { deps: options.deps });
  await app.register(adminClientRoutes, { deps: options.deps });
  await app.register(adminStatisticsRoutes, { deps: options.deps });
  await app.register(adminAnalyticsRoutes, { deps: options.deps });
  await app.register(adminReorderRoutes, { deps: options.deps });
  await app.register(adminStockNotificationRoutes, { deps: options.deps });
  await app.register(adminHistoryRoutes, { deps: options.deps });
  await app.register(adminProblematicProductsRoutes, { deps: options.deps });
  await app.register(adminFilterRoutes, { deps: options.deps });
  await app.register(adminProductListRoutes, { deps: options.deps });
  await app.register(adminCategoryRoutes, { deps: options.deps });
  await app.register(adminProductEditRoutes, { deps: options.deps });
  await app.register(adminFitmentRoutes, { deps: options.deps });
  await app.register(adminOrderDocumentRoutes, { deps: options.deps });
  await app.register(adminOrderRoutes, { deps: options.deps });
  await app.register(adminPageRoutes, { deps: options.deps });
  await app.register(adminGalleryRoutes, { deps: options.deps });
  await app.register(adminPageVersionRoutes, { deps: options.deps });
}
