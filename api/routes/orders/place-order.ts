/**
 * POST /v1/place-order (spec 7; spec 4 "Checkout"; spec 5 "Checkout", "Quantity and stock", "Other rules: VAT").
 *
 * Validates every spec 5 rule again on the server, in this order, and answers in the envelope:
 * 1. the body's shape (contract api/contracts/orders.ts): 400 `request.invalid` per field;
 * 2. an empty cart: 400 `order.empty` ('Cannot submit an empty order');
 * 3. the checkout fields (domain/order/checkout.ts, 'Required', terms) and the delivery
 *    (domain/delivery/providers.ts `validateDelivery`: provider, parcel machine, courier address, big products):
 *    400 with one error per field (`client.first_name`, `order.delivery_option`, `delivery.street`, ...);
 * 4. each line's product from the catalog read model: unknown, inaccessible or unpriced ->
 *    `order.product_unavailable`; a limited amount over `availableForSale` -> `order.not_enough_stock`: 400
 *    `order.not_accepted` with `redirect: '/cart'` and one error per line (`items.<i>`);
 * 5. places the order (commands/order/place-order.ts), pricing every row from the catalog (client prices are
 *    ignored): a line that cannot be reserved any more -> 409 `order.not_accepted` with `redirect: '/cart'`.
 * Success: 200 `{ order, paymentMethods }` (api/contracts/orders.ts).
 *
 * Header Idempotency-Key (api/idempotency.ts): a retried request gets the same order and a byte-identical body;
 * the order id is derived from the key, so even a retry after a crash places no second order.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { v5 as uuidv5 } from 'uuid';
import { OrderNotAccepted, placeOrder, type PlaceOrderLine } from '../../../commands/order/place-order.js';
import { deliveryProvider, isDeliveryProviderId, postageProductId, providerOfPostageProduct, validateDelivery } from '../../../domain/delivery/providers.js';
import { checkoutBodyPath, checkoutFieldErrors } from '../../../domain/order/checkout.js';
import type { OrderDelivery } from '../../../domain/order/order.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { getProduct, type ListedProduct } from '../../../projections/catalog/queries.js';
import { getLocation, offeredOptionFor } from '../../../projections/delivery/queries.js';
import { placeOrderBodySchema } from '../../contracts/orders.js';
import type { ApiDeps } from '../../deps.js';
import { idempotencyKeyOf, requestHash, withIdempotency } from '../../idempotency.js';
import { type ApiLanguage, message, requestLanguage } from '../../messages.js';
import { paymentMethodsFor, toApiOrder } from './to-order.js';
import { csrfProtected } from '../../csrf.js';

const ORDER_ID_NAMESPACE = '9a3c1d52-6f0e-4b8a-a1f7-3c2d9e4b5a60';
const STATUS_BY_CATEGORY = { validation: 400, not_found: 404, illegal_state: 409, conflict: 409 } as const;

interface ErrorItem {
  code: string;
  field?: string;
  message?: string;
}
interface Answer {
  status: number;
  payload: unknown;
}

/** The failure envelope of spec 7, plus `redirect` when the shopper must go back to the cart. */
export function failure(language: ApiLanguage, status: number, errors: ErrorItem[], extra: { message?: string; redirect?: string } = {}): Answer {
  const items = errors.map((e) => ({ code: e.code, message: e.message ?? message(e.code, language), ...(e.field ? { field: e.field } : {}) }));
  return {
    status,
    payload: {
      success: false,
      status: 'failure',
      message: extra.message ?? items[0]?.message ?? message('request.invalid', language),
      errors: items,
      ...(extra.redirect ? { redirect: extra.redirect } : {}),
    },
  };
}

