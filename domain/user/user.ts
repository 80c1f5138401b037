/**
 * The User aggregate (stream `user-{id}`): a staff account of the back office (spec 3 "User": username,
 * password; spec 6 "Roles and permissions"). The id of a user is uuid v5 of its normalised username
 * (commands/user/user-accounts.ts), so two creations of one name meet on one stream and the second is refused.
 *
 * - CreateUser: username (normalised: trimmed, lower-case, 3-64 of `a-z 0-9 . _ @ -`), the argon2id hash of its
 *   password (hashed outside the domain: platform/security/passwords.ts), its roles (possibly none: a guest), and
 *   optionally an e-mail address (domain/shared/email.ts `parseEmailAddress`; empty or absent: none). UserCreated
 *   events written before e-mail addresses existed have no `email` and stay valid (a user without one).
 * - ChangeEmail: an administrator sets or clears (null or '') the user's e-mail address, where the forgot-password
 *   link is sent; the same address again decides nothing.
 * - RequestPasswordReset (forgot password): an active user with an e-mail address asked for a one-time
 *   link; PasswordResetRequested carries the address and the language of the mail, and the worker's process
 *   manager sends the link (workers/jobs/send-password-reset.ts). Refused for a deactivated user
 *   (`user.inactive`) and a user without an e-mail address (`user.email_missing`): the api answers the same either
 *   way, so nobody learns which users exist.
 * - ChangePassword: a new hash (the policy is applied before hashing, by the use case).
 * - GrantRole / RevokeRole: one role; granting a held role or revoking one not held decides nothing.
 * - DeactivateUser / ReactivateUser: an inactive user cannot sign in and can nothing (permissions.ts `can`);
 *   deactivating an inactive user (or reactivating an active one) decides nothing.
 * - RecordSignIn: a successful sign-in at `at` (ISO-8601 UTC); refused for an inactive user.
 *
 * Events carry the password hash (never the password): the users read model needs it to verify a sign-in. A
 * reader that shows events to people (the audit timeline) must leave `passwordHash` out.
 */
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { parseEmailAddress } from '../shared/email.js';
import { DomainError, illegalState, notFound, validation } from '../shared/errors.js';
import { isRole, ROLES, type Role } from './permissions.js';

export const toUserStreamId = (userId: string) => `user-${userId}`;

/** Shortest and longest username, in characters. */
export const MIN_USERNAME_LENGTH = 3;
export const MAX_USERNAME_LENGTH = 64;
const USERNAME = /^[a-z0-9._@-]+$/;

/**
 * A username as stored: trimmed and lower-case. Returns null when the result is not 3-64 characters of
 * `a-z 0-9 . _ @ -`.
 */
export function normaliseUsername(username: string): string | null {
  if (typeof username !== 'string') return null;
  const u = username.trim().toLowerCase();
  if (u.length < MIN_USERNAME_LENGTH || u.length > MAX_USERNAME_LENGTH || !USERNAME.test(u)) return null;
  return u;
}

