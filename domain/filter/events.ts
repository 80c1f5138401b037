/**
 * Zod schemas of the Filter aggregate's event data (domain/filter/filter.ts FilterEvent), for the readers of stored
 * events (domain/shared/events.ts).
 */
import { z } from 'zod';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import { LocalizedSchema } from '../shared/localized-schema.js';
import type { FilterEvent } from './filter.js';

export const FILTER_EVENT_SCHEMAS: EventDataSchemas<FilterEvent> = {
  FilterLabelsChanged: z.object({ name: z.string(), label: LocalizedSchema, values: z.record(z.string(), LocalizedSchema) }),
  FilterShown: z.object({ name: z.string() }),
  FilterHidden: z.object({ name: z.string() }),
  FilterPositionSet: z.object({ name: z.string(), position: z.number().int().nullable() }),
  FilterHiddenWhenEmptyChanged: z.object({ name: z.string(), categoryIds: z.array(z.string()) }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parseFilterEvent = eventParser<FilterEvent>(FILTER_EVENT_SCHEMAS);
