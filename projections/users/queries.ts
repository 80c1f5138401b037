/** Queries of the users read model (projections/users/writer.ts). */
import { sql } from 'kysely';
import { normaliseUsername } from '../../domain/user/user.js';
import type { Role } from '../../domain/user/permissions.js';
import type { Database } from '../../platform/db/database.js';

/** A staff account as the login and the admin screens see it. Times ISO-8601 UTC; `version` the stream position. */
export interface UserRecord {
  id: string;
  username: string;
  /** Held roles, sorted. */
  roles: Role[];
  active: boolean;
  /** argon2id PHC string: for `verifyPassword` only, never sent to a browser. */
  passwordHash: string;
  /** Where a forgot-password link goes; null when the user has none. */
  email: string | null;
  passwordChangedAt: string;
  lastSignInAt: string | null;
  version: number;
}

/** A user in a list: everything but the hash. */
export type UserListItem = Omit<UserRecord, 'passwordHash'>;

type Row = {
  id: string;
  username: string;
  roles: Role[];
  active: boolean;
  password_hash: string;
  email: string | null;
  password_changed_at: string;
  last_sign_in_at: string | null;
  version: string;
};

const toRecord = (r: Row): UserRecord => ({
  id: r.id,
  username: r.username,
  roles: r.roles,
  active: r.active,
  passwordHash: r.password_hash,
  email: r.email,
  passwordChangedAt: r.password_changed_at,
  lastSignInAt: r.last_sign_in_at,
  version: Number(r.version),
});

const COLUMNS = sql`id, username, roles, active, password_hash, email, password_changed_at, last_sign_in_at, version::text as version`;

/**
 * The user of `username` (normalised first: trimmed, lower-case), or null when there is none or the text cannot be
 * a username.
 */
export async function findUserByUsername(db: Database, username: string): Promise<UserRecord | null> {
  const name = normaliseUsername(username);
  if (!name) return null;
  const { rows } = await sql<Row>`select ${COLUMNS} from rm_users.users where username = ${name}`.execute(db);
  return rows[0] ? toRecord(rows[0]) : null;
}

/**
 * The users whose e-mail address is `email` (trimmed; compared case-insensitively), by username; at most `limit`
 * (default 10). [] for a blank text. Used by the forgot-password request, which accepts a username or an address.
 */
export async function findUsersByEmail(db: Database, email: string, limit = 10): Promise<UserRecord[]> {
  const address = email.trim().toLowerCase();
  if (!address) return [];
  const { rows } = await sql<Row>`select ${COLUMNS} from rm_users.users where lower(email) = ${address} order by username limit ${limit}`.execute(db);
  return rows.map(toRecord);
}

/** The user of id `id`, or null. */
export async function getUser(db: Database, id: string): Promise<UserRecord | null> {
  const { rows } = await sql<Row>`select ${COLUMNS} from rm_users.users where id = ${id}`.execute(db);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Every user by username, without password hashes. */
export async function listUsers(db: Database): Promise<UserListItem[]> {
  const { rows } = await sql<Row>`select ${COLUMNS} from rm_users.users order by username`.execute(db);
  return rows.map((r) => {
    const { passwordHash: _hash, ...item } = toRecord(r);
    return item;
  });
}

/** How many users there are (active or not). */
export async function countUsers(db: Database): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from rm_users.users`.execute(db);
  return rows[0].n;
}

/**
 * Active users holding ADMIN, leaving out `except` (a user id): a screen or route that revokes ADMIN from, or
 * deactivates, user `except` refuses when this is 0, so the shop never loses its last administrator. (Read-model
 * check: two administrators removing each other at the same moment could still both pass.)
 */
export async function countActiveAdministrators(db: Database, options: { except?: string } = {}): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from rm_users.users
    where active and roles ? 'ADMIN' and id <> ${options.except ?? ''}`.execute(db);
  return rows[0].n;
}

/** Whether a user of this username exists (`registerUser`'s `usernameTaken`). */
export async function usernameTaken(db: Database, username: string): Promise<boolean> {
  return (await findUserByUsername(db, username)) !== null;
}
