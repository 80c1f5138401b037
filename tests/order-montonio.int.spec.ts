/**
 * Montonio at the shop's HTTP routes on real PostgreSQL, with tokens signed as Montonio signs them (HS256 with the
 * store's secret key, platform/payments/montonio.ts):
 * - browser returns: a token that fails verification or `?error-message=` lands on the page of the
 *   order whose public token is in the return URL's path (never of the order its unverified merchantReference
 *   names), without one on the not-found page; ABANDONED on the order page with "cancelled"; the webhook keeps JSON;
 * - refund notifications: `{ refundToken }` to the notification URL is verified like order tokens and
 *   recorded once per refund id (OrderRefunded); the order shows partially refunded, then refunded, with amounts.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { toOrderStreamId } from '../domain/order/order.js';
import { createPaymentProviders, paymentConfigFromEnv } from '../platform/payments/index.js';
import { type CsrfHeaders, csrfHeaders } from './support/csrf.js';
import { checkoutBody, productRow } from './support/order-test-kit.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';

const PUBLIC_URL = 'http://shop.test';
const ACCESS_KEY = 'montonio-test-access-key';
const SECRET = 'montonio-test-secret-key-long-enough-for-hs256';
const productId = productIdForCode('MON-1');

let h: ShopHarness;
let csrf: CsrfHeaders;

interface PlacedOrder {
  id: string;
  number: number;
  public_token: string;
  total_cents: number;
}

async function placeAnOrder(lang: 'et' | 'en' = 'en'): Promise<PlacedOrder> {
  const res = await h.app.inject({ method: 'POST', url: `/v1/place-order?lang=${lang}`, payload: checkoutBody([{ product_id: productId, amount: 2 }]) as object, headers: csrf });
  expect(res.statusCode).toBe(200);
  await h.settle();
  return res.json().data.order;
}

const euros = (cents: number) => Number((cents / 100).toFixed(2));
const key = (secret = SECRET) => new TextEncoder().encode(secret);
const sign = (claims: Record<string, unknown>, secret = SECRET, expiresIn = 600) =>
  new SignJWT({ accessKey: ACCESS_KEY, ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
    .sign(key(secret));
/** A Montonio order token (the webhook's `orderToken`, the return's `?order-token=`). */
const orderToken = (order: PlacedOrder, over: Record<string, unknown> = {}, secret = SECRET) =>
  sign({ uuid: `mon-${order.number}`, merchantReference: String(order.number), paymentStatus: 'PAID', grandTotal: euros(order.total_cents), currency: 'EUR', ...over }, secret);

/** A Montonio refund token (the refund webhook's `refundToken`); `refundAmount` in euros as Montonio sends it. */
const refundToken = (order: PlacedOrder, refundUuid: string, amountCents: number, over: Record<string, unknown> = {}, secret = SECRET, expiresIn = 600) =>
  sign(
    { refundUuid, refundAmount: euros(amountCents), refundStatus: 'SUCCESSFUL', refundType: amountCents === order.total_cents ? 'FULL' : 'PARTIAL', currency: 'EUR', merchantReference: String(order.number), uuid: `mon-${order.number}`, ...over },
    secret,
    expiresIn,
  );
const webhook = (body: unknown) => h.app.inject({ method: 'POST', url: '/v1/payment-callback/montonio?lang=en', payload: body as object });
const eventTypes = async (orderId: string) => (await h.store.readStream(toOrderStreamId(orderId))).events.map((e) => e.type);

beforeAll(async () => {
  const payments = createPaymentProviders(paymentConfigFromEnv({ MONTONIO_ACCESS_KEY: ACCESS_KEY, MONTONIO_SECRET_KEY: SECRET, MONTONIO_API_URL: 'http://127.0.0.1:9/api' }, PUBLIC_URL));
  h = await createShopHarness('order_montonio', { api: { payments, publicUrl: PUBLIC_URL } });
  csrf = await csrfHeaders(h.app);
  await h.importCatalogRows([productRow('MON-1', { grossCents: 2000, stock: 100 })]);
  await h.settle();
});
afterAll(async () => {
  await h?.close();
});

