/**
 * MarkOrderUnpaid (spec 4 "Order flags": paid toggles): staff mark a paid order not paid.
 * OrderMarkedUnpaid carries the staff user in its metadata; nothing is appended when the order is not paid. A
 * provider payment recorded before is never recorded a second time. Raises order.not_found.
 */
import { orderHandler } from './order-handler.js';

export const markOrderUnpaid = orderHandler('MarkOrderUnpaid');
