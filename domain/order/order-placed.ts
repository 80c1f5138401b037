/**
 * OrderPlaced's data as zod schemas and the types inferred from them (spec 3 "Order", "Client", "Delivery"): the
 * order as saved, defined by the event itself, not by the read model's OrderSummary. Amounts are integer euro
 * cents, times ISO-8601 UTC. Imports nothing but zod, so the aggregate (./order.ts, ./staff-edits.ts) and the
 * event schemas (./events.ts) both build on it and the types point one way: events -> order -> staff-edits ->
 * order-placed, as in every other aggregate (events.ts imports the aggregate, never the other way).
 */
import { z } from 'zod';

/** Whole euro cents. */
export const cents = z.number().int();

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
