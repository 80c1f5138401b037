/**
 * Leadership leases of the subscription runners (design brief "Read models" and "Side effects": one active runner
 * per read model or process manager). A lease is a row `subscription_leases(name, owner, expires_at)`: the runner
 * that holds an unexpired row for a name is the active one; it renews the row well before it expires, and a standby
 * takes an expired row over. Every operation is one statement on the process's pool and uses the server's clock
 * (`now()`), so no connection is held for leadership and the leases work behind a transaction-pooling PgBouncer
 * (docs/architecture.md "Connections"). The technique is Marten's async daemon's (lease rows renewed by the
 * daemon rather than a session per shard).
 */
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** Creates the lease table when missing (idempotent; run by platform/db/migrate.ts under its lock). */
export async function migrateSubscriptionLeases(db: Database): Promise<void> {
  await sql`
    create table if not exists subscription_leases (
      name text primary key,
      owner text not null,
      expires_at timestamptz not null
    )`.execute(db);
}

/**
 * Takes lease `name` for `owner` for `ttlMs` milliseconds when nobody holds it, its holder's lease expired, or
 * `owner` holds it already (then it is renewed).
 * @returns whether `owner` holds the lease now
 */
export async function claimLease(db: Database, name: string, owner: string, ttlMs: number): Promise<boolean> {
  const r = await sql<{ owner: string }>`
    insert into subscription_leases as l (name, owner, expires_at)
    values (${name}, ${owner}, now() + ${ttlMs} * interval '1 millisecond')
    on conflict (name) do update set owner = excluded.owner, expires_at = excluded.expires_at
      where l.owner = excluded.owner or l.expires_at < now()
    returning owner`.execute(db);
  return r.rows.length === 1;
}

/**
 * Extends `owner`'s lease on `name` to `ttlMs` from now.
 * @returns false when `owner` no longer holds it (it expired and another runner took it over)
 */
export async function renewLease(db: Database, name: string, owner: string, ttlMs: number): Promise<boolean> {
  const r = await sql`
    update subscription_leases set expires_at = now() + ${ttlMs} * interval '1 millisecond'
    where name = ${name} and owner = ${owner}`.execute(db);
  return Number(r.numAffectedRows ?? 0) === 1;
}

/** Gives `owner`'s lease on `name` up at once (a stopping runner), so a standby need not wait for it to expire. */
export async function releaseLease(db: Database, name: string, owner: string): Promise<void> {
  await sql`delete from subscription_leases where name = ${name} and owner = ${owner}`.execute(db);
}
