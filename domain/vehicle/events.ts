/**
 * Zod schemas of the vehicle reference's event data (domain/vehicle/vehicle.ts VehicleEvent), for the readers of
 * stored events (domain/shared/events.ts).
 */
import { z } from 'zod';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import { VEHICLE_SOURCES, type VehicleEvent } from './vehicle.js';

export const VEHICLE_EVENT_SCHEMAS: EventDataSchemas<VehicleEvent> = {
  VehicleAdded: z.object({
    vehicleId: z.string(),
    make: z.string(),
    makeSlug: z.string(),
    model: z.string(),
    modelSlug: z.string(),
    generation: z.string().nullable(),
    generationSlug: z.string(),
    from: z.string(),
    to: z.string().nullable(),
    bodyStyles: z.array(z.string()),
    source: z.enum(VEHICLE_SOURCES),
  }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parseVehicleEvent = eventParser<VehicleEvent>(VEHICLE_EVENT_SCHEMAS);
