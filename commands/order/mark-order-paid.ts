/**
 * MarkOrderPaid (spec 4 "Order flags": paid toggles): staff mark an order paid. OrderMarkedPaid carries the
 * staff user in its metadata; nothing is appended when the order already is paid. Raises order.not_found.
 */
import { orderHandler } from './order-handler.js';

export const markOrderPaid = orderHandler('MarkOrderPaid');
