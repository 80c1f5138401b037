/**
 * Sell-through and days of cover (docs/analytics.md "Sell-through, days of cover and reorder suggestions"): per product, warehouse and Tallinn
 * calendar day, the units sold, received and the free stock, and whether the day had stock at all, from the Stock
 * aggregate's events (domain/stock/stock.ts; every one carries the warehouse's free units after it, `onHand`):
 * - StockReceived / StockAdjusted / StockCounted: `received` + the quantity (receipts only); the free units change;
 * - StockReserved (an order took units): `sold` + the quantity on the day of the reservation, remembered per order
 *   and warehouse; ReservationReleased (expired, cancelled, edited, never placed) takes the released units back from
 *   the days they were reserved on (latest first), so a sale is "reserved and not given back";
 * - StockShipped closes the order's reservation in that warehouse (already counted); StockShipmentReturned opens it
 *   again (dated the return's day, so a release after it takes back from that day);
 * - every event: `on_hand_change` + (new free units - the last known), `events` + 1;
 * - `in_stock` 1 for a day when the warehouse had free units at some moment of it: at the start of the day (the
 *   last known free units) or after one of its events. Days between two events are filled when the free units were
 *   above 0 in between, so only a day with stock 0 (or below) all day does not count (the sales speed is counted over
 *   in-stock days, queries.ts). Days after the last event are the queries' (the stock on hand now carries on).
 * - ProductReorderSettingsChanged: `reorder_settings` lead time and pack size (as differences from the last seen).
 * State: per product (`stock:{productId}`) per warehouse the last day, free units and whether that day counted, and
 * the open reservations per order and warehouse with their days; per product (`settings:{productId}`) the settings.
 */
import { parseProductEvent } from '../../domain/product/events.js';
import { parseStockEvent } from '../../domain/stock/events.js';
import { addDays, tallinnDate } from '../../domain/search/statistics-ranges.js';
import type { AnalysisDefinition, MappingResult, RowDelta } from '../analysis.js';
import { SELL_THROUGH_TABLES } from './schema.js';

/** Per warehouse: the last day seen ('yyyy-mm-dd'), the free units then, and whether that day is counted in stock. */
export interface WarehouseDay {
  day: string;
  onHand: number;
  counted: boolean;
}

/** What the analysis remembers per product (stock) or per product (settings). */
export interface SellThroughState {
  warehouses?: Record<string, WarehouseDay>;
  /** Open reservations: order id -> warehouse id -> [day, units][] (oldest first). */
  open?: Record<string, Record<string, [string, number][]>>;
  settings?: { leadTimeDays: number; packSize: number; isSet: number };
}

const STOCK_TYPES = ['StockReceived', 'StockAdjusted', 'StockCounted', 'StockReserved', 'ReservationReleased', 'StockShipped', 'StockShipmentReturned'] as const;
/** Most days filled between two events of one warehouse (a longer silence counts its last 3 years only). */
const MAX_FILL_DAYS = 1100;

const dayRow = (productId: string, warehouseId: string, day: string, add: Record<string, number>): RowDelta => ({
  table: 'stock_days',
  key: { product_id: productId, warehouse_id: warehouseId, day },
  add,
});

