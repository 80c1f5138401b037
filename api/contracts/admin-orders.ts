/**
 * Order administration contracts (staff order editing; spec 2 "Admin area" OrderList, OrderEdit and the order client
 * info block; spec 3 "Order", "Delivery address"; spec 4 "Order flags"; spec 5 "VAT", "an order cannot be saved
 * without a product or service name"; spec 9 page sizes). Paths under /v1/admin/orders; permissions `orders.view`
 * (GET) and `orders.edit` (PUT, POST; CSRF token required). Imports nothing but zod.
 *
 * Money is integer euro cents. A row's `unitPriceCents`, the discount and the service fee are in the order's price
 * basis: with VAT when `vatIncluded` (spec 5: the client's VAT number is under 2 characters or starts with EE),
 * else without VAT; the server recomputes every line total, the net total, the VAT and the total.
 *
 * Failures come in the spec 7 envelope (`success: false`, `errors: [{ code, field?, message }]`, message in the
 * request's language):
 * - 400 input refused by these schemas, or `order.row_name_required` ('Saving failed, can't save order without
 *   product/service name', field `rows.<i>.name`), `order.quantity_invalid`, `order.price_invalid`,
 *   `order.discount_invalid` (more than the rows and the fee), `order.product_unknown` (field `rows.<i>.productId`),
 *   `order.empty`, `order.too_many_rows`;
 * - 401 no staff session, 403 without the permission or a bad CSRF token;
 * - 404 `order.not_found`;
 * - 409 `order.changed_meanwhile` (the `version` sent is stale; the message names who changed it and when, and the
 *   error's `details` carry `{ changedBy, changedAt, version }`), `order.not_enough_stock` (a product row asks for more
 *   units than are free; field `rows.<i>.quantity`, the free units in the message), `order.filled` (rows, discount or
 *   fee of a filled order: mark it unfilled first), `order.being_edited` (another staff member's save is in progress).
 */
import { z } from 'zod';
import { safeString } from './text.js';

/** Page sizes of the list (spec 9: 24, 48, 84, 120; default 24). */
export const ADMIN_ORDER_PAGE_SIZES = [24, 48, 84, 120] as const;
/** Most rows an order holds, most whole units per row, largest amount in cents (domain/order ORDER_LIMITS). */
export const ADMIN_ORDER_LIMITS = { rows: 200, quantity: 100_000, cents: 100_000_000, comment: 5_000 } as const;

/** `1`/`true` or `0`/`false` in a query string; anything else is refused. */
const queryFlag = z.enum(['1', 'true', '0', 'false']).transform((v) => v === '1' || v === 'true');
/** A whole number in a query string (digits only). */
const queryInt = (min: number, max: number) => z.string().regex(/^\d{1,9}$/).transform(Number).pipe(z.number().int().min(min).max(max));
/** A calendar day `YYYY-MM-DD` (read in the shop's time zone, Europe/Tallinn). */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).pipe(z.iso.date());
const cents = z.number().int();

/**
 * Query of GET /v1/admin/orders (OrderList). `q`: an order number, or words of the client's name or business name,
 * e-mail or phone (case and spaces ignored); `paid`, `filled`: `1`/`0`; `from`, `to`: placing day, both inclusive;
 * `provider`: a delivery provider id (omniva-parcel, omniva-po, itella-ee-parcel, itella-fi-parcel, omniva-courier,
 * ...); `page` 1-based; `pageSize` 24/48/84/120 (default 24). Newest first.
 */
export const adminOrderListQuerySchema = z.object({
  lang: z.string().max(10).optional(),
  q: safeString(100).optional(),
  paid: queryFlag.optional(),
  filled: queryFlag.optional(),
  from: day.optional(),
  to: day.optional(),
  provider: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/).optional(),
  page: queryInt(1, 100_000).optional(),
  pageSize: queryInt(1, 120).refine((n) => (ADMIN_ORDER_PAGE_SIZES as readonly number[]).includes(n), { message: 'pageSize is 24, 48, 84 or 120' }).optional(),
});
export type AdminOrderListQuery = z.input<typeof adminOrderListQuerySchema>;

/**
 * One row of OrderList. `clientName`: the business name of a business client, else first and last name;
 * `placedAt` ISO-8601 UTC; `totalCents` what the client pays (euro cents); `paymentMethod` the method id of the
 * latest payment attempt, null when none was started; `deliveryOptionName` the parcel machine or post office, null
 * for a courier.
 */
export const adminOrderListItemSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  placedAt: z.string(),
  clientType: z.enum(['private', 'business']),
  clientName: z.string(),
  email: z.string(),
  phone: z.string(),
  totalCents: cents,
  paid: z.boolean(),
  filled: z.boolean(),
  deliveryProviderId: z.string(),
  deliveryProviderName: z.string(),
  deliveryOptionName: z.string().nullable(),
  paymentMethod: z.string().nullable(),
});
export type AdminOrderListItem = z.infer<typeof adminOrderListItemSchema>;