/** Decides the answer of one place-order request (no I/O on the reply: the idempotency layer stores it). */
async function answer(deps: ApiDeps, raw: unknown, headerLanguage: ApiLanguage, key: string | undefined, correlationId: string): Promise<Answer> {
  const parsed = placeOrderBodySchema.safeParse(raw);
  if (!parsed.success) {
    return failure(headerLanguage, 400, parsed.error.issues.map((i) => ({ code: 'request.invalid', field: i.path.join('.') || undefined })));
  }
  const body = parsed.data;
  const language: ApiLanguage = body.language ? (body.language === 'et' ? 'et' : 'en') : headerLanguage;
  if (body.items.length === 0) return failure(language, 400, [{ code: 'order.empty', field: 'items' }]);

  // One line per product, in the order the cart lists them.
  const amounts = new Map<string, number>();
  for (const item of body.items) amounts.set(item.product_id, (amounts.get(item.product_id) ?? 0) + item.amount);
  const now = deps.now();
  // The delivery fee is the chosen provider's postage product, priced from the catalog like any line (spec 7
  // GET /v1/delivery-provider/{id}): exactly one such line whatever the cart sent (a stale or missing one is
  // fixed), when the catalog has it (commands/delivery/setup-delivery.ts creates them on start).
  for (const item of [...amounts.keys()]) if (providerOfPostageProduct(item)) amounts.delete(item);
  const postageId = isDeliveryProviderId(body.order.delivery_provider) ? postageProductId(body.order.delivery_provider) : null;
  if (postageId) amounts.set(postageId, 1);
  const loaded = await Promise.all([...amounts.keys()].map(async (id) => [id, await getProduct(deps.db, id, now)] as const));
  // Read with the other lines; left out when the catalog has no postage product.
  const found = loaded.filter(([id, product]) => id !== postageId || product !== null);
  if (postageId && found.length < loaded.length) amounts.delete(postageId);
  const productIds = found.map(([id]) => id);
  const products = found.map(([, product]) => product);

  // Spec 5 "Checkout": the form's fields and the delivery.
  const { client, order, delivery } = body;
  const offered = await offeredOptionFor(deps.db, order.delivery_provider, order.delivery_option);
  const fieldErrors: ErrorItem[] = checkoutFieldErrors({
    clientType: client.client_type,
    firstName: client.first_name,
    lastName: client.last_name,
    businessName: client.business_name,
    email: client.email,
    phone: client.phone,
    shortContactAddress: order.short_contact_address,
    deliveryProvider: order.delivery_provider,
    termsAccepted: order.accept_terms,
  }).map((e) => ({ code: e.code, field: checkoutBodyPath(e.field) }));
  for (const e of validateDelivery(
    {
      providerId: order.delivery_provider,
      optionId: order.delivery_option,
      address: delivery,
      country: delivery.country,
      cartHasBigProduct: products.some((p) => p?.doc.big_product),
    },
    offered,
  )) {
    const field = checkoutBodyPath(e.field);
    if (!fieldErrors.some((f) => f.field === field)) fieldErrors.push({ code: e.code, field, message: e.messages[language] });
  }
  if (fieldErrors.length) return failure(language, 400, fieldErrors);

  // Spec 5 "Quantity and stock": every line purchasable, limited amounts within availableForSale. An error names
  // the cart line (`items.<index>` of the body; the first line of a product listed twice).
  const itemField = (productId: string) => `items.${body.items.findIndex((item) => item.product_id === productId)}`;
  const lineErrors: ErrorItem[] = [];
  productIds.forEach((id, i) => {
    const p = products[i];
    if (!purchasable(p)) lineErrors.push({ code: 'order.product_unavailable', field: itemField(id) });
    else if (p.hasLimitedAmount && amounts.get(id)! > p.stockTotal) lineErrors.push({ code: 'order.not_enough_stock', field: itemField(id) });
  });
  if (lineErrors.length) return failure(language, 400, lineErrors, { message: message('order.not_accepted', language), redirect: '/cart' });

  const lines: PlaceOrderLine[] = productIds.map((id, i) => {
    const d = products[i]!.doc;
    return {
      productId: id,
      code: d.code1,
      name: (language === 'en' ? d.name_en || d.name_et : d.name_et || d.name_en) || d.code1,
      unit: d.unit,
      quantity: amounts.get(id)!,
      grossUnitCents: d.gross_cents!,
      policy: d.policy,
      deliveryDays: d.delivery_days,
    };
  });
  const provider = deliveryProvider(order.delivery_provider)!;
  const location = provider.inputType === 'Address' ? null : await getLocation(deps.db, provider.id, order.delivery_option);
  const orderDelivery: OrderDelivery = {
    providerId: provider.id,
    providerName: provider.name[language],
    optionId: provider.inputType === 'Address' ? null : order.delivery_option,
    optionName: location?.name ?? null,
    address:
      provider.inputType === 'Address'
        ? { street: delivery.street, apartment: delivery.apartment, city: delivery.city, state: delivery.state, areaCode: delivery.area_code, country: delivery.country.toUpperCase() }
        : null,
  };
  const orderId = key ? uuidv5(`place-order:${key}`, ORDER_ID_NAMESPACE) : randomUUID();
  const commandId = key ? uuidv5(`place-order-command:${key}`, ORDER_ID_NAMESPACE) : randomUUID();
  try {
    const placed = await placeOrder(
      deps.store,
      {
        orderId,
        language: language === 'et' ? 'et' : 'en-US',
        client: {
          type: client.client_type,
          firstName: client.first_name,
          lastName: client.last_name,
          businessName: client.business_name,
          email: client.email,
          phone: client.phone,
          vatRegNr: client.vat_reg_nr,
        },
        shortContactAddress: client.client_type === 'business' ? order.short_contact_address : '',
        comment: order.delivery_user_comment,
        delivery: orderDelivery,
        lines,
        vatRatePercent: deps.vatRatePercent ?? 24,
      },
      { commandId, correlationId: correlationId, userId: null, now },
      { nextOrderNumber: () => nextOrderNumber(deps) },
      // A random order id (no key) is new for sure; a key's order id may exist from an earlier attempt.
      { mayExist: key !== undefined },
    );
    const { reservations, ...rest } = placed;
    const summary = { ...rest, isPaid: false, paidAt: null };
    const reservation = reservations.length ? 'held' : 'none';
    return { status: 200, payload: { success: true, status: 'success', data: { order: toApiOrder(summary, reservation), paymentMethods: paymentMethodsFor(deps.payments, summary, reservation) } } };
  } catch (error) {
    if (error instanceof OrderNotAccepted) {
      const errors = error.problems.map((p) => ({ code: 'order.not_enough_stock', field: itemField(p.productId) }));
      return failure(language, 409, errors, { message: message('order.not_accepted', language), redirect: '/cart' });
    }
    if (error instanceof DomainError) return failure(language, STATUS_BY_CATEGORY[error.category], [{ code: error.code, field: error.field, message: message(error.code, language, error.message) }]);
    throw error;
  }
}

/** Buyable by a shopper: known, priced, and not inaccessible (spec 4 "Visibility"). */
function purchasable(p: ListedProduct | null): p is ListedProduct {
  return !!p && p.visibility !== 'inaccessible' && p.doc.gross_cents !== null;
}

/** The next order number (spec 3: assigned on saving) from PostgreSQL sequence `order_number_seq`; gaps allowed. */
async function nextOrderNumber(deps: ApiDeps): Promise<number> {
  const r = await sql<{ n: string }>`select nextval('order_number_seq')::text as n`.execute(deps.db);
  return Number(r.rows[0].n);
}

export function placeOrderRoute(app: FastifyInstance, deps: ApiDeps): void {
  app.post('/v1/place-order', { onRequest: csrfProtected(app) }, async (request, reply) => {
    const key = idempotencyKeyOf(request.headers['idempotency-key']);
    const language = requestLanguage(request.query, request.headers['accept-language']);
    const result = await withIdempotency(deps.db, 'place-order', key, requestHash('POST', '/v1/place-order', request.body ?? null), async () => {
      const a = await answer(deps, request.body, language, key, request.id);
      return { statusCode: a.status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(a.payload) };
    });
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return reply.status(result.statusCode).type(result.contentType).send(result.body);
  });
}
