/**
 * RequestPasswordReset: see `RequestPasswordReset` in domain/user/user.ts for its rules and errors (forgot
 * password). Called by POST /v1/password-reset for each matching user; the resulting
 * PasswordResetRequested is mailed by the password-reset process manager (workers/process-managers/password-reset-mail.ts).
 */
import { userHandler } from './user-handler.js';

export const requestPasswordReset = userHandler('RequestPasswordReset');
