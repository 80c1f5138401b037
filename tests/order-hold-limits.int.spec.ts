/**
 * What one shopper may hold of the shop's stock, on real PostgreSQL and Redis:
 * - payment attempts (PUT /v1/payment/{token}) are limited per order and per client address, counted in Redis so
 *   every api replica counts (api/plugins/rate-limits.ts PaymentLimits): 429 `rate_limited` past either;
 * - one client address holds at most ORDER_RESERVE_SHARE_PER_ADDRESS_PERCENT of a limited product's stock in unpaid
 *   orders (api/routes/orders/reserve-share.ts): 409 `order.reserve_share_exceeded` per cart line, in the request's
 *   language; another address still buys; a paid order no longer counts; a line over the units on hand is refused
 *   as before (spec 5 "Quantity and stock").
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { recordPayment } from '../commands/order/record-payment.js';
import { createPaymentProviders, paymentConfigFromEnv, SANDBOX_METHOD_ID } from '../platform/payments/index.js';
import { testRedisUrl } from '../platform/testing/database.js';
import { checkoutBody, productRow, stockOf } from './support/order-test-kit.js';
import { createShopHarness, GENEROUS_RATE_LIMITS, type ShopHarness } from './support/shop-harness.js';
import { type CsrfHeaders, csrfHeaders } from './support/csrf.js';

let h: ShopHarness;
let csrf: CsrfHeaders;
let redis: Redis;
const id = productIdForCode;
const nameSpace = `test-hold-limits-${randomUUID()}:`;

const place = (code: string, amount: number, address: string, lang = 'en') =>
  h.app.inject({ method: 'POST', url: `/v1/place-order?lang=${lang}`, payload: checkoutBody([{ product_id: id(code), amount }]) as object, headers: csrf, remoteAddress: address });
const pay = (token: string, address: string) =>
  h.app.inject({ method: 'PUT', url: `/v1/payment/${token}?lang=en`, payload: { method: SANDBOX_METHOD_ID }, headers: csrf, remoteAddress: address });

beforeAll(async () => {
  redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
  const payments = createPaymentProviders(paymentConfigFromEnv({ PAYMENT_SANDBOX: 'on', PAYMENT_SANDBOX_KEY_DIR: path.join(tmpdir(), `hold-limits-${randomUUID()}`) }, 'http://shop.test'));
  h = await createShopHarness('order_hold_limits', {
    api: {
      payments,
      rateLimits: { ...GENEROUS_RATE_LIMITS, redis, nameSpace, payment: { perOrder: { max: 3, windowMs: 60_000 }, perIp: { max: 5, windowMs: 60_000 } } },
      reserveShare: { percent: 50, holdMs: 31 * 60_000 },
    },
  });
  csrf = await csrfHeaders(h.app);
  await h.importCatalogRows([productRow('HOLD-PAY', { stock: 100 }), productRow('HOLD-SHARE', { stock: 10 }), productRow('HOLD-ONE', { stock: 1 })]);
  await h.settle();
});
afterAll(async () => {
  await h?.close();
  const keys = await redis.keys(`${nameSpace}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

describe('payment attempts', () => {
  it('are limited per order and per client address (429 rate_limited, counted in Redis)', async () => {
    const a = (await place('HOLD-PAY', 1, '10.0.0.1')).json().data.order;
    const b = (await place('HOLD-PAY', 1, '10.0.0.1')).json().data.order;
    await h.settle();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await pay(a.public_token, '10.0.0.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await pay(a.public_token, '10.0.0.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, errors: [{ code: 'rate_limited', message: 'Rate limit exceeded. Please try again later.' }] });
    // Another order from the first address: its own count is fresh, but the address has 1 attempt left of 5.
    expect((await pay(b.public_token, '10.0.0.1')).statusCode).toBe(200);
    expect((await pay(b.public_token, '10.0.0.1')).statusCode).toBe(429);
    // From another address the order still has attempts left (2 of 3 used).
    expect((await pay(b.public_token, '10.0.0.2')).statusCode).toBe(200);
    expect(await redis.keys(`${nameSpace}*payment-*`)).not.toHaveLength(0);
  });
});

describe('the share of a product one address may hold unpaid', () => {
  it('refuses a line past 50% of the stock with 409 in the shopper\'s language; another address buys; payment frees the share', async () => {
    const first = await place('HOLD-SHARE', 5, '10.0.1.1');
    expect(first.statusCode, first.body).toBe(200);
    // The share's stock figure comes from the read models (units on hand plus every order's units).
    await h.settle();
    const more = await place('HOLD-SHARE', 1, '10.0.1.1');
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({
      success: false,
      status: 'failure',
      errors: [{ code: 'order.reserve_share_exceeded', field: 'items.0', message: expect.stringContaining('Pay your earlier orders or lower the quantity.') }],
    });
    expect(more.json().redirect).toBeUndefined();
    const et = await place('HOLD-SHARE', 1, '10.0.1.1', 'et');
    expect(et.json().errors[0].message).toContain('Makske varasemad tellimused');
    // Nothing was reserved for the refused orders.
    expect((await stockOf(h.store, id('HOLD-SHARE'))).free).toBe(5);

    // Another address may hold its own share of the whole stock.
    const other = await place('HOLD-SHARE', 5, '10.0.1.2');
    expect(other.statusCode, other.body).toBe(200);

    // Paid: the first address no longer holds those units unpaid, but the stock is gone, so only "not enough".
    const order = first.json().data.order;
    await recordPayment(h.store, { orderId: order.id, providerId: 'test', transactionId: 't-share', status: 'paid', amountCents: order.total_cents, currency: 'EUR' }, { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });
    await h.settle();
    const after = await place('HOLD-SHARE', 1, '10.0.1.1');
    expect(after.json().errors[0].code).toBe('order.not_enough_stock');
  });

  it('lets one address hold the last unit of a product with 1 in stock, and keeps the units-on-hand cap per line', async () => {
    const over = await place('HOLD-ONE', 2, '10.0.2.1');
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0].code).toBe('order.not_enough_stock');
    const one = await place('HOLD-ONE', 1, '10.0.2.1');
    expect(one.statusCode, one.body).toBe(200);
  });

  it('counts concurrent orders of one address together', async () => {
    await h.importCatalogRows([productRow('HOLD-RACE', { stock: 8 })]);
    await h.settle();
    const answers = await Promise.all(Array.from({ length: 6 }, () => place('HOLD-RACE', 1, '10.0.3.1')));
    const codes = answers.map((a) => (a.statusCode === 200 ? 'ok' : a.json().errors[0].code)).sort();
    expect(codes).toEqual(['ok', 'ok', 'ok', 'ok', 'order.reserve_share_exceeded', 'order.reserve_share_exceeded']);
    expect((await stockOf(h.store, id('HOLD-RACE'))).free).toBe(4);
  });
});
