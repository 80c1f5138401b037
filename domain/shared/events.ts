/**
 * Reading stored events ("parse events with zod where they are read"): each aggregate's `events.ts` maps
 * every event type to a zod schema of its data, and readers — projections' mappings, process managers, the command
 * handlers' fold — parse what the store returns with `eventParser` instead of casting it. This is the place to
 * upcast an old version of an event's data later (a schema that accepts the old shape and outputs the new one).
 *
 * The aggregates' event files are imported by readers only, never by the deciders, so the storefront (which
 * imports a few pure domain helpers) does not bundle zod.
 */
import type { z } from 'zod';
import type { Message } from './decider.js';

/** A stored event's type or data does not match its aggregate's schema (code `event.malformed`). */
export class MalformedEventError extends Error {
  readonly code = 'event.malformed';
  constructor(
    readonly eventType: string,
    readonly issues: string,
  ) {
    super(`Malformed ${eventType} event: ${issues}`);
    this.name = 'MalformedEventError';
  }
}

/** One zod schema per event type of a union of messages; the schema's output must be the event's data type. */
export type EventDataSchemas<TEvent extends Message> = { [K in TEvent['type']]: z.ZodType<Extract<TEvent, { type: K }>['data']> };

/**
 * A parser of one aggregate's events: `{ type, data }` (a stored event) -> the typed domain event.
 * @throws MalformedEventError for a type the aggregate does not have, or data its schema refuses
 */
export function eventParser<TEvent extends Message>(schemas: EventDataSchemas<TEvent>): (event: { type: string; data: unknown }) => TEvent {
  const byType = schemas as Record<string, z.ZodType | undefined>;
  return (event) => {
    const schema = Object.prototype.hasOwnProperty.call(byType, event.type) ? byType[event.type] : undefined;
    if (!schema) throw new MalformedEventError(event.type, 'unknown event type');
    const parsed = schema.safeParse(event.data);
    if (!parsed.success) throw new MalformedEventError(event.type, parsed.error.issues.map((i) => `${i.path.join('.') || '(data)'}: ${i.message}`).join('; '));
    // The schema of `event.type` outputs that type's data (EventDataSchemas), which TypeScript cannot pair here.
    return { type: event.type, data: parsed.data } as TEvent;
  };
}
