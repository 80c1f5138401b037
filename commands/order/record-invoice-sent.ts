/**
 * RecordInvoiceSent: the invoice-mail worker records that the mail of one InvoiceSendRequested went out
 * (domain/order/invoicing.ts): InvoiceSent once per request; a redelivered job decides nothing. Raises
 * order.not_found and invoice.request_unknown (illegal_state).
 */
import { orderHandler } from './order-handler.js';

export const recordInvoiceSent = orderHandler('RecordInvoiceSent');
