/**
 * The first administrator: a start that finds no user creates one with the roles ADMIN and CLIENT, so
 * somebody can sign in to the back office and create the others.
 *
 * - Username and password from `ADMIN_USERNAME` / `ADMIN_PASSWORD` (the caller reads the environment) when set;
 *   otherwise the user `admin` with a generated password (18 random bytes, base64url: 24 characters), printed once
 *   in the start output: `staff sign-in: user admin, password ...  (change it after signing in)`.
 * - "No user": the users read model is asked first (rm_users.users, when it exists and has rows: done); when it
 *   has none (a fresh database, or a projector not caught up yet) the event store decides: any UserCreated in
 *   `$all`. Read through the event store port, so it holds for every adapter.
 * - Two processes starting at once (npm start and an api replica, or two replicas): the id of a user is uuid v5 of
 *   its username, so both create on one stream; the second append fails its expected version and the decider
 *   refuses `user.exists` -> `user.username_taken`, which is taken as done.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { DomainError } from '../../domain/shared/errors.js';
import { normaliseUsername } from '../../domain/user/user.js';
import type { Database } from '../../platform/db/database.js';
import { type EventStore, START } from '../../platform/event-store/port.js';
import { registerUser } from './user-accounts.js';

export const DEFAULT_ADMIN_USERNAME = 'admin';

export interface FirstAdministratorResult {
  /** True when this call created the user. */
  created: boolean;
  username?: string;
  /** The generated password, when this call created the user without ADMIN_PASSWORD. */
  generatedPassword?: string;
}

/** True when any user exists: the users read model's rows, else a UserCreated event anywhere in `$all`. */
export async function anyUserExists(store: EventStore, db: Database): Promise<boolean> {
  // The read model is optional here: a process may run before the projector created it.
  const table = await sql<{ t: string | null }>`select to_regclass('rm_users.users')::text as t`.execute(db);
  if (table.rows[0]?.t) {
    const { rows } = await sql<{ found: boolean }>`select exists (select 1 from rm_users.users) as found`.execute(db);
    if (rows[0]?.found) return true;
  }
  let after = START;
  for (;;) {
    const page = await store.readAll({ after, maxCount: 5000, eventTypes: ['UserCreated'] });
    if (page.events.length) return true;
    if (page.caughtUp || page.checkpoint === after) return false;
    after = page.checkpoint;
  }
}

/**
 * Creates the first administrator when no user exists; see the module's comment.
 * @param options username / password (ADMIN_USERNAME / ADMIN_PASSWORD); an empty string counts as not set
 * @param log one line of the start output (the caller prefixes it, e.g. `[start]`)
 * @throws Error when ADMIN_USERNAME or ADMIN_PASSWORD breaks the rules (e.g. a password under 8 characters or a
 *   common one): the message names the variable and the codes, so the operator can fix it before anyone signs in
 */
export async function ensureFirstAdministrator(
  store: EventStore,
  db: Database,
  options: { username?: string; password?: string },
  log: (line: string) => void,
): Promise<FirstAdministratorResult> {
  if (await anyUserExists(store, db)) return { created: false };
  const given = options.username?.trim() || DEFAULT_ADMIN_USERNAME;
  const username = normaliseUsername(given) ?? given;
  const generated = options.password ? undefined : randomBytes(18).toString('base64url');
  const password = options.password || generated!;
  const ctx = { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: new Date().toISOString() };
  try {
    await registerUser(store, { username, password, confirm: password, roles: ['ADMIN', 'CLIENT'] }, ctx, { usernameTaken: async () => false });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'user.username_taken') return { created: false }; // another process won
    if (error instanceof DomainError) {
      const codes = (error.details?.problems ?? [{ code: error.code }]).map((p) => p.code).join(', ');
      const variable = error.field === 'username' ? 'ADMIN_USERNAME' : 'ADMIN_PASSWORD';
      throw new Error(`first administrator not created: ${variable} refused (${codes})`);
    }
    throw error;
  }
  if (generated) log(`staff sign-in: user ${username}, password ${generated}  (change it after signing in)`);
  else log(`staff sign-in: user ${username} created with the password ADMIN_PASSWORD gives`);
  return { created: true, username, generatedPassword: generated };
}
