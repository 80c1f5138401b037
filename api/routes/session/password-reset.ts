/**
 * Forgot password ("Forgot password: a one-time link by mail (single use, 30 minutes), the same answer
 * whether or not the user exists"; spec 2 "/login ... a Forgot password link"). Registered inside the staff plugin
 * (api/routes/staff.ts) as public routes; both need the CSRF token like every state-changing call (a guest
 * has the `_csrf` cookie and token of GET /v1/csrf-token, as for POST /v1/login-session).
 *
 * - `POST /v1/password-reset` {username}: `username` is a username or an e-mail address. For each active user it
 *   names with an e-mail address (the user of that username, and the users whose address it is), the User command
 *   RequestPasswordReset records PasswordResetRequested (the mail's language: the request's); the worker issues the
 *   token and mails the link (workers/jobs/send-password-reset.ts). The answer is always 200 `{ accepted: true }`,
 *   no sooner than `ApiDeps.passwordReset.minResponseMs` (default 300 ms) after the request arrived, so an unknown
 *   user, one without an address and a deactivated one cannot be told from a known one by answer or time. Limits
 *   (api/plugins/rate-limits.ts, counted in Redis): per address and per name asked for; 429 `rate_limited`.
 * - `POST /v1/password-reset/{token}` {password, confirm}: an unknown, used or expired token, one issued before the
 *   user's password last changed, or one of a user deactivated since, answers 410 `password_reset.token_invalid`.
 *   The policy (at least 8 characters, not common, confirmation equal) is checked before the token is spent, so a
 *   refused password (400 with field errors on `password` / `confirm`) leaves the link usable. Then the token is
 *   consumed atomically (GETDEL: of two concurrent uses one wins, the other gets 410), the password changes through
 *   ChangePassword (metadata.userId: the user, who proved they own the mailbox), the user's sessions end at once on
 *   every replica (as for any password change) and the sign-in failures of the username, and of the username from
 *   this address, are forgotten (api/plugins/rate-limits.ts LoginLimiter.forget). 200 `{ username }`.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestPasswordReset } from '../../../commands/user/request-password-reset.js';
import { assertNewPassword, loadUser, setUserPassword, userIdForUsername } from '../../../commands/user/user-accounts.js';
import { parseEmailAddress } from '../../../domain/shared/email.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { normaliseUsername } from '../../../domain/user/user.js';
import { passwordStamp, ResetTokens } from '../../../platform/security/reset-tokens.js';
import { findUsersByEmail } from '../../../projections/users/queries.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { langQuerySchema } from '../../contracts/common.js';
import {
  passwordResetBodySchema,
  passwordResetParamsSchema,
  passwordResetRequestBodySchema,
  passwordResetRequestResultSchema,
  passwordResetResultSchema,
} from '../../contracts/session.js';
import { ApiError, success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';
import { DEFAULT_PASSWORD_RESET_LIMITS } from '../../plugins/rate-limits.js';
import type { StaffRouteOptions } from '../../plugins/staff-scope.js';
import { withFormFields } from './form-fields.js';

/** Default floor of POST /v1/password-reset's answer time, in milliseconds. */
export const DEFAULT_PASSWORD_RESET_MIN_RESPONSE_MS = 300;

const failures = { 400: failureEnvelopeSchema, 403: failureEnvelopeSchema, 410: failureEnvelopeSchema, 429: failureEnvelopeSchema };

/** The name a request asks for, as the per-name limit counts it: trimmed, lower-case, at most 200 characters. */
const nameKey = (request: FastifyRequest) => {
  const body = request.body as { username?: unknown } | undefined;
  return typeof body?.username === 'string' ? body.username.trim().toLowerCase().slice(0, 200) : '';
};

