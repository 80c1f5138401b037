/**
 * The order as its invoice prints it, straight from the order stream (spec 2 OrderEdit, invoices): the admin orders read
 * model's own pure fold (projections/admin-orders/projection.ts `adminOrderOf`: rows as staff edited them, discount,
 * shop service fee, totals, paid, comment on the invoice) over `order-{orderId}`, so an invoice rendered right after a
 * request or an edit shows the order as it stands, without waiting for a read model to catch up. Used by the invoice
 * PDF route (api/routes/admin/order-documents.ts) and the invoice mail (bin/runtime.ts hands it to the worker).
 */
import type { InvoiceOrder } from '../../domain/order/invoice-document.js';
import { toOrderStreamId } from '../../domain/order/order.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { adminOrderOf, type AdminOrderView } from '../admin-orders/projection.js';

/**
 * The order as the staff's order screen shows it, folded from `order-{orderId}` with the admin orders read model's
 * own pure fold (`adminOrderOf`), so a screen opened right after a change shows it.
 * @returns the order (amounts in euro cents), or null when the stream holds no OrderPlaced
 * @throws MalformedEventError when a stored event does not match its schema
 */
export async function adminOrderViewFromStream(store: EventStore, orderId: string): Promise<AdminOrderView | null> {
  const { events } = await store.readStream(toOrderStreamId(orderId));
  return adminOrderOf(events);
}

/**
 * @returns the order (amounts in euro cents), or null when the stream holds no OrderPlaced
 * @throws MalformedEventError when a stored event does not match its schema
 */
export async function invoiceOrderFromStream(store: EventStore, orderId: string): Promise<InvoiceOrder | null> {
  const view = await adminOrderViewFromStream(store, orderId);
  if (!view) return null;
  return {
    number: view.number,
    placedAt: view.placedAt,
    language: view.language,
    isPaid: view.paid,
    paidAt: view.paidAt,
    client: view.client,
    shortContactAddress: view.shortContactAddress,
    delivery: view.delivery,
    rows: view.rows,
    discountCents: view.discountCents,
    serviceFeeCents: view.serviceFeeCents,
    vatIncluded: view.vatIncluded,
    vatRatePercent: view.vatRatePercent,
    netTotalCents: view.netTotalCents,
    vatCents: view.vatCents,
    totalCents: view.totalCents,
    invoiceComment: view.invoiceComment,
  };
}
