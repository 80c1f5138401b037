/**
 * Zod schemas of the Warehouse aggregate's event data (domain/warehouse/warehouse.ts WarehouseEvent), for the
 * readers of stored events (domain/shared/events.ts).
 */
import { z } from 'zod';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import type { WarehouseEvent } from './warehouse.js';

export const WAREHOUSE_EVENT_SCHEMAS: EventDataSchemas<WarehouseEvent> = {
  WarehouseCreated: z.object({ warehouseId: z.string(), name: z.string() }),
  WarehouseRenamed: z.object({ warehouseId: z.string(), name: z.string() }),
  WarehouseDeactivated: z.object({ warehouseId: z.string() }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parseWarehouseEvent = eventParser<WarehouseEvent>(WAREHOUSE_EVENT_SCHEMAS);
