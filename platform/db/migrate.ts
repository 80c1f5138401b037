/**
 * Schema migrations of the platform: the PostgreSQL extensions the read models use (pg_trgm for part-number
 * search, fuzzystrmatch for typo tolerance) and the event store tables. Read models create their own schemas
 * (projections/read-model.ts). Idempotent: safe to run on every start.
 */
import { sql } from 'kysely';
import { migrateEventStore } from '../event-store/postgres.js';
import type { Database } from './database.js';

/** @throws pg errors when the extensions are not installed on the server (package postgresql-contrib). */
export async function migrate(db: Database): Promise<void> {
  await db.connection().execute(async (conn) => {
    // One migrator at a time: every role runs this on start.
    await sql`select pg_advisory_lock(hashtext('shop:migrate'))`.execute(conn);
    try {
      await sql`create extension if not exists pg_trgm`.execute(conn);
      await sql`create extension if not exists fuzzystrmatch`.execute(conn);
      await migrateEventStore(conn as unknown as Database);
    } finally {
      await sql`select pg_advisory_unlock(hashtext('shop:migrate'))`.execute(conn);
    }
  });
}
