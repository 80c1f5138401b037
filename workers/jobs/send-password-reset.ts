/**
 * BullMQ processor of `send-password-reset` jobs (spec 2 "forgot password": a one-time link by mail, single use,
 * valid 30 minutes). The password-reset-mail process manager (workers/process-managers/password-reset-mail.ts) turns
 * each PasswordResetRequested event into one job; this processor performs the side effect:
 *
 * 1. The mail goes through the outbox's one exactly-once send (platform/mail/outbox.ts `sendOnce`, keyed by the
 *    event id; kind `password-reset`, its `order_id` column holding the user id): a mail sent or skipped already
 *    makes nothing happen.
 * 2. Skipped (never sent) when the request is older than the link's lifetime (a worker that was down for an hour
 *    sends no stale link), or the user is now unknown, deactivated, or has another e-mail address than the request.
 * 3. Otherwise a fresh random token is issued (platform/security/reset-tokens.ts: only its SHA-256 is stored, in
 *    Redis, for `tokens.ttlMs`, bound to a stamp of the user's current password hash) under the event's send lock,
 *    after the attempt is recorded, and the mail with `{shopUrl}/password-reset/{token}` goes out over SMTP.
 *
 * The token is made here, not in the api or the event: it never sits in the event store, the job data or a log,
 * only in the mail. A retry after a failed send issues a new token (the first one reached nobody, or, in SMTP's
 * rare unknown-outcome case, works for its 30 minutes like the second).
 */
import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import { loadUser } from '../../commands/user/user-accounts.js';
import { MAIL_LANGUAGES } from '../../domain/user/user.js';
import type { Database } from '../../platform/db/database.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { parseMailAddress } from '../../platform/mail/address.js';
import { type SendOnceResult, sendOnce } from '../../platform/mail/outbox.js';
import type { MailTransport } from '../../platform/mail/transport.js';
import { passwordStamp, type ResetTokens } from '../../platform/security/reset-tokens.js';
import { buildPasswordResetMessage, passwordResetMessageId, passwordResetUrl } from '../password-reset-mail/password-reset-message.js';

/** The job name on the shop queue. */
export const SEND_PASSWORD_RESET = 'send-password-reset';

/** Job data: the PasswordResetRequested event (its id, and the fields of its data). No token. */
export const SendPasswordResetJob = z.object({
  /** Id (uuid) of the PasswordResetRequested event: keys the outbox row and the Message-ID. */
  eventId: z.string().uuid(),
  userId: z.string().min(1),
  email: z.string().min(1),
  language: z.enum(MAIL_LANGUAGES),
  /** ISO-8601 UTC. */
  requestedAt: z.string(),
});
export type SendPasswordResetJob = z.infer<typeof SendPasswordResetJob>;

export type SendPasswordResetResult = SendOnceResult;

export interface SendPasswordResetDeps {
  /** PostgreSQL pool (the outbox; a send holds 2 connections). */
  db: Database;
  /** The users' streams (the user's state at send time). */
  store: EventStore;
  transport: MailTransport;
  /** The reset tokens, on the Redis the api reads them from. */
  tokens: ResetTokens;
  /** From header (MAIL_FROM). */
  from: string;
  /** Absolute shop base URL for the link (MAIL_SHOP_URL, default PUBLIC_URL). */
  shopUrl: string;
  /** Current time, ISO-8601 UTC (whether the request is older than the link's lifetime). */
  now: () => string;
  log?: (line: string) => void;
}

const KIND = 'password-reset';

/**
 * Makes the processor.
 * @returns `(data) => result`; it throws UnrecoverableError on malformed data or an invalid recipient (no retry),
 *   SMTP, Redis or PostgreSQL errors otherwise (BullMQ retries, PASSWORD_RESET_JOB_OPTIONS)
 */
export function createSendPasswordResetProcessor(deps: SendPasswordResetDeps): (data: unknown) => Promise<SendPasswordResetResult> {
  return async (data) => {
    const parsed = SendPasswordResetJob.safeParse(data);
    if (!parsed.success) throw new UnrecoverableError(`Malformed ${SEND_PASSWORD_RESET} job: ${JSON.stringify(data)}`);
    const job = parsed.data;
    const mail = { eventId: job.eventId, kind: KIND, subjectId: job.userId, messageId: passwordResetMessageId(job.eventId, deps.from), label: 'password reset mail' };
    return sendOnce(deps, mail, async () => {
      if (Date.parse(deps.now()) - Date.parse(job.requestedAt) > deps.tokens.ttlMs) return { skip: 'the request is older than the link would live' };
      const user = await loadUser(deps.store, job.userId);
      if (user.status === 'empty') return { skip: 'the user is unknown' };
      if (user.status !== 'active') return { skip: 'the user is deactivated' };
      if (user.email !== job.email) return { skip: "the user's e-mail address changed since the request" };
      if (!parseMailAddress(job.email)) return { skip: 'the e-mail address is not exactly one valid address' };
      // Composed under the send lock once the attempt is recorded: a token is issued only for a mail attempted.
      const compose = async () => {
        const token = await deps.tokens.issue({ userId: user.userId, passwordStamp: passwordStamp(user.passwordHash) });
        return buildPasswordResetMessage({
          eventId: job.eventId,
          from: deps.from,
          to: job.email,
          username: user.username,
          link: passwordResetUrl(deps.shopUrl, token, job.language),
          language: job.language,
          ttlMs: deps.tokens.ttlMs,
        });
      };
      return { recipient: job.email, compose };
    });
  };
}
