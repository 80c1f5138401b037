/**
 * Zod schema of the PartInquiry aggregate's event data (domain/part-inquiry/part-inquiry.ts PartInquiryEvent), for
 * the readers of stored events (domain/shared/events.ts): the command fold and the part-inquiry-mail process manager.
 * A sealed event whose shopper was forgotten reads with its personal fields as ''.
 */
import { z } from 'zod';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import { LANGUAGES } from '../shared/localized.js';
import type { PartInquiryEvent } from './part-inquiry.js';

export const PART_INQUIRY_EVENT_SCHEMAS: EventDataSchemas<PartInquiryEvent> = {
  PartInquiryReceived: z.object({
    inquiryId: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    vehicle: z.object({ make: z.string(), model: z.string(), year: z.string(), vin: z.string() }),
    part: z.string(),
    photoFileId: z.string().nullable(),
    language: z.enum(LANGUAGES),
    receivedAt: z.string(),
  }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parsePartInquiryEvent = eventParser<PartInquiryEvent>(PART_INQUIRY_EVENT_SCHEMAS);
