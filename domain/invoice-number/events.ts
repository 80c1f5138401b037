/** The invoice-number sequence's event data as zod schemas (readers parse stored events with them). */
import { z } from 'zod';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import type { InvoiceNumberEvent } from './invoice-number.js';

export const INVOICE_NUMBER_EVENT_SCHEMAS: EventDataSchemas<InvoiceNumberEvent> = {
  InvoiceNumberAssigned: z.object({ kind: z.enum(['invoice', 'prepayment']), sequence: z.number().int().positive(), number: z.string(), orderId: z.string() }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parseInvoiceNumberEvent = eventParser<InvoiceNumberEvent>(INVOICE_NUMBER_EVENT_SCHEMAS);
