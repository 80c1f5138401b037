/**
 * Zod schemas of the Page aggregate's event data (domain/page/page.ts PageEvent), for the readers of stored events
 * (domain/shared/events.ts).
 */
import { z } from 'zod';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import { LocalizedSchema } from '../shared/localized-schema.js';
import type { PageEvent } from './page.js';

export const PAGE_EVENT_SCHEMAS: EventDataSchemas<PageEvent> = {
  PageSaved: z.object({ pageId: z.string(), name: z.string(), title: LocalizedSchema, content: LocalizedSchema, metaDescription: LocalizedSchema, metaKeywords: LocalizedSchema }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parsePageEvent = eventParser<PageEvent>(PAGE_EVENT_SCHEMAS);
