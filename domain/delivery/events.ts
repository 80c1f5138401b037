/**
 * Zod schemas of the delivery locations' event data (domain/delivery/locations.ts DeliveryLocationsEvent), for the
 * readers of stored events (domain/shared/events.ts).
 */
import { z } from 'zod';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import type { DeliveryLocationsEvent } from './locations.js';
import { DELIVERY_COUNTRY_CODES, DELIVERY_PROVIDER_IDS } from './providers.js';

const providerId = z.enum(DELIVERY_PROVIDER_IDS);
const location = z.object({ id: z.string(), name: z.string(), country: z.enum(DELIVERY_COUNTRY_CODES), city: z.string(), address: z.string(), postalCode: z.string().nullable() });
const count = z.number().int();

export const DELIVERY_LOCATIONS_EVENT_SCHEMAS: EventDataSchemas<DeliveryLocationsEvent> = {
  DeliveryLocationAdded: z.object({ providerId, location }),
  DeliveryLocationChanged: z.object({ providerId, location }),
  DeliveryLocationRemoved: z.object({ providerId, locationId: z.string() }),
  DeliveryLocationsRefreshed: z.object({ providerId, source: z.enum(['feed', 'snapshot']), offered: count, added: count, changed: count, removed: count }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parseDeliveryLocationsEvent = eventParser<DeliveryLocationsEvent>(DELIVERY_LOCATIONS_EVENT_SCHEMAS);
