/**
 * Queries of the admin orders read model (schema `rm_admin_orders`, writer.ts): OrderList (spec 2) and the
 * shell's unfilled-orders badge. Read-only.
 */
import { type Kysely, sql } from 'kysely';
import { liveSchema } from '../read-model.js';
import type { AdminOrdersTables } from './schema.js';
import { adminOrdersReadModel } from './writer.js';

const T = (table: string) => sql.id(liveSchema(adminOrdersReadModel), table);

/** OrderList's filters. Days are calendar days (YYYY-MM-DD) in Europe/Tallinn, both inclusive. */
export interface AdminOrderFilter {
  /** An order number, or words of the client's names, e-mail or phone (every word must match). */
  q?: string;
  paid?: boolean;
  filled?: boolean;
  from?: string;
  to?: string;
  /** A delivery provider id. */
  provider?: string;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/** One OrderList row (money in euro cents, `placedAt` ISO-8601 UTC). */
export interface AdminOrderListRow {
  id: string;
  number: number;
  placedAt: string;
  clientType: 'private' | 'business';
  clientName: string;
  email: string;
  phone: string;
  totalCents: number;
  paid: boolean;
  filled: boolean;
  deliveryProviderId: string;
  deliveryProviderName: string;
  deliveryOptionName: string | null;
  paymentMethod: string | null;
}

/** Escapes LIKE's wildcards in a search word. */
const likeWord = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of orders, newest first (placing time, then number), and the total matching the filters.
 * Search: a whole number also finds the order of that number; each word of `q` (lower case) must occur in the
 * search text (trigram index).
 */
export async function listAdminOrders(db: Kysely<AdminOrdersTables>, f: AdminOrderFilter): Promise<{ orders: AdminOrderListRow[]; total: number }> {
  const where = [sql`true`];
  const words = (f.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length) {
    const text = sql.join(words.map((w) => sql`search like ${likeWord(w)}`), sql` and `);
    const asNumber = /^#?\d{1,9}$/.test(f.q!.trim()) ? Number(f.q!.trim().replace('#', '')) : null;
    where.push(asNumber !== null ? sql`(number = ${asNumber} or (${text}))` : sql`(${text})`);
  }
  if (f.paid !== undefined) where.push(sql`paid = ${f.paid}`);
  if (f.filled !== undefined) where.push(sql`filled = ${f.filled}`);
  if (f.from) where.push(sql`placed_at >= (${f.from}::date::timestamp at time zone 'Europe/Tallinn')`);
  if (f.to) where.push(sql`placed_at < ((${f.to}::date + 1)::timestamp at time zone 'Europe/Tallinn')`);
  if (f.provider) where.push(sql`provider_id = ${f.provider}`);
  const condition = sql.join(where, sql` and `);
  const offset = (f.page - 1) * f.pageSize;
  const [page, count] = await Promise.all([
    sql<{
      order_id: string; number: number; placed_at: Date; client_type: 'private' | 'business'; client_name: string; email: string; phone: string; total_cents: number;
      paid: boolean; filled: boolean; provider_id: string; provider_name: string; option_name: string | null; payment_method: string | null;
    }>`
      select order_id, number, placed_at, client_type, client_name, email, phone, total_cents::float8 as total_cents, paid, filled, provider_id, provider_name, option_name, payment_method
      from ${T('orders')} where ${condition} order by placed_at desc, number desc limit ${f.pageSize} offset ${offset}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from ${T('orders')} where ${condition}`.execute(db),
  ]);
  return {
    total: count.rows[0]?.n ?? 0,
    orders: page.rows.map((r) => ({
      id: r.order_id, number: r.number, placedAt: r.placed_at.toISOString(), clientType: r.client_type, clientName: r.client_name, email: r.email, phone: r.phone,
      totalCents: r.total_cents, paid: r.paid, filled: r.filled, deliveryProviderId: r.provider_id, deliveryProviderName: r.provider_name,
      deliveryOptionName: r.option_name, paymentMethod: r.payment_method,
    })),
  };
}

/** The shell's badge (spec 2 "Orders, with a badge for unfilled orders"): orders not marked filled. */
export async function unfilledOrderCount(db: Kysely<AdminOrdersTables>): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from ${T('orders')} where not filled`.execute(db);
  return r.rows[0]?.n ?? 0;
}

/** Whether the order's client was forgotten (ClientForgotten): its personal data must not be shown. */
export async function adminOrderForgotten(db: Kysely<AdminOrdersTables>, orderId: string): Promise<boolean> {
  const r = await sql<{ forgotten: boolean }>`select forgotten from ${T('orders')} where order_id = ${orderId}`.execute(db);
  return r.rows[0]?.forgotten ?? false;
}

/** The stored position of an order in the read model (null when not projected yet): lets a caller wait for it. */
export async function adminOrderVersion(db: Kysely<AdminOrdersTables>, orderId: string): Promise<number | null> {
  const r = await sql<{ version: number }>`select version from ${T('orders')} where order_id = ${orderId}`.execute(db);
  return r.rows[0]?.version ?? null;
}
