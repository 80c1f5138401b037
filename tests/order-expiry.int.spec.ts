/**
 * Reservation expiry on real PostgreSQL and Redis: unpaid orders past ORDER_RESERVATION_TTL_MS (from placing) and
 * reservations of never-placed orders are released with events saying so; paid orders keep their stock; a
 * repeated sweep changes nothing; the repeatable BullMQ job runs the sweep.
 */
import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutBody, freeUnitsBySum, productRow, stockOf } from './support/order-test-kit.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { recordPayment, recordVerifiedPayment } from '../commands/order/record-payment.js';
import { reserveStock } from '../commands/stock/reserve-stock.js';
import { toOrderStreamId } from '../domain/order/order.js';
import { createPaymentProviders, paymentConfigFromEnv, SANDBOX_METHOD_ID } from '../platform/payments/index.js';
import { testRedisUrl } from '../platform/testing/database.js';
import { findExpiredReservations, reservedUnits } from '../projections/orders/queries.js';
import { createExpireReservationsProcessor, EXPIRE_RESERVATIONS_JOB, expireReservations, startReservationExpirySchedule } from '../workers/jobs/expire-reservations.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { type CsrfHeaders, csrfHeaders } from './support/csrf.js';
import { patience } from './support/patience.js';

let h: ShopHarness;
let csrf: CsrfHeaders;
const TTL = 30 * 60_000;
const T0 = '2026-11-22T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
const ctx = (now: string) => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now });
const findExpired = (cutoff: string, limit: number) => findExpiredReservations(h.db, cutoff, limit);
const sweep = (now: string) => expireReservations({ findExpired, store: h.store, now: () => now, ttlMs: TTL });
const id = productIdForCode;

async function place(code: string, amount: number) {
  const res = await h.app.inject({ method: 'POST', url: '/v1/place-order?lang=en', payload: checkoutBody([{ product_id: id(code), amount }]) as object, headers: csrf });
  expect(res.statusCode).toBe(200);
  return res.json().data.order as { id: string; public_token: string; total_cents: number };
}
const types = async (orderId: string) => (await h.store.readStream(toOrderStreamId(orderId))).events.map((e) => e.type);

beforeAll(async () => {
  // The sandbox bank's keys are made only when a payment starts, which an expired order never does.
  const payments = createPaymentProviders(paymentConfigFromEnv({ PAYMENT_SANDBOX: 'on', PAYMENT_SANDBOX_KEY_DIR: path.join(tmpdir(), `order-expiry-${randomUUID()}`) }, 'http://shop.test'));
  h = await createShopHarness('order_expiry', { api: { payments } });
  csrf = await csrfHeaders(h.app);
  await h.importCatalogRows([productRow('EXP-1', { stock: 3 }), productRow('EXP-PAID', { stock: 3 }), productRow('EXP-JOB', { stock: 2 })]);
  await h.settle();
});
afterAll(async () => {
  await h?.close();
});

describe('expireReservations', () => {
  it('releases unpaid and never-placed reservations past the TTL, keeps paid ones, and is idempotent', async () => {
    h.clock.now = T0;
    const unpaid = await place('EXP-1', 2);
    const paid = await place('EXP-PAID', 1);
    await recordPayment(h.store, { orderId: paid.id, providerId: 'test', transactionId: 't1', status: 'paid', amountCents: paid.total_cents, currency: 'EUR' }, ctx(at(5)));
    // A crash between reserving and saving: units held for an order id that never got OrderPlaced.
    const orphan = randomUUID();
    await reserveStock(h.store, { productId: id('EXP-1'), orderId: orphan, quantity: 1, policy: 'available', deliveryDays: null }, ctx(T0));
    await h.settle();
    expect((await stockOf(h.store, id('EXP-1'))).free).toBe(0);
    expect(await reservedUnits(h.db, id('EXP-1'))).toBe(3);

    expect(await sweep(at(29))).toEqual({ expired: 0, orphans: 0, paid: 0 });
    expect((await stockOf(h.store, id('EXP-1'))).free).toBe(0);

    expect(await sweep(at(31))).toEqual({ expired: 1, orphans: 1, paid: 0 });
    expect(await types(unpaid.id)).toEqual(['OrderPlaced', 'OrderReservationExpired']);
    expect(await types(paid.id)).toEqual(['OrderPlaced', 'OrderPaid']);
    const stock = await stockOf(h.store, id('EXP-1'));
    expect(stock.free).toBe(3);
    expect(freeUnitsBySum(stock.events)).toBe(3);
    const released = stock.events.filter((e) => e.type === 'ReservationReleased').map((e) => [(e.data as { orderId: string }).orderId, (e.data as { reason: string }).reason]);
    expect(released).toEqual(expect.arrayContaining([[unpaid.id, 'expired'], [orphan, 'order_not_placed']]));
    expect((await stockOf(h.store, id('EXP-PAID'))).free).toBe(2);

    await h.settle();
    expect(await reservedUnits(h.db, id('EXP-1'))).toBe(0);
    expect(await reservedUnits(h.db, id('EXP-PAID'))).toBe(1);
    const product = (await h.app.inject(`/product/view/${id('EXP-1')}`)).json();
    expect(product.data.availableForSale).toBe(3);
    const page = (await h.app.inject(`/v1/payment/${unpaid.public_token}`)).json().data;
    expect(page.order.status).toBe('expired');
    expect(page.paymentMethods).toEqual([]);
    const put = await h.app.inject({ method: 'PUT', url: `/v1/payment/${unpaid.public_token}?lang=en`, payload: { method: SANDBOX_METHOD_ID }, headers: csrf });
    expect(put.statusCode).toBe(409);
    expect(put.json().errors[0].code).toBe('order.reservation_expired');

    // A second sweep finds nothing and appends nothing.
    const before = await h.store.headCheckpoint();
    expect(await sweep(at(40))).toEqual({ expired: 0, orphans: 0, paid: 0 });
    expect(await h.store.headCheckpoint()).toBe(before);

    // The shopper pays after all: OrderPaid is recorded and the units are reserved again (stock allows).
    const policy = async () => ({ policy: 'available' as const, deliveryDays: null });
    const late = await recordVerifiedPayment(h.store, { orderId: unpaid.id, providerId: 'test', transactionId: 'late', status: 'paid', amountCents: unpaid.total_cents, currency: 'EUR' }, ctx(at(50)), policy);
    expect(late.events.map((e) => e.type)).toEqual(['OrderPaid']);
    expect(late.reservedAgain).toEqual([{ productId: id('EXP-1'), quantity: 2, reserved: true }]);
    expect((await stockOf(h.store, id('EXP-1'))).free).toBe(1);
    // A duplicate of that payment changes nothing.
    const dup = await recordVerifiedPayment(h.store, { orderId: unpaid.id, providerId: 'test', transactionId: 'late', status: 'paid', amountCents: unpaid.total_cents, currency: 'EUR' }, ctx(at(51)), policy);
    expect(dup).toEqual({ events: [], reservedAgain: [] });
    expect((await stockOf(h.store, id('EXP-1'))).free).toBe(1);
  });
});

