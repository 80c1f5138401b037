/**
 * Never oversell (design brief "Streams and aggregates"): a product with a stock of 1 and 50 concurrent
 * place-order requests from separate shoppers (half with their own Idempotency-Key, half without), repeated for
 * 20 rounds on real PostgreSQL. Each round: exactly one order, every other shopper is sent back to the cart, the
 * stock never goes below zero, and the stock stream's history adds up to the final stock. A second test drops
 * the api's per-process stream lock (half the writers use the plain command handler, as other processes would):
 * optimistic concurrency alone must still let exactly one reservation of the last unit through.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkoutBody, freeUnitsBySum, productRow, stockOf } from './support/order-test-kit.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { receiveStock } from '../commands/stock/receive-stock.js';
import { reserveStock, reserveStockForOrder } from '../commands/stock/reserve-stock.js';
import type { DomainError } from '../domain/shared/errors.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { type CsrfHeaders, csrfHeaders } from './support/csrf.js';
import { patience } from './support/patience.js';

let h: ShopHarness;
let csrf: CsrfHeaders;
const productId = productIdForCode('LAST-ONE');
const ROUNDS = 20;
const SHOPPERS = 50;

beforeAll(async () => {
  h = await createShopHarness('order_concurrency');
  csrf = await csrfHeaders(h.app);
  await h.importCatalogRows([productRow('LAST-ONE', { grossCents: 4990, stock: 0 })]);
  await h.settle();
});
afterAll(async () => {
  await h?.close();
});

it(`${ROUNDS} rounds of ${SHOPPERS} concurrent orders for the last unit: exactly one order each, never below zero`, { timeout: 300_000 }, async () => {
  const orderIds = new Set<string>();
  for (let round = 1; round <= ROUNDS; round++) {
    await receiveStock(h.store, { productId, warehouseId: 'tallinn', quantity: 1 }, { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });
    await h.settle();
    const answers = await Promise.all(
      Array.from({ length: SHOPPERS }, (_, i) =>
        h.app.inject({
          method: 'POST',
          url: '/v1/place-order?lang=en',
          payload: checkoutBody([{ product_id: productId, amount: 1 }], { client: { first_name: `Shopper ${i}` } }) as object,
          headers: { ...csrf, ...(i % 2 ? { 'idempotency-key': randomUUID() } : {}) },
        }),
      ),
    );
    const won = answers.filter((a) => a.statusCode === 200);
    const lost = answers.filter((a) => a.statusCode !== 200);
    expect(won, `round ${round}`).toHaveLength(1);
    for (const a of lost) {
      expect([400, 409]).toContain(a.statusCode);
      expect(a.json().redirect).toBe('/cart');
    }
    orderIds.add(won[0].json().data.order.id);

    const { events, free } = await stockOf(h.store, productId);
    expect(free, `round ${round}`).toBe(0);
    expect(events.every((e) => e.data.onHand >= 0)).toBe(true);
    expect(freeUnitsBySum(events)).toBe(free);
  }
  const { events } = await stockOf(h.store, productId);
  expect(events.filter((e) => e.type === 'StockReceived')).toHaveLength(ROUNDS);
  const reserved = events.filter((e) => e.type === 'StockReserved');
  expect(reserved).toHaveLength(ROUNDS);
  expect(new Set(reserved.map((e) => (e.data as { orderId: string }).orderId))).toEqual(orderIds);
  expect(events.filter((e) => e.type === 'ReservationReleased')).toHaveLength(0);
  await h.settle();
  const product = (await h.app.inject(`/product/view/${productId}`)).json();
  expect(product.data.availableForSale).toBe(0);
});

it('without the per-process lock (other processes): 50 concurrent reservations of the last unit, exactly one wins', { timeout: patience(120_000) }, async () => {
  const other = productIdForCode('LAST-ONE-X');
  await h.importCatalogRows([productRow('LAST-ONE-X', { stock: 0 })]);
  for (let round = 1; round <= 5; round++) {
    await receiveStock(h.store, { productId: other, warehouseId: 'tallinn', quantity: 1 }, { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });
    const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });
    // Half through the plain handler (as another api process would append), half through this process's locked path.
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => {
        const data = { productId: other, orderId: randomUUID(), quantity: 1, policy: 'available' as const, deliveryDays: null };
        return i % 2 ? reserveStock(h.store, data, ctx()).then((r) => r.events.length) : reserveStockForOrder(h.store, data, ctx()).then((r) => r.held);
      }),
    );
    const won = results.filter((r) => r.status === 'fulfilled' && r.value > 0);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(won, `round ${round}`).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(((r as PromiseRejectedResult).reason as DomainError).code).toBe('stock.insufficient');
    const { events, free } = await stockOf(h.store, other);
    expect(free).toBe(0);
    expect(events.every((e) => e.data.onHand >= 0)).toBe(true);
    expect(freeUnitsBySum(events)).toBe(0);
  }
});

it('two shoppers wanting the same two last units in opposite cart order: one gets both, every round', { timeout: patience(120_000) }, async () => {
  const [p, q] = [productIdForCode('PAIR-P'), productIdForCode('PAIR-Q')];
  await h.importCatalogRows([productRow('PAIR-P', { stock: 0 }), productRow('PAIR-Q', { stock: 0 })]);
  const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });
  for (let round = 1; round <= 10; round++) {
    await receiveStock(h.store, { productId: p, warehouseId: 'tallinn', quantity: 1 }, ctx());
    await receiveStock(h.store, { productId: q, warehouseId: 'tallinn', quantity: 1 }, ctx());
    await h.settle();
    const carts = [[p, q], [q, p], [p, q], [q, p]];
    const answers = await Promise.all(
      carts.map((cart) => h.app.inject({ method: 'POST', url: '/v1/place-order', payload: checkoutBody(cart.map((product_id) => ({ product_id, amount: 1 }))) as object, headers: csrf })),
    );
    expect(answers.filter((a) => a.statusCode === 200), `round ${round}`).toHaveLength(1);
    expect((await stockOf(h.store, p)).free).toBe(0);
    expect((await stockOf(h.store, q)).free).toBe(0);
  }
});
