/**
 * The users read model's tables (schema `rm_users`). See writer.ts.
 */
import type { ColumnType, Kysely, Transaction } from 'kysely';
import type { Role } from '../../domain/user/permissions.js';
import type { ReadModelTables, StreamPositionTable } from '../read-model.js';

type BigintText = ColumnType<string, string | bigint | number, string | bigint | number>;

export type UsersTables = ReadModelTables & {
  /**
   * One row per user: `username` normalised (unique), `roles` a jsonb array of role names, `password_hash` the
   * argon2id PHC string, `email` the address a forgot-password link goes to (null: none), times as ISO-8601 UTC text (`last_sign_in_at` null before the first sign-in), `version`
   * the user stream's position of the last event applied (what a staff screen sends back to save).
   */
  users: {
    id: string;
    username: string;
    roles: Role[];
    active: boolean;
    password_hash: string;
    email: string | null;
    password_changed_at: string;
    last_sign_in_at: string | null;
    created_at: string;
    version: BigintText;
  };
  position: StreamPositionTable;
};

export type UsersDb = Kysely<UsersTables>;
export type UsersTransaction = Transaction<UsersTables>;
