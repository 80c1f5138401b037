/**
 * The password-reset-mail process manager (staff "Forgot password": a one-time link by mail): follows `$all` for PasswordResetRequested
 * events (stream `user-{id}`, domain/user/user.ts) and turns each into one BullMQ job `send-password-reset` whose
 * job id derives from the event id (workers/jobs/send-password-reset.ts issues the token and sends the mail). The
 * decision is the pure `decide`; the shared runner (process-manager.ts) reads events, enqueues and moves the
 * checkpoint (schema `pm_password_reset_mail`). Its first run starts at the beginning of `$all`; requests older than
 * a link's lifetime are skipped by the processor, so no stale link is sent.
 */
import type { JobsOptions } from 'bullmq';
import { USER_EVENT_SCHEMAS } from '../../domain/user/events.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { SEND_PASSWORD_RESET, type SendPasswordResetJob } from '../jobs/send-password-reset.js';
import type { DecidedJob as ProcessManagerJob, ProcessManagerDefinition } from './process-manager.js';

/** The event types this process manager reads. */
export const PASSWORD_RESET_MAIL_EVENT_TYPES = ['PasswordResetRequested'] as const;

/**
 * Retries of a reset mail: 8 attempts, exponential backoff 2 s, 4 s, ... 256 s (about 8.5 minutes in all, well
 * inside the link's 30 minutes); completed jobs kept a day (re-enqueueing the same event is a no-op meanwhile; the
 * outbox covers the rest), failed ones a week for inspection. The job data holds no token.
 */
export const PASSWORD_RESET_JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

export type DecidedJob = ProcessManagerJob<typeof SEND_PASSWORD_RESET, SendPasswordResetJob>;

/** The job id of the mail caused by an event (BullMQ job ids must not contain ':'). */
export const passwordResetJobId = (eventId: string) => `password-reset-${eventId}`;

/** The decision (pure): PasswordResetRequested with valid data -> one job keyed by the event id; else none. */
export function decide(event: Pick<RecordedEvent, 'id' | 'type' | 'data'>): DecidedJob[] {
  if (event.type !== 'PasswordResetRequested') return [];
  const parsed = USER_EVENT_SCHEMAS.PasswordResetRequested.safeParse(event.data);
  if (!parsed.success) return [];
  const { userId, email, language, requestedAt } = parsed.data;
  return [{ name: SEND_PASSWORD_RESET, jobId: passwordResetJobId(event.id), data: { eventId: event.id, userId, email, language, requestedAt } }];
}

/** The password-reset-mail process manager on the one runner (process-manager.ts). */
export const passwordResetMailProcessManager: ProcessManagerDefinition<DecidedJob> = {
  name: 'password_reset_mail',
  label: 'password-reset-mail',
  eventTypes: PASSWORD_RESET_MAIL_EVENT_TYPES,
  decide,
  jobOptions: PASSWORD_RESET_JOB_OPTIONS,
};
