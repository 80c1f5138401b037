/**
 * Zod schemas of the Site aggregate's event data (domain/site/site.ts SiteEvent), for the readers of stored events
 * (domain/shared/events.ts).
 */
import { z } from 'zod';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import { LocalizedSchema } from '../shared/localized-schema.js';
import type { SiteEvent } from './site.js';

export const SITE_EVENT_SCHEMAS: EventDataSchemas<SiteEvent> = {
  GlobalFieldsChanged: z.object({ fields: z.record(z.string(), LocalizedSchema) }),
  MainMenuChanged: z.object({ entries: z.array(z.object({ kind: z.enum(['page', 'link', 'category']), label: LocalizedSchema, target: z.string() })) }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parseSiteEvent = eventParser<SiteEvent>(SITE_EVENT_SCHEMAS);
