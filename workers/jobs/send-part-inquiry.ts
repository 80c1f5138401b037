/**
 * BullMQ processor of `send-part-inquiry` jobs (spec 1 "spare-parts contact"; conventions 9: the part-inquiry-mail
 * process manager decided, this only sends). A job names the PartInquiryReceived event, its inquiry and the recipient
 * (`staff` or `shopper`); the personal fields are read from the event store (opened by the sealing decorator), never
 * carried in the job. The mail goes through the outbox's one exactly-once send (platform/mail/outbox.ts `sendOnce`),
 * keyed by a uuid derived from the event id and the recipient, so each of the two mails goes out once however often
 * the job runs.
 *
 * Staff get the mail at the shop's `email` global field (commands/site/seed-site-content.ts); a shop without one
 * skips it (the outbox row says why).
 */
import { UnrecoverableError } from 'bullmq';
import { v5 as uuidv5 } from 'uuid';
import { z } from 'zod';
import { parsePartInquiryEvent } from '../../domain/part-inquiry/events.js';
import { type PartInquiryReceivedData, toPartInquiryStreamId } from '../../domain/part-inquiry/part-inquiry.js';
import type { Database } from '../../platform/db/database.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { parseMailAddress } from '../../platform/mail/address.js';
import { type SendOnceResult, sendOnce } from '../../platform/mail/outbox.js';
import type { MailTransport } from '../../platform/mail/transport.js';
import { buildPartInquiryMessage, partInquiryMessageId } from '../part-inquiry-mail/part-inquiry-message.js';

export const SEND_PART_INQUIRY = 'send-part-inquiry';

export const SendPartInquiryJob = z.object({
  /** The PartInquiryReceived event's id (uuid). */
  eventId: z.string().uuid(),
  inquiryId: z.string().uuid(),
  recipient: z.enum(['staff', 'shopper']),
});
export type SendPartInquiryJob = z.infer<typeof SendPartInquiryJob>;

/** uuid namespace of the outbox keys: one per event and recipient. */
const OUTBOX_NAMESPACE = '4f0b7c2e-8d1a-4e5b-9a6c-3b2d1e0f9a87';
export const partInquiryOutboxKey = (eventId: string, recipient: 'staff' | 'shopper') => uuidv5(`${eventId}/${recipient}`, OUTBOX_NAMESPACE);

export interface SendPartInquiryDeps {
  db: Database;
  /** The event store with the sealing decorator (the personal fields open). */
  store: EventStore;
  transport: MailTransport;
  from: string;
  /** Absolute storefront base URL (the photo's link). */
  shopUrl: string;
  /** The site's global fields (the staff address is `email`). */
  loadSiteFields: () => Promise<Record<string, Partial<Record<'et' | 'en', string>>>>;
  log?: (line: string) => void;
}

/** @returns `(data) => result`; throws UnrecoverableError on malformed data, SMTP or PostgreSQL errors otherwise (retried) */
export function createSendPartInquiryProcessor(deps: SendPartInquiryDeps): (data: unknown) => Promise<SendOnceResult> {
  return async (data) => {
    const parsed = SendPartInquiryJob.safeParse(data);
    if (!parsed.success) throw new UnrecoverableError(`Malformed ${SEND_PART_INQUIRY} job: ${JSON.stringify(data)}`);
    const job = parsed.data;
    const mail = { eventId: partInquiryOutboxKey(job.eventId, job.recipient), kind: `part-inquiry-${job.recipient}`, subjectId: toPartInquiryStreamId(job.inquiryId), messageId: partInquiryMessageId(job.eventId, job.recipient, deps.from), label: `part inquiry mail (${job.recipient})` };
    return sendOnce(deps, mail, async () => {
      const { events } = await deps.store.readStream(toPartInquiryStreamId(job.inquiryId));
      const stored = events.find((e) => e.id === job.eventId && e.type === 'PartInquiryReceived');
      if (!stored) return { skip: 'the inquiry event is not in its stream' };
      const inquiry = parsePartInquiryEvent(stored).data as PartInquiryReceivedData;
      if (!inquiry.email) return { skip: "the shopper's data was forgotten" };
      let to: string;
      if (job.recipient === 'staff') {
        const fields = await deps.loadSiteFields();
        to = (fields.email?.et || fields.email?.en || '').trim();
        if (!parseMailAddress(to)) return { skip: 'the shop has no valid e-mail global field' };
      } else {
        to = inquiry.email;
        if (!parseMailAddress(to)) return { skip: 'the e-mail is not exactly one valid address' };
      }
      const message = buildPartInquiryMessage({ eventId: job.eventId, recipient: job.recipient, from: deps.from, to, shopUrl: deps.shopUrl, inquiry });
      return { recipient: to, compose: () => message };
    });
  };
}