/** `data` of GET /v1/admin/orders: one page and the total over all pages. */
export const adminOrderListSchema = z.object({
  orders: z.array(adminOrderListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

/** Path of /v1/admin/orders/{id}: the order id (a uuid). */
export const adminOrderParamsSchema = z.object({ id: z.string().regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/) });

/**
 * One row of an order as OrderEdit shows it. `productId` set: a catalog product row (its stock is reserved while the
 * order is open); null: a service row named by staff. `quantity` whole units of `unit`; `unitPriceCents` in the
 * order's price basis (see the module comment); `lineTotalCents` = unit price x quantity.
 */
export const adminOrderRowSchema = z.object({
  productId: z.string().nullable(),
  code: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  unitPriceCents: cents,
  lineTotalCents: cents,
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

/**
 * An order as GET /v1/admin/orders/{id} answers it: everything OrderEdit shows (the order client info block, the
 * delivery address, rows, discount, fee, totals and VAT, comments, flags, document timestamps) plus `version`, the
 * order stream's version that PUT sends back.
 */
export const adminOrderSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  publicToken: z.string(),
  /** ISO-8601 UTC. */
  placedAt: z.string(),
  language: z.enum(['et', 'en-US']),
  /** Spec 3 Client. */
  client: z.object({
    type: z.enum(['private', 'business']),
    firstName: z.string(),
    lastName: z.string(),
    businessName: z.string(),
    email: z.string(),
    phone: z.string(),
    vatRegNr: z.string(),
  }),
  /** Spec 3 Order.short_contact_address (business clients). */
  shortContactAddress: z.string(),
  /** Spec 3 Order.delivery_user_comment: what the shopper wrote at checkout. */
  userComment: z.string(),
  /** Spec 3 Delivery provider and option; `address` for a courier (spec 3 "Delivery address"), else null. */
  delivery: z.object({
    providerId: z.string(),
    providerName: z.string(),
    optionId: z.string().nullable(),
    optionName: z.string().nullable(),
    address: z.object({ street: z.string(), apartment: z.string(), city: z.string(), state: z.string(), areaCode: z.string(), country: z.string() }).nullable(),
  }),
  /** Payment attempts in order (spec 3 "a payment methods list"). */
  payments: z.array(z.object({ attempt: z.number().int(), methodId: z.string(), providerId: z.string(), startedAt: z.string() })),
  /** Spec 4 Order flags. `paidAt`/`filledAt`: ISO-8601 UTC, null while not paid / not filled. */
  paid: z.boolean(),
  paidAt: z.string().nullable(),
  filled: z.boolean(),
  filledAt: z.string().nullable(),
  rows: z.array(adminOrderRowSchema),
  discountCents: cents,
  serviceFeeCents: cents,
  /** Spec 5 VAT rule: true when prices include VAT. */
  vatIncluded: z.boolean(),
  vatRatePercent: z.number(),
  netTotalCents: cents,
  vatCents: cents,
  totalCents: cents,
  /** Internal comment of the staff (never shown to the client). */
  employeeComment: z.string(),
  /** Comment printed on the invoice. */
  invoiceComment: z.string(),
  /** Spec 3: when the prepayment invoice and the invoice were last sent (ISO-8601 UTC), null when never. */
  prepaymentInvoiceSentAt: z.string().nullable(),
  invoiceSentAt: z.string().nullable(),
  /** Units the order holds per product (limited-amount products only). */
  reservations: z.array(z.object({ productId: z.string(), quantity: z.number().int() })),
  /** The order stream's version: PUT sends it back. */
  version: z.number().int(),
  /** Who changed the order last (staff user id, null for the shopper or the system) and when (ISO-8601 UTC). */
  changedBy: z.string().nullable(),
  changedAt: z.string(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/**
 * One row of the edit. `productId` a catalog product's id, or null for a service row; `name` must not be blank (the
 * server answers 400 `order.row_name_required` with spec 5's message, so the form shows it); `quantity` whole units
 * 1..100000; `unitPriceCents` in the order's price basis, 0..100000000; `code` and `unit` are shown on the invoice
 * (a product row's code and unit default to the catalog's when empty).
 */
export const adminOrderRowInputSchema = z.object({
  productId: z.string().regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/).nullable(),
  code: safeString(64).default(''),
  name: safeString(255),
  quantity: z.number().int().min(1).max(ADMIN_ORDER_LIMITS.quantity),
  unit: safeString(16).default(''),
  unitPriceCents: z.number().int().min(0).max(ADMIN_ORDER_LIMITS.cents),
});
export type AdminOrderRowInput = z.input<typeof adminOrderRowInputSchema>;

/**
 * Body of PUT /v1/admin/orders/{id} (OrderEdit's save): every row as the form holds it, the discount and the shop
 * service fee (euro cents, order's price basis), the employee (internal) and invoice comments, and the `version`
 * the screen read. Answers 200 the order as GET shows it. Adding or raising a product row reserves its units,
 * lowering or removing releases them (409 `order.not_enough_stock` when too few are free; nothing is changed then).
 */
export const updateAdminOrderBodySchema = z.object({
  version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  rows: z.array(adminOrderRowInputSchema).min(1).max(ADMIN_ORDER_LIMITS.rows),
  discountCents: z.number().int().min(0).max(ADMIN_ORDER_LIMITS.cents),
  serviceFeeCents: z.number().int().min(0).max(ADMIN_ORDER_LIMITS.cents),
  employeeComment: safeString(ADMIN_ORDER_LIMITS.comment),
  invoiceComment: safeString(ADMIN_ORDER_LIMITS.comment),
});
export type UpdateAdminOrderBody = z.input<typeof updateAdminOrderBodySchema>;

/** Body of POST /v1/admin/orders/{id}/paid (spec 4: paid toggles). Answers 200 the order. */
export const adminOrderPaidBodySchema = z.object({ paid: z.boolean() });
export type AdminOrderPaidBody = z.infer<typeof adminOrderPaidBodySchema>;

/**
 * Body of POST /v1/admin/orders/{id}/filled (spec 4: filled toggles). Filling ships the order's reserved stock
 * (StockShipped per warehouse); un-filling returns it to the order's reservations. Answers 200 the order.
 */
export const adminOrderFilledBodySchema = z.object({ filled: z.boolean() });
export type AdminOrderFilledBody = z.infer<typeof adminOrderFilledBodySchema>;
