/**
 * POST /v1/place-order on real PostgreSQL (spec 4 "Checkout", spec 5, spec 7): orders priced from the
 * catalog (client prices ignored) with the VAT rule, field errors ('Required'), empty orders, products that cannot
 * be bought or are short of stock (redirect /cart), stock reservations lowering availableForSale, the read model
 * behind GET /v1/payment/{token}, compensation of a multi-line order, and Idempotency-Key.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutBody, productRow, stockOf } from './support/order-test-kit.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { OrderNotAccepted, placeOrder } from '../commands/order/place-order.js';
import { setProductVisibility } from '../commands/product/set-product-visibility.js';
import { setupDelivery } from '../commands/delivery/setup-delivery.js';
import { postageProductId } from '../domain/delivery/providers.js';
import { toOrderStreamId } from '../domain/order/order.js';
import { listOfferedLocations } from '../projections/delivery/queries.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { type CsrfHeaders, csrfHeaders } from './support/csrf.js';

let h: ShopHarness;
let csrf: CsrfHeaders;
const id = productIdForCode;
const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });

const post = async (body: unknown, headers: Record<string, string> = {}) => {
  const res = await h.app.inject({ method: 'POST', url: '/v1/place-order?lang=en', payload: body as object, headers: { ...csrf, ...headers } });
  return { status: res.statusCode, body: res.json(), raw: res.body, headers: res.headers };
};

beforeAll(async () => {
  h = await createShopHarness('order_place', { api: { vatRatePercent: 24 } });
  csrf = await csrfHeaders(h.app);
  const report = await h.importCatalogRows([
    productRow('LIM-5', { grossCents: 1240, stock: 5 }),
    productRow('LIM-1', { grossCents: 999, stock: 1 }),
    productRow('DEMAND', { grossCents: 500, stock: 0, policy: 'on_demand' }),
    productRow('NOPRICE', { grossCents: null, stock: 5 }),
    productRow('HIDDEN', { grossCents: 100, stock: 5 }),
    productRow('GONE', { grossCents: 100, stock: 5 }),
    productRow('BIG', { grossCents: 10000, stock: 3, bigProduct: true }),
    productRow('MULTI-A', { grossCents: 100, stock: 5 }),
    productRow('MULTI-B', { grossCents: 100, stock: 1 }),
    productRow('IDEM', { grossCents: 700, stock: 10 }),
    productRow('COMP-A', { grossCents: 100, stock: 5 }),
    productRow('COMP-B', { grossCents: 100, stock: 1 }),
  ]);
  expect(report.errors).toEqual([]);
  await setProductVisibility(h.store, { productId: id('HIDDEN'), rule: { type: 'static', state: 'hidden' } }, ctx());
  await setProductVisibility(h.store, { productId: id('GONE'), rule: { type: 'static', state: 'inaccessible' } }, ctx());
  // Parcel machines and postage products (the delivery context's own set-up).
  await setupDelivery(h.store, h.clock.now);
  await h.settle();
});
afterAll(async () => {
  await h?.close();
});

describe('placing an order', () => {
  it('prices rows from the catalog, ignoring client prices; reserves limited stock; the payment page finds the order', async () => {
    const { status, body } = await post(checkoutBody([
      { product_id: id('LIM-5'), amount: 2, price: '0.01', price_cents: 1 },
      { product_id: id('DEMAND'), amount: 3, price: 0 },
    ]));
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const order = body.data.order;
    expect(order.public_token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(order.number).toBeGreaterThanOrEqual(1001);
    expect(order.rows.map((r: { code: string; quantity: number; price_cents: number; total: string }) => [r.code, r.quantity, r.price_cents, r.total])).toEqual([
      ['LIM-5', 2, 1240, '24.80'],
      ['DEMAND', 3, 500, '15.00'],
      // The delivery fee: the chosen provider's postage product, added by the server although the cart had none.
      ['postikulu-omniva-courier', 1, 799, '7.99'],
    ]);
    expect(order).toMatchObject({ vat_included: true, vat_rate: 24, total_cents: 4779, total: '47.79', net_total_cents: Math.round((4779 * 100) / 124), isPaid: false, status: 'unpaid' });
    expect(order.vat_cents + order.net_total_cents).toBe(4779);
    expect(order.delivery_provider).toBe('omniva-courier');
    expect(order.delivery_address).toMatchObject({ street: 'Pikk 1', city: 'Tallinn', area_code: '10123', country: 'EE' });
    expect(order.rows[0].name).toBe('Product LIM-5');

    // Only the limited product reserved: 5 - 2 = 3 free; the on-demand product holds nothing.
    expect((await stockOf(h.store, id('LIM-5'))).free).toBe(3);
    expect((await stockOf(h.store, id('DEMAND'))).events.map((e) => e.type)).toEqual(['StockCounted']);
    await h.settle();
    const product = (await h.app.inject(`/product/view/${id('LIM-5')}`)).json();
    expect(product.data.availableForSale).toBe(3);
    expect(product.data.stock[0].amount).toBe('3.000');

    const page = await h.app.inject(`/v1/payment/${order.public_token}?lang=en`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.order).toEqual(order);
    const { events } = await h.store.readStream(toOrderStreamId(order.id));
    expect(events.map((e) => e.type)).toEqual(['OrderPlaced']);
    expect(events[0].data).toMatchObject({ orderId: order.id, reservations: [{ productId: id('LIM-5'), quantity: 2 }], language: 'en-US' });
  });

  it('prices without VAT for a business with a foreign VAT number (spec 5 "VAT")', async () => {
    const { status, body } = await post(checkoutBody([{ product_id: id('DEMAND'), amount: 2 }], {
      client: { client_type: 'business', business_name: 'Oy Auto', vat_reg_nr: 'FI12345678', first_name: '', last_name: '' },
      order: { short_contact_address: 'Helsinki' },
    }));
    expect(status).toBe(200);
    // 500 gross -> round(500 * 100 / 124) = 403 net.
    // Plus the courier fee 7.99 gross -> round(799 * 100 / 124) = 644 net.
    expect(body.data.order).toMatchObject({ vat_included: false, total_cents: 806 + 644, net_total_cents: 806 + 644, vat_cents: 0, client_type: 'business', short_contact_address: 'Helsinki' });
    expect(body.data.order.rows[0].price_cents).toBe(403);
  });

  it('includes VAT for an Estonian VAT number', async () => {
    const { body } = await post(checkoutBody([{ product_id: id('DEMAND'), amount: 1 }], {
      client: { client_type: 'business', business_name: 'Auto OÜ', vat_reg_nr: 'EE101234567' },
      order: { short_contact_address: 'Tallinn' },
    }));
    expect(body.data.order).toMatchObject({ vat_included: true, total_cents: 500 + 799 });
  });

  it("refuses missing fields one by one with 'Required' (spec 5 'Checkout')", async () => {
    const { status, body } = await post(
      checkoutBody([{ product_id: id('DEMAND'), amount: 1 }], { client: { first_name: '  ', last_name: '', email: '', phone: '' }, order: { accept_terms: false }, delivery: { street: '', city: '' } }),
    );
    expect(status).toBe(400);
    const fields = body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['client.first_name', 'client.last_name', 'client.email', 'client.phone', 'order.accept_terms', 'delivery.street', 'delivery.city']));
    expect(body.errors.find((e: { field: string }) => e.field === 'client.first_name').message).toBe('Required');
    expect(body.errors.find((e: { field: string }) => e.field === 'order.accept_terms').message).toBe('Terms and conditions must be accepted to place an order.');
  });

  it('needs a parcel machine for a parcel provider, and refuses a big product for parcel machines', async () => {
    const parcel = await post(checkoutBody([{ product_id: id('BIG'), amount: 1 }], { order: { delivery_provider: 'omniva-parcel', delivery_option: '' } }));
    expect(parcel.status).toBe(400);
    const byField = Object.fromEntries(parcel.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(byField['order.delivery_option']).toBe('Required');
    expect(byField['order.delivery_provider']).toBe('The selected delivery provider is not available as your cart contains product which is too big for parcel machines.');
  });

  it('delivers to a parcel machine: the postage product is priced like any line and the machine is named', async () => {
    const [machine] = await listOfferedLocations(h.db, ['omniva-parcel'], 'EE');
    expect(machine).toBeDefined();
    const postage = postageProductId('omniva-parcel');
    const { status, body } = await post(
      checkoutBody([{ product_id: id('DEMAND'), amount: 1 }, { product_id: postage, amount: 1 }], { order: { delivery_provider: 'omniva-parcel', delivery_option: machine.id } }),
    );
    expect(status).toBe(200);
    const order = body.data.order;
    expect(order).toMatchObject({ delivery_provider: 'omniva-parcel', delivery_provider_name: 'Omniva parcel machine', delivery_option: machine.id, delivery_option_name: machine.name, delivery_address: null });
    const postageRow = order.rows.find((r: { product_id: string }) => r.product_id === postage);
    expect(postageRow.code).toMatch(/^postikulu/);
    expect(order.total_cents).toBe(500 + postageRow.price_cents);
    // A location the provider does not offer is refused.
    const bad = await post(checkoutBody([{ product_id: id('DEMAND'), amount: 1 }], { order: { delivery_provider: 'omniva-parcel', delivery_option: 'no-such-machine' } }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'order.delivery_option', code: 'delivery.option_not_offered' });
  });

  it('refuses an empty order: Cannot submit an empty order', async () => {
    const { status, body } = await post(checkoutBody([]));
    expect(status).toBe(400);
    expect(body.errors[0]).toMatchObject({ code: 'order.empty', message: 'Cannot submit an empty order' });
  });

  it('sends the shopper back to the cart for products that cannot be bought or are short of stock', async () => {
    const { status, body } = await post(checkoutBody([
      { product_id: id('NOPRICE'), amount: 1 },
      { product_id: id('GONE'), amount: 1 },
      { product_id: randomUUID(), amount: 1 },
      { product_id: id('LIM-1'), amount: 2 },
      { product_id: id('HIDDEN'), amount: 1 },
    ]));
    expect(status).toBe(400);
    expect(body.redirect).toBe('/cart');
    expect(body.message).toBe('The order was not accepted. More information can be seen in the shopping cart.');
    expect(body.errors.map((e: { code: string; field: string }) => [e.field, e.code])).toEqual([
      ['items.0', 'order.product_unavailable'],
      ['items.1', 'order.product_unavailable'],
      ['items.2', 'order.product_unavailable'],
      ['items.3', 'order.not_enough_stock'],
    ]);
    // Nothing was reserved.
    expect((await stockOf(h.store, id('LIM-1'))).free).toBe(1);
  });

  it('adds up a product listed twice, against its limited stock, and names its first cart line', async () => {
    const { status, body } = await post(checkoutBody([
      { product_id: id('DEMAND'), amount: 1 },
      { product_id: id('LIM-1'), amount: 1 },
      { product_id: id('LIM-1'), amount: 1 },
    ]));
    expect(status).toBe(400);
    expect(body.errors).toEqual([expect.objectContaining({ field: 'items.1', code: 'order.not_enough_stock', message: 'There is not enough items in stock.' })]);
  });

  it('answers in Estonian by default', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/v1/place-order', payload: checkoutBody([]) as object, headers: csrf });
    expect(res.json().message).toBe('Tühja tellimust ei saa esitada.');
  });

  it('404 for an unknown token on the payment page', async () => {
    const res = await h.app.inject(`/v1/payment/${'x'.repeat(40)}?lang=en`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("We couldn't find the requested order.");
    expect((await h.app.inject(`/v1/payment/${'x'.repeat(40)}`)).json().message).toBe('Me ei leidnud soovitud tellimust.');
  });
});

describe('a multi-line order whose later line cannot be reserved', () => {
  it('releases the reservations already made (compensating events) and places nothing', async () => {
    const orderId = randomUUID();
    const line = (code: string, quantity: number) => ({ productId: id(code), code, name: code, unit: 'pcs', quantity, grossUnitCents: 100, policy: 'available' as const, deliveryDays: null });
    // Lines are reserved in product id order: the first one (enough stock) is reserved, the second one fails.
    const stockOfCode: Record<string, number> = { 'MULTI-A': 5, 'MULTI-B': 1 };
    const [first, second] = ['MULTI-A', 'MULTI-B'].sort((x, y) => (id(x) < id(y) ? -1 : 1));
    let numbers = 0;
    await expect(
      placeOrder(
        h.store,
        { orderId, language: 'et', client: { type: 'private', firstName: 'A', lastName: 'B', businessName: '', email: 'a@b.ee', phone: '1', vatRegNr: '' }, shortContactAddress: '', comment: '', delivery: { providerId: 'omniva-courier', providerName: 'Kuller', optionId: null, optionName: null, address: null }, lines: [line(second, stockOfCode[second] + 1), line(first, 1)], vatRatePercent: 24 },
        ctx(),
        { nextOrderNumber: async () => ++numbers },
      ),
    ).rejects.toBeInstanceOf(OrderNotAccepted);
    const reserved = await stockOf(h.store, id(first));
    expect(reserved.events.map((e) => e.type)).toEqual(['StockCounted', 'StockReserved', 'ReservationReleased']);
    expect(reserved.events[2].data).toMatchObject({ orderId, quantity: 1, reason: 'order_not_placed' });
    expect(reserved.free).toBe(stockOfCode[first]);
    const refused = await stockOf(h.store, id(second));
    expect(refused.events.map((e) => e.type)).toEqual(['StockCounted']);
    expect(refused.free).toBe(stockOfCode[second]);
    expect((await h.store.readStream(toOrderStreamId(orderId))).exists).toBe(false);
    // The order number drawn meanwhile is not used: a gap (allowed, spec 3 'assigned on saving').
    expect(numbers).toBeLessThanOrEqual(1);
  });

  it('logs a compensation that fails with the order and the stream, and still answers OrderNotAccepted', async () => {
    const orderId = randomUUID();
    const line = (code: string, quantity: number) => ({ productId: id(code), code, name: code, unit: 'pcs', quantity, grossUnitCents: 100, policy: 'available' as const, deliveryDays: null });
    const stockOfCode: Record<string, number> = { 'COMP-A': 5, 'COMP-B': 1 };
    const [first, second] = ['COMP-A', 'COMP-B'].sort((x, y) => (id(x) < id(y) ? -1 : 1));
    // A store whose releases fail (e.g. the database went away between the reservation and the compensation).
    const failingReleases: typeof h.store = Object.create(h.store, {
      appendToStream: {
        value: (streamId: string, events: { type: string }[], options: never) =>
          events.some((e) => e.type === 'ReservationReleased') ? Promise.reject(new Error('connection lost')) : h.store.appendToStream(streamId, events as never, options),
      },
    });
    const logged: { fields: unknown; message: string }[] = [];
    await expect(
      placeOrder(
        failingReleases,
        { orderId, language: 'et', client: { type: 'private', firstName: 'A', lastName: 'B', businessName: '', email: 'a@b.ee', phone: '1', vatRegNr: '' }, shortContactAddress: '', comment: '', delivery: { providerId: 'omniva-courier', providerName: 'Kuller', optionId: null, optionName: null, address: null }, lines: [line(second, stockOfCode[second] + 1), line(first, 1)], vatRatePercent: 24 },
        ctx(),
        { nextOrderNumber: async () => 1, log: { error: (fields, message) => logged.push({ fields, message }) } },
      ),
    ).rejects.toBeInstanceOf(OrderNotAccepted);
    // The refused line reserved nothing, so its release decides nothing and appends nothing: only the first fails.
    expect(logged).toEqual([{ fields: { orderId, streamId: `stock-${id(first)}`, err: 'connection lost' }, message: expect.stringContaining('compensation failed') }]);
    // The reservation stays for the expiry job.
    expect((await stockOf(h.store, id(first))).events.map((e) => e.type)).toEqual(['StockCounted', 'StockReserved']);
  });
});

describe('Idempotency-Key', () => {
  it('answers a retried request with the same order, byte for byte, and places it once', async () => {
    const key = randomUUID();
    const body = checkoutBody([{ product_id: id('IDEM'), amount: 1 }]);
    const first = await post(body, { 'idempotency-key': key });
    const second = await post(body, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.raw).toBe(first.raw);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await stockOf(h.store, id('IDEM'))).free).toBe(9);
  });

  it('refuses the same key with another body: 409', async () => {
    const key = randomUUID();
    expect((await post(checkoutBody([{ product_id: id('IDEM'), amount: 1 }]), { 'idempotency-key': key })).status).toBe(200);
    const other = await post(checkoutBody([{ product_id: id('IDEM'), amount: 2 }]), { 'idempotency-key': key });
    expect(other.status).toBe(409);
    expect(other.body.errors[0].code).toBe('idempotency.key_reused');
    expect((await stockOf(h.store, id('IDEM'))).free).toBe(8);
  });

  it('concurrent requests with one key place one order and all get the same body', async () => {
    const key = randomUUID();
    const body = checkoutBody([{ product_id: id('IDEM'), amount: 3 }]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(body, { 'idempotency-key': key })));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.raw)).size).toBe(1);
    const stock = await stockOf(h.store, id('IDEM'));
    expect(stock.free).toBe(5);
    expect(stock.events.filter((e) => e.type === 'StockReserved')).toHaveLength(3);
  });

  it('without a key, each request is a new order', async () => {
    const body = checkoutBody([{ product_id: id('IDEM'), amount: 1 }]);
    const [a, b] = [await post(body), await post(body)];
    expect(a.body.data.order.id).not.toBe(b.body.data.order.id);
    expect((await stockOf(h.store, id('IDEM'))).free).toBe(3);
  });
});

describe('the delivery fee line', () => {
  it('keeps exactly one postage line, the chosen provider\'s, whatever postage lines the cart sent', async () => {
    const parcel = postageProductId('omniva-parcel');
    const { status, body } = await post(
      checkoutBody([
        { product_id: id('DEMAND'), amount: 1 },
        { product_id: parcel, amount: 3 },
      ]),
    );
    expect(status).toBe(200);
    const codes = body.data.order.rows.map((r: { code: string; quantity: number }) => [r.code, r.quantity]);
    expect(codes).toEqual([
      ['DEMAND', 1],
      ['postikulu-omniva-courier', 1],
    ]);
  });
});
