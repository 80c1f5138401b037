/**
 * Zod schemas of the StockNotification aggregate's event data (domain/stock-notification/stock-notification.ts
 * StockNotificationEvent), for the readers of stored events (domain/shared/events.ts).
 */
import { z } from 'zod';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import { LANGUAGES } from '../shared/localized.js';
import type { StockNotificationEvent } from './stock-notification.js';

/** Set by the reader of a sealed event whose client was forgotten (the e-mail then reads ''). */
const forgottenClientId = z.string().optional();

export const STOCK_NOTIFICATION_EVENT_SCHEMAS: EventDataSchemas<StockNotificationEvent> = {
  StockNotificationRequested: z.object({ productId: z.string(), email: z.string(), quantity: z.number().int().min(1), language: z.enum(LANGUAGES), forgottenClientId }),
  StockNotificationSent: z.object({ productId: z.string(), email: z.string(), triggerEventId: z.string(), forgottenClientId }),
  StockNotificationCancelled: z.object({ productId: z.string(), email: z.string(), forgottenClientId }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parseStockNotificationEvent = eventParser<StockNotificationEvent>(STOCK_NOTIFICATION_EVENT_SCHEMAS);
