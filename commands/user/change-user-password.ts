/** ChangePassword: see `ChangePassword` in domain/user/user.ts for its rules and errors. Takes the new hash (user-accounts.ts setUserPassword applies the policy and hashes). */
import { userHandler } from './user-handler.js';

export const changeUserPassword = userHandler('ChangePassword');