describe('Montonio browser returns land on a page', () => {
  it('a paid order token pays the order and goes to /payment-success', async () => {
    const order = await placeAnOrder();
    const res = await h.app.inject(`/payment-return/montonio/${order.public_token}?order-token=${await orderToken(order)}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/en/payment-success?order=${order.public_token}`);
    expect(await eventTypes(order.id)).toEqual(['OrderPlaced', 'OrderPaid']);
  });

  it("a token signed with another secret goes to the return URL's order page with payment-error=rejected and pays nothing", async () => {
    const order = await placeAnOrder();
    const forged = await orderToken(order, {}, 'not-our-secret-not-our-secret-not-ours');
    const res = await h.app.inject(`/payment-return/montonio/${order.public_token}?order-token=${forged}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/en/payment/${order.public_token}?payment-error=rejected`);
    const et = await placeAnOrder('et');
    const etRes = await h.app.inject(`/payment-return/montonio/${et.public_token}?order-token=${await orderToken(et, {}, 'not-our-secret-not-our-secret-not-ours')}`);
    expect(etRes.headers.location).toBe(`/payment/${et.public_token}?payment-error=rejected`);
    // Its merchantReference alone (no token in the path) never names the page: that would hand out the order's token.
    const bare = await h.app.inject(`/payment-return/montonio?order-token=${forged}`);
    expect(bare.headers.location).toBe('/payment/unknown?payment-error=rejected');
    expect(await eventTypes(order.id)).toEqual(['OrderPlaced']);
  });

  it('ABANDONED goes to the order page with payment-error=cancelled', async () => {
    const order = await placeAnOrder();
    const res = await h.app.inject(`/payment-return/montonio/${order.public_token}?order-token=${await orderToken(order, { paymentStatus: 'ABANDONED' })}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/en/payment/${order.public_token}?payment-error=cancelled`);
  });

  it('?error-message= without a token: the order page of the return URL with payment-error=failed, else the not-found page', async () => {
    const order = await placeAnOrder();
    const res = await h.app.inject({ method: 'GET', url: `/payment-return/montonio/${order.public_token}?error-message=Payment%20was%20declined` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/en/payment/${order.public_token}?payment-error=failed`);
    const bare = await h.app.inject({ method: 'GET', url: '/payment-return/montonio?error-message=Payment%20was%20declined', headers: { 'accept-language': 'et-EE,et;q=0.9' } });
    expect(bare.statusCode).toBe(303);
    expect(bare.headers.location).toBe('/payment/unknown?payment-error=failed');
    expect(bare.headers['content-type'] ?? '').not.toMatch(/json/);
  });

  it('the webhook keeps JSON answers: 400 for a badly signed token, 404 for an unknown order', async () => {
    const order = await placeAnOrder();
    const bad = await webhook({ orderToken: await orderToken(order, {}, 'not-our-secret-not-our-secret-not-ours') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].code).toBe('payment.callback_rejected');
    const unknown = await webhook({ orderToken: await orderToken({ ...order, number: 987_001 }) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].code).toBe('order.not_found');
    expect(await eventTypes(order.id)).toEqual(['OrderPlaced']);
  });
});

describe('Montonio refund notifications', () => {
  async function paidOrder(): Promise<PlacedOrder> {
    const order = await placeAnOrder();
    expect((await webhook({ orderToken: await orderToken(order) })).statusCode).toBe(200);
    return order;
  }
  const shown = async (order: PlacedOrder) => {
    await h.settle();
    return (await h.app.inject(`/v1/payment/${order.public_token}`)).json().data.order;
  };

  it('a partial refund, its redelivery and the refund of the rest: partially refunded, nothing twice, then refunded', async () => {
    const order = await paidOrder();
    const partial = await refundToken(order, '11111111-1111-4111-8111-111111111111', 1000);
    const first = await webhook({ refundToken: partial });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ status: 'partially_refunded', refunded_cents: 1000 });
    expect(await shown(order)).toMatchObject({ isPaid: true, status: 'partially_refunded', refunded_cents: 1000, refunded: '10.00', refunds: [{ refund_id: '11111111-1111-4111-8111-111111111111', amount_cents: 1000 }] });

    // Montonio retries: the same token, in the body and as ?refund-token=, appends nothing.
    const again = await webhook({ refundToken: partial });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ status: 'partially_refunded', refunded_cents: 1000 });
    expect((await h.app.inject({ method: 'GET', url: `/v1/payment-callback/montonio?refund-token=${partial}` })).statusCode).toBe(200);
    expect(await eventTypes(order.id)).toEqual(['OrderPlaced', 'OrderPaid', 'OrderRefunded']);

    const rest = await webhook({ refundToken: await refundToken(order, '22222222-2222-4222-8222-222222222222', order.total_cents - 1000) });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().data).toEqual({ status: 'refunded', refunded_cents: order.total_cents });
    expect(await eventTypes(order.id)).toEqual(['OrderPlaced', 'OrderPaid', 'OrderRefunded', 'OrderRefunded']);
    const view = await shown(order);
    expect(view).toMatchObject({ isPaid: true, status: 'refunded', refunded_cents: order.total_cents });
    expect(view.refunds.map((r: { amount_cents: number }) => r.amount_cents)).toEqual([1000, order.total_cents - 1000]);

    // Anything beyond what was paid is refused and appends nothing.
    const beyond = await webhook({ refundToken: await refundToken(order, '33333333-3333-4333-8333-333333333333', 1) });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().errors[0].code).toBe('refund.exceeds_paid');
    expect((await eventTypes(order.id)).filter((t) => t === 'OrderRefunded')).toHaveLength(2);
  });

  it('a pending refund answers pending and records nothing; the same refund once successful is recorded', async () => {
    const order = await paidOrder();
    const id = '44444444-4444-4444-8444-444444444444';
    const pending = await webhook({ refundToken: await refundToken(order, id, 500, { refundStatus: 'PENDING' }) });
    expect(pending.statusCode).toBe(200);
    expect(pending.json().data).toEqual({ status: 'pending', refunded_cents: 0 });
    expect(await eventTypes(order.id)).toEqual(['OrderPlaced', 'OrderPaid']);
    const done = await webhook({ refundToken: await refundToken(order, id, 500) });
    expect(done.json().data).toEqual({ status: 'partially_refunded', refunded_cents: 500 });
  });

  it('a refund of an unpaid order is 409 order.not_paid and appends nothing', async () => {
    const order = await placeAnOrder();
    const res = await webhook({ refundToken: await refundToken(order, '55555555-5555-4555-8555-555555555555', 500) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, errors: [{ code: 'order.not_paid' }] });
    expect(await eventTypes(order.id)).toEqual(['OrderPlaced']);
  });

  it('unsigned, wrongly signed and expired refund tokens are 400 and an unknown order 404, in JSON', async () => {
    const order = await paidOrder();
    const good = await refundToken(order, '66666666-6666-4666-8666-666666666666', 500);
    const [header, payload] = good.split('.');
    const unsigned = await webhook({ refundToken: `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.` });
    const wrongSecret = await webhook({ refundToken: await refundToken(order, '66666666-6666-4666-8666-666666666666', 500, {}, 'not-our-secret-not-our-secret-not-ours') });
    const expired = await webhook({ refundToken: await refundToken(order, '66666666-6666-4666-8666-666666666666', 500, {}, SECRET, -120) });
    const forged = await webhook({ refundToken: `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), refundAmount: 1 })).toString('base64url')}.${good.split('.')[2]}` });
    for (const res of [unsigned, wrongSecret, expired, forged]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].code).toBe('payment.callback_rejected');
    }
    const unknown = await webhook({ refundToken: await refundToken({ ...order, number: 987_002 }, '77777777-7777-4777-8777-777777777777', 500) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].code).toBe('order.not_found');
    expect(await eventTypes(order.id)).toEqual(['OrderPlaced', 'OrderPaid']);
  });
});
