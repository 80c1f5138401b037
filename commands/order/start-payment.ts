/**
 * StartPayment: records a payment attempt (PaymentStarted with the method, provider and attempt number). See
 * `StartPayment` in domain/order/order.ts; raises order.not_found, order.already_paid and order.reservation_expired.
 */
import { orderHandler } from './order-handler.js';

export const startPayment = orderHandler('StartPayment');
