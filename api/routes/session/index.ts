/**
 * The staff side's plugin (spec 7 POST /v1/login-session, GET /v1/site-summary, GET
 * /v1/stock-notification; spec 8 "'Your request was made with invalid credentials.' redirects to /session/login").
 * @fastify/session is registered here and only here, so shoppers' routes never load or set a session; inside:
 *
 * - `POST /v1/login-session` {username, password} (CSRF token required): 200 `{ user }` and a new session (a new
 *   id: no fixation; the session is bound to the `_csrf` secret). Unknown user, wrong password and deactivated user
 *   all answer 400 `session.invalid_login` on field `password` after the same argon2 work. Limits
 *   (SessionDeps.loginLimit, api/rate-limits.ts LoginLimiter, counted in Redis): 5 failures of one username from one
 *   address, or 20 from one address, in 15 minutes answer 429 `rate_limited` until the window ends; failures of one
 *   username from many addresses only slow its attempts down (250 ms doubling up to 4 s), so the right password from
 *   an address that has not failed always signs in. Success records UserSignedIn (ctx.userId the user).
 * - `GET /v1/session`: 200 `{ user }` or 401 (`unauthorized`, or `session.expired` when the session ended).
 * - `GET /logout`: ends the session, clears the cookie, 302 to /.
 * - `POST /v1/session/password` {current, password, confirm}: the signed-in user's own password; ends the user's
 *   other sessions at once (this one is renewed).
 * - `POST /v1/password-reset` {username} and `POST /v1/password-reset/{token}` {password, confirm}: forgot password,
 *   a one-time link by mail (./password-reset.ts; public, CSRF token required).
 * - `GET /v1/site-summary` (permission `orders.view`) and `GET /v1/stock-notification` (`stock_notifications.view`):
 *   the badges' read models (projections/stock-notifications/queries.ts).
 * - `/v1/admin/...` (api/routes/admin).
 * - spec 7's category calls POST /category/create, /category/update/{id}, /category/delete/{id} (permission
 *   `products.edit`; api/routes/admin/categories.ts).
 *
 * Every staff route is behind `staffGuard` (api/staff-guard.ts); state-changing ones behind `staffCsrf`.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import fastifySession from '@fastify/session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeOwnPassword, loadUser, userIdForUsername } from '../../../commands/user/user-accounts.js';
import { recordSignIn } from '../../../commands/user/record-sign-in.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { normaliseUsername } from '../../../domain/user/user.js';
import { verifyAgainstDummy, verifyPassword } from '../../../platform/security/passwords.js';
import { listOpenStockNotifications, siteSummary } from '../../../projections/stock-notifications/queries.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { langQuerySchema } from '../../contracts/common.js';
import { loginBodySchema, ownPasswordBodySchema, sessionSchema } from '../../contracts/session.js';
import { siteSummarySchema, stockNotificationListSchema } from '../../contracts/site-summary.js';
import type { RouteOptions } from '../../deps.js';
import { ApiError, success } from '../../errors.js';
import { requestLanguage } from '../../messages.js';
import { csrfBinding, SESSION_COOKIE, type SessionRuntime } from '../../sessions.js';
import { endSession, sessionUserView, staffCsrf, staffGuard } from '../../staff-guard.js';
import { categorySpecRoutes } from '../admin/categories.js';
import { adminRoutes } from '../admin/index.js';
import { fileUploadRoutes } from '../files/index.js';
import { passwordResetRoutes } from './password-reset.js';

export interface StaffRouteOptions extends RouteOptions {
  sessions: SessionRuntime;
}

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema, 429: failureEnvelopeSchema };

/** The command context of a staff request: the signed-in user's id in every event's metadata. */
export const staffContext = (request: FastifyRequest, now: string) => ({ commandId: randomUUID(), correlationId: request.id, userId: request.staffUser?.id ?? null, now });

/**
 * A DomainError of the user commands with its form fields renamed to the contract's (`password_confirm` ->
 * `confirm`, `current_password` -> `current`) and the messages left to api/messages.ts (the user's language).
 */
export function withFormFields(error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  const rename = (f?: string) => (f === 'password_confirm' ? 'confirm' : f === 'current_password' ? 'current' : f);
  const problems = error.details?.problems?.map((p) => ({ code: p.code, field: rename(p.field) }));
  return new DomainError(error.code, error.category, error.message, rename(error.field), { ...error.details, problems });
}

/** Starts a signed-in session for `userId` on a new session id (no fixation), bound to the request's CSRF secret. */
async function startSession(request: FastifyRequest, userId: string): Promise<void> {
  await request.session.regenerate();
  const now = Date.now();
  const secret = request.cookies?._csrf;
  request.session.set('staff', { userId, createdAt: now, seenAt: now, csrf: secret ? csrfBinding(secret) : null });
}

