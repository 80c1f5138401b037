/**
 * The admin orders read model's tables (schema `rm_admin_orders`; `rm_admin_orders__rebuild` during a rebuild). See
 * writer.ts.
 */
import type { ColumnType, Kysely } from 'kysely';
import type { ReadModelTables } from '../read-model.js';
import type { AdminOrderView } from './projection.js';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type AdminOrdersTables = ReadModelTables & {
  /** One narrow row per order: OrderList's columns and the search text. */
  orders: {
    order_id: string;
    number: number;
    placed_at: Timestamp;
    client_type: string;
    client_name: string;
    email: string;
    phone: string;
    /** Lower-case number, names, e-mail and phone (projection.ts searchTextOf); trigram-indexed. */
    search: string;
    /** bigint in PostgreSQL (read as `total_cents::float8`: exact up to 2^53 cents). */
    total_cents: number;
    paid: boolean;
    filled: boolean;
    provider_id: string;
    provider_name: string;
    option_name: string | null;
    /** The latest payment attempt's method id. */
    payment_method: string | null;
    /** The client was forgotten (ClientForgotten): the row and its view hold no personal data. */
    forgotten: boolean;
    /** Position of the last order event applied (the order stream's version). */
    version: number;
  };
  /** The whole OrderEdit view per order (what the next event is folded onto). */
  views: { order_id: string; view: AdminOrderView; version: number };
};

export type AdminOrdersDb = Kysely<AdminOrdersTables>;
