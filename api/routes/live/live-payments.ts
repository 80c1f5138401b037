/**
 * The payment state the live route pushes to a payment page (live payment page: the shopper's payment page learns
 * 'paid' over the websocket instead of asking every 5 s). Reads the orders read model (`rm_orders.orders`, by public
 * token; projections/orders) for the tokens that open payment pages watch; read-only.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { OrdersTables } from '../../../projections/orders/schema.js';
import { ordersReadModel } from '../../../projections/orders/writer.js';
import { liveSchema } from '../../../projections/read-model.js';

/** A public token as the shop issues them (32..128 url-safe characters); anything else is never looked up. */
export const PUBLIC_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

/** Most tokens one lookup reads; the live route asks in chunks of this many. */
export const PAID_LOOKUP_CHUNK = 1000;

/** Whether each known order of `tokens` is paid (tokens of no order are absent). At most PAID_LOOKUP_CHUNK tokens per call. */
export async function paidByToken(db: Kysely<OrdersTables>, tokens: readonly string[]): Promise<Map<string, boolean>> {
  const wanted = [...new Set(tokens.filter((t) => PUBLIC_TOKEN_PATTERN.test(t)))].slice(0, PAID_LOOKUP_CHUNK);
  if (!wanted.length) return new Map();
  const rows = await sql<{ public_token: string; is_paid: boolean }>`
    select public_token, is_paid from ${sql.id(liveSchema(ordersReadModel), 'orders')} where public_token = any(${wanted}::text[])`.execute(db);
  return new Map(rows.rows.map((r) => [r.public_token, r.is_paid]));
}
