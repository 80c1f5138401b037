/**
 * The mail outbox: one row per mail the shop decided to send, keyed by the id of the event that caused it, with
 * its state, and {@link sendOnce}, the one exactly-once send every mail job uses (conventions 17). It is what makes
 * "one event, at most one accepted mail" hold across job redeliveries, replays and crashed workers (design brief,
 * "Side effects": a replayed or redelivered event never sends a second mail). It lives in schema `mail`; it is not a
 * read model (never rebuilt or dropped: it records side effects that happened).
 *
 * Table `mail.outbox`
 * - `event_id` uuid, primary key: the causing event (e.g. OrderPlaced);
 * - `kind` ('order-confirmation', 'payment-received', 'invoice', 'prepayment-invoice', 'password-reset',
 *   'back-in-stock'), `order_id` (the order; for 'password-reset' the user id, for 'back-in-stock' the request's
 *   stream id; its `event_id` is the request's StockNotificationRequested event, so one request gets one mail
 *   whichever stock event made it due), `recipient`, `message_id` (the deterministic Message-ID);
 * - `state`: `sending` (an attempt started and its outcome is unknown until it ends), `sent` (the SMTP server
 *   accepted: never send again), `skipped` (nothing to send, e.g. no e-mail address);
 * - `attempts` (attempts started), `first_attempt_at`, `last_attempt_at`, `sent_at`, `smtp_response`, `last_error`.
 *
 * `withMailSendLock` serialises the senders of one event: a transaction-scoped advisory lock on the event id, held
 * while the SMTP conversation runs. A worker that dies releases it with its PostgreSQL connection.
 */
import { UnrecoverableError } from 'bullmq';
import { sql, type Transaction } from 'kysely';
import type { SendMailOptions } from 'nodemailer';
import type { Database, PlatformTables } from '../db/database.js';
import { InvalidRecipientError } from './address.js';
import type { MailTransport } from './transport.js';

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

// ---- the exactly-once send -------------------------------------------------------------------------------------

/** One mail as the outbox knows it. */
export interface OutboxMail {
  /** Id (uuid) of the causing event: keys the outbox row and the send lock. */
  eventId: string;
  /** The row's `kind` (see the table above). */
  kind: string;
  /** The row's `order_id`: the order, the user id (password reset) or the request's stream id (back in stock). */
  subjectId: string;
  /** The mail's deterministic Message-ID (derived from the event id, so every attempt sends the same one). */
  messageId: string;
  /** Names the mail in log lines, e.g. 'invoice'. */
  label: string;
}

/**
 * What a job found it should do, once it has read what the mail needs (its `plan`):
 * - `{ skip }`: nothing to send, for good (the row becomes `skipped` with the reason);
 * - `{ recipient, compose }`: send. `compose` makes the message; it runs under the send lock after the attempt is
 *   recorded, so what it issues (e.g. a password-reset token) is issued only for a mail really attempted.
 *   `recheck`, when given, runs under the lock first: a reason skips (a fact that may have changed while the job
 *   prepared, e.g. the client was forgotten).
 */
export type MailPlan =
  | { skip: string }
  | { recipient: string; compose: () => SendMailOptions | Promise<SendMailOptions>; recheck?: () => Promise<string | null> };

/** What {@link sendOnce} did: sent now, found sent before, or skipped (now or before; `reason` when now). */
export type SendOnceResult =
  | { status: 'sent'; messageId: string; attempts: number; smtpResponse: string }
  | { status: 'already-sent'; messageId: string }
  | { status: 'skipped'; messageId: string; reason?: string };

export interface SendOnceDeps {
  /**
   * PostgreSQL pool: a send holds one connection for its lock transaction and briefly needs a second one (the
   * attempt is committed apart), so give it at least 2 connections per job processed at the same time.
   */
  db: Database;
  transport: MailTransport;
  log?: (line: string) => void;
}