describe('payment attempts do not extend the hold', () => {
  it('releases an order placed for every unit at 30 minutes from placing, though it starts a payment every 29 minutes', async () => {
    // The probe: all units ordered, PUT /v1/payment/{token} every 29 minutes; the units used to be held after 44
    // minutes (the hold counted from the latest attempt) while other shoppers got order.not_enough_stock.
    await h.importCatalogRows([productRow('EXP-HOLD', { stock: 4 })]);
    await h.settle();
    h.clock.now = T0;
    const order = await place('EXP-HOLD', 4);
    await h.settle();
    h.clock.now = at(29);
    const put = await h.app.inject({ method: 'PUT', url: `/v1/payment/${order.public_token}`, payload: { method: SANDBOX_METHOD_ID }, headers: csrf });
    expect(put.statusCode).toBe(200);
    await h.settle();
    expect(await sweep(at(29.5))).toMatchObject({ expired: 0 });
    h.clock.now = at(44);
    expect(await sweep(at(44))).toMatchObject({ expired: 1 });
    expect(await types(order.id)).toEqual(['OrderPlaced', 'PaymentStarted', 'OrderReservationExpired']);
    expect((await stockOf(h.store, id('EXP-HOLD'))).free).toBe(4);
    await h.settle();
    // Another shopper gets the units at minute 44.
    const other = await h.app.inject({ method: 'POST', url: '/v1/place-order?lang=en', payload: checkoutBody([{ product_id: id('EXP-HOLD'), amount: 4 }], { client: { email: 'other@example.ee' } } as never) as object, headers: csrf });
    expect(other.statusCode, other.body).toBe(200);
  });
});

describe('the repeatable BullMQ job', () => {
  it('runs the sweep on its schedule', { timeout: patience(30_000) }, async () => {
    h.clock.now = T0;
    const order = await place('EXP-JOB', 2);
    await h.settle();
    const queueName = `test-expiry-${randomUUID()}`;
    const connection = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
    const process = createExpireReservationsProcessor({ findExpired, store: h.store, now: () => at(45), ttlMs: TTL });
    const worker = new Worker(queueName, async (job) => (job.name === EXPIRE_RESERVATIONS_JOB ? process(job.data) : null), { connection });
    const queue = new Queue(queueName, { connection });
    const stop = await startReservationExpirySchedule({ queue, everyMs: 200, log: () => {} });
    try {
      // The order's event is appended before the stock streams' releases: wait for both.
      for (let i = 0; i < 200 && ((await types(order.id)).length < 2 || (await stockOf(h.store, id('EXP-JOB'))).free < 2); i++) await new Promise((r) => setTimeout(r, 100));
      expect(await types(order.id)).toEqual(['OrderPlaced', 'OrderReservationExpired']);
      expect((await stockOf(h.store, id('EXP-JOB'))).free).toBe(2);
    } finally {
      await startReservationExpirySchedule({ queue, everyMs: 0, log: () => {} }).then((s) => s());
      await stop();
      await worker.close();
      await queue.obliterate({ force: true });
      await queue.close();
      connection.disconnect();
    }
  });
});
