/**
 * ChangeEmail: see `ChangeEmail` in domain/user/user.ts for its rules and errors (an administrator sets or clears
 * the address a forgot-password link is sent to; PUT /v1/admin/users/{id}).
 */
import { userHandler } from './user-handler.js';

export const changeUserEmail = userHandler('ChangeEmail');
