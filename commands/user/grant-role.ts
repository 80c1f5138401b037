/** GrantRole: see `GrantRole` in domain/user/user.ts for its rules and errors. */
import { userHandler } from './user-handler.js';

export const grantRole = userHandler('GrantRole');
