/**
 * Every staff route, registered in one place (design brief "The staff side": every staff call behind one guard;
 * conventions 6, fastify/demo). The staff scope (api/plugins/staff-scope.ts: the session, the guard,
 * `request.commandContext()`) is registered first, so it covers every route below and nothing outside this plugin:
 *
 * - the session: sign in, who am I, sign out, own password (./session/index.ts);
 * - forgot password, public (./session/password-reset.ts);
 * - the badges' counts GET /v1/site-summary, GET /v1/stock-notification (./badges/index.ts);
 * - spec 7's category calls POST /category/create, /category/update/{id}, /category/delete/{id}, outside /v1
 *   (./admin/categories.ts `categorySpecRoutes`, permission `products.edit`);
 * - `/v1/admin/...` (./admin/index.ts);
 * - the upload POST /file/create?ajax=true, outside /v1/admin (./files/index.ts `fileUploadRoutes`);
 * - spec 7's page and global-field editing calls POST /v1/page, POST /v1/field-bulk, POST /field/set-multiple,
 *   GET/POST /v1/item-container (./pages/staff.ts `pageEditSpecRoutes`, permissions `pages.view`/`pages.edit`).
 *
 * State-changing routes add `onRequest: staffCsrf(app)` (api/plugins/staff-guard.ts) themselves.
 */
import type { FastifyInstance } from 'fastify';
import { staffScope, type StaffRouteOptions } from '../plugins/staff-scope.js';
import { categorySpecRoutes } from './admin/categories.js';
import { adminRoutes } from './admin/index.js';
import { badgeRoutes } from './badges/index.js';
import { finderRoutes } from './files/finder.js';
import { fileUploadRoutes } from './files/index.js';
import { pageEditSpecRoutes } from './pages/staff.js';
import { passwordResetRoutes } from './session/password-reset.js';
import { sessionRoutes } from './session/index.js';

/** The staff side: `await app.register(staffRoutes, { deps, sessions })` (api/app.ts). */
export async function staffRoutes(app: FastifyInstance, { deps, sessions }: StaffRouteOptions): Promise<void> {
  await app.register(staffScope, { deps, sessions });
  await app.register(sessionRoutes, { deps, sessions });
  await app.register(passwordResetRoutes, { deps, sessions });
  await app.register(badgeRoutes, { deps });
  await app.register(categorySpecRoutes, { deps });
  await app.register(adminRoutes, { deps, sessions, prefix: '/v1/admin' });
  await app.register(fileUploadRoutes, { deps });
  await app.register(finderRoutes, { deps });
  await app.register(pageEditSpecRoutes, { deps });
}
