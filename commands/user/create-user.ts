/** CreateUser: see `CreateUser` in domain/user/user.ts for its rules and errors. The password is hashed before (user-accounts.ts registerUser applies the policy and hashes). */
import { userHandler } from './user-handler.js';

export const createUser = userHandler('CreateUser');
