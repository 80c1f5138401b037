/**
 * Staff contracts of the back-in-stock requests (spec 2 StockNotificationsList): GET
 * /v1/admin/stock-notifications?state=waiting|sent|cancelled (all states without it; newest first) and DELETE
 * /v1/admin/stock-notifications/{id} (cancel a waiting request; answers its id and new state). Imports nothing
 * but zod.
 */
import { z } from 'zod';
import { stockNotificationItemSchema } from './site-summary.js';

export const STOCK_NOTIFICATION_STATES = ['waiting', 'sent', 'cancelled'] as const;

/** One request with its state; `closedAt` ISO-8601 (when sent or cancelled) or null; `language` 'et' or 'en'. */
export const adminStockNotificationSchema = stockNotificationItemSchema.extend({
  state: z.enum(STOCK_NOTIFICATION_STATES),
  language: z.string(),
  closedAt: z.string().nullable(),
});
export type AdminStockNotification = z.infer<typeof adminStockNotificationSchema>;

/** `data` of GET /v1/admin/stock-notifications. */
export const adminStockNotificationListSchema = z.array(adminStockNotificationSchema);

/** Query of GET /v1/admin/stock-notifications: `state` filters (omitted: every state). */
export const adminStockNotificationQuerySchema = z.object({
  lang: z.string().optional(),
  state: z.enum(STOCK_NOTIFICATION_STATES).optional(),
});

/** Path of DELETE /v1/admin/stock-notifications/{id}: the request's id (its stream id, as listed). */
export const adminStockNotificationParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** `data` of DELETE /v1/admin/stock-notifications/{id}. */
export const cancelledStockNotificationSchema = z.object({ id: z.string(), state: z.literal('cancelled') });
