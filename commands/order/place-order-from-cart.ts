/**
 * The shopper's checkout as a use case (spec 4 "Checkout", spec 5 "Checkout", "Quantity and stock",
 * "Other rules: VAT"): a cart and the checkout form in, a placed order out. The api's POST /v1/place-order parses
 * the body and calls this; staff order editing is to reuse it. It reads the catalog, the parcel machines and the
 * order-number sequence only through the ports below (adapters: api/plugins/order-ports.ts), so the write side never
 * calls up into api/ or projections/.
 *
 * Checks, in this order, each failing with a DomainError the API renders in its envelope (api/plugins/errors.ts):
 * 1. an empty cart: validation `order.empty` (field `items`);
 * 2. the checkout fields (domain/order/checkout.ts) and the delivery (domain/delivery/providers.ts
 *    `validateDelivery`): validation `checkout.invalid` with one problem per field (`client.first_name`,
 *    `order.delivery_option`, `delivery.street`, ...);
 * 3. every line's product: unknown, inaccessible or unpriced -> `order.product_unavailable`; a limited amount over
 *    the units on hand -> `order.not_enough_stock`: validation `order.not_accepted` with one problem per cart line
 *    (`items.<i>`) and `redirect: '/cart'`;
 * 4. the share of each limited product's stock the shopper's address may hold in unpaid orders (port ReserveShare):
 *    a line past it -> conflict `order.reserve_share_exceeded` with one problem per such line (`items.<i>`), no
 *    redirect (the cart cannot show why);
 * 5. places the order (./place-order.ts `placeOrder`), every row priced from the catalog (prices a client sends are
 *    never read): a line reserved away meanwhile -> conflict `order.not_accepted` (problems `order.not_enough_stock`
 *    per line, `redirect: '/cart'`).
 * The delivery fee is the chosen provider's postage product, priced like any line: exactly one such line whatever
 * the cart sent, when the catalog has it (commands/delivery/ensure-postage-products.ts).
 */
import { deliveryProvider, isDeliveryProviderId, postageProductId, providerOfPostageProduct, validateDelivery } from '../../domain/delivery/providers.js';
import { checkoutBodyPath, checkoutFieldErrors } from '../../domain/order/checkout.js';
import type { OrderDelivery, OrderPlacedData } from '../../domain/order/order.js';
import type { AvailabilityPolicy } from '../../domain/product/availability.js';
import { DomainError, type DomainProblem } from '../../domain/shared/errors.js';
import type { EventStore } from '../../platform/event-store/port.js';
import type { CommandContext } from '../shared/command-handler.js';
import { OrderNotAccepted, placeOrder, type PlaceOrderLine } from './place-order.js';

/** A product as the catalog sells it at a moment (port CatalogPrices). Money in euro cents, stock in whole units. */
export interface CatalogProduct {
  productId: string;
  code: string;
  names: { et: string; en: string };
  unit: string;
  /** Gross unit price in euro cents; null: not priced, cannot be bought. */
  grossCents: number | null;
  /** Visibility at the moment asked (spec 4 "Visibility"): an inaccessible product cannot be bought. */
  visibility: 'visible' | 'hidden' | 'inaccessible';
  /** True when the amount sold is limited by stock (spec 5 "Quantity and stock"). */
  hasLimitedAmount: boolean;
  /** Units on hand over every warehouse. */
  stockTotal: number;
  policy: AvailabilityPolicy;
  deliveryDays: number | null;
  bigProduct: boolean;
}

/** Port: the catalog's products and prices (adapter: the catalog read model). */
export interface CatalogPrices {
  /** The products at `now` (ISO-8601) by id, in one read; an id the catalog does not know is absent. */
  products(productIds: string[], now: string): Promise<Map<string, CatalogProduct>>;
}

/** Port: the parcel machines and post offices (adapter: the delivery locations read model). */
export interface DeliveryLocations {
  /** Whether `optionId` is a location `providerId` offers now. */
  isOffered(providerId: string, optionId: string): Promise<boolean>;
  /** The location's name, or null when unknown. */
  locationName(providerId: string, optionId: string): Promise<string | null>;
}

/** Port: order numbers (spec 3 Order.number: assigned on saving; gaps allowed). */
export interface OrderNumbers {
  next(): Promise<number>;
}

/**
 * Port: the share of a product's stock the shopper's client address may hold in unpaid orders (adapter:
 * api/routes/orders/reserve-share.ts). `claim` records the order's limited lines against the address when every
 * line fits its share and answers [] , else changes nothing and answers the lines that do not fit with the units
 * still allowed; a claim of the same order id again replaces its lines. `release` forgets the order's claim.
 */
