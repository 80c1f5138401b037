/**
 * Queries of the stock-notifications read model (writer.ts) and the staff badge counts (spec 7 GET
 * /v1/site-summary, GET /v1/stock-notification). Read-only. The product's name and code are read from the catalog
 * read model (rm_catalog.products) at query time; a product no longer there shows its id as name and '' as code.
 */
import { type Kysely, sql } from 'kysely';
import { catalogReadModel } from '../catalog/writer.js';
import { adminOrdersReadModel } from '../admin-orders/writer.js';
import { liveSchema } from '../read-model.js';
import type { StockNotificationsTables } from './schema.js';
import { stockNotificationsReadModel } from './writer.js';

/** One open back-in-stock request; `requestedAt` ISO-8601. */
export interface OpenStockNotification {
  id: string;
  productId: string;
  productName: string;
  productCode: string;
  email: string;
  quantity: number;
  requestedAt: string;
}

/** The states of a request. */
export const STOCK_NOTIFICATION_STATES = ['waiting', 'sent', 'cancelled'] as const;
export type StockNotificationState = (typeof STOCK_NOTIFICATION_STATES)[number];

/** One request with its state for the staff list (spec 2 StockNotificationsList); `closedAt` ISO-8601 or null. */
export interface StockNotificationRow extends OpenStockNotification {
  state: StockNotificationState;
  language: string;
  closedAt: string | null;
}

/** At most this many requests are listed (newest first). */
export const STOCK_NOTIFICATION_LIST_LIMIT = 500;

/** The open (waiting) requests, newest first, product names in `language` ('et' or 'en'). */
export async function listOpenStockNotifications(db: Kysely<StockNotificationsTables>, language: 'et' | 'en'): Promise<OpenStockNotification[]> {
  const rows = await listStockNotifications(db, language, 'waiting');
  return rows.map(({ id, productId, productName, productCode, email, quantity, requestedAt }) => ({ id, productId, productName, productCode, email, quantity, requestedAt }));
}

/**
 * The requests of one state (all states when `state` is undefined), newest first, at most
 * STOCK_NOTIFICATION_LIST_LIMIT, product names in `language`.
 */
export async function listStockNotifications(db: Kysely<StockNotificationsTables>, language: 'et' | 'en', state?: StockNotificationState): Promise<StockNotificationRow[]> {
  const requests = sql.id(liveSchema(stockNotificationsReadModel), 'requests');
  const products = sql.id(liveSchema(catalogReadModel), 'products');
  const name = language === 'en' ? sql.ref('p.name_en') : sql.ref('p.name_et');
  const where = state ? sql`where r.state = ${state}` : sql``;
  const r = await sql<{
    id: string;
    product_id: string;
    product_name: string | null;
    product_code: string | null;
    email: string;
    quantity: number;
    language: string;
    state: StockNotificationState;
    requested_at: Date;
    closed_at: Date | null;
  }>`
    select r.id, r.product_id, ${name} as product_name, p.code1 as product_code, r.email, r.quantity, r.language, r.state, r.requested_at, r.closed_at
    from ${requests} r left join ${products} p on p.id::text = r.product_id
    ${where}
    order by r.requested_pos desc limit ${STOCK_NOTIFICATION_LIST_LIMIT}`.execute(db);
  return r.rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    productName: row.product_name ?? row.product_id,
    productCode: row.product_code ?? '',
    email: row.email,
    quantity: row.quantity,
    language: row.language,
    state: row.state,
    requestedAt: new Date(row.requested_at).toISOString(),
    closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
  }));
}

/** A waiting request as the back-in-stock check reads it (workers/jobs/check-back-in-stock.ts). */
export interface WaitingRequest {
  /** The stream id. */
  id: string;
  /** Id of its StockNotificationRequested event (the key of its one mail). */
  requestEventId: string;
  quantity: number;
}

/** The waiting requests of a product, oldest first. */
export async function waitingRequestsOf(db: Kysely<StockNotificationsTables>, productId: string): Promise<WaitingRequest[]> {
  const requests = sql.id(liveSchema(stockNotificationsReadModel), 'requests');
  const r = await sql<{ id: string; request_event_id: string; quantity: number }>`
    select id, request_event_id, quantity from ${requests} where product_id = ${productId} and state = 'waiting' order by requested_pos`.execute(db);
  return r.rows.map((row) => ({ id: row.id, requestEventId: row.request_event_id, quantity: row.quantity }));
}

/**
 * The staff badges (spec 7 GET /v1/site-summary): orders not marked filled (the admin orders read model's
 * filled flag, projections/admin-orders) and open (waiting) back-in-stock requests. Two counts in one round trip.
 */
export async function siteSummary(db: Kysely<StockNotificationsTables>): Promise<{ unfilledOrders: number; openStockNotifications: number }> {
  const orders = sql.id(liveSchema(adminOrdersReadModel), 'orders');
  const requests = sql.id(liveSchema(stockNotificationsReadModel), 'requests');
  const r = await sql<{ unfilled: number; open: number }>`
    select (select count(*)::int from ${orders} where not filled) as unfilled, (select count(*)::int from ${requests} where state = 'waiting') as open`.execute(db);
  return { unfilledOrders: r.rows[0]?.unfilled ?? 0, openStockNotifications: r.rows[0]?.open ?? 0 };
}
