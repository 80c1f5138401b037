/**
 * The staff session's routes (spec 7 POST /v1/login-session; spec 2 "a Logout button to /logout"; spec 8 "'Your
 * request was made with invalid credentials.' redirects to /session/login"). Registered inside the staff scope
 * (api/routes/staff.ts, api/plugins/staff-scope.ts), which gives them the session and the guard:
 *
 * - `POST /v1/login-session` {username, password} (CSRF token required): 200 `{ user }` and a new session (a new
 *   id: no fixation; the session is bound to the `_csrf` secret). Unknown user, wrong password and deactivated user
 *   all answer 400 `session.invalid_login` on field `password` after the same argon2 work. Limits
 *   (SessionDeps.loginLimit, api/plugins/rate-limits.ts LoginLimiter, counted in Redis): 5 failures of one username from one
 *   address, or 20 from one address, in 15 minutes answer 429 `rate_limited` until the window ends; failures of one
 *   username from many addresses only slow its attempts down (250 ms doubling up to 4 s), so the right password from
 *   an address that has not failed always signs in. Success records UserSignedIn (ctx.userId the user).
 * - `GET /v1/session`: 200 `{ user }` or 401 (`unauthorized`, or `session.expired` when the session ended).
 * - `POST /logout` (CSRF token required, bound to the session like every state-changing staff call): ends the
 *   session, clears the cookie, 200 `{ signedOut: true }`; the client then goes to /. A POST, not a GET, so a link
 *   or image on another site cannot sign staff out (OWASP ASVS 5.0 V3.5, cross-site request forgery). An ended
 *   session may still sign out (public: the guard is skipped).
 * - `POST /v1/session/password` {current, password, confirm}: the signed-in user's own password; ends the user's
 *   other sessions at once (this one is renewed).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changeOwnPassword, loadUser, userIdForUsername } from '../../../commands/user/user-accounts.js';
import { recordSignIn } from '../../../commands/user/record-sign-in.js';
import { normaliseUsername } from '../../../domain/user/user.js';
import { verifyAgainstDummy, verifyPassword } from '../../../platform/security/passwords.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { langQuerySchema } from '../../contracts/common.js';
import { loginBodySchema, logoutSchema, ownPasswordBodySchema, sessionSchema } from '../../contracts/session.js';
import { ApiError, success } from '../../plugins/errors.js';
import { csrfBinding, SESSION_COOKIE } from '../../plugins/sessions.js';
import { endSession, sessionUserView, staffCsrf } from '../../plugins/staff-guard.js';
import type { StaffRouteOptions } from '../../plugins/staff-scope.js';
import { withFormFields } from './form-fields.js';

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema, 429: failureEnvelopeSchema };

/** Starts a signed-in session for `userId` on a new session id (no fixation), bound to the request's CSRF secret. */
async function startSession(request: FastifyRequest, userId: string): Promise<void> {
  await request.session.regenerate();
  const now = Date.now();
  const secret = request.cookies?._csrf;
  request.session.set('staff', { userId, createdAt: now, seenAt: now, csrf: secret ? csrfBinding(secret) : null });
}

/** The session routes (see the module comment): `app.register(sessionRoutes, { deps, sessions })` inside the staff scope. */
export async function sessionRoutes(app: FastifyInstance, { deps, sessions }: StaffRouteOptions): Promise<void> {
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
      // Sign-in limits (api/plugins/rate-limits.ts LoginLimiter): 429 only for a (username, address) pair or an address that
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

  r.post(
    '/logout',
    {
      schema: { summary: 'Sign out: ends the session (the client then goes to /)', tags: ['session'], querystring: langQuerySchema, response: { 200: envelopeSchema(logoutSchema), 403: failureEnvelopeSchema } },
      config: { public: true },
      onRequest: staffCsrf(app),
    },
    async (request, reply) => {
      await endSession(request);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      reply.header('cache-control', 'no-store');
      return success({ signedOut: true as const });
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
      try {
        await changeOwnPassword(deps.store, { userId: user.id, currentPassword: request.body.current, password: request.body.password, confirm: request.body.confirm }, request.commandContext());
      } catch (error) {
        throw withFormFields(error);
      }
      const at = Date.now();
      await sessions.revokeUserSessions(user.id, at);
      await startSession(request, user.id);
      return success({ user: sessionUserView(user) });
    },
  );
}
