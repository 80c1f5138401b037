/**
 * RecordSignIn: see `RecordSignIn` in domain/user/user.ts for its rules and errors. Called by the
 * login after the password verified.
 */
import { userHandler } from './user-handler.js';

export const recordSignIn = userHandler('RecordSignIn');
