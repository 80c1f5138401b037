/** DeactivateUser: see `DeactivateUser` in domain/user/user.ts for its rules and errors. */
import { userHandler } from './user-handler.js';

export const deactivateUser = userHandler('DeactivateUser');
