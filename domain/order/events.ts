/**
 * The Order aggregate's event data as zod schemas: OrderPlaced's data is defined here, by the event
 * itself — not from the read model's OrderSummary — and the readers of stored events parse with these
 * (domain/shared/events.ts). Amounts are integer euro cents, times ISO-8601 UTC.
 */
import { z } from 'zod';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import type { OrderEvent } from './order.js';

const cents = z.number().int();

/** The shopper (spec 3 "Client"). */
export const OrderClientSchema = z.object({
  type: z.enum(['private', 'business']),
  firstName: z.string(),
  lastName: z.string(),
  businessName: z.string(),
  email: z.string(),
  phone: z.string(),
  vatRegNr: z.string(),
});
export type OrderClient = z.infer<typeof OrderClientSchema>;

/** How the order travels (spec 3 "Delivery provider", "Delivery address"); names in the order's language. */
export const OrderDeliverySchema = z.object({
  providerId: z.string(),
  providerName: z.string(),
  /** The parcel machine / post office id, or null for a courier. */
  optionId: z.string().nullable(),
  optionName: z.string().nullable(),
  address: z.object({ street: z.string(), apartment: z.string(), city: z.string(), state: z.string(), areaCode: z.string(), country: z.string() }).nullable(),
});
export type OrderDelivery = z.infer<typeof OrderDeliverySchema>;

/** One priced row: unit price gross when VAT is included, else net. */
export const OrderRowSchema = z.object({
  productId: z.string(),
  code: z.string(),
  name: z.string(),
  quantity: z.number(),
  unit: z.string(),
  unitPriceCents: cents,
  lineTotalCents: cents,
});
export type OrderRow = z.infer<typeof OrderRowSchema>;

/** Units of a product the order holds in its stock stream (`stock-{productId}`). */
export const OrderReservationSchema = z.object({ productId: z.string(), quantity: z.number().int() });
export type OrderReservation = z.infer<typeof OrderReservationSchema>;

/** A row after a staff edit: a catalog product (`productId`) or a service row (null). */
const EditedOrderRowSchema = z.object({
  productId: z.string().nullable(),
  code: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  unitPriceCents: cents,
  lineTotalCents: cents,
});

export const OrderLanguageSchema = z.enum(['et', 'en-US']);
export type OrderLanguage = z.infer<typeof OrderLanguageSchema>;

/** OrderPlaced: the order as saved (spec 3 "Order"), with its reservations. */
export const OrderPlacedDataSchema = z.object({
  orderId: z.string(),
  number: z.number().int(),
  publicToken: z.string(),
  placedAt: z.string(),
  language: OrderLanguageSchema,
  client: OrderClientSchema,
  shortContactAddress: z.string(),
  comment: z.string(),
  delivery: OrderDeliverySchema,
  rows: z.array(OrderRowSchema),
  vatIncluded: z.boolean(),
  vatRatePercent: z.number(),
  netTotalCents: cents,
  vatCents: cents,
  totalCents: cents,
  reservations: z.array(OrderReservationSchema),
});
export type OrderPlacedData = z.infer<typeof OrderPlacedDataSchema>;

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
  /** Order documents (domain/order/invoicing.ts): dates YYYY-MM-DD in Europe/Tallinn, times ISO-8601 UTC. */
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
  // Staff order editing (domain/order/staff-edits.ts): staff toggles, row edits and comments.
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
