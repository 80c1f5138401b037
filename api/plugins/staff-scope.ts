/**
 * The staff scope (design brief "The staff side": server-side sessions, every staff call behind one guard; conventions
 * 6, fastify/demo's autohooks: what every route of a folder needs is set up once around it).
 *
 * `staffScope` is a plugin without encapsulation (fastify-plugin): registered first inside the staff routes' plugin
 * (api/routes/staff.ts), it gives every route registered after it in that plugin
 * - `request.session`: @fastify/session on the shared store (api/plugins/sessions.ts `SessionRuntime`), cookie
 *   `shop_sid` (HttpOnly, SameSite=Lax, Secure when PUBLIC_URL is https, no Max-Age: a browser-session cookie). Registered here and only here, so
 *   shoppers' routes never load or set a session;
 * - the guard `staffGuard` (api/plugins/staff-guard.ts) as an onRequest hook: 401 without a session, 401
 *   `session.expired` for an ended one, 403 without the route's `config.permission`; `request.staffUser` the user;
 * - `request.commandContext(now?)`: the command context of a staff request (commands/shared/command-handler.ts
 *   `CommandContext`): a new command id (uuid), the request id as correlation id, the signed-in user's id (null
 *   before the guard ran or on a public route), `now` (ISO-8601 UTC, default `deps.now()`). One call per command:
 *   its command id is the seed of the events' ids.
 */
import { randomUUID } from 'node:crypto';
import fastifySession from '@fastify/session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CommandContext } from '../../commands/shared/command-handler.js';
import type { RouteOptions } from './deps.js';
import { SESSION_COOKIE, type SessionRuntime } from './sessions.js';
import { declareStaffSession } from './openapi-operations.js';
import { staffGuard } from './staff-guard.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Inside the staff scope: the context of one command on behalf of the signed-in user (api/plugins/staff-scope.ts). */
    commandContext(now?: string): CommandContext;
  }
}

/** What the staff scope and every staff route plugin are registered with: the app's deps and the session runtime. */
export interface StaffRouteOptions extends RouteOptions {
  sessions: SessionRuntime;
}

async function staffScopePlugin(app: FastifyInstance, { deps, sessions }: StaffRouteOptions): Promise<void> {
  const { settings } = sessions;
  await app.register(fastifySession, {
    secret: settings.secret,
    cookieName: SESSION_COOKIE,
    store: sessions.store as never,
    saveUninitialized: false,
    rolling: false,
    // A browser-session cookie (no Max-Age/Expires): the server ends the session after SESSION_IDLE_MS /
    // SESSION_MAX_AGE_MS (api/plugins/sessions.ts sessionState) whatever the browser keeps.
    cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: settings.secure },
  });
  app.decorateRequest('staffUser', null);
  app.decorateRequest('commandContext', function commandContext(this: FastifyRequest, now?: string): CommandContext {
    return { commandId: randomUUID(), correlationId: this.id, userId: this.staffUser?.id ?? null, now: now ?? deps.now() };
  });
  app.addHook('onRequest', staffGuard(sessions, deps.store));
  // The OpenAPI document's `staffSession` requirement of every route this guard covers.
  declareStaffSession(app);
}

/** The staff scope: `await app.register(staffScope, { deps, sessions })` first inside the staff routes' plugin. */
export const staffScope = fp(staffScopePlugin, { name: 'staff-scope' });
