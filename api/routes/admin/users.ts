/**
 * Staff users (spec 2 "Admin area" UserEdit, UserList), permission `users.manage`, under /v1/admin:
 * - GET /users: every user (the users read model, projections/users);
 * - POST /users {username, email?, password, confirm, roles}: 201 the new user (registerUser);
 * - GET /users/{id}; PUT /users/{id} {roles, email?}: grants and revokes to reach exactly those roles, and sets or
 *   clears ('' or null) the e-mail address the forgot-password link goes to (ChangeEmail) when `email` is present;
 * - POST /users/{id}/password {password, confirm}: an administrator sets a new one; the user's sessions end at once;
 * - POST /users/{id}/deactivate (the user's sessions end at once; not yourself), POST /users/{id}/reactivate.
 * Taking ADMIN from, or deactivating, the last active administrator answers 409 `user.last_admin` (the users read
 * model's count; two administrators removing each other at the same moment could still both pass).
 * Answers after a command read the user's stream (no read-model lag). Failures: 400 with field errors (the policy
 * codes of commands/user/user-accounts.ts, fields `username`, `email`, `password`, `confirm`, `roles`), 404
 * `user.not_found`, 409 on a concurrent change. Every command's events carry the signed-in user in metadata.userId.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changeUserEmail } from '../../../commands/user/change-user-email.js';
import { deactivateUser } from '../../../commands/user/deactivate-user.js';
import { grantRole } from '../../../commands/user/grant-role.js';
import { reactivateUser } from '../../../commands/user/reactivate-user.js';
import { revokeRole } from '../../../commands/user/revoke-role.js';
import { registerUser, setUserPassword } from '../../../commands/user/user-accounts.js';
import { loadAggregate } from '../../../commands/shared/load-aggregate.js';
import { isRole, type Role } from '../../../domain/user/permissions.js';
import { toUserStreamId, userDecider } from '../../../domain/user/user.js';
import type { EventStore } from '../../../platform/event-store/port.js';
import { countActiveAdministrators, listUsers, usernameTaken } from '../../../projections/users/queries.js';
import {
  type AdminUser,
  adminUserListSchema,
  adminUserParamsSchema,
  adminUserSchema,
  createUserBodySchema,
  setPasswordBodySchema,
  updateUserBodySchema,
} from '../../contracts/admin-users.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { langQuerySchema } from '../../contracts/common.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { ApiError, success } from '../../plugins/errors.js';
import type { SessionRuntime } from '../../plugins/sessions.js';
import { staffCsrf } from '../../plugins/staff-guard.js';
import { withFormFields } from '../session/form-fields.js';

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema, 404: failureEnvelopeSchema, 409: failureEnvelopeSchema };
const permission = 'users.manage' as const;

/** The user as its stream says now (null when there is none); `version` the stream's version. */
export async function userFromStream(store: EventStore, userId: string): Promise<AdminUser | null> {
  const { state, version } = await loadAggregate(store, toUserStreamId(userId), userDecider);
  if (state.status === 'empty') return null;
  return {
    id: state.userId,
    username: state.username,
    email: state.email,
    roles: state.roles,
    active: state.status === 'active',
    lastSignInAt: state.lastSignInAt,
    passwordChangedAt: state.passwordChangedAt,
    version: Number(version),
  };
}