/**
 * Sends `mail` at most once per causing event, whatever the job redeliveries, replays and worker crashes:
 * 1. the outbox row says `sent` or `skipped` already: nothing happens (checked without the lock first, the common
 *    redelivery case, and again under it);
 * 2. `plan()` reads what the mail needs and says whether to send (it may throw to have the job retried, e.g. while
 *    a read model has not caught up);
 * 3. under the event's send lock ({@link withMailSendLock}), held for the whole SMTP conversation so that a second
 *    worker never sends concurrently with a live first one: a skip is recorded; otherwise the attempt is committed
 *    at once (`sending`, `attempts` + 1), the message is composed and sent, and the row becomes `sent` only after
 *    the SMTP server answered 250 to DATA. A failed send records its error and rethrows (the job is retried).
 *
 * The remaining at-least-once window, stated once for every mail: SMTP cannot tell a client whether a message it
 * sent earlier was accepted, and a server may deliver a message once it has received the final "." of DATA even
 * when its 250 reply never reaches us (RFC 1047). So when the worker dies, or loses its PostgreSQL connection, after
 * the end of DATA and before the `sent` mark commits, the row stays `sending`, BullMQ's stalled-job check hands the
 * job to another worker, and that worker sends the mail again: a duplicate if the server had already queued the
 * first copy. Both copies carry the same Message-ID, so mail systems that deduplicate by Message-ID show one. The
 * window is the server's time to answer DATA plus our commit (milliseconds normally); closing it entirely would
 * mean never retrying an attempt whose outcome is unknown, i.e. risking no mail at all, and we prefer a rare
 * duplicate. Such rows keep `attempts` > 1, so they can be found. A worker that dies before the end of DATA causes
 * no duplicate (the server discards an incomplete message), and neither does one that dies while a server which
 * decides only when it replies (like the tests' server) holds DATA: tests/mail-worker-crash.int.spec.ts,
 * tests/invoice-mail-crash.int.spec.ts and tests/mail-back-in-stock-crash.int.spec.ts kill a worker exactly there.
 *
 * @returns what was done; a mail never attempted before the crash of a worker is simply sent.
 * @throws UnrecoverableError (BullMQ: no retry) when the server refuses the recipient for good
 *   (InvalidRecipientError); SMTP and PostgreSQL errors otherwise, and whatever `plan` throws (the job is retried).
 */
export async function sendOnce(deps: SendOnceDeps, mail: OutboxMail, plan: () => Promise<MailPlan>): Promise<SendOnceResult> {
  const log = deps.log ?? (() => {});
  const { eventId, messageId } = mail;
  await ensureMailOutbox(deps.db);
  const done = (row: OutboxRow | null): SendOnceResult | null =>
    row?.state === 'sent' ? { status: 'already-sent', messageId } : row?.state === 'skipped' ? { status: 'skipped', messageId } : null;
  const before = done(await readOutbox(deps.db, eventId));
  if (before) return before;

  const planned = await plan();
  return withMailSendLock(deps.db, eventId, async (trx): Promise<SendOnceResult> => {
    const current = done(await readOutbox(trx, eventId));
    if (current) return current;
    const reason = 'skip' in planned ? planned.skip : ((await planned.recheck?.()) ?? null);
    if (reason !== null) {
      await markSkipped(trx, { eventId, kind: mail.kind, orderId: mail.subjectId, reason });
      log(`${mail.label} ${messageId}: not sent, ${reason}`);
      return { status: 'skipped', messageId, reason };
    }
    const { recipient, compose } = planned as Extract<MailPlan, { recipient: string }>;
    const attempts = await recordAttempt(deps.db, { eventId, kind: mail.kind, orderId: mail.subjectId, recipient, messageId });
    if (attempts > 1) log(`${mail.label} ${messageId}: attempt ${attempts}; an earlier attempt's outcome is unknown, sending again`);
    let smtpResponse: string;
    try {
      smtpResponse = (await deps.transport.send(await compose())).response;
    } catch (error) {
      await recordFailure(deps.db, eventId, (error as Error).message).catch(() => {});
      if (error instanceof InvalidRecipientError) throw new UnrecoverableError(error.message);
      throw error;
    }
    await markSent(trx, eventId, smtpResponse);
    return { status: 'sent', messageId, attempts, smtpResponse };
  });
}
