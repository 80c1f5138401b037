/**
 * Zod schemas of the PurchaseList aggregate's event data (domain/purchase-list/purchase-list.ts), for the readers of
 * stored events (domain/shared/events.ts). Quantities are whole units.
 */
import { z } from 'zod';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import type { PurchaseListEvent } from './purchase-list.js';

export const PURCHASE_LIST_EVENT_SCHEMAS: EventDataSchemas<PurchaseListEvent> = {
  PurchaseListCreated: z.object({
    listId: z.string(),
    lines: z.array(z.object({ productId: z.string(), warehouseId: z.string(), quantity: z.number().int(), reason: z.object({ et: z.string(), en: z.string() }) })),
    serviceLevel: z.string(),
    range: z.string(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
  }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parsePurchaseListEvent = eventParser<PurchaseListEvent>(PURCHASE_LIST_EVENT_SCHEMAS);
