/**
 * RecordPayment: turns a verified provider answer into OrderPaid (exactly once) or PaymentCancelled. See
 * `RecordPayment` in domain/order/order.ts; raises order.not_found and payment.amount_mismatch (validation).
 * Concurrent duplicates conflict on the order stream and are retried; the retry sees the order paid and appends
 * nothing.
 */
import { orderHandler } from './order-handler.js';

export const recordPayment = orderHandler('RecordPayment');
