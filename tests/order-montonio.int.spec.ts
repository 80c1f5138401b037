/**
 * Montonio at the shop's HTTP routes on real PostgreSQL, with tokens signed as Montonio signs them (HS256 with the
 * store's secret key, platform/payments/montonio.ts):
 * - browser returns (issue 14 §2): a token that fails verification still lands on its order's page (its
 *   merchantReference decoded without trust), `?error-message=` without a token on the not-found page, ABANDONED on
 *   the order page with "cancelled"; the webhook keeps JSON answers.
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

describe('Montonio browser returns land on a page (issue 14 §2)', () => {
  it('a paid order token pays the order and goes to /payment-success', async () => {
    const order = await placeAnOrder();
    const res = await h.app.inject(`/payment-return/montonio?order-token=${await orderToken(order)}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/payment-success');
    expect(await eventTypes(order.id)).toEqual(['OrderPlaced', 'OrderPaid']);
  });

  it('a token signed with another secret goes to its order page with payment-error=rejected and pays nothing', async () => {
    const order = await placeAnOrder();
    const res = await h.app.inject(`/payment-return/montonio?order-token=${await orderToken(order, {}, 'not-our-secret-not-our-secret-not-ours')}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/en/payment/${order.public_token}?payment-error=rejected`);
    const et = await placeAnOrder('et');
    const etRes = await h.app.inject(`/payment-return/montonio?order-token=${await orderToken(et, {}, 'not-our-secret-not-our-secret-not-ours')}`);
    expect(etRes.headers.location).toBe(`/payment/${et.public_token}?payment-error=rejected`);
    expect(await eventTypes(order.id)).toEqual(['OrderPlaced']);
  });

  it('ABANDONED goes to the order page with payment-error=cancelled', async () => {
    const order = await placeAnOrder();
    const res = await h.app.inject(`/payment-return/montonio?order-token=${await orderToken(order, { paymentStatus: 'ABANDONED' })}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/en/payment/${order.public_token}?payment-error=cancelled`);
  });

  it('?error-message= without a token names no order: the not-found page with payment-error=failed', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/payment-return/montonio?error-message=Payment%20was%20declined', headers: { 'accept-language': 'et-EE,et;q=0.9' } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/payment/unknown?payment-error=failed');
    expect(res.headers['content-type'] ?? '').not.toMatch(/json/);
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