/** The forgot-password routes (see the module comment): `app.register(passwordResetRoutes, { deps, sessions })`. */
export async function passwordResetRoutes(app: FastifyInstance, { deps, sessions }: StaffRouteOptions): Promise<void> {
  const limits = { ...DEFAULT_PASSWORD_RESET_LIMITS, ...deps.rateLimits?.passwordReset };
  const minResponseMs = deps.passwordReset?.minResponseMs ?? DEFAULT_PASSWORD_RESET_MIN_RESPONSE_MS;
  const tokens = new ResetTokens({ redis: sessions.settings.redis, prefix: sessions.settings.keyPrefix });
  // Per name: counted once the body is parsed (the per-address limiter already ran on this request).
  const perName = app.createRateLimit({ max: limits.perName.max, timeWindow: limits.perName.windowMs, keyGenerator: (request) => `password-reset-name:${nameKey(request)}` });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v1/password-reset',
    {
      schema: {
        summary: 'Forgot password: mail a one-time link (the same answer whether or not the user exists)',
        tags: ['session'],
        body: passwordResetRequestBodySchema,
        querystring: langQuerySchema,
        response: { 200: envelopeSchema(passwordResetRequestResultSchema), ...failures },
      },
      config: { public: true },
      onRequest: [app.csrfProtection, app.rateLimit({ max: limits.perIp.max, timeWindow: limits.perIp.windowMs, keyGenerator: (request) => `password-reset-ip:${request.ip}` })],
      preHandler: async (request) => {
        const counted = await perName(request);
        if (!counted.isAllowed && counted.isExceeded) throw new ApiError('rate_limited', 429);
      },
    },
    async (request) => {
      const started = performance.now();
      const asked = request.body.username.trim();
      const language = requestLanguage(request.query, request.headers['accept-language']);
      const userIds = new Set<string>();
      const username = normaliseUsername(asked);
      if (username) userIds.add(userIdForUsername(username));
      if (parseEmailAddress(asked)) for (const user of await findUsersByEmail(deps.db, asked)) userIds.add(user.id);
      for (const userId of userIds) {
        try {
          await requestPasswordReset(deps.store, { userId, language }, { commandId: randomUUID(), correlationId: request.id, userId: null, now: deps.now() });
          request.log.info({ userId }, 'password reset requested');
        } catch (error) {
          // No such user, deactivated, no e-mail address: answered exactly like a request that mailed a link.
          if (!(error instanceof DomainError)) throw error;
        }
      }
      const left = minResponseMs - (performance.now() - started);
      if (left > 0) await sleep(left);
      return success({ accepted: true as const });
    },
  );

  r.post(
    '/v1/password-reset/:token',
    {
      schema: {
        summary: 'Set a new password with a one-time link (ends the user\'s sessions)',
        tags: ['session'],
        params: passwordResetParamsSchema,
        body: passwordResetBodySchema,
        querystring: langQuerySchema,
        response: { 200: envelopeSchema(passwordResetResultSchema), ...failures },
      },
      config: { public: true },
      onRequest: [app.csrfProtection, app.rateLimit({ max: limits.resetPerIp.max, timeWindow: limits.resetPerIp.windowMs, keyGenerator: (request) => `password-reset-use-ip:${request.ip}` })],
    },
    async (request) => {
      const { token } = request.params;
      const { password, confirm } = request.body;
      /** The user of a live token, or null (unknown, used, expired, password changed since, deactivated). */
      const holder = async () => {
        const record = await tokens.peek(token);
        const user = record ? await loadUser(deps.store, record.userId) : null;
        return record && user?.status === 'active' && passwordStamp(user.passwordHash) === record.passwordStamp ? user : null;
      };
      if (!(await holder())) throw new ApiError('password_reset.token_invalid', 410);
      try {
        assertNewPassword(password, confirm);
      } catch (error) {
        throw withFormFields(error);
      }
      // Spent here, once: of two uses at the same moment (on any replica) only one gets the record.
      const record = await tokens.consume(token);
      const user = record ? await loadUser(deps.store, record.userId) : null;
      if (!record || user?.status !== 'active' || passwordStamp(user.passwordHash) !== record.passwordStamp) throw new ApiError('password_reset.token_invalid', 410);
      try {
        await setUserPassword(deps.store, { userId: user.userId, password, confirm }, { commandId: randomUUID(), correlationId: request.id, userId: user.userId, now: deps.now() });
      } catch (error) {
        throw withFormFields(error);
      }
      // As for every password change: the user's sessions (on every replica) end at once.
      await sessions.revokeUserSessions(user.userId, Date.now());
      await sessions.logins.forget(user.username, request.ip);
      request.log.info({ userId: user.userId }, 'password reset with a mailed link');
      return success({ username: user.username });
    },
  );
}
