/**
 * RecordRefund: turns a verified provider refund (platform/payments VerifiedRefund, Montonio's refund
 * notification) into OrderRefunded on the order stream, once per refund id. See `RecordRefund` in
 * domain/order/order.ts; raises order.not_found (not_found), order.not_paid (illegal_state), refund.exceeds_paid and
 * refund.amount_invalid (validation).
 *
 * Idempotent twice over: the decider decides nothing for a refund id already recorded, and the command id (the
 * causation of the event, from which its event id derives) comes from the provider and refund id, so a redelivered
 * notification racing the first appends nothing either.
 */
import { v5 as uuidv5 } from 'uuid';
import { parseOrderEvent } from '../../domain/order/events.js';
import { type OrderCommand, type OrderEvent, type OrderRefundedData, toOrderStreamId } from '../../domain/order/order.js';
import type { EventStore } from '../../platform/event-store/port.js';
import type { CommandContext } from '../shared/command-handler.js';
import { orderHandler } from './order-handler.js';

export const recordRefund = orderHandler('RecordRefund');

const REFUND_COMMAND_NAMESPACE = '9d0c4f6e-2b7a-4c31-8e5d-6a1f0b3c7e92';

/** The command id of recording refund `refundId` of `providerId` for `orderId`: the same for every redelivery. */
export const refundCommandId = (providerId: string, refundId: string, orderId: string) => uuidv5(`${providerId}/refund/${refundId}/${orderId}`, REFUND_COMMAND_NAMESPACE);

/** What the order's refunds are after the command. */
export interface RecordedRefund {
  /** True when this call appended OrderRefunded (false for a duplicate, a pending or a failed refund). */
  appended: boolean;
  /** This refund as recorded (now or earlier), null when it is not recorded (pending, failed). */
  refund: OrderRefundedData | null;
}

/**
 * Records a verified refund (amount in euro cents) with the command id {@link refundCommandId}. Answers this refund
 * as recorded now or by an earlier delivery.
 * @throws DomainError order.not_found, order.not_paid, refund.exceeds_paid, refund.amount_invalid
 */
export async function recordVerifiedRefund(
  store: EventStore,
  data: Extract<OrderCommand, { type: 'RecordRefund' }>['data'],
  ctx: Omit<CommandContext, 'commandId'>,
): Promise<RecordedRefund> {
  const result = await recordRefund(store, data, { ...ctx, commandId: refundCommandId(data.providerId, data.refundId, data.orderId) });
  const isThisRefund = (e: OrderEvent): e is Extract<OrderEvent, { type: 'OrderRefunded' }> => e.type === 'OrderRefunded' && e.data.refundId === data.refundId;
  const now = result.events.find(isThisRefund);
  if (now) return { appended: true, refund: now.data };
  const { events } = await store.readStream(toOrderStreamId(data.orderId));
  const earlier = events.filter((e) => e.type === 'OrderRefunded').map(parseOrderEvent).find(isThisRefund);
  return { appended: false, refund: earlier?.data ?? null };
}
