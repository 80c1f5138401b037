/**
 * Zod schemas of the Site (global content) aggregate's event data (domain/site/site.ts SiteEvent), for the readers
 * of stored events (domain/shared/events.ts). `by`/`at` are absent from events stored before the editor.
 */
import { z } from 'zod';
import { MENU_KINDS } from '../menu/menu.js';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import { LocalizedSchema } from '../shared/localized-schema.js';
import type { SiteEvent } from './site.js';

const stamp = { by: z.string().nullable().optional(), at: z.string().optional() };

export const SITE_EVENT_SCHEMAS: EventDataSchemas<SiteEvent> = {
  GlobalFieldsChanged: z.object({ fields: z.record(z.string(), LocalizedSchema), ...stamp }),
  GlobalItemContainersChanged: z.object({ containers: z.record(z.string(), z.array(z.object({ id: z.string(), html: LocalizedSchema }))), ...stamp }),
  BannerShownChanged: z.object({ shown: z.boolean(), ...stamp }),
  MainMenuChanged: z.object({ entries: z.array(z.object({ kind: z.enum(MENU_KINDS), label: LocalizedSchema, target: z.string() })) }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parseSiteEvent = eventParser<SiteEvent>(SITE_EVENT_SCHEMAS);
