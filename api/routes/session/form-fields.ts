/**
 * The user commands' form fields as the contracts name them (api/contracts/session.ts, api/contracts/admin.ts):
 * the domain's `password_confirm` and `current_password` are the forms' `confirm` and `current`, so a field error
 * lands under its field (spec 8 "Login failure: server field errors on the form"). Used by the session routes, the
 * forgot-password routes and the staff's user screens (api/routes/admin/users.ts).
 */
import { DomainError } from '../../../domain/shared/errors.js';

/**
 * A DomainError of the user commands with its form fields renamed to the contract's (`password_confirm` ->
 * `confirm`, `current_password` -> `current`) and the messages left to api/plugins/messages.ts (the user's
 * language). Anything else is answered as given.
 */
export function withFormFields(error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  const rename = (f?: string) => (f === 'password_confirm' ? 'confirm' : f === 'current_password' ? 'current' : f);
  const problems = error.details?.problems?.map((p) => ({ code: p.code, field: rename(p.field) }));
  return new DomainError(error.code, error.category, error.message, rename(error.field), { ...error.details, problems });
}
