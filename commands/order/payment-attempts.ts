/**
 * Payment attempts of an order (spec 4 "Payment page"), read from the order stream itself: a just-started
 * attempt may not be in the orders read model yet when the browser asks for its form. The attempt id is the
 * PaymentStarted event's id (platform/payments/port.ts PaymentRequest.attemptId), so a provider asked twice for one
 * attempt creates one payment.
 */
import { parseOrderEvent } from '../../domain/order/events.js';
import { type OrderEvent, toOrderStreamId } from '../../domain/order/order.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { eventIdFor } from '../shared/command-handler.js';

/** The attempt id a StartPayment command with `commandId` gives its PaymentStarted event (the first it decides). */
export const paymentAttemptId = (commandId: string, orderId: string): string => eventIdFor(commandId, toOrderStreamId(orderId), 0);

/** What PaymentStarted recorded for one attempt: the method and provider ids and the attempt id. */
export type PaymentAttempt = Extract<OrderEvent, { type: 'PaymentStarted' }>['data'];

/** The PaymentStarted data of `attemptId` in the order's stream, or null when the order has no such attempt. */
export async function findPaymentAttempt(store: EventStore, orderId: string, attemptId: string): Promise<PaymentAttempt | null> {
  const { events } = await store.readStream(toOrderStreamId(orderId));
  const started = events
    .map(parseOrderEvent)
    .find((e): e is Extract<OrderEvent, { type: 'PaymentStarted' }> => e.type === 'PaymentStarted' && e.data.attemptId === attemptId);
  return started?.data ?? null;
}
