/**
 * Staff user administration contracts (spec 2 "Admin area" UserEdit, UserList; spec 6). Paths under
 * /v1/admin/users, permission `users.manage`. Imports nothing but zod. Failures: the envelope of spec 7 with field
 * errors (`username`, `email`, `password`, `confirm`, `roles`).
 */
import { z } from 'zod';
import { safeString } from './text.js';

/** One user as the list and the edit form show it. Times ISO-8601; `lastSignInAt` null before the first sign-in. */
export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  /** Where a forgot-password link is sent; null when the user has none. */
  email: z.string().nullable(),
  roles: z.array(z.string()),
  active: z.boolean(),
  lastSignInAt: z.string().nullable(),
  passwordChangedAt: z.string().nullable(),
  version: z.number(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** `data` of GET /v1/admin/users. */
export const adminUserListSchema = z.array(adminUserSchema);

/** Path of /v1/admin/users/{id}/... */
export const adminUserParamsSchema = z.object({ id: safeString(100).pipe(z.string().min(1)) });

/** An e-mail address field of a form: one address (checked by the server: `user.email_invalid`), '' for none. */
const emailField = safeString(254);

/**
 * Body of POST /v1/admin/users: a new user with an initial password (twice), roles and optionally an e-mail address
 * ('' or absent: none). Answers 201 the user.
 */
export const createUserBodySchema = z.object({
  username: safeString(200),
  email: emailField.optional(),
  password: safeString(1000),
  confirm: safeString(1000),
  roles: z.array(safeString(50)).max(20).default([]),
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;

/**
 * Body of PUT /v1/admin/users/{id}: the user's roles, replacing the current ones (grants and revokes), and, when
 * present, its e-mail address ('' or null clears it; absent leaves it).
 */
export const updateUserBodySchema = z.object({ roles: z.array(safeString(50)).max(20), email: emailField.nullable().optional() });
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

/** Body of POST /v1/admin/users/{id}/password: an administrator sets a new password (ends the user's sessions). */
export const setPasswordBodySchema = z.object({ password: safeString(1000), confirm: safeString(1000) });
export type SetPasswordBody = z.infer<typeof setPasswordBodySchema>;

/** `data` of POST /v1/admin/users/{id}/deactivate and /reactivate: the user after the change. */
export const adminUserResultSchema = adminUserSchema;
