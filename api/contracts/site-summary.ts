/**
 * Staff badge contracts (spec 7 GET /v1/site-summary "Polled every 30 s. data.unfilledOrders", GET
 * /v1/stock-notification "data is a list"). Both need a staff session (401) with the permission (403). Imports
 * nothing but zod. The websocket GET /v1/live sends `{ type: 'badges' }` to signed-in staff when either changes.
 */
import { z } from 'zod';

/** `data` of GET /v1/site-summary: counts for the admin menu's badges. */
export const siteSummarySchema = z.object({
  /** Orders not marked filled (every order until the orders issue adds the filled flag). */
  unfilledOrders: z.number().int(),
  /** Open back-in-stock requests (GET /v1/stock-notification's length). */
  openStockNotifications: z.number().int(),
});
export type SiteSummary = z.infer<typeof siteSummarySchema>;

/** One open back-in-stock request. `requestedAt` ISO-8601. */
export const stockNotificationItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  productCode: z.string(),
  email: z.string(),
  quantity: z.number().int(),
  requestedAt: z.string(),
});
export type StockNotificationItem = z.infer<typeof stockNotificationItemSchema>;

/** `data` of GET /v1/stock-notification: the open requests, newest first. */
export const stockNotificationListSchema = z.array(stockNotificationItemSchema);

/** The websocket message on GET /v1/live telling staff pages to refetch both badges. */
export const badgesPushSchema = z.object({ type: z.literal('badges') });
