/**
 * The stock-notifications read model's tables (schema `rm_stock_notifications`). See writer.ts.
 */
import type { ColumnType, Kysely } from 'kysely';
import type { ReadModelTables, StreamPositionTable } from '../read-model.js';

export type StockNotificationsTables = ReadModelTables & {
  /** One open back-in-stock request per stream (product and e-mail); `requested_at` of the latest request. */
  requests: {
    id: string;
    product_id: string;
    email: string;
    quantity: number;
    language: string;
    requested_at: ColumnType<Date, string, string>;
    requested_pos: ColumnType<string, string | bigint, string | bigint>;
  };
  position: StreamPositionTable;
};

export type StockNotificationsDb = Kysely<StockNotificationsTables>;
