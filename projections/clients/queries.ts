/** Queries of the clients read model (projections/clients/writer.ts): ClientList and ClientEdit. */
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

export interface ClientListItem {
  id: string;
  customerType: 'private' | 'business';
  firstName: string;
  lastName: string;
  businessName: string;
  email: string;
  phone: string;
  forgotten: boolean;
  orderCount: number;
  /** Sum of the orders' totals as placed, euro cents. */
  totalSpentCents: number;
  /** ISO-8601 UTC, null when none. */
  lastOrderAt: string | null;
}

export interface ClientOrderItem {
  orderId: string;
  number: number;
  placedAt: string;
  /** Euro cents, as placed. */
  totalCents: number;
}

export interface ClientRecord extends ClientListItem {
  vatRegNr: string;
  address: { street: string; apartment: string; city: string; state: string; areaCode: string; country: string };
  registeredAt: string;
  forgottenAt: string | null;
  /** The client stream's position: the version a form sends back to save. */
  version: number;
  /** Newest first. */
  orders: ClientOrderItem[];
}

export interface ClientListQuery {
  /** Words that must each occur in a name, the business name, the e-mail or the phone (digits of a phone match too). */
  q?: string;
  type?: 'private' | 'business';
  /** 1-based. */
  page: number;
  pageSize: number;
}

type Row = {
  client_id: string;
  customer_type: 'private' | 'business';
  first_name: string;
  last_name: string;
  business_name: string;
  email: string;
  phone: string;
  forgotten: boolean;
  order_count: number;
  total_spent_cents: string;
  last_order_at: Date | null;
};

const toItem = (r: Row): ClientListItem => ({
  id: r.client_id,
  customerType: r.customer_type,
  firstName: r.first_name,
  lastName: r.last_name,
  businessName: r.business_name,
  email: r.email,
  phone: r.phone,
  forgotten: r.forgotten,
  orderCount: r.order_count,
  totalSpentCents: Number(r.total_spent_cents),
  lastOrderAt: r.last_order_at ? r.last_order_at.toISOString() : null,
});

/** `%word%` for LIKE, with the pattern characters escaped. */
const likeWord = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The words of a search: lower-cased, at most 8; a word of digits and phone punctuation also as bare digits. */
export function searchWords(q: string | undefined): string[] {
  return (q ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((w) => (/^\+?[\d\-().]+$/.test(w) && /\d/.test(w) ? w.replace(/\D/g, '') : w));
}

/** A page of clients, the latest buyers first (then by id), with the total matching. */
export async function listClients(db: Database, query: ClientListQuery): Promise<{ items: ClientListItem[]; total: number }> {
  const words = searchWords(query.q);
  const conditions = [sql`true`];
  for (const w of words) conditions.push(sql`c.search like ${likeWord(w)}`);
  if (query.type) conditions.push(sql`c.customer_type = ${query.type}`);
  const where = sql.join(conditions, sql` and `);
  const offset = (query.page - 1) * query.pageSize;
  const [page, count] = await Promise.all([
    sql<Row>`
      select client_id, customer_type, first_name, last_name, business_name, email, phone, forgotten, order_count, total_spent_cents::text as total_spent_cents, last_order_at
      from rm_clients.clients c where ${where}
      order by c.last_order_at desc nulls last, c.client_id limit ${query.pageSize} offset ${offset}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from rm_clients.clients c where ${where}`.execute(db),
  ]);
  return { items: page.rows.map(toItem), total: count.rows[0]?.n ?? 0 };
}

/** The client `id` with its orders (newest first), or null. */
export async function getClient(db: Database, id: string): Promise<ClientRecord | null> {
  const { rows } = await sql<
    Row & { vat_reg_nr: string; address: ClientRecord['address']; registered_at: Date; forgotten_at: Date | null; version: number }
  >`select client_id, customer_type, first_name, last_name, business_name, email, phone, forgotten, order_count, total_spent_cents::text as total_spent_cents,
      last_order_at, vat_reg_nr, address, registered_at, forgotten_at, version
    from rm_clients.clients where client_id = ${id}`.execute(db);
  const r = rows[0];
  if (!r) return null;
  const orders = await sql<{ order_id: string; number: number; placed_at: Date; total_cents: string }>`
    select order_id, number, placed_at, total_cents::text as total_cents from rm_clients.client_orders where client_id = ${id} order by placed_at desc, number desc`.execute(db);
  return {
    ...toItem(r),
    vatRegNr: r.vat_reg_nr,
    address: r.address,
    registeredAt: r.registered_at.toISOString(),
    forgottenAt: r.forgotten_at ? r.forgotten_at.toISOString() : null,
    version: r.version,
    orders: orders.rows.map((o) => ({ orderId: o.order_id, number: o.number, placedAt: o.placed_at.toISOString(), totalCents: Number(o.total_cents) })),
  };
}

/** The version of client `id` in the read model (0 when not there yet): a save waits until it has caught up. */
export async function clientVersion(db: Database, id: string): Promise<number> {
  const { rows } = await sql<{ version: number }>`select version from rm_clients.clients where client_id = ${id}`.execute(db);
  return rows[0]?.version ?? 0;
}
