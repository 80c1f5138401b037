/**
 * Zod schema of the recorded searches (domain/search/search.ts SearchPerformed), for the readers of stored events
 * (domain/shared/events.ts).
 */
import { z } from 'zod';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import type { SearchPerformed } from './search.js';

export const SEARCH_EVENT_SCHEMAS: EventDataSchemas<SearchPerformed> = {
  SearchPerformed: z.object({
    query: z.string(),
    categoryId: z.string().nullable(),
    filters: z.record(z.string(), z.array(z.string())),
    resultCount: z.number().int(),
    typedByUser: z.boolean(),
    language: z.string(),
    vehicle: z
      .object({ how: z.enum(['chosen', 'typed']), key: z.string(), label: z.string(), modelKey: z.string(), modelLabel: z.string() })
      .optional(),
  }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parseSearchEvent = eventParser<SearchPerformed>(SEARCH_EVENT_SCHEMAS);
