/**
 * CreateUser: see `CreateUser` in domain/user/user.ts for its rules and errors. The password is
 * hashed before: `registerUser` (user-accounts.ts) applies the policy and hashes.
 */
import { userHandler } from './user-handler.js';

export const createUser = userHandler('CreateUser');
