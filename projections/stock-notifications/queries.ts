/**
 * Queries of the stock-notifications read model (writer.ts) and the staff badge counts (issue 10; spec 7 GET
 * /v1/site-summary, GET /v1/stock-notification). Read-only. The product's name and code are read from the catalog
 * read model (rm_catalog.products) at query time; a product no longer there shows its id as name and '' as code.
 */
import { type Kysely, sql } from 'kysely';
import { catalogReadModel } from '../catalog/writer.js';
import { ordersReadModel } from '../orders/writer.js';
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

/** At most this many requests are listed (newest first). */
export const STOCK_NOTIFICATION_LIST_LIMIT = 500;

/** The open requests, newest first, product names in `language` ('et' or 'en'). */
export async function listOpenStockNotifications(db: Kysely<StockNotificationsTables>, language: 'et' | 'en'): Promise<OpenStockNotification[]> {
  const requests = sql.id(liveSchema(stockNotificationsReadModel), 'requests');
  const products = sql.id(liveSchema(catalogReadModel), 'products');
  const name = language === 'en' ? sql.ref('p.name_en') : sql.ref('p.name_et');
  const r = await sql<{ id: string; product_id: string; product_name: string | null; product_code: string | null; email: string; quantity: number; requested_at: Date }>`
    select r.id, r.product_id, ${name} as product_name, p.code1 as product_code, r.email, r.quantity, r.requested_at
    from ${requests} r left join ${products} p on p.id::text = r.product_id
    order by r.requested_pos desc limit ${STOCK_NOTIFICATION_LIST_LIMIT}`.execute(db);
  return r.rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    productName: row.product_name ?? row.product_id,
    productCode: row.product_code ?? '',
    email: row.email,
    quantity: row.quantity,
    requestedAt: new Date(row.requested_at).toISOString(),
  }));
}

/**
 * The staff badges (spec 7 GET /v1/site-summary): orders not marked filled (every order until the orders issue
 * adds the filled flag) and open back-in-stock requests. Two counts in one round trip.
 */
export async function siteSummary(db: Kysely<StockNotificationsTables>): Promise<{ unfilledOrders: number; openStockNotifications: number }> {
  const orders = sql.id(liveSchema(ordersReadModel), 'orders');
  const requests = sql.id(liveSchema(stockNotificationsReadModel), 'requests');
  const r = await sql<{ unfilled: number; open: number }>`
    select (select count(*)::int from ${orders}) as unfilled, (select count(*)::int from ${requests}) as open`.execute(db);
  return { unfilledOrders: r.rows[0]?.unfilled ?? 0, openStockNotifications: r.rows[0]?.open ?? 0 };
}
