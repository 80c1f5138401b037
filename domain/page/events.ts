/**
 * Zod schemas of the Page aggregate's event data (domain/page/page.ts PageEvent), for the readers of stored events
 * (domain/shared/events.ts).
 */
import { z } from 'zod';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import { LocalizedSchema } from '../shared/localized-schema.js';
import { PAGE_LAYOUTS } from './page-doc.js';
import type { PageEvent } from './page.js';
import { VISIBILITY_STATES, VISIBILITY_TYPES } from './visibility.js';

const stamp = { by: z.string().nullable(), at: z.string() };
const DocSchema = z.object({
  title: LocalizedSchema,
  slug: LocalizedSchema,
  layout: z.enum(PAGE_LAYOUTS),
  content: LocalizedSchema,
  metaDescription: LocalizedSchema,
  metaKeywords: LocalizedSchema,
  canonicalUrl: z.string(),
  itemContainers: z.record(z.string(), z.array(z.object({ id: z.string(), html: LocalizedSchema }))),
});
const VisibilitySchema = z.object({
  type: z.enum(VISIBILITY_TYPES),
  rangeFrom: z.string().nullable(),
  rangeTo: z.string().nullable(),
  stateInRange: z.enum(VISIBILITY_STATES),
  stateOutRange: z.enum(VISIBILITY_STATES),
});

export const PAGE_EVENT_SCHEMAS: EventDataSchemas<PageEvent> = {
  PageSaved: z.object({ pageId: z.string(), name: z.string(), title: LocalizedSchema, content: LocalizedSchema, metaDescription: LocalizedSchema, metaKeywords: LocalizedSchema }),
  PageDraftSaved: z.object({ pageId: z.string(), revision: z.number().int().positive(), doc: DocSchema, ...stamp }),
  PageVersionRestored: z.object({ pageId: z.string(), revision: z.number().int().positive(), restoredFrom: z.number().int().positive(), doc: DocSchema, ...stamp }),
  PagePublished: z.object({ pageId: z.string(), revision: z.number().int().positive(), ...stamp }),
  PageUnpublished: z.object({ pageId: z.string(), ...stamp }),
  PageScheduled: z.object({ pageId: z.string(), visibility: VisibilitySchema.nullable(), ...stamp }),
  PageDeleted: z.object({ pageId: z.string(), ...stamp }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parsePageEvent = eventParser<PageEvent>(PAGE_EVENT_SCHEMAS);
