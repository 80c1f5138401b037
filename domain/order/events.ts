/**
 * The Order aggregate's event data as zod schemas (conventions 2: messages are plain data, parsed where they are
 * read): the readers of stored events parse with these (domain/shared/events.ts). OrderPlaced's data is defined by
 * the event itself in ./order-placed.ts (re-exported here), not from the read model's OrderSummary. Amounts are
 * integer euro cents, times ISO-8601 UTC.
 */
import { z } from 'zod';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import type { OrderEvent } from './order.js';
import { cents, OrderPlacedDataSchema, OrderReservationSchema } from './order-placed.js';

export {
  OrderClientSchema,
  OrderDeliverySchema,
  OrderLanguageSchema,
  OrderPlacedDataSchema,
  OrderReservationSchema,
  OrderRowSchema,
} from './order-placed.js';
export type { OrderClient, OrderDelivery, OrderLanguage, OrderPlacedData, OrderReservation, OrderRow } from './order-placed.js';

/** A row after a staff edit (spec 3 "Order"): a catalog product (`productId`) or a service row (null). */
const EditedOrderRowSchema = z.object({
  productId: z.string().nullable(),
  code: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  unitPriceCents: cents,
  lineTotalCents: cents,
});

export const ORDER_EVENT_SCHEMAS: EventDataSchemas<OrderEvent> = {
  OrderPlaced: OrderPlacedDataSchema,
  PaymentStarted: z.object({ orderId: z.string(), attempt: z.number().int(), attemptId: z.string(), methodId: z.string(), providerId: z.string(), amountCents: cents }),
  OrderPaid: z.object({ orderId: z.string(), providerId: z.string(), transactionId: z.string(), amountCents: cents, paidAt: z.string() }),
  PaymentCancelled: z.object({ orderId: z.string(), providerId: z.string(), transactionId: z.string() }),
  OrderReservationExpired: z.object({ orderId: z.string(), reservations: z.array(OrderReservationSchema), expiredAt: z.string() }),
  OrderReservedAgain: z.object({ orderId: z.string(), reservations: z.array(OrderReservationSchema), at: z.string() }),
  /** A verified refund of a paid order (amounts in euro cents, refundedTotalCents after it). */
  OrderRefunded: z.object({
    orderId: z.string(),
    refundId: z.string(),
    providerId: z.string(),
    amountCents: cents.positive(),
    refundedTotalCents: cents.positive(),
    fully: z.boolean(),
    at: z.string(),
  }),
  /** Invoices (spec 3 "Order", domain/order/invoicing.ts): dates YYYY-MM-DD in Europe/Tallinn, times ISO-8601 UTC. */
  InvoiceSendRequested: z.object({
    orderId: z.string(),
    kind: z.enum(['invoice', 'prepayment']),
    number: z.string(),
    recipient: z.string(),
    requestId: z.string(),
    issueDate: z.string(),
    dueDate: z.string(),
    requestedAt: z.string(),
    resend: z.boolean(),
  }),
  InvoiceSent: z.object({ orderId: z.string(), kind: z.enum(['invoice', 'prepayment']), number: z.string(), recipient: z.string(), requestId: z.string(), sentAt: z.string() }),
  // The staff's order screen (spec 3 "Order", domain/order/staff-edits.ts): staff toggles, row edits and comments.
  OrderMarkedPaid: z.object({ orderId: z.string(), at: z.string() }),
  OrderMarkedUnpaid: z.object({ orderId: z.string(), at: z.string() }),
  OrderFilled: z.object({ orderId: z.string(), at: z.string(), shipped: z.array(OrderReservationSchema) }),
  OrderUnfilled: z.object({ orderId: z.string(), at: z.string(), returned: z.array(OrderReservationSchema) }),
  OrderEditStarted: z.object({ orderId: z.string(), editId: z.string(), leaseUntil: z.string(), at: z.string() }),
  OrderEditAbandoned: z.object({ orderId: z.string(), editId: z.string(), reason: z.enum(['not_enough_stock', 'failed']), at: z.string() }),
  OrderEditCompleted: z.object({ orderId: z.string(), editId: z.string(), at: z.string() }),
  OrderRowsEdited: z.object({
    orderId: z.string(),
    editId: z.string().nullable(),
    rows: z.array(EditedOrderRowSchema),
    discountCents: cents,
    serviceFeeCents: cents,
    vatIncluded: z.boolean(),
    vatRatePercent: z.number(),
    netTotalCents: cents,
    vatCents: cents,
    totalCents: cents,
    reservations: z.array(OrderReservationSchema),
    before: z.object({ rows: z.array(EditedOrderRowSchema), discountCents: cents, serviceFeeCents: cents, totalCents: cents }),
    at: z.string(),
  }),
  OrderCommentsChanged: z.object({ orderId: z.string(), employeeComment: z.string(), invoiceComment: z.string(), at: z.string() }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parseOrderEvent = eventParser<OrderEvent>(ORDER_EVENT_SCHEMAS);