export interface ReserveShare {
  claim(orderId: string, lines: { productId: string; quantity: number; freeUnits: number }[]): Promise<{ productId: string; allowed: number }[]>;
  release(orderId: string): Promise<void>;
}

export interface CheckoutPorts {
  store: EventStore;
  catalog: CatalogPrices;
  locations: DeliveryLocations;
  orderNumbers: OrderNumbers;
  /** VAT rate in percent (spec 5 "VAT"). */
  vatRatePercent: number;
  /** The per-address share of each product's stock; absent: no cap. */
  reserveShare?: ReserveShare;
}

/** The cart and the checkout form (spec 3 "Cart", "Client", "Order", "Delivery address"), trimmed. */
export interface CartCheckout {
  orderId: string;
  /** The order's language; messages in errors follow it. */
  language: 'et' | 'en';
  /** Cart lines in the cart's order; a product may appear twice (amounts are summed). Whole units >= 1. */
  items: { productId: string; amount: number }[];
  client: { type: 'private' | 'business'; firstName: string; lastName: string; businessName: string; email: string; phone: string; vatRegNr: string };
  deliveryProvider: string;
  deliveryOption: string;
  shortContactAddress: string;
  comment: string;
  termsAccepted: boolean;
  address: { country: string; street: string; apartment: string; city: string; state: string; areaCode: string };
}

const notAccepted = (category: 'validation' | 'conflict', problems: DomainProblem[]) =>
  new DomainError('order.not_accepted', category, 'The order was not accepted. More information can be seen in the shopping cart.', undefined, { problems, redirect: '/cart' });

/**
 * Places the order of a cart (see the module comment for the checks and their errors).
 * @param options.mayExist false when `orderId` is new for sure (random): skips looking for a stored order
 * @returns the OrderPlacedData (the stored one when the order id was placed before) and whether stock is held
 * @throws DomainError `order.empty`, `checkout.invalid`, `order.not_accepted` (validation or conflict), or one of
 *   the Order decider's; WrongExpectedVersionError when a stream stays contended.
 */
