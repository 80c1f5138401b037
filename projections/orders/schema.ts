/**
 * The orders read model's tables (schema `rm_orders`; `rm_orders__rebuild` during a rebuild). See writer.ts.
 */
import type { ColumnType, Kysely, Transaction } from 'kysely';
import type { OrderSummary } from '../../domain/order/order-summary.js';
import type { ReadModelTables, StreamPositionTable } from '../read-model.js';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type OrdersTables = ReadModelTables & {
  orders: {
    order_id: string;
    number: number;
    public_token: string;
    placed_at: Timestamp;
    is_paid: boolean;
    /** held | released | expired */
    reservation: string;
    summary: OrderSummary;
    /** Payment attempts: `[{ attempt, attemptId, methodId, providerId, startedAt, ... }]`. */
    attempts: unknown[];
    /** Stream position of the last order event applied. */
    version: number;
  };
  /** Units each order holds per product and warehouse, and since when. */
  reservations: { order_id: string; product_id: string; warehouse_id: string; quantity: number; reserved_at: Timestamp };
  stock_streams: StreamPositionTable;
};

export type OrdersDb = Kysely<OrdersTables>;
export type OrdersTransaction = Transaction<OrdersTables>;
