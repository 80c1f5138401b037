/**
 * The part-inquiry-mail process manager (spec 1 "spare-parts contact"): follows `$all` for PartInquiryReceived
 * (stream `part-inquiry-{uuid}`, domain/part-inquiry) and turns each into two BullMQ jobs `send-part-inquiry`, one to
 * staff and one confirmation to the shopper (workers/jobs/send-part-inquiry.ts), their ids derived from the event
 * id. The jobs carry ids only: the personal fields stay sealed in the store. Runs on the shared runner
 * (process-manager.ts), checkpoint schema `pm_part_inquiry_mail`.
 */
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { SEND_PART_INQUIRY, type SendPartInquiryJob } from '../jobs/send-part-inquiry.js';
import { MAIL_JOB_OPTIONS } from './order-mail.js';
import type { DecidedJob as ProcessManagerJob, ProcessManagerDefinition } from './process-manager.js';

export const PART_INQUIRY_MAIL_EVENT_TYPES = ['PartInquiryReceived'] as const;

export type DecidedJob = ProcessManagerJob<typeof SEND_PART_INQUIRY, SendPartInquiryJob>;

/** The job id of one mail of an inquiry (BullMQ job ids must not contain ':'). */
export const partInquiryJobId = (eventId: string, recipient: 'staff' | 'shopper') => `part-inquiry-${recipient}-${eventId}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The decision (pure): PartInquiryReceived with an inquiry id -> the staff mail and the shopper's confirmation. */
export function decide(event: Pick<RecordedEvent, 'id' | 'type' | 'data'>): DecidedJob[] {
  if (event.type !== 'PartInquiryReceived') return [];
  const inquiryId = (event.data as { inquiryId?: unknown } | null)?.inquiryId;
  if (typeof inquiryId !== 'string' || !UUID.test(inquiryId)) return [];
  return (['staff', 'shopper'] as const).map((recipient) => ({ name: SEND_PART_INQUIRY, jobId: partInquiryJobId(event.id, recipient), data: { eventId: event.id, inquiryId, recipient } }));
}

export const partInquiryMailProcessManager: ProcessManagerDefinition<DecidedJob> = {
  name: 'part_inquiry_mail',
  label: 'part-inquiry-mail',
  eventTypes: PART_INQUIRY_MAIL_EVENT_TYPES,
  decide,
  jobOptions: MAIL_JOB_OPTIONS,
};