export async function placeOrderFromCart(ports: CheckoutPorts, input: CartCheckout, ctx: CommandContext, options: { mayExist?: boolean } = {}): Promise<OrderPlacedData> {
  const { language } = input;
  if (input.items.length === 0) throw new DomainError('order.empty', 'validation', 'Cannot submit an empty order', 'items');

  // One line per product, in the order the cart lists them; the postage line replaced by the chosen provider's.
  const amounts = new Map<string, number>();
  for (const item of input.items) amounts.set(item.productId, (amounts.get(item.productId) ?? 0) + item.amount);
  for (const id of [...amounts.keys()]) if (providerOfPostageProduct(id)) amounts.delete(id);
  const postageId = isDeliveryProviderId(input.deliveryProvider) ? postageProductId(input.deliveryProvider) : null;
  if (postageId) amounts.set(postageId, 1);
  // The catalog, the delivery location and its name are read at once (three round trips side by side).
  const providerId = input.deliveryProvider.trim();
  const optionId = input.deliveryOption.trim();
  const [products, offered, optionName] = await Promise.all([
    ports.catalog.products([...amounts.keys()], ctx.now),
    providerId && optionId ? ports.locations.isOffered(providerId, optionId) : Promise.resolve(false),
    providerId && optionId ? ports.locations.locationName(providerId, optionId) : Promise.resolve(null),
  ]);
  const loaded = [...amounts.keys()].map((id) => [id, products.get(id) ?? null] as const);
  // Read with the other lines; left out when the catalog has no postage product.
  const found = loaded.filter(([id, product]) => id !== postageId || product !== null);
  if (postageId && found.length < loaded.length) amounts.delete(postageId);

  // Spec 5 "Checkout": the form's fields and the delivery.
  const problems: DomainProblem[] = checkoutFieldErrors({
    clientType: input.client.type,
    firstName: input.client.firstName,
    lastName: input.client.lastName,
    businessName: input.client.businessName,
    email: input.client.email,
    phone: input.client.phone,
    shortContactAddress: input.shortContactAddress,
    deliveryProvider: input.deliveryProvider,
    termsAccepted: input.termsAccepted,
  }).map((e) => ({ code: e.code, field: checkoutBodyPath(e.field) }));
  for (const e of validateDelivery(
    {
      providerId: input.deliveryProvider,
      optionId: input.deliveryOption,
      address: { street: input.address.street, apartment: input.address.apartment, city: input.address.city, state: input.address.state, area_code: input.address.areaCode, country: input.address.country },
      country: input.address.country,
      cartHasBigProduct: found.some(([, p]) => p?.bigProduct),
    },
    (p, o) => offered && p === providerId && o === optionId,
  )) {
    const field = checkoutBodyPath(e.field);
    if (!problems.some((f) => f.field === field)) problems.push({ code: e.code, field, message: e.messages[language] });
  }
  if (problems.length) {
    throw new DomainError('checkout.invalid', 'validation', problems.map((p) => `${p.field}: ${p.code}`).join('; '), problems[0].field, { problems });
  }

  // Spec 5 "Quantity and stock": every line purchasable, limited amounts within the units on hand. A problem names
  // the cart line (`items.<index>`; the first line of a product listed twice).
  const itemField = (productId: string) => `items.${input.items.findIndex((item) => item.productId === productId)}`;
  const lineProblems: DomainProblem[] = [];
  for (const [id, p] of found) {
    if (!purchasable(p)) lineProblems.push({ code: 'order.product_unavailable', field: itemField(id) });
    else if (p.hasLimitedAmount && amounts.get(id)! > p.stockTotal) lineProblems.push({ code: 'order.not_enough_stock', field: itemField(id) });
  }
  if (lineProblems.length) throw notAccepted('validation', lineProblems);

  // The share of the stock one client address may hold unpaid (spec 5 "Quantity and stock": an order takes at most
  // the units on hand; one address at most its share of them).
  const limited = found.filter(([, p]) => p!.hasLimitedAmount).map(([id, p]) => ({ productId: id, quantity: amounts.get(id)!, freeUnits: p!.stockTotal }));
  const refused = ports.reserveShare && limited.length ? await ports.reserveShare.claim(input.orderId, limited) : [];
  if (refused.length) {
    throw new DomainError('order.reserve_share_exceeded', 'conflict', refused.map((r) => `${r.productId}: at most ${r.allowed} more units from this address`).join('; '), undefined, {
      problems: refused.map((r) => ({ code: 'order.reserve_share_exceeded', field: itemField(r.productId) })),
    });
  }

  const lines: PlaceOrderLine[] = found.map(([id, p]) => ({
    productId: id,
    code: p!.code,
    name: (language === 'en' ? p!.names.en || p!.names.et : p!.names.et || p!.names.en) || p!.code,
    unit: p!.unit,
    quantity: amounts.get(id)!,
    grossUnitCents: p!.grossCents!,
    policy: p!.policy,
    deliveryDays: p!.deliveryDays,
  }));
  const provider = deliveryProvider(input.deliveryProvider)!;
  const byAddress = provider.inputType === 'Address';
  const a = input.address;
  const delivery: OrderDelivery = {
    providerId: provider.id,
    providerName: provider.name[language],
    optionId: byAddress ? null : input.deliveryOption,
    optionName: byAddress ? null : provider.id === providerId && input.deliveryOption === optionId ? optionName : await ports.locations.locationName(provider.id, input.deliveryOption),
    address: byAddress ? { street: a.street, apartment: a.apartment, city: a.city, state: a.state, areaCode: a.areaCode, country: a.country.toUpperCase() } : null,
  };
  try {
    return await placeOrder(
      ports.store,
      {
        orderId: input.orderId,
        language: language === 'et' ? 'et' : 'en-US',
        client: { ...input.client },
        shortContactAddress: input.client.type === 'business' ? input.shortContactAddress : '',
        comment: input.comment,
        delivery,
        lines,
        vatRatePercent: ports.vatRatePercent,
      },
      ctx,
      { nextOrderNumber: () => ports.orderNumbers.next() },
      options,
    );
  } catch (error) {
    // Nothing was placed: the address no longer holds these units.
    if (ports.reserveShare && limited.length) await ports.reserveShare.release(input.orderId).catch(() => {});
    if (error instanceof OrderNotAccepted) throw notAccepted('conflict', error.problems.map((p) => ({ code: 'order.not_enough_stock', field: itemField(p.productId) })));
    throw error;
  }
}

/** Buyable by a shopper: known, priced, and not inaccessible (spec 4 "Visibility"). */
function purchasable(p: CatalogProduct | null): p is CatalogProduct & { grossCents: number } {
  return !!p && p.visibility !== 'inaccessible' && p.grossCents !== null;
}
