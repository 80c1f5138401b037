/**
 * RecordPayment: turns a verified provider answer into OrderPaid (exactly once) or PaymentCancelled. See
 * `RecordPayment` in domain/order/order.ts; raises order.not_found and payment.amount_mismatch (validation).
 * Concurrent duplicates conflict on the order stream and are retried; the retry sees the order paid and appends
 * nothing.
 */
import type { OrderCommand, OrderEvent, OrderReservation } from '../../domain/order/order.js';
import type { AvailabilityPolicy } from '../../domain/product/availability.js';
import { DomainError } from '../../domain/shared/errors.js';
import type { EventStore } from '../../platform/event-store/port.js';
import type { CommandContext } from '../shared/command-handler.js';
import { reserveStockForOrder } from '../stock/reserve-stock.js';
import { orderHandler } from './order-handler.js';
import { readPlaced, stepCommandId } from './place-order.js';

export const recordPayment = orderHandler('RecordPayment');
/** RecordReservedAgain: see domain/order/order.ts (only an order whose reservation expired; nothing otherwise). */
export const recordReservedAgain = orderHandler('RecordReservedAgain');

export interface RecordedPayment {
  /** The events appended to the order stream (none for a duplicate). */
  events: OrderEvent[];
  /**
   * Only for a payment that arrived after the order's reservations expired: per product, whether its units could
   * be reserved again (false: sold meanwhile; staff must resolve it).
   */
  reservedAgain: { productId: string; quantity: number; reserved: boolean }[];
}

/**
 * RecordPayment, and when it records OrderPaid for an order whose reservations expired (the shopper paid after
 * ORDER_RESERVATION_TTL_MS), reserves its units again where stock allows.
 * @param policyOf the product's availability policy and delivery days (from the catalog), null when unknown
 * @throws DomainError order.not_found, payment.amount_mismatch
 */
export async function recordVerifiedPayment(
  store: EventStore,
  data: Extract<OrderCommand, { type: 'RecordPayment' }>['data'],
  ctx: CommandContext,
  policyOf: (productId: string) => Promise<{ policy: AvailabilityPolicy; deliveryDays: number | null } | null>,
): Promise<RecordedPayment> {
  const result = await recordPayment(store, data, ctx);
  const reservedAgain: RecordedPayment['reservedAgain'] = [];
  // Whether this call appended OrderPaid or a retry of it finds it already there: an order that is paid and whose
  // reservations expired (and were not reserved again yet) gets its units back where stock allows. Every step is
  // idempotent (step command ids), so a retry after a crash between the steps finishes the work.
  const { events } = await store.readStream(`order-${data.orderId}`);
  const paid = events.some((e) => e.type === 'OrderPaid');
  const lastHold = events.findLast((e) => e.type === 'OrderReservationExpired' || e.type === 'OrderReservedAgain');
  if (!paid || lastHold?.type !== 'OrderReservationExpired') return { events: result.events, reservedAgain };
  const placed = await readPlaced(store, data.orderId);
  const held: OrderReservation[] = [];
  for (const r of placed?.reservations ?? []) {
    const availability = (await policyOf(r.productId)) ?? { policy: 'available' as const, deliveryDays: null };
    try {
      const reserved = await reserveStockForOrder(
        store,
        { productId: r.productId, orderId: data.orderId, quantity: r.quantity, ...availability },
        { ...ctx, commandId: stepCommandId(ctx.commandId, `reserve-again/${r.productId}`) },
      );
      reservedAgain.push({ productId: r.productId, quantity: r.quantity, reserved: reserved.held >= r.quantity });
      if (reserved.held > 0) held.push({ productId: r.productId, quantity: Math.min(reserved.held, r.quantity) });
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'stock.insufficient')) throw error;
      reservedAgain.push({ productId: r.productId, quantity: r.quantity, reserved: false });
    }
  }
  // The order holds them again: filling ships them, an edit counts them (without this a filled
  // order shipped nothing and left the units reserved).
  await recordReservedAgain(store, { orderId: data.orderId, reservations: held }, { ...ctx, commandId: stepCommandId(ctx.commandId, 'reserved-again') });
  return { events: result.events, reservedAgain };
}