export async function adminUserRoutes(app: FastifyInstance, { deps, sessions }: RouteOptions & { sessions: SessionRuntime }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const existing = async (id: string) => {
    const user = await userFromStream(deps.store, id);
    if (!user) throw new ApiError('user.not_found', 404);
    return user;
  };

  r.get('/users', { schema: { summary: 'Staff users', tags: ['admin'], querystring: langQuerySchema, response: { 200: envelopeSchema(adminUserListSchema), ...failures } }, config: { permission } }, async () => {
    const users = await listUsers(deps.db);
    return success(users.map((u) => ({ id: u.id, username: u.username, email: u.email, roles: u.roles, active: u.active, lastSignInAt: u.lastSignInAt, passwordChangedAt: u.passwordChangedAt, version: u.version })));
  });

  r.post(
    '/users',
    { schema: { summary: 'Create a staff user', tags: ['admin'], body: createUserBodySchema, querystring: langQuerySchema, response: { 201: envelopeSchema(adminUserSchema), ...failures } }, config: { permission }, onRequest: staffCsrf(app) },
    async (request, reply) => {
      const body = request.body;
      let userId: string;
      try {
        ({ userId } = await registerUser(deps.store, { username: body.username, email: body.email, password: body.password, confirm: body.confirm, roles: body.roles as Role[] }, request.commandContext(), {
          usernameTaken: (name) => usernameTaken(deps.db, name),
        }));
      } catch (error) {
        throw withFormFields(error);
      }
      reply.status(201);
      return success(await existing(userId));
    },
  );

  r.get('/users/:id', { schema: { summary: 'One staff user', tags: ['admin'], params: adminUserParamsSchema, querystring: langQuerySchema, response: { 200: envelopeSchema(adminUserSchema), ...failures } }, config: { permission } }, async (request) =>
    success(await existing(request.params.id)),
  );

  r.put(
    '/users/:id',
    { schema: { summary: "Set a user's roles", tags: ['admin'], params: adminUserParamsSchema, body: updateUserBodySchema, querystring: langQuerySchema, response: { 200: envelopeSchema(adminUserSchema), ...failures } }, config: { permission }, onRequest: staffCsrf(app) },
    async (request) => {
      const user = await existing(request.params.id);
      const asked = [...new Set(request.body.roles)];
      if (!asked.every(isRole)) throw new ApiError('user.role_invalid', 400, 'roles');
      const wanted = asked as Role[];
      if (user.active && user.roles.includes('ADMIN') && !wanted.includes('ADMIN') && (await countActiveAdministrators(deps.db, { except: user.id })) === 0) {
        throw new ApiError('user.last_admin', 409, 'roles');
      }
      // The address first: a refused one (400 on field `email`) changes no role either.
      if (request.body.email !== undefined) await changeUserEmail(deps.store, { userId: user.id, email: request.body.email }, request.commandContext());
      // One command id per command: a shared one would make the second a duplicate of the first.
      for (const role of wanted.filter((r) => !user.roles.includes(r))) await grantRole(deps.store, { userId: user.id, role }, request.commandContext());
      for (const role of (user.roles as Role[]).filter((r) => !wanted.includes(r))) await revokeRole(deps.store, { userId: user.id, role }, request.commandContext());
      return success(await existing(user.id));
    },
  );

  r.post(
    '/users/:id/password',
    { schema: { summary: "Set a user's password (ends the user's sessions)", tags: ['admin'], params: adminUserParamsSchema, body: setPasswordBodySchema, querystring: langQuerySchema, response: { 200: envelopeSchema(adminUserSchema), ...failures } }, config: { permission }, onRequest: staffCsrf(app) },
    async (request) => {
      const user = await existing(request.params.id);
      try {
        await setUserPassword(deps.store, { userId: user.id, password: request.body.password, confirm: request.body.confirm }, request.commandContext());
      } catch (error) {
        throw withFormFields(error);
      }
      await sessions.revokeUserSessions(user.id, Date.now());
      return success(await existing(user.id));
    },
  );

  r.post(
    '/users/:id/deactivate',
    { schema: { summary: "Deactivate a user (ends the user's sessions)", tags: ['admin'], params: adminUserParamsSchema, querystring: langQuerySchema, response: { 200: envelopeSchema(adminUserSchema), ...failures } }, config: { permission }, onRequest: staffCsrf(app) },
    async (request) => {
      const user = await existing(request.params.id);
      if (user.id === request.staffUser!.id) throw new ApiError('user.self_deactivate', 409);
      if (user.active && user.roles.includes('ADMIN') && (await countActiveAdministrators(deps.db, { except: user.id })) === 0) throw new ApiError('user.last_admin', 409);
      if (user.active) await deactivateUser(deps.store, { userId: user.id }, request.commandContext());
      await sessions.revokeUserSessions(user.id, Date.now());
      return success(await existing(user.id));
    },
  );

  r.post(
    '/users/:id/reactivate',
    { schema: { summary: 'Reactivate a user', tags: ['admin'], params: adminUserParamsSchema, querystring: langQuerySchema, response: { 200: envelopeSchema(adminUserSchema), ...failures } }, config: { permission }, onRequest: staffCsrf(app) },
    async (request) => {
      const user = await existing(request.params.id);
      if (!user.active) await reactivateUser(deps.store, { userId: user.id }, request.commandContext());
      return success(await existing(user.id));
    },
  );
}