/** The staff plugin: `app.register(staffRoutes, { deps, sessions })`. */
export async function staffRoutes(app: FastifyInstance, { deps, sessions }: StaffRouteOptions): Promise<void> {
  const { settings } = sessions;
  await app.register(fastifySession, {
    secret: settings.secret,
    cookieName: SESSION_COOKIE,
    store: sessions.store as never,
    saveUninitialized: false,
    rolling: false,
    // A browser-session cookie (no Max-Age/Expires): the server ends the session after SESSION_IDLE_MS /
    // SESSION_MAX_AGE_MS (api/sessions.ts sessionState) whatever the browser keeps.
    cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: settings.secure },
  });
  app.decorateRequest('staffUser', null);
  app.addHook('onRequest', staffGuard(sessions, deps.store));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v1/login-session',
    {
      schema: { summary: 'Sign in (spec 7): sets the staff session', tags: ['session'], body: loginBodySchema, querystring: langQuerySchema, response: { 200: envelopeSchema(sessionSchema), ...failures } },
      config: { public: true },
      onRequest: app.csrfProtection,
    },
    async (request) => {
      const name = normaliseUsername(request.body.username) ?? request.body.username.trim().toLowerCase().slice(0, 200);
      // Sign-in limits (api/rate-limits.ts LoginLimiter): 429 only for a (username, address) pair or an address that
      // failed too often; a username failing from many addresses is slowed down (a bounded delay), never locked.
      const attempt = await sessions.logins.attempt(name, request.ip);
      if (attempt.refused) throw new ApiError('rate_limited', 429);
      if (attempt.delayMs > 0) await sleep(attempt.delayMs);
      // The user's stream, not a read model: a user created a moment ago can sign in, a deactivation counts at once.
      const user = normaliseUsername(request.body.username) ? await loadUser(deps.store, userIdForUsername(name)) : null;
      // Same work whether the user exists or not: argon2 against the stored hash, or against a dummy one.
      const verified = user && user.status !== 'empty' ? await verifyPassword(user.passwordHash, request.body.password) : await verifyAgainstDummy(request.body.password);
      // A failure stays counted (the attempt was counted above); the right password gives the attempt back.
      if (!verified || !user || user.status !== 'active') throw new ApiError('session.invalid_login', 400, 'password');
      await sessions.logins.succeeded(name, request.ip);
      const now = deps.now();
      // Recorded first: a sign-in that cannot be recorded (500) starts no session.
      await recordSignIn(deps.store, { userId: user.userId, at: now }, { commandId: randomUUID(), correlationId: request.id, userId: user.userId, now });
      await startSession(request, user.userId);
      request.log.info({ userId: user.userId }, 'staff signed in');
      return success({ user: sessionUserView({ id: user.userId, username: user.username, roles: user.roles, active: true }) });
    },
  );

  r.get(
    '/v1/session',
    { schema: { summary: 'Who is signed in (401 when nobody)', tags: ['session'], querystring: langQuerySchema, response: { 200: envelopeSchema(sessionSchema), ...failures } }, config: { permission: null } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return success({ user: sessionUserView(request.staffUser!) });
    },
  );

  r.get(
    '/logout',
    { schema: { summary: 'Sign out: ends the session and goes to /', tags: ['session'], response: { 302: z.null().describe('Redirect to /') } }, config: { public: true } },
    async (request, reply) => {
      await endSession(request);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.redirect('/', 302);
    },
  );

  r.post(
    '/v1/session/password',
    {
      schema: { summary: 'Change your own password (ends your other sessions)', tags: ['session'], body: ownPasswordBodySchema, querystring: langQuerySchema, response: { 200: envelopeSchema(sessionSchema), ...failures } },
      config: { permission: null },
      onRequest: staffCsrf(app),
    },
    async (request) => {
      const user = request.staffUser!;
      const now = deps.now();
      try {
        await changeOwnPassword(deps.store, { userId: user.id, currentPassword: request.body.current, password: request.body.password, confirm: request.body.confirm }, staffContext(request, now));
      } catch (error) {
        throw withFormFields(error);
      }
      const at = Date.now();
      await sessions.revokeUserSessions(user.id, at);
      await startSession(request, user.id);
      return success({ user: sessionUserView(user) });
    },
  );

  r.get(
    '/v1/site-summary',
    { schema: { summary: 'Staff badges: unfilled orders, open stock notifications (spec 7)', tags: ['session'], querystring: langQuerySchema, response: { 200: envelopeSchema(siteSummarySchema), ...failures } }, config: { permission: 'orders.view' } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return success(await siteSummary(deps.db as never));
    },
  );

  r.get(
    '/v1/stock-notification',
    { schema: { summary: 'Open back-in-stock requests, newest first (spec 7)', tags: ['session'], querystring: langQuerySchema, response: { 200: envelopeSchema(stockNotificationListSchema), ...failures } }, config: { permission: 'stock_notifications.view' } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return success(await listOpenStockNotifications(deps.db as never, requestLanguage(request.query, request.headers['accept-language'])));
    },
  );

  await app.register(passwordResetRoutes, { deps, sessions });
  // Spec 7's category calls (POST /category/create, /category/update/{id}, /category/delete/{id}): staff, outside /v1.
  await app.register(categorySpecRoutes, { deps });
  await app.register(adminRoutes, { deps, sessions, prefix: '/v1/admin' });
  // POST /file/create?ajax=true (spec 7): a staff call outside /v1/admin, behind the same guard (api/routes/files).
  await app.register(fileUploadRoutes, { deps });
}

