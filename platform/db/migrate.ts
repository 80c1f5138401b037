/**
 * Schema migrations of the platform: the PostgreSQL extensions the read models use (pg_trgm for part-number
 * search, fuzzystrmatch for typo tolerance) and the event store tables. Read models create their own schemas
 * (projections/read-model.ts). Idempotent: safe to run on every start.
 */
import { sql } from 'kysely';
import { migratePageViews } from '../analytics/page-views.js';
import { migrateEventStore } from '../event-store/postgres.js';
import { migratePersonalDataKeys } from '../security/personal-data.js';
import { migrateSubscriptionLeases } from '../subscriptions/leases.js';
import type { Database } from './database.js';

/** @throws pg errors when the extensions are not installed on the server (package postgresql-contrib). */
export async function migrate(db: Database): Promise<void> {
  await db.connection().execute(async (conn) => {
    // One migrator at a time: every role runs this on start.
    await sql`select pg_advisory_lock(hashtext('shop:migrate'))`.execute(conn);
    try {
      await sql`create extension if not exists pg_trgm`.execute(conn);
      await sql`create extension if not exists fuzzystrmatch`.execute(conn);
      await migrateEventStore(conn);
      // The keys personal data in events is sealed with (crypto-shredding, platform/security/personal-data.ts).
      await migratePersonalDataKeys(conn);
      // Leadership leases of the projectors and process managers (platform/subscriptions/leases.ts).
      await migrateSubscriptionLeases(conn);
      // Order numbers (spec 3 Order.number, assigned on saving): a sequence, so numbers are unique and increasing
      // but may have gaps (a number drawn by an order that then failed to reserve its stock is never reused).
      await sql`create sequence if not exists order_number_seq start with 1001`.execute(conn);
      // Idempotency-Key records of state-changing API calls (api/plugins/idempotency.ts).
      await sql`
        create table if not exists api_idempotency_keys (
          key text primary key,
          request_hash text not null,
          status text not null check (status in ('processing', 'done')),
          status_code integer,
          content_type text,
          body text,
          locked_at timestamptz not null default now(),
          created_at timestamptz not null default now()
        )`.execute(conn);
      // The units each client address holds in unpaid orders, per order and product, until `expires_at`
      // (api/routes/orders/reserve-share.ts): the per-address share of a product's stock.
      await sql`
        create table if not exists api_order_address_holds (
          order_id text not null,
          product_id text not null,
          address text not null,
          quantity integer not null,
          expires_at timestamptz not null,
          primary key (order_id, product_id)
        )`.execute(conn);
      await sql`create index if not exists api_order_address_holds_address on api_order_address_holds (address)`.execute(conn);
      await sql`create index if not exists api_order_address_holds_expires on api_order_address_holds (expires_at)`.execute(conn);
      // First-party page views (spec 7), an append-only table outside the event store (platform/analytics/page-views.ts).
      await migratePageViews(conn);
    } finally {
      await sql`select pg_advisory_unlock(hashtext('shop:migrate'))`.execute(conn);
    }
  });
}
