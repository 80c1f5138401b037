/**
 * Zod schemas of the Menu aggregate's event data (domain/menu/menu.ts MenuEvent), for the readers of stored events
 * (domain/shared/events.ts).
 */
import { z } from 'zod';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import { LocalizedSchema } from '../shared/localized-schema.js';
import { MENU_KINDS, type MenuEvent, type MenuItem } from './menu.js';

const ItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({ id: z.string(), kind: z.enum(MENU_KINDS), label: LocalizedSchema, target: z.string(), hidden: z.boolean(), children: z.array(ItemSchema) }),
);

export const MENU_EVENT_SCHEMAS: EventDataSchemas<MenuEvent> = {
  MenuChanged: z.object({ entries: z.array(ItemSchema), by: z.string().nullable(), at: z.string() }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parseMenuEvent = eventParser<MenuEvent>(MENU_EVENT_SCHEMAS);
