/**
 * The one guard of every staff call (design brief "The staff side": 401 without a session, 403 without
 * the permission; spec 6 "You don't have permission to access this resource, please contact your admin."; spec 8
 * "'Your request was made with invalid credentials.' redirects to /session/login").
 *
 * `staffGuard(sessions, db)` is an onRequest hook for routes inside the staff plugin (api/routes/staff.ts),
 * after @fastify/session has loaded `request.session`:
 * - no staff session: 401 `unauthorized`;
 * - a session that ended (idle longer than SESSION_IDLE_MS, older than SESSION_MAX_AGE_MS, created before the
 *   user's revocation time, the user unknown or deactivated): the session is destroyed, 401 `session.expired`
 *   ('Your request was made with invalid credentials.'; the client goes to /session/login?error=session_expired);
 * - the route's `config.permission` (default `admin.access`) not granted by the user's roles (`can`): 403
 *   `forbidden`.
 * The user is read from its stream (commands/user loadUser), so a role change counts at once.
 * Otherwise the session's last use is moved to now and `request.staffUser` is the signed-in user.
 *
 * `staffCsrf(app)` is the onRequest hook of every state-changing staff call: the CSRF token of api/plugins/csrf.ts, and the
 * `_csrf` secret it was made from must be the one bound to the session at sign-in (403 `request.csrf_invalid`).
 */
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { can, type Permission, permissionsOf, type Role } from '../../domain/user/permissions.js';
import { loadUser } from '../../commands/user/user-accounts.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { ApiError } from './errors.js';
import { declareGuard } from './openapi-operations.js';
import { csrfBinding, SESSION_COOKIE, sessionState, type SessionRuntime } from './sessions.js';

/** The signed-in user as the staff routes see it. */
export interface StaffUser {
  id: string;
  username: string;
  roles: Role[];
  active: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the staff guard; null outside staff routes. */
    staffUser: StaffUser | null;
  }
  interface FastifyContextConfig {
    /** The permission a staff route needs (domain/user/permissions.ts); default `admin.access`; null: signed in. */
    permission?: Permission | null;
    /** The route answers without a session (sign-in itself); the guard is skipped. */
    public?: boolean;
  }
}

/** The session answer's user: id, username, roles and the permissions they give. */
export const sessionUserView = (user: StaffUser) => ({ id: user.id, username: user.username, roles: [...user.roles], permissions: permissionsOf(user.roles) });

/** Ends the request's session and clears its cookie (logout, ended sessions). */
export async function endSession(request: FastifyRequest): Promise<void> {
  if (request.session?.sessionId) await request.session.destroy();
}

/** The guard (see the module comment). @throws ApiError 401 `unauthorized` / `session.expired`, 403 `forbidden`. */
export function staffGuard(sessions: SessionRuntime, store: EventStore): onRequestHookHandler {
  return async (request, reply) => {
    if (request.routeOptions.config?.public) return;
    const staff = request.session?.get('staff');
    if (!staff) {
      // A cookie naming a session the store no longer has (ended, expired in Redis): ended, not never signed in.
      if (request.cookies?.[SESSION_COOKIE]) throw new ApiError('session.expired', 401);
      throw new ApiError('unauthorized', 401);
    }
    const now = Date.now();
    const state = sessionState(staff, now, sessions.settings, await sessions.revokedBefore(staff.userId));
    // The user's stream, not a read model: a role revoked or a deactivation counts from the next request.
    const user = state === 'valid' ? await loadUser(store, staff.userId) : null;
    if (!user || user.status !== 'active') {
      request.log.info({ userId: staff.userId, state: user ? state : 'user_inactive' }, 'staff session ended');
      await endSession(request);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      throw new ApiError('session.expired', 401);
    }
    request.session.set('staff', { ...staff, seenAt: now });
    request.staffUser = { id: user.userId, username: user.username, roles: user.roles, active: true };
    const permission = request.routeOptions.config?.permission;
    if (permission !== null && !can(request.staffUser, permission ?? 'admin.access')) throw new ApiError('forbidden', 403);
  };
}

/**
 * The signed-in staff user of a shop request (outside the staff plugin: no @fastify/session here), or null: reads
 * the `shop_sid` cookie through the session store without creating, touching or setting any session or cookie.
 * Null for no cookie, an ended session, an unknown or deactivated user, or one without `permission`. Used by the
 * catalog routes for `fieldsPreset=frontEdit`. A shopper's request (no cookie) costs nothing.
 */
export async function staffUserFromRequest(request: FastifyRequest, sessions: SessionRuntime | undefined, store: EventStore, permission: Permission): Promise<StaffUser | null> {
  const header = request.headers.cookie;
  if (!sessions || !header?.includes(`${SESSION_COOKIE}=`)) return null;
  const staff = await sessions.sessionFromCookieHeader(header).catch(() => null);
  if (!staff) return null;
  const user = await loadUser(store, staff.userId);
  if (!user || user.status !== 'active') return null;
  const view: StaffUser = { id: user.userId, username: user.username, roles: user.roles, active: true };
  return can(view, permission) ? view : null;
}

/** CSRF for state-changing staff calls (see the module comment). @throws ApiError 403 `request.csrf_invalid`. */
export function staffCsrf(app: FastifyInstance): onRequestHookHandler {
  return declareGuard<onRequestHookHandler>(async (request, reply) => {
    await new Promise<void>((resolve, reject) => {
      (app.csrfProtection as unknown as (req: FastifyRequest, rep: typeof reply, done: (e?: Error) => void) => void)(request, reply, (e?: Error) => (e ? reject(e) : resolve()));
    });
    const staff = request.session?.get('staff');
    const secret = request.cookies?._csrf;
    if (staff && (!secret || staff.csrf !== csrfBinding(secret))) throw new ApiError('request.csrf_invalid', 403);
  }, 'csrfToken');
}
