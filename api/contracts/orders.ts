/**
 * Order and payment API contracts (spec 3 "Order", "Client", "Delivery address", "Payment method"; spec 7
 * POST /v1/place-order, GET/PUT /v1/payment/{token}). Imports nothing but zod: the API validates with these schemas
 * and the web app's checkout and payment page parse with them.
 *
 * Money: decimal strings in euros with 2 decimals ("12.40") beside the same amount in integer euro cents
 * (`*_cents`). Quantities are whole units. Times are ISO-8601 UTC.
 */
import { z } from 'zod';
import { safeString, wholeNumber } from './text.js';

/** A trimmed text field (spec 5: client fields are trimmed on submit); null or absent is ''; no NUL (./text.ts). */
const text = (max: number) =>
  safeString(max)
    .nullish()
    .transform((v) => (v ?? '').trim());

/**
 * One cart line (spec 3 "Cart"): a product and a whole amount of at least 1 (an integer or a string of digits).
 * Prices sent by a client are ignored.
 */
export const cartItemSchema = z.object({
  product_id: safeString(100).pipe(z.string().min(1)),
  amount: wholeNumber(1, 100_000),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const clientTypeSchema = z.enum(['private', 'business']);

/** spec 3 "Client". */
export const checkoutClientSchema = z.object({
  client_type: clientTypeSchema.default('private'),
  first_name: text(100),
  last_name: text(100),
  business_name: text(200),
  email: text(200),
  phone: text(50),
  vat_reg_nr: text(50),
});

/** spec 3 "Order" fields the shopper fills in. */
export const checkoutOrderSchema = z.object({
  delivery_provider: text(50),
  /** The parcel machine / post office id (a location provider). */
  delivery_option: text(100),
  /** Business clients' short contact address (spec 5). */
  short_contact_address: text(500),
  delivery_user_comment: text(2000),
  /** The terms of sale are accepted (spec 5): true, or the form values 1 / "1" / "on" / "true". */
  accept_terms: z
    .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'on', 'off', 'true', 'false', ''])])
    .nullish()
    .transform((v) => v === true || v === 1 || v === '1' || v === 'on' || v === 'true'),
});

/** spec 3 "Delivery address" plus the delivery country chosen in the Delivery section (EE, LV, LT, FI). */
export const checkoutDeliverySchema = z.object({
  country: text(2),
  street: text(200),
  apartment: text(50),
  city: text(100),
  state: text(100),
  area_code: text(20),
});

/** Body of POST /v1/place-order (spec 7): the cart lines plus the Client, Order and Delivery fields. */
export const placeOrderBodySchema = z.object({
  items: z.array(cartItemSchema).max(200),
  client: checkoutClientSchema.prefault({}),
  order: checkoutOrderSchema.prefault({}),
  delivery: checkoutDeliverySchema.prefault({}),
  /** The shopper's language; default from `lang` / Accept-Language. */
  language: z.enum(['et', 'en', 'en-US']).optional(),
});
export type PlaceOrderBody = z.input<typeof placeOrderBodySchema>;

/** One order row (spec 3 Order.rows: quantity and name) with its price. */
export const orderRowSchema = z.object({
  product_id: z.string(),
  code: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  /** Gross when `vat_included`, else net. */
  price: z.string(),
  price_cents: z.number().int(),
  total: z.string(),
  total_cents: z.number().int(),
});

export const deliveryAddressSchema = z.object({
  street: z.string(),
  apartment: z.string(),
  city: z.string(),
  state: z.string(),
  area_code: z.string(),
  country: z.string(),
});