function mapStock(event: { type: string; data: unknown; metadata: { time: string } }, state: SellThroughState | undefined): MappingResult<SellThroughState> {
  const e = parseStockEvent(event);
  const { productId, warehouseId, onHand } = e.data;
  const today = tallinnDate(event.metadata.time);
  const rows: RowDelta[] = [];
  const before = state?.warehouses?.[warehouseId];
  let w: WarehouseDay;
  if (!before) w = { day: today, onHand: 0, counted: false };
  else if (today > before.day) {
    // The days between: free units all day long when above 0.
    if (before.onHand > 0) {
      let d = addDays(before.day, 1);
      const first = addDays(today, -MAX_FILL_DAYS);
      if (d < first) d = first;
      for (; d < today; d = addDays(d, 1)) rows.push(dayRow(productId, warehouseId, d, { in_stock: 1 }));
    }
    const counted = before.onHand > 0;
    if (counted) rows.push(dayRow(productId, warehouseId, today, { in_stock: 1 }));
    w = { day: today, onHand: before.onHand, counted };
  } else w = { ...before }; // same day (or an earlier time stamp): the day goes on
  const day = w.day;
  const add: Record<string, number> = { events: 1, on_hand_change: onHand - w.onHand };
  let open = state?.open ?? {};
  switch (e.type) {
    case 'StockReceived':
      add.received = e.data.quantity;
      break;
    case 'StockReserved': {
      add.sold = e.data.quantity;
      const held = open[e.data.orderId]?.[warehouseId] ?? [];
      open = { ...open, [e.data.orderId]: { ...open[e.data.orderId], [warehouseId]: [...held, [day, e.data.quantity]] } };
      break;
    }
    case 'ReservationReleased': {
      let left = e.data.quantity;
      const held = [...(open[e.data.orderId]?.[warehouseId] ?? [])];
      while (left > 0 && held.length) {
        const [d, units] = held[held.length - 1];
        const take = Math.min(units, left);
        rows.push(dayRow(productId, warehouseId, d, { sold: -take }));
        left -= take;
        if (take === units) held.pop();
        else held[held.length - 1] = [d, units - take];
      }
      open = withHeld(open, e.data.orderId, warehouseId, held);
      break;
    }
    case 'StockShipped':
      open = withHeld(open, e.data.orderId, warehouseId, []);
      break;
    case 'StockShipmentReturned': {
      const held = open[e.data.orderId]?.[warehouseId] ?? [];
      open = withHeld(open, e.data.orderId, warehouseId, [...held, [day, e.data.quantity]]);
      break;
    }
  }
  if (onHand > 0 && !w.counted) {
    add.in_stock = 1;
    w = { ...w, counted: true };
  }
  rows.push(dayRow(productId, warehouseId, day, add));
  w = { ...w, onHand };
  return { state: { ...state, warehouses: { ...state?.warehouses, [warehouseId]: w }, open }, rows };
}

/** `open` with the order's holding in `warehouseId` replaced (dropped when empty; the order dropped when it holds none). */
function withHeld(open: NonNullable<SellThroughState['open']>, orderId: string, warehouseId: string, held: [string, number][]): NonNullable<SellThroughState['open']> {
  const { [orderId]: order, ...others } = open;
  const { [warehouseId]: _, ...rest } = order ?? {};
  const next = held.length ? { ...rest, [warehouseId]: held } : rest;
  return Object.keys(next).length ? { ...others, [orderId]: next } : others;
}

function map(event: { type: string; data: unknown; metadata: { time: string } }, state: SellThroughState | undefined): MappingResult<SellThroughState> {
  if (event.type === 'ProductReorderSettingsChanged') {
    const e = parseProductEvent(event);
    if (e.type !== 'ProductReorderSettingsChanged') return {};
    const was = state?.settings ?? { leadTimeDays: 0, packSize: 0, isSet: 0 };
    const now = { leadTimeDays: e.data.leadTimeDays ?? 0, packSize: e.data.packSize ?? 0, isSet: e.data.leadTimeDays === null && e.data.packSize === null ? 0 : 1 };
    return {
      state: { settings: now },
      rows: [{ table: 'reorder_settings', key: { product_id: e.data.productId }, add: { lead_time_days: now.leadTimeDays - was.leadTimeDays, pack_size: now.packSize - was.packSize, is_set: now.isSet - was.isSet } }],
    };
  }
  return mapStock(event, state);
}

export const sellThroughAnalysis: AnalysisDefinition<SellThroughState> = {
  name: 'sell-through',
  version: 1,
  description:
    'Units sold (reserved and not released), received and free stock per product, warehouse and day, and whether the day had stock, ' +
    'for sales speed over in-stock days, days of cover and reorder suggestions (Stock* events, ReservationReleased, ProductReorderSettingsChanged).',
  eventTypes: [...STOCK_TYPES, 'ProductReorderSettingsChanged'],
  tables: SELL_THROUGH_TABLES,
  stateKey: (event) => {
    const productId = (event.data as { productId?: unknown } | null)?.productId;
    if (typeof productId !== 'string') return null;
    return event.type === 'ProductReorderSettingsChanged' ? `settings:${productId}` : `stock:${productId}`;
  },
  map,
};
