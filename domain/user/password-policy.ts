/**
 * The password rules of staff accounts that need nothing but the text (spec 3 "User": password, current,
 * new and confirm password):
 * - at least MIN_PASSWORD_LENGTH characters (OWASP ASVS 5.0 V6.2.1: 8 at least; Unicode code points counted, so
 *   an emoji is one character);
 * - the new password and its confirmation are equal.
 * The common-password list needs a package's data, so it is checked beside the hashing
 * (platform/security/passwords.ts `isCommonPassword`), and the use cases (commands/user/user-accounts.ts) apply both.
 *
 * Pure; the web forms may call it to show the same errors before sending.
 */

/** Fewest characters of a password (OWASP ASVS V6.2.1). */
export const MIN_PASSWORD_LENGTH = 8;
/** Most characters of a password: longer ones are refused by the use cases (`user.password_too_long`). */
export const MAX_PASSWORD_LENGTH = 128;

export type PasswordPolicyCode = 'user.password_too_short' | 'user.password_mismatch';

export interface PasswordPolicyError {
  /** The form field the problem belongs to. */
  field: 'password' | 'password_confirm';
  code: PasswordPolicyCode;
}

/** The problems of a new password and its confirmation, in the order of the form's fields; [] when it passes. */
export function passwordPolicyErrors({ password, confirm }: { password: string; confirm: string }): PasswordPolicyError[] {
  const errors: PasswordPolicyError[] = [];
  if (passwordLength(password) < MIN_PASSWORD_LENGTH) errors.push({ field: 'password', code: 'user.password_too_short' });
  if (password !== confirm) errors.push({ field: 'password_confirm', code: 'user.password_mismatch' });
  return errors;
}

/** Characters (Unicode code points) of a password. */
export const passwordLength = (password: string): number => [...(password ?? '')].length;
