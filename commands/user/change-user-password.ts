/**
 * ChangePassword: see `ChangePassword` in domain/user/user.ts for its rules and errors. Takes the new
 * hash: `setUserPassword` / `changeOwnPassword` (user-accounts.ts) apply the policy and hash.
 */
import { userHandler } from './user-handler.js';

export const changeUserPassword = userHandler('ChangePassword');
