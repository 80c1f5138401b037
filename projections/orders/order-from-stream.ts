/**
 * The order summary straight from the order stream (issue 12 "Documents"): the orders read model's own pure mapping
 * (projection.ts `evolveOrderRow`) folded over `order-{orderId}`, so an invoice rendered right after a request or an
 * edit shows the order as it stands, without waiting for the read model to catch up. Used by the invoice PDF route
 * (api/routes/admin/order-documents.ts) and the invoice mail (bin/runtime.ts hands it to the worker).
 */
import { toOrderStreamId } from '../../domain/order/order.js';
import type { OrderSummary } from '../../domain/order/order-summary.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { evolveOrderRow, type OrderRow } from './projection.js';

/**
 * @returns the order's summary (amounts in euro cents), or null when the stream holds no OrderPlaced
 * @throws MalformedEventError when a stored event does not match its schema
 */
export async function orderSummaryFromStream(store: EventStore, orderId: string): Promise<OrderSummary | null> {
  const { events } = await store.readStream(toOrderStreamId(orderId));
  let row: OrderRow | null = null;
  for (const event of events) row = evolveOrderRow(row, event);
  return row?.summary ?? null;
}
