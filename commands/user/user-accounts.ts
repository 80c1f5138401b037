/**
 * Use cases of staff accounts that take a password (spec 3 "User": username, password, current, new and
 * confirm password): the whole password policy, then the hash, then the User command.
 *
 * Policy: at least 8 characters and the confirmation equal (domain/user/password-policy.ts), at most 128
 * characters, not in the common-password list (platform/security/passwords.ts `isCommonPassword`). Every problem
 * is reported at once: a DomainError of category validation whose `code` and `field` are the first problem's and
 * whose `details.problems` list them all (one per field), so the api renders them as the form's field errors.
 *
 * Codes: user.username_invalid, user.username_taken (field `username`); user.email_invalid (field `email`);
 * user.password_too_short,
 * user.password_too_long, user.password_common (field `password`); user.password_mismatch (field
 * `password_confirm`); user.current_password_wrong (field `current_password`); user.role_invalid.
 */
import { v5 as uuidv5 } from 'uuid';
import { parseEmailAddress } from '../../domain/shared/email.js';
import { DomainError, type DomainProblem } from '../../domain/shared/errors.js';
import { MAX_PASSWORD_LENGTH, passwordLength, passwordPolicyErrors } from '../../domain/user/password-policy.js';
import { isRole, type Role } from '../../domain/user/permissions.js';
import { normaliseUsername, toUserStreamId, userDecider, type UserState } from '../../domain/user/user.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { hashPassword, isCommonPassword, verifyPassword } from '../../platform/security/passwords.js';
import type { CommandContext } from '../shared/command-handler.js';
import { loadAggregate } from '../shared/load-aggregate.js';
import { changeUserPassword } from './change-user-password.js';
import { createUser } from './create-user.js';

/** Namespace of user ids: a user's id is uuid v5 of its normalised username in it. */
const USER_ID_NAMESPACE = '8f3b2a6e-1c4d-4e7a-9b5f-0d2c6a8e4f17';

/** The user id of a (normalised) username: the same name always gives the same stream. */
export const userIdForUsername = (normalisedUsername: string): string => uuidv5(normalisedUsername, USER_ID_NAMESPACE);

/** The problems of a new password: length, confirmation, common list. */
export function newPasswordProblems(password: string, confirm: string): DomainProblem[] {
  const problems: DomainProblem[] = passwordPolicyErrors({ password, confirm }).map((e) => ({ code: e.code, field: e.field }));
  if (passwordLength(password) > MAX_PASSWORD_LENGTH) problems.unshift({ code: 'user.password_too_long', field: 'password' });
  else if (!problems.some((p) => p.field === 'password') && isCommonPassword(password)) problems.unshift({ code: 'user.password_common', field: 'password' });
  return problems;
}

const MESSAGES: Record<string, string> = {
  'user.username_invalid': 'A username is 3-64 letters, digits or . _ @ -',
  'user.username_taken': 'This username is taken',
  'user.email_invalid': 'An e-mail address is one address like name@example.ee',
  'user.password_too_short': 'The password needs at least 8 characters',
  'user.password_too_long': `The password has at most ${MAX_PASSWORD_LENGTH} characters`,
  'user.password_common': 'This password is too common: choose another',
  'user.password_mismatch': 'The passwords do not match',
  'user.current_password_wrong': 'The current password is wrong',
  'user.role_invalid': 'Unknown role',
};

/**
 * Checks a new password and its confirmation against the whole policy without changing anything (the reset form
 * checks before it spends its one-time link). @throws DomainError validation with every problem, when there is any
 */
export function assertNewPassword(password: string, confirm: string): void {
  refuse(newPasswordProblems(password, confirm));
}

/** @throws DomainError validation with every problem, when there is any */
function refuse(problems: DomainProblem[]): void {
  if (problems.length === 0) return;
  const first = problems[0];
  throw new DomainError(first.code, 'validation', MESSAGES[first.code] ?? first.code, first.field, {
    problems: problems.map((p) => ({ ...p, message: p.message ?? MESSAGES[p.code] })),
  });
}

/**
 * Creates a user with a password (the admin's "new user" form, `npm run user:create`, the first administrator) and
 * optionally an e-mail address (`input.email`; blank or absent: none), where a forgot-password link is sent.
 * @param deps.usernameTaken whether a user of this normalised name exists (the users read model); a name taken
 *   meanwhile is caught by the stream: its id is derived from the name
 * @returns the new user's id (uuid v5 of the normalised username)
 * @throws DomainError validation as listed in the module's comment
 */
export async function registerUser(
  store: EventStore,
  input: { username: string; password: string; confirm: string; roles: readonly Role[]; email?: string | null },
  ctx: CommandContext,
  deps: { usernameTaken(username: string): Promise<boolean> },
): Promise<{ userId: string }> {
  const username = normaliseUsername(input.username);
  const problems: DomainProblem[] = [];
  if (!username) problems.push({ code: 'user.username_invalid', field: 'username' });
  else if (await deps.usernameTaken(username)) problems.push({ code: 'user.username_taken', field: 'username' });
  const email = input.email?.trim() ? parseEmailAddress(input.email) : null;
  if (input.email?.trim() && !email) problems.push({ code: 'user.email_invalid', field: 'email' });
  problems.push(...newPasswordProblems(input.password, input.confirm));
  if (!input.roles.every(isRole)) problems.push({ code: 'user.role_invalid', field: 'roles' });
  refuse(problems);
  const userId = userIdForUsername(username!);
  const passwordHash = await hashPassword(input.password);
  try {
    await createUser(store, { userId, username: username!, passwordHash, roles: [...input.roles], email }, ctx);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'user.exists') refuse([{ code: 'user.username_taken', field: 'username' }]);
    throw error;
  }
  return { userId };
}

/**
 * Sets a user's password (an administrator resetting it, or the user after `changeOwnPassword` checked the
 * current one). @throws DomainError validation (policy codes), not_found user.not_found
 */
export async function setUserPassword(store: EventStore, input: { userId: string; password: string; confirm: string }, ctx: CommandContext): Promise<void> {
  refuse(newPasswordProblems(input.password, input.confirm));
  const passwordHash = await hashPassword(input.password);
  await changeUserPassword(store, { userId: input.userId, passwordHash }, ctx);
}

/** The User aggregate's current state, read from its stream (for checks that need the stored hash). */
export async function loadUser(store: EventStore, userId: string): Promise<UserState> {
  return (await loadAggregate(store, toUserStreamId(userId), userDecider)).state;
}

/**
 * A signed-in user changes their own password: the current one must verify against the stored hash (read from
 * the user's stream, not a read model), then the policy applies to the new one.
 * @throws DomainError validation user.current_password_wrong (field current_password) and the policy codes;
 *   not_found user.not_found
 */
export async function changeOwnPassword(
  store: EventStore,
  input: { userId: string; currentPassword: string; password: string; confirm: string },
  ctx: CommandContext,
): Promise<void> {
  const user = await loadUser(store, input.userId);
  if (user.status === 'empty') throw new DomainError('user.not_found', 'not_found', 'No such user');
  const problems: DomainProblem[] = [];
  if (!(await verifyPassword(user.passwordHash, input.currentPassword ?? ''))) problems.push({ code: 'user.current_password_wrong', field: 'current_password' });
  problems.push(...newPasswordProblems(input.password, input.confirm));
  refuse(problems);
  const passwordHash = await hashPassword(input.password);
  await changeUserPassword(store, { userId: input.userId, passwordHash }, ctx);
}
