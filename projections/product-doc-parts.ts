/**
 * What the read models that fold one document per product (the catalog, projections/catalog/projection.ts, and the
 * problematic products list, projections/problematic-products/projection.ts) do alike:
 * - which product a Product or Stock event is about (`productIdOf`);
 * - a Stock event sets the warehouse's free quantity `onHand` in the document (`evolveStock`): receipts,
 *   adjustments and counts, and the reservations of orders (StockReserved lowers it, ReservationReleased raises it:
 *   spec 5 "Quantity and stock"), so stock and availableForSale drop and rise with them;
 * - the visibility rule as the columns their queries compare with the request's time (`visibilityColumns`; spec 3
 *   and spec 4 "Visibility rule").
 */
import { parseStockEvent } from '../domain/stock/events.js';
import type { VisibilityRule, VisibilityState } from '../domain/product/visibility.js';
import type { RecordedEvent } from '../platform/event-store/port.js';

/** The product id a Product or Stock event is about; null for other events. */
export function productIdOf(event: RecordedEvent): string | null {
  if (event.streamId.startsWith('product-') || event.streamId.startsWith('stock-')) return (event.data as { productId: string }).productId;
  return null;
}

/** The stock part of a product document: free units per warehouse id, and the Stock stream position applied. */
export interface StockPart {
  stock: Record<string, number>;
  stock_version: number;
}

/**
 * Applies one Stock event (`event.streamId` `stock-…`) to a product document.
 * @returns `doc` itself when the event's stream position was applied already, else a new document.
 */
export function evolveStock<D extends StockPart>(doc: D, event: RecordedEvent): D {
  const position = Number(event.streamPosition);
  if (position <= doc.stock_version) return doc;
  const e = parseStockEvent(event);
  return { ...doc, stock: { ...doc.stock, [e.data.warehouseId]: e.data.onHand }, stock_version: position };
}

/**
 * A visibility rule as columns: the product is in state `vis_in` from `vis_from` to `vis_to` (ISO-8601 timestamps,
 * or the PostgreSQL literals '-infinity' / 'infinity' for open ends), and in `vis_out` at any other time.
 */

/** The four visibility columns of a read-model row. */
export interface VisibilityColumns {
  vis_from: string;
  vis_to: string;
  vis_in: VisibilityState;
  vis_out: VisibilityState;
}

/**
 * The columns of one rule. A static rule holds its state always; a timed rule switches at `rangeFrom` for good; a
 * time range with `rangeFrom === rangeTo` counts as in range from then on (domain/product/visibility.ts `visibilityAt`).
 */
export function visibilityColumns(rule: VisibilityRule): VisibilityColumns {
  switch (rule.type) {
    case 'static':
      return { vis_from: '-infinity', vis_to: 'infinity', vis_in: rule.state, vis_out: rule.state };
    case 'timed':
      return { vis_from: rule.rangeFrom, vis_to: 'infinity', vis_in: rule.stateInRange, vis_out: rule.stateOutRange };
    case 'timeRange':
      return {
        vis_from: rule.rangeFrom,
        vis_to: rule.rangeFrom === rule.rangeTo ? 'infinity' : rule.rangeTo,
        vis_in: rule.stateInRange,
        vis_out: rule.stateOutRange,
      };
  }
}
