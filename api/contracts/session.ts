/**
 * Staff session contracts (spec 7 POST /v1/login-session, spec 8 "Login failure: server field errors on
 * the form", "'Your request was made with invalid credentials.' redirects to /session/login"). Imports nothing but
 * zod.
 *
 * Failures use the envelope of spec 7 (`failureEnvelopeSchema` in ./catalog.ts): `errors[]` items carry `field`
 * ('username', 'password', 'current', 'confirm') when the message belongs to a form field, so the login form shows
 * them under its fields. Codes: `session.invalid_login` (400, on field `password`: unknown user, wrong password and
 * deactivated user all answer it), `rate_limited` (429), `session.expired` (401 on a staff call whose session ended;
 * the client goes to /session/login?error=session_expired), `forbidden` (403).
 */
import { z } from 'zod';
import { safeString } from './text.js';

/** Body of POST /v1/login-session. Both required; lengths capped so hashing cannot be abused. */
export const loginBodySchema = z.object({
  username: safeString(200).pipe(z.string().min(1)),
  password: safeString(1000).pipe(z.string().min(1)),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The signed-in user as every session answer shows it. `permissions`: names of domain/user/permissions.ts. */
export const sessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  /** The answer language the user last used (et, en), when known. */
  locale: z.string().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `data` of POST /v1/login-session (200) and GET /v1/session (200; 401 `unauthorized` when nobody is signed in). */
export const sessionSchema = z.object({ user: sessionUserSchema });
export type SessionView = z.infer<typeof sessionSchema>;

/** `data` of POST /logout (200): the session ended; the client goes to / (spec 2, the admin menu's Logout). */
export const logoutSchema = z.object({ signedOut: z.literal(true) });
export type LogoutView = z.infer<typeof logoutSchema>;

/** Body of POST /v1/session/password: the signed-in user changes their own password. */
export const ownPasswordBodySchema = z.object({
  current: safeString(1000),
  password: safeString(1000).pipe(z.string().min(1)),
  confirm: safeString(1000),
});
export type OwnPasswordBody = z.infer<typeof ownPasswordBodySchema>;

/** One error item of a failure envelope, as the login and user forms read it (`field` names the form field). */
export const fieldErrorSchema = z.object({ code: z.string(), message: z.string(), field: z.string().optional() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * Body of POST /v1/password-reset (forgot password): `username` is a username or an e-mail address. The answer is
 * the same whether or not such a user exists, has an e-mail address or is deactivated.
 */
export const passwordResetRequestBodySchema = z.object({ username: safeString(200).pipe(z.string().trim().min(1)) });
export type PasswordResetRequestBody = z.input<typeof passwordResetRequestBodySchema>;
/** `data` of POST /v1/password-reset (200): always `{ accepted: true }`. */
export const passwordResetRequestResultSchema = z.object({ accepted: z.literal(true) });
/**
 * Body of POST /v1/password-reset/{token}: the new password twice (field errors on `password` and `confirm`, as the
 * password policy gives them). An unknown, used or expired token answers 410 `password_reset.token_invalid`.
 */
export const passwordResetBodySchema = z.object({ password: safeString(1000).pipe(z.string().min(1)), confirm: safeString(1000) });
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;
export const passwordResetParamsSchema = z.object({ token: safeString(200) });
/** `data` of POST /v1/password-reset/{token} (200): whose password was set (the login form fills it in). */
export const passwordResetResultSchema = z.object({ username: z.string() });
