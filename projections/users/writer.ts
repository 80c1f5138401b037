/**
 * The users read model (schema `rm_users`): the staff accounts (spec 3 "User"; spec 2 "Admin area": UserList,
 * UserEdit), fed by the User aggregate's events (domain/user/user.ts). The login reads a user by username from it
 * (username, hash, roles, active), the admin screens list them, and the forgot-password request finds users by
 * e-mail address (`email`, compared lower-case; version 2 added the column).
 *
 * Tables: users (see schema.ts). Idempotent by stream position (`position`); `version` is the stream position too.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { parseUserEvent } from '../../domain/user/events.js';
import { USER_EVENT_TYPES } from '../../domain/user/user.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { applyNewEvents, type ReadModel } from '../read-model.js';
import type { UsersTables } from './schema.js';

async function createTables(db: Kysely<UsersTables>, schema: string): Promise<void> {
  await sql`
    create table ${sql.id(schema, 'users')} (
      id text primary key,
      username text not null unique,
      roles jsonb not null,
      active boolean not null,
      password_hash text not null,
      email text,
      password_changed_at text not null,
      last_sign_in_at text,
      created_at text not null,
      version bigint not null
    )`.execute(db);
  await sql`create index on ${sql.id(schema, 'users')} (lower(email)) where email is not null`.execute(db);
  await sql`create table ${sql.id(schema, 'position')} (stream_id text primary key, position bigint not null)`.execute(db);
}

async function applyBatch(trx: Transaction<UsersTables>, schema: string, events: RecordedEvent[]): Promise<void> {
  const users = sql.id(schema, 'users');
  await applyNewEvents(trx, schema, 'position', events, async (event) => {
    const e = parseUserEvent(event);
    const version = event.streamPosition.toString();
    switch (e.type) {
      case 'UserCreated':
        await sql`
          insert into ${users} (id, username, roles, active, password_hash, email, password_changed_at, last_sign_in_at, created_at, version)
          values (${e.data.userId}, ${e.data.username}, ${JSON.stringify(e.data.roles)}::jsonb, true, ${e.data.passwordHash}, ${e.data.email ?? null}, ${e.data.createdAt}, null, ${e.data.createdAt}, ${version})
          on conflict (id) do nothing`.execute(trx);
        return;
      case 'UserEmailChanged':
        await sql`update ${users} set email = ${e.data.email}, version = ${version} where id = ${e.data.userId}`.execute(trx);
        return;
      case 'PasswordResetRequested':
        // Nothing to show; the stream's position still moves (what a staff screen sends back).
        await sql`update ${users} set version = ${version} where id = ${e.data.userId}`.execute(trx);
        return;
      case 'PasswordChanged':
        await sql`update ${users} set password_hash = ${e.data.passwordHash}, password_changed_at = ${e.data.changedAt}, version = ${version} where id = ${e.data.userId}`.execute(trx);
        return;
      case 'RoleGranted':
        await sql`
          update ${users} set version = ${version}, roles = (
            select coalesce(jsonb_agg(r order by r), '[]'::jsonb) from (select distinct jsonb_array_elements_text(roles || ${JSON.stringify([e.data.role])}::jsonb) r) x)
          where id = ${e.data.userId}`.execute(trx);
        return;
      case 'RoleRevoked':
        await sql`update ${users} set version = ${version}, roles = roles - ${e.data.role}::text where id = ${e.data.userId}`.execute(trx);
        return;
      case 'UserDeactivated':
        await sql`update ${users} set active = false, version = ${version} where id = ${e.data.userId}`.execute(trx);
        return;
      case 'UserReactivated':
        await sql`update ${users} set active = true, version = ${version} where id = ${e.data.userId}`.execute(trx);
        return;
      case 'UserSignedIn':
        await sql`update ${users} set last_sign_in_at = ${e.data.at}, version = ${version} where id = ${e.data.userId}`.execute(trx);
        return;
    }
  });
}

export const usersReadModel: ReadModel = {
  name: 'users',
  // 2: the `email` column (UserCreated.email, UserEmailChanged).
  version: 2,
  eventTypes: USER_EVENT_TYPES,
  createTables,
  applyBatch,
  hashTables: [
    { table: 'users', orderBy: 't.id' },
    { table: 'position', orderBy: 't.stream_id' },
  ],
};