/** The languages of a password-reset mail: Estonian (formal address) or English. */
export const MAIL_LANGUAGES = ['et', 'en'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

export type UserEvent =
  /**
   * `createdAt`: the command's time, ISO-8601 UTC (also when the first password was set). `email`: the user's
   * e-mail address when one was given (absent in events written before addresses existed, and when none).
   */
  | Message<'UserCreated', { userId: string; username: string; passwordHash: string; roles: Role[]; createdAt: string; email?: string }>
  /** `email`: the new address (parsed), or null when it was cleared. */
  | Message<'UserEmailChanged', { userId: string; email: string | null }>
  /** A forgot-password link is to be mailed to `email` in `language`; `requestedAt` ISO-8601 UTC. No token here. */
  | Message<'PasswordResetRequested', { userId: string; email: string; language: MailLanguage; requestedAt: string }>
  /** `changedAt`: the command's time, ISO-8601 UTC. */
  | Message<'PasswordChanged', { userId: string; passwordHash: string; changedAt: string }>
  | Message<'RoleGranted', { userId: string; role: Role }>
  | Message<'RoleRevoked', { userId: string; role: Role }>
  | Message<'UserDeactivated', { userId: string }>
  | Message<'UserReactivated', { userId: string }>
  /** `at`: when the user signed in, ISO-8601 UTC. */
  | Message<'UserSignedIn', { userId: string; at: string }>;
export const USER_EVENT_TYPES: UserEvent['type'][] = [
  'UserCreated',
  'UserEmailChanged',
  'PasswordResetRequested',
  'PasswordChanged',
  'RoleGranted',
  'RoleRevoked',
  'UserDeactivated',
  'UserReactivated',
  'UserSignedIn',
];

type Cmd<T extends string, D> = Message<T, D> & { metadata: CommandMetadata };
export type UserCommand =
  | Cmd<'CreateUser', { userId: string; username: string; passwordHash: string; roles: Role[]; email?: string | null }>
  | Cmd<'ChangeEmail', { userId: string; email: string | null }>
  | Cmd<'RequestPasswordReset', { userId: string; language: MailLanguage }>
  | Cmd<'ChangePassword', { userId: string; passwordHash: string }>
  | Cmd<'GrantRole', { userId: string; role: Role }>
  | Cmd<'RevokeRole', { userId: string; role: Role }>
  | Cmd<'DeactivateUser', { userId: string }>
  | Cmd<'ReactivateUser', { userId: string }>
  | Cmd<'RecordSignIn', { userId: string; at: string }>;

export interface UserAccount {
  userId: string;
  username: string;
  passwordHash: string;
  /** Held roles, sorted, each once. */
  roles: Role[];
  /** Where a forgot-password link goes (parsed, case kept); null when the user has none. */
  email: string | null;
  /** When the password was last set (created or changed), ISO-8601 UTC: the command's `now`. */
  passwordChangedAt: string;
  lastSignInAt: string | null;
}

export type UserState = { status: 'empty' } | ({ status: 'active' | 'inactive' } & UserAccount);
export const initialState: UserState = { status: 'empty' };

const sortRoles = (roles: readonly Role[]): Role[] => ROLES.filter((r) => roles.includes(r));

function checkRole(role: unknown): Role {
  if (!isRole(role)) throw validation('user.role_invalid', `A role is one of ${ROLES.join(', ')}`, 'role');
  return role;
}

/** An argon2 hash in its PHC string form (`$argon2id$v=19$m=...`); the domain checks only that it looks like one. */
function checkHash(hash: unknown): string {
  if (typeof hash !== 'string' || !hash.startsWith('$argon2')) throw validation('user.password_hash_invalid', 'A password is stored as an argon2 hash', 'password');
  return hash;
}

/** The e-mail address of a command: null for none (null, absent, blank), else parsed. */
function checkEmail(email: unknown): string | null {
  if (email === null || email === undefined || (typeof email === 'string' && email.trim() === '')) return null;
  const parsed = typeof email === 'string' ? parseEmailAddress(email) : null;
  if (!parsed) throw validation('user.email_invalid', 'An e-mail address is one address like name@example.ee', 'email');
  return parsed;
}

function existing(state: UserState): Exclude<UserState, { status: 'empty' }> {
  if (state.status === 'empty') throw notFound('user.not_found', 'No such user');
  return state;
}

/**
 * Pure decision for one User command.
 * @throws DomainError validation: user.username_invalid, user.role_invalid, user.password_hash_invalid,
 *   user.time_invalid, user.email_invalid, user.language_invalid; conflict: user.exists (CreateUser on an existing
 *   stream); not_found: user.not_found; illegal_state: user.inactive (RecordSignIn or RequestPasswordReset of a
 *   deactivated user), user.email_missing (RequestPasswordReset of a user without an e-mail address).
 */
export function decide(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'CreateUser': {
      if (state.status !== 'empty') throw new DomainError('user.exists', 'conflict', 'This user exists already', 'username');
      const username = normaliseUsername(command.data.username);
      if (!username) throw validation('user.username_invalid', `A username is ${MIN_USERNAME_LENGTH}-${MAX_USERNAME_LENGTH} letters, digits or . _ @ -`, 'username');
      const roles = sortRoles((command.data.roles ?? []).map(checkRole));
      const passwordHash = checkHash(command.data.passwordHash);
      const email = checkEmail(command.data.email);
      return [{ type: 'UserCreated', data: { userId: command.data.userId, username, passwordHash, roles, createdAt: command.metadata.now, ...(email ? { email } : {}) } }];
    }
    case 'ChangeEmail': {
      const user = existing(state);
      const email = checkEmail(command.data.email);
      return email === user.email ? [] : [{ type: 'UserEmailChanged', data: { userId: user.userId, email } }];
    }
    case 'RequestPasswordReset': {
      const user = existing(state);
      if (!MAIL_LANGUAGES.includes(command.data.language)) throw validation('user.language_invalid', `A mail language is one of ${MAIL_LANGUAGES.join(', ')}`, 'language');
      if (user.status === 'inactive') throw illegalState('user.inactive', 'This user is deactivated');
      if (!user.email) throw illegalState('user.email_missing', 'This user has no e-mail address');
      return [{ type: 'PasswordResetRequested', data: { userId: user.userId, email: user.email, language: command.data.language, requestedAt: command.metadata.now } }];
    }
    case 'ChangePassword': {
      const user = existing(state);
      return [{ type: 'PasswordChanged', data: { userId: user.userId, passwordHash: checkHash(command.data.passwordHash), changedAt: command.metadata.now } }];
    }
    case 'GrantRole': {
      const user = existing(state);
      const role = checkRole(command.data.role);
      return user.roles.includes(role) ? [] : [{ type: 'RoleGranted', data: { userId: user.userId, role } }];
    }
    case 'RevokeRole': {
      const user = existing(state);
      const role = checkRole(command.data.role);
      return user.roles.includes(role) ? [{ type: 'RoleRevoked', data: { userId: user.userId, role } }] : [];
    }
    case 'DeactivateUser': {
      const user = existing(state);
      return user.status === 'inactive' ? [] : [{ type: 'UserDeactivated', data: { userId: user.userId } }];
    }
    case 'ReactivateUser': {
      const user = existing(state);
      return user.status === 'active' ? [] : [{ type: 'UserReactivated', data: { userId: user.userId } }];
    }
    case 'RecordSignIn': {
      const user = existing(state);
      if (user.status === 'inactive') throw illegalState('user.inactive', 'This user is deactivated');
      const at = command.data.at;
      if (typeof at !== 'string' || Number.isNaN(Date.parse(at))) throw validation('user.time_invalid', 'The sign-in time is an ISO-8601 time', 'at');
      return [{ type: 'UserSignedIn', data: { userId: user.userId, at } }];
    }
    default:
      return assertNever(command);
  }
}

/** Folds one event into the state. */
export function evolve(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserCreated') {
    const { userId, username, passwordHash, roles, createdAt, email } = event.data;
    return { status: 'active', userId, username, passwordHash, roles: sortRoles(roles), email: email ?? null, passwordChangedAt: createdAt, lastSignInAt: null };
  }
  if (state.status === 'empty') return state;
  switch (event.type) {
    case 'UserEmailChanged':
      return { ...state, email: event.data.email };
    case 'PasswordResetRequested':
      return state;
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash, passwordChangedAt: event.data.changedAt };
    case 'RoleGranted':
      return { ...state, roles: sortRoles([...state.roles, event.data.role]) };
    case 'RoleRevoked':
      return { ...state, roles: state.roles.filter((r) => r !== event.data.role) };
    case 'UserDeactivated':
      return { ...state, status: 'inactive' };
    case 'UserReactivated':
      return { ...state, status: 'active' };
    case 'UserSignedIn':
      return { ...state, lastSignInAt: event.data.at };
    default:
      return assertNever(event);
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = { decide, evolve, initialState };
