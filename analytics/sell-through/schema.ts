/**
 * The sell-through analysis's tables (schema `rm_analysis_sell_through`; mapping.ts says what each counter counts):
 * - `stock_days` one row per product, warehouse and Tallinn calendar day that had a stock event or lay between two
 *   while stock was free: `sold` (units reserved by orders that day and not given back), `received` (units of
 *   StockReceived), `on_hand_change` (the change of the free units; the sum over all days is the stock on hand now),
 *   `in_stock` (1 when the warehouse had free units at some moment of the day, else 0), `events` (stock events that
 *   day; a row with events is the last known day of the product in that warehouse);
 * - `reorder_settings` one row per product: `lead_time_days`, `pack_size` (0 when unset) and `is_set` (0/1), kept as
 *   sums of differences so a replay gives the latest values (ProductReorderSettingsChanged).
 */
import type { CounterTable } from '../analysis.js';

export const SELL_THROUGH_TABLES: readonly CounterTable[] = [
  {
    name: 'stock_days',
    keys: [
      { name: 'product_id', type: 'text' },
      { name: 'warehouse_id', type: 'text' },
      { name: 'day', type: 'date' },
    ],
    counters: ['sold', 'received', 'on_hand_change', 'in_stock', 'events'],
  },
  {
    name: 'reorder_settings',
    keys: [{ name: 'product_id', type: 'text' }],
    counters: ['lead_time_days', 'pack_size', 'is_set'],
  },
];
