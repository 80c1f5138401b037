/**
 * The checkout use case's refusals through fake ports (commands/order/place-order-from-cart.ts; spec 5 "Checkout",
 * "Quantity and stock"): each is a DomainError the API renders, and none draws an order number or touches the
 * event store. Placing itself (reservations, OrderPlaced) is proven on PostgreSQL by tests/order-place.int.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { postageProductId } from '../../domain/delivery/providers.js';
import { DomainError } from '../../domain/shared/errors.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { type CartCheckout, type CatalogProduct, type CheckoutPorts, placeOrderFromCart } from './place-order-from-cart.js';

const product = (productId: string, over: Partial<CatalogProduct> = {}): CatalogProduct => ({
  productId,
  code: productId.toUpperCase(),
  names: { et: `Toode ${productId}`, en: `Product ${productId}` },
  unit: 'pcs',
  grossCents: 1240,
  visibility: 'visible',
  hasLimitedAmount: true,
  stockTotal: 5,
  policy: 'available',
  deliveryDays: null,
  bigProduct: false,
  ...over,
});

function fakePorts(products: CatalogProduct[]) {
  const calls = { numbers: 0, store: 0, catalog: [] as string[] };
  const store = new Proxy({} as EventStore, {
    get: () => () => {
      calls.store++;
      throw new Error('the event store must not be touched');
    },
  });
  const ports: CheckoutPorts = {
    store,
    catalog: {
      products: async (ids) => {
        calls.catalog.push(...ids);
        return new Map(products.filter((p) => ids.includes(p.productId)).map((p) => [p.productId, p]));
      },
    },
    locations: { isOffered: async () => false, locationName: async () => null },
    orderNumbers: {
      next: async () => {
        calls.numbers++;
        return 1001;
      },
    },
    vatRatePercent: 24,
  };
  return { ports, calls };
}

const cart = (items: CartCheckout['items'], over: Partial<CartCheckout> = {}): CartCheckout => ({
  orderId: '00000000-0000-4000-8000-000000000001',
  language: 'en',
  items,
  client: { type: 'private', firstName: 'Mari', lastName: 'Maasikas', businessName: '', email: 'mari@example.ee', phone: '+372 5555 5555', vatRegNr: '' },
  deliveryProvider: 'omniva-courier',
  deliveryOption: '',
  shortContactAddress: '',
  comment: '',
  termsAccepted: true,
  address: { country: 'EE', street: 'Pikk 1', apartment: '', city: 'Tallinn', state: 'Harjumaa', areaCode: '10123' },
  ...over,
});
const ctx = { commandId: '00000000-0000-4000-8000-000000000002', correlationId: 'c', userId: null, now: '2026-11-22T10:00:00.000Z' };

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('placeOrderFromCart refuses', () => {
  it('an empty cart: order.empty on items', async () => {
    const { ports, calls } = fakePorts([]);
    const error = await refusal(placeOrderFromCart(ports, cart([]), ctx));
    expect([error.code, error.category, error.field]).toEqual(['order.empty', 'validation', 'items']);
    expect(calls).toMatchObject({ numbers: 0, store: 0, catalog: [] });
  });

  it('missing fields: one problem per field, in the body paths of the form', async () => {
    const { ports, calls } = fakePorts([product('a')]);
    const error = await refusal(
      placeOrderFromCart(ports, cart([{ productId: 'a', amount: 1 }], { termsAccepted: false, client: { ...cart([]).client, firstName: '' }, address: { ...cart([]).address, street: '' } }), ctx),
    );
    expect([error.code, error.category]).toEqual(['checkout.invalid', 'validation']);
    expect(error.details?.problems?.map((p) => [p.field, p.code])).toEqual(
      expect.arrayContaining([
        ['client.first_name', 'checkout.required'],
        ['order.accept_terms', 'checkout.terms_not_accepted'],
        ['delivery.street', expect.any(String)],
      ]),
    );
    expect(error.details?.redirect).toBeUndefined();
    expect(calls).toMatchObject({ numbers: 0, store: 0 });
  });

  it('lines that cannot be bought: order.not_accepted with one problem per cart line and redirect /cart', async () => {
    const { ports, calls } = fakePorts([product('few', { stockTotal: 1 }), product('gone', { visibility: 'inaccessible' }), product('noprice', { grossCents: null }), product('ok')]);
    const error = await refusal(
      placeOrderFromCart(
        ports,
        cart([
          { productId: 'ok', amount: 1 },
          { productId: 'few', amount: 1 },
          { productId: 'gone', amount: 1 },
          { productId: 'few', amount: 1 },
          { productId: 'noprice', amount: 1 },
          { productId: 'unknown', amount: 1 },
          { productId: postageProductId('omniva-parcel'), amount: 1 },
        ]),
        ctx,
      ),
    );
    expect([error.code, error.category]).toEqual(['order.not_accepted', 'validation']);
    expect(error.details).toEqual({
      redirect: '/cart',
      problems: [
        // 'few' twice: 2 units over 1 on hand, named by its first line.
        { code: 'order.not_enough_stock', field: 'items.1' },
        { code: 'order.product_unavailable', field: 'items.2' },
        { code: 'order.product_unavailable', field: 'items.4' },
        { code: 'order.product_unavailable', field: 'items.5' },
      ],
    });
    expect(calls.numbers).toBe(0);
    expect(calls.store).toBe(0);
    // The chosen provider's postage product is read with the lines (and a stale postage line the cart sent is not).
    expect(calls.catalog).toContain(postageProductId('omniva-courier'));
    expect(calls.catalog).not.toContain(postageProductId('omniva-parcel'));
  });
});
