/**
 * The exported tables and their columns (docs/analytics.md "The event log as Parquet"): the one place the Parquet
 * schema is written down in code. Each table is a folder of hive partitions `{table}/date=YYYY-MM-DD/part-0.parquet`
 * by the UTC day of each event's own time (metadata `time`); the `date` column comes from the folder name.
 */
import type { EventExportRow, ExportRows, OrderExportRow, OrderRowExportRow, SearchExportRow, StockMovementExportRow } from './rows.js';

/**
 * A column's kind: how it is held while exporting and its Parquet type.
 * text VARCHAR; bigint BIGINT (INT64); int INTEGER (INT32); double DOUBLE; bool BOOLEAN;
 * timestamp TIMESTAMP WITH TIME ZONE (INT64 microseconds, UTC); json JSON (a string with the JSON logical type).
 */
export type ColumnKind = 'text' | 'bigint' | 'int' | 'double' | 'bool' | 'timestamp' | 'json';

export interface ExportColumn<TRow> {
  name: keyof TRow & string;
  kind: ColumnKind;
}

export interface ExportTable<TRow> {
  /** Folder name under the export directory. */
  name: string;
  columns: ExportColumn<TRow>[];
  /** The table's rows of one event's ExportRows. */
  rowsOf(rows: ExportRows): TRow[];
}

const table = <TRow>(t: ExportTable<TRow>): ExportTable<TRow> => t;

export const EVENTS_TABLE = table<EventExportRow>({
  name: 'events',
  columns: [
    { name: 'global_position', kind: 'bigint' },
    { name: 'event_id', kind: 'text' },
    { name: 'event_type', kind: 'text' },
    { name: 'stream_id', kind: 'text' },
    { name: 'stream_position', kind: 'bigint' },
    { name: 'event_time', kind: 'timestamp' },
    { name: 'recorded_at', kind: 'timestamp' },
    { name: 'correlation_id', kind: 'text' },
    { name: 'causation_id', kind: 'text' },
    { name: 'user_id', kind: 'text' },
    { name: 'client_id', kind: 'text' },
    { name: 'data', kind: 'json' },
    { name: 'metadata', kind: 'json' },
  ],
  rowsOf: (r) => [r.events],
});

export const ORDERS_TABLE = table<OrderExportRow>({
  name: 'orders',
  columns: [
    { name: 'global_position', kind: 'bigint' },
    { name: 'event_time', kind: 'timestamp' },
    { name: 'order_id', kind: 'text' },
    { name: 'order_number', kind: 'bigint' },
    { name: 'placed_at', kind: 'timestamp' },
    { name: 'language', kind: 'text' },
    { name: 'customer_type', kind: 'text' },
    { name: 'client_id', kind: 'text' },
    { name: 'delivery_provider_id', kind: 'text' },
    { name: 'delivery_option_id', kind: 'text' },
    { name: 'vat_included', kind: 'bool' },
    { name: 'vat_rate_percent', kind: 'double' },
    { name: 'net_total_cents', kind: 'bigint' },
    { name: 'vat_cents', kind: 'bigint' },
    { name: 'total_cents', kind: 'bigint' },
    { name: 'row_count', kind: 'int' },
    { name: 'unit_count', kind: 'double' },
  ],
  rowsOf: (r) => r.orders,
});

export const ORDER_ROWS_TABLE = table<OrderRowExportRow>({
  name: 'order_rows',
  columns: [
    { name: 'global_position', kind: 'bigint' },
    { name: 'event_time', kind: 'timestamp' },
    { name: 'order_id', kind: 'text' },
    { name: 'row_index', kind: 'int' },
    { name: 'product_id', kind: 'text' },
    { name: 'code', kind: 'text' },
    { name: 'name', kind: 'text' },
    { name: 'quantity', kind: 'double' },
    { name: 'unit', kind: 'text' },
    { name: 'unit_price_cents', kind: 'bigint' },
    { name: 'line_total_cents', kind: 'bigint' },
  ],
  rowsOf: (r) => r.orderRows,
});

export const STOCK_MOVEMENTS_TABLE = table<StockMovementExportRow>({
  name: 'stock_movements',
  columns: [
    { name: 'global_position', kind: 'bigint' },
    { name: 'event_time', kind: 'timestamp' },
    { name: 'event_type', kind: 'text' },
    { name: 'product_id', kind: 'text' },
    { name: 'warehouse_id', kind: 'text' },
    { name: 'order_id', kind: 'text' },
    { name: 'quantity', kind: 'bigint' },
    { name: 'on_hand', kind: 'bigint' },
    { name: 'reason', kind: 'text' },
  ],
  rowsOf: (r) => r.stockMovements,
});

export const SEARCHES_TABLE = table<SearchExportRow>({
  name: 'searches',
  columns: [
    { name: 'global_position', kind: 'bigint' },
    { name: 'event_time', kind: 'timestamp' },
    { name: 'query', kind: 'text' },
    { name: 'keyword', kind: 'text' },
    { name: 'language', kind: 'text' },
    { name: 'category_id', kind: 'text' },
    { name: 'filters', kind: 'json' },
    { name: 'result_count', kind: 'bigint' },
    { name: 'zero_results', kind: 'bool' },
    { name: 'typed_by_user', kind: 'bool' },
  ],
  rowsOf: (r) => r.searches,
});

/** Every exported table, in the order they are written. */
export const EXPORT_TABLES: readonly ExportTable<unknown>[] = [EVENTS_TABLE, ORDERS_TABLE, ORDER_ROWS_TABLE, STOCK_MOVEMENTS_TABLE, SEARCHES_TABLE] as unknown as ExportTable<unknown>[];
