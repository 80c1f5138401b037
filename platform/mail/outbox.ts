/**
 * The mail outbox: one row per mail the shop decided to send, keyed by the id of the event that caused it, with
 * its state. It is what makes "one event, at most one accepted mail" hold across job redeliveries, replays and
 * crashed workers (workers and mail). It lives in schema `mail`; it is not a read model (never rebuilt
 * or dropped: it records side effects that happened).
 *
 * Table `mail.outbox`
 * - `event_id` uuid, primary key: the causing event (e.g. OrderPlaced);
 * - `kind` ('order-confirmation', 'payment-received', 'password-reset', 'back-in-stock'), `order_id` (the order; for
 *   'password-reset' the user id, for 'back-in-stock' the request's stream id; its `event_id` is the request's
 *   StockNotificationRequested event, so one request gets one mail whichever stock event made it due),
 *   `recipient`, `message_id` (the deterministic Message-ID);
 * - `state`: `sending` (an attempt started and its outcome is unknown until it ends), `sent` (the SMTP server
 *   accepted: never send again), `skipped` (nothing to send, e.g. no e-mail address);
 * - `attempts` (attempts started), `first_attempt_at`, `last_attempt_at`, `sent_at`, `smtp_response`, `last_error`.
 *
 * `withMailSendLock` serialises the senders of one event: a transaction-scoped advisory lock on the event id, held
 * while the SMTP conversation runs. A worker that dies releases it with its PostgreSQL connection.
 */
import { sql, type Transaction } from 'kysely';
import type { Database, PlatformTables } from '../db/database.js';

export type OutboxState = 'sending' | 'sent' | 'skipped';

export interface OutboxRow {
  eventId: string;
  kind: string;
  orderId: string;
  recipient: string;
  messageId: string;
  state: OutboxState;
  attempts: number;
  sentAt: Date | null;
  smtpResponse: string | null;
  lastError: string | null;
}

let ensured: WeakSet<Database> = new WeakSet();

/** Creates schema `mail` and table `mail.outbox` when missing (idempotent, safe from many processes). */
export async function ensureMailOutbox(db: Database): Promise<void> {
  if (ensured.has(db)) return;
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(hashtext('shop:mail-outbox-migrate'))`.execute(conn);
    try {
      await sql`create schema if not exists mail`.execute(conn);
      await sql`
        create table if not exists mail.outbox (
          event_id uuid primary key,
          kind text not null,
          order_id text not null,
          recipient text not null default '',
          message_id text not null,
          state text not null check (state in ('sending', 'sent', 'skipped')),
          attempts int not null default 0,
          first_attempt_at timestamptz,
          last_attempt_at timestamptz,
          sent_at timestamptz,
          smtp_response text,
          last_error text
        )`.execute(conn);
    } finally {
      await sql`select pg_advisory_unlock(hashtext('shop:mail-outbox-migrate'))`.execute(conn);
    }
  });
  ensured.add(db);
}

/** Test hook: forget which pools were migrated (after a database was dropped and recreated). */
export function resetMailOutboxCache(): void {
  ensured = new WeakSet();
}

const toRow = (r: Record<string, any>): OutboxRow => ({
  eventId: r.event_id,
  kind: r.kind,
  orderId: r.order_id,
  recipient: r.recipient,
  messageId: r.message_id,
  state: r.state,
  attempts: r.attempts,
  sentAt: r.sent_at,
  smtpResponse: r.smtp_response,
  lastError: r.last_error,
});

/** @returns the outbox row of an event, or null when no mail was attempted for it. */
export async function readOutbox(db: Database | Transaction<PlatformTables>, eventId: string): Promise<OutboxRow | null> {
  const r = await sql<Record<string, any>>`select * from mail.outbox where event_id = ${eventId}`.execute(db);
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** Every outbox row, oldest attempt first (for tests and the back office). */
export async function listOutbox(db: Database): Promise<OutboxRow[]> {
  const r = await sql<Record<string, any>>`select * from mail.outbox order by first_attempt_at, event_id`.execute(db);
  return r.rows.map(toRow);
}

/**
 * Runs `fn` inside a transaction that holds the send lock of `eventId` (a transaction-scoped advisory lock):
 * a second sender of the same event waits until the first has committed (then sees `sent`) or died.
 */
export function withMailSendLock<T>(db: Database, eventId: string, fn: (trx: Transaction<PlatformTables>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`mail:${eventId}`}, 0))`.execute(trx);
    return fn(trx);
  });
}

/**
 * Records the start of a send attempt, committed at once on the pool (not in the lock's transaction), so that a
 * crash during the SMTP conversation leaves `state = 'sending'` and the attempt counted.
 * @returns the number of attempts started so far, this one included
 */
export async function recordAttempt(
  db: Database,
  row: { eventId: string; kind: string; orderId: string; recipient: string; messageId: string },
): Promise<number> {
  const r = await sql<{ attempts: number }>`
    insert into mail.outbox (event_id, kind, order_id, recipient, message_id, state, attempts, first_attempt_at, last_attempt_at)
    values (${row.eventId}, ${row.kind}, ${row.orderId}, ${row.recipient}, ${row.messageId}, 'sending', 1, now(), now())
    on conflict (event_id) do update set attempts = mail.outbox.attempts + 1, last_attempt_at = now(),
      recipient = excluded.recipient, message_id = excluded.message_id
    where mail.outbox.state = 'sending'
    returning attempts`.execute(db);
  return r.rows[0]?.attempts ?? 0;
}

/** Marks the mail accepted by the SMTP server (inside the lock's transaction). */
export async function markSent(trx: Transaction<PlatformTables>, eventId: string, smtpResponse: string): Promise<void> {
  await sql`update mail.outbox set state = 'sent', sent_at = now(), smtp_response = ${smtpResponse}, last_error = null where event_id = ${eventId}`.execute(trx);
}

/** Marks a mail that needs no sending (e.g. the order has no e-mail address). */
export async function markSkipped(
  trx: Transaction<PlatformTables>,
  row: { eventId: string; kind: string; orderId: string; reason: string },
): Promise<void> {
  await sql`
    insert into mail.outbox (event_id, kind, order_id, message_id, state, first_attempt_at, last_attempt_at, last_error)
    values (${row.eventId}, ${row.kind}, ${row.orderId}, '', 'skipped', now(), now(), ${row.reason})
    on conflict (event_id) do update set state = 'skipped', last_error = excluded.last_error where mail.outbox.state <> 'sent'`.execute(trx);
}

/** Records why an attempt failed (committed at once; the row stays `sending` and the job is retried). */
export async function recordFailure(db: Database, eventId: string, error: string): Promise<void> {
  await sql`update mail.outbox set last_error = ${error.slice(0, 2000)} where event_id = ${eventId} and state = 'sending'`.execute(db);
}