/** An order as the payment page shows it (spec 3 "Order", spec 4 "Payment page"). */
export const orderSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  public_token: z.string(),
  isPaid: z.boolean(),
  /**
   * unpaid, paid, expired (not paid in time: its reserved items were released), partially_refunded or refunded (paid,
   * then some or all of it went back; isPaid stays true).
   */
  status: z.enum(['unpaid', 'paid', 'expired', 'partially_refunded', 'refunded']),
  order_date: z.string(),
  paid_at: z.string().nullable(),
  /** Refunded so far, euros with 2 decimals and cents; "0.00" / 0 when nothing. */
  refunded: z.string(),
  refunded_cents: z.number().int(),
  /** The recorded refunds, oldest first (the order's history of money going back). */
  refunds: z.array(z.object({ refund_id: z.string(), amount: z.string(), amount_cents: z.number().int(), at: z.string() })),
  language: z.enum(['et', 'en-US']),
  client_type: clientTypeSchema,
  client: z.object({
    first_name: z.string(),
    last_name: z.string(),
    business_name: z.string(),
    email: z.string(),
    phone: z.string(),
    vat_reg_nr: z.string(),
  }),
  short_contact_address: z.string(),
  delivery_user_comment: z.string(),
  delivery_provider: z.string(),
  delivery_provider_name: z.string(),
  delivery_option: z.string().nullable(),
  delivery_option_name: z.string().nullable(),
  delivery_address: deliveryAddressSchema.nullable(),
  rows: z.array(orderRowSchema),
  /** spec 5 "VAT": true when prices include VAT. */
  vat_included: z.boolean(),
  vat_rate: z.number(),
  net_total: z.string(),
  net_total_cents: z.number().int(),
  vat: z.string(),
  vat_cents: z.number().int(),
  total: z.string(),
  total_cents: z.number().int(),
});
export type Order = z.infer<typeof orderSchema>;

/** spec 3 "Payment method": name, logo_url, url, country (null: any country). */
export const paymentMethodSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo_url: z.string(),
  /** Where to ask for the redirect address: PUT this URL with { method, name, country }. */
  url: z.string(),
  country: z.string().nullable(),
});
export type PaymentMethodView = z.infer<typeof paymentMethodSchema>;

/** `data` of POST /v1/place-order and GET /v1/payment/{token}. */
export const orderWithPaymentMethodsSchema = z.object({
  order: orderSchema,
  /** Empty for a paid order or one not paid in time. */
  paymentMethods: z.array(paymentMethodSchema),
});
export type OrderWithPaymentMethods = z.infer<typeof orderWithPaymentMethodsSchema>;

/** Body of PUT /v1/payment/{token} (spec 7): the chosen method; name and country null when absent. */
export const startPaymentBodySchema = z.object({
  method: safeString(100).pipe(z.string().min(1)),
  name: safeString(200).nullish(),
  country: safeString(2).nullish(),
});
export type StartPaymentBody = z.infer<typeof startPaymentBodySchema>;

/** `data` of PUT /v1/payment/{token}: the address to send the browser to. */
export const startPaymentDataSchema = z.object({ url: z.string() });

/** `data` of a handled payment callback: the verified status as the provider reported it. */
export const paymentCallbackAnswerSchema = z.object({ status: z.string() });

/**
 * `data` of a handled refund notification: refunded / partially_refunded (the order's state once this
 * refund is recorded), or pending / failed (the provider's refund is not through: nothing recorded); with the order's
 * refunded total in euro cents.
 */
export const refundCallbackAnswerSchema = z.object({
  status: z.enum(['refunded', 'partially_refunded', 'pending', 'failed']),
  refunded_cents: z.number().int(),
});

/** A failed place-order (spec 7 "Error: redirect and errors"): `redirect` '/cart' when the cart must change. */
export const placeOrderFailureSchema = z.object({
  success: z.literal(false),
  status: z.literal('failure'),
  message: z.string(),
  errors: z.array(z.object({ code: z.string(), message: z.string(), field: z.string().optional() })),
  redirect: z.string().optional(),
});

/** Path of GET|PUT /v1/payment/{token} and GET /order/download/{token}: the order's public token. */
export const orderTokenParamsSchema = z.object({ token: safeString(200) });

/** Query of GET /v1/payment/{token}/redirect: the payment attempt (PaymentStarted's id) and the language. */
export const paymentRedirectQuerySchema = z.object({ attempt: safeString(100), lang: z.string().optional() });

/** Path of the payment callbacks: the provider id (platform/payments). */
export const paymentProviderParamsSchema = z.object({ providerId: safeString(64) });

/** Path of the browser return /payment-return/{providerId}/{token}: the provider and the order's public token. */
export const paymentReturnParamsSchema = z.object({ providerId: safeString(64), token: safeString(200) });
