/**
 * The stock-notifications read model's tables (schema `rm_stock_notifications`). See writer.ts.
 */
import type { ColumnType, Kysely } from 'kysely';
import type { ReadModelTables, StreamPositionTable } from '../read-model.js';

export type StockNotificationsTables = ReadModelTables & {
  /** One back-in-stock request per stream (product and e-mail), the latest; its state waiting, sent or cancelled. */
  requests: {
    id: string;
    product_id: string;
    email: string;
    /** The client id of the address (platform/ids/client-id.ts): what 'forget this client' finds the rows by. */
    client_id: string;
    quantity: number;
    language: string;
    state: 'waiting' | 'sent' | 'cancelled';
    /** Id of the StockNotificationRequested event: the key of the request's one back-in-stock mail. */
    request_event_id: string;
    closed_at: ColumnType<Date | null, string | null, string | null>;
    requested_at: ColumnType<Date, string, string>;
    requested_pos: ColumnType<string, string | bigint, string | bigint>;
  };
  position: StreamPositionTable;
};

export type StockNotificationsDb = Kysely<StockNotificationsTables>;
