/**
 * Never oversell while staff edit orders ("Editing rows changes the stock reservations with the same
 * no-oversell guarantee as placing an order"): in each round, 20 staff edits (PUT /v1/admin/orders/{id}, each adding
 * the last units' product to another order, or raising it) race 20 shoppers (POST /v1/place-order) for 10 units, on
 * real PostgreSQL. Every round: exactly the units in stock are taken (no more), the losers get 409, stock never goes
 * below zero, the stock stream's history adds up, and every order claims exactly the units its stock stream holds for
 * it. Two staff members saving the same order at once: one wins, the other gets 409.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { toDomainEvent } from '../commands/shared/event-parsers.js';
import { receiveStock } from '../commands/stock/receive-stock.js';
import { orderDecider, type OrderEvent, toOrderStreamId } from '../domain/order/order.js';
import { reservedFor } from '../domain/stock/stock.js';
import { csrfHeaders, type CsrfHeaders } from './support/csrf.js';
import { checkoutBody, freeUnitsBySum, productRow, stockOf } from './support/order-test-kit.js';
import { createStaffSessions, headersOf, registerStaff, type StaffBrowser } from './support/staff-session.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { patience } from './support/patience.js';

const PASSWORD = 'Staff-Pass-2026!x';
const ROUNDS = 4;
const STAFF = 20;
const SHOPPERS = 20;
const UNITS = 10;
const LAST = productIdForCode('RACE-LAST');
const OTHER = productIdForCode('RACE-OTHER');

let h: ShopHarness;
const sessions = createStaffSessions('admin-orders-race');
let staff: StaffBrowser;
let shopperCsrf: CsrfHeaders;
const staffHeaders = () => ({ ...headersOf(staff), 'content-type': 'application/json' });

async function placeForShopper(productId: string, amount: number) {
  return h.app.inject({ method: 'POST', url: '/v1/place-order?lang=en', payload: checkoutBody([{ product_id: productId, amount }]) as object, headers: shopperCsrf });
}

/** The order's state folded from its stream (its claims on stock: `reservations`). */
async function orderState(orderId: string) {
  const { events } = await h.store.readStream(toOrderStreamId(orderId));
  return events.reduce((s, e) => orderDecider.evolve(s, toDomainEvent<OrderEvent>(e)), orderDecider.initialState);
}
const claimOf = async (orderId: string, productId: string) => {
  const s = await orderState(orderId);
  return s.status === 'empty' || s.reservation !== 'held' ? 0 : (s.reservations.find((r) => r.productId === productId)?.quantity ?? 0);
};

beforeAll(async () => {
  h = await createShopHarness('admin_orders_race', { api: { sessions: sessions.deps() } });
  await registerStaff(h.store, [['laura', ['CLIENT']]], { password: PASSWORD, now: h.clock.now });
  await h.importCatalogRows([productRow('RACE-LAST', { grossCents: 2500, stock: 0 }), productRow('RACE-OTHER', { grossCents: 1000, stock: 100_000 })]);
  await h.settle();
  shopperCsrf = await csrfHeaders(h.app);
  staff = await sessions.signIn(h.app, 'laura', PASSWORD);
});
afterAll(async () => {
  await h?.close();
  await sessions.cleanup();
});

it(`${ROUNDS} rounds: ${STAFF} staff edits race ${SHOPPERS} shoppers for ${UNITS} units, never oversold, claims equal holdings`, { timeout: 600_000 }, async () => {
  const everyOrder = new Set<string>();
  for (let round = 1; round <= ROUNDS; round++) {
    // Orders the staff will edit: each holds 1 unit of another product; half of them also 1 of the contested one.
    const targets: { id: string; version: number; rows: { productId: string | null; code: string; name: string; quantity: number; unit: string; unitPriceCents: number }[]; raiseLast: boolean }[] = [];
    await receiveStock(h.store, { productId: LAST, warehouseId: 'tallinn', quantity: STAFF / 2 }, { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });
    await h.settle();
    for (let i = 0; i < STAFF; i++) {
      const raiseLast = i % 2 === 1;
      const placed = await placeForShopper(OTHER, 1);
      expect(placed.statusCode, placed.body).toBe(200);
      const id = placed.json().data.order.id as string;
      if (raiseLast) {
        // Give it one of the contested units first (through the staff edit itself).
        const g = (await h.app.inject({ method: 'GET', url: `/v1/admin/orders/${id}`, headers: staffHeaders() })).json().data;
        const res = await h.app.inject({ method: 'PUT', url: `/v1/admin/orders/${id}`, headers: staffHeaders(), payload: { version: g.version, rows: [...g.rows, { productId: LAST, code: '', name: 'Viimane', quantity: 1, unit: '', unitPriceCents: 2500 }], discountCents: 0, serviceFeeCents: 0, employeeComment: '', invoiceComment: '' } });
        expect(res.statusCode, res.body).toBe(200);
      }
      const g = (await h.app.inject({ method: 'GET', url: `/v1/admin/orders/${id}`, headers: staffHeaders() })).json().data;
      targets.push({ id, version: g.version, rows: g.rows, raiseLast });
      everyOrder.add(id);
    }
    // The contested stock now: UNITS free beside the STAFF / 2 units the odd orders hold.
    await receiveStock(h.store, { productId: LAST, warehouseId: 'tallinn', quantity: UNITS }, { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });
    await h.settle();
    const freeBefore = (await stockOf(h.store, LAST)).free;
    expect(freeBefore).toBe(UNITS);

    // The race: every staff edit asks for 1 more unit (a new row, or the row raised), every shopper for 1.
    const edits = targets.map((t) =>
      h.app.inject({
        method: 'PUT',
        url: `/v1/admin/orders/${t.id}?lang=en`,
        headers: staffHeaders(),
        payload: {
          version: t.version,
          rows: t.raiseLast
            ? t.rows.map(({ productId, code, name, quantity, unit, unitPriceCents }) => ({ productId, code, name, quantity: productId === LAST ? quantity + 1 : quantity, unit, unitPriceCents }))
            : [...t.rows.map(({ productId, code, name, quantity, unit, unitPriceCents }) => ({ productId, code, name, quantity, unit, unitPriceCents })), { productId: LAST, code: '', name: 'Viimane', quantity: 1, unit: '', unitPriceCents: 2500 }],
          discountCents: 0,
          serviceFeeCents: 0,
          employeeComment: `round ${round}`,
          invoiceComment: '',
        },
      }),
    );
    const shoppers = Array.from({ length: SHOPPERS }, () => placeForShopper(LAST, 1));
    const [editAnswers, shopperAnswers] = await Promise.all([Promise.all(edits), Promise.all(shoppers)]);

    const editsWon = editAnswers.filter((a) => a.statusCode === 200).length;
    const shoppersWon = shopperAnswers.filter((a) => a.statusCode === 200);
    for (const a of editAnswers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode, a.body).toBe(409);
      expect(a.json().errors[0].code).toBe('order.not_enough_stock');
    }
    for (const a of shopperAnswers.filter((x) => x.statusCode !== 200)) {
      expect([400, 409]).toContain(a.statusCode);
      expect(a.json().redirect).toBe('/cart');
    }
    // Exactly the units there were went out: never more (oversold), and none left while someone was refused.
    expect(editsWon + shoppersWon.length, `round ${round}`).toBe(UNITS);
    for (const a of shoppersWon) everyOrder.add(a.json().data.order.id);

    const { events, free, state } = await stockOf(h.store, LAST);
    expect(free, `round ${round}`).toBe(0);
    expect(events.every((e) => e.data.onHand >= 0)).toBe(true);
    expect(freeUnitsBySum(events)).toBe(free);
    // Every order claims exactly what its stock stream holds for it (nothing lost, nothing held for nobody).
    for (const orderId of everyOrder) expect(reservedFor(state, orderId), `order ${orderId}`).toBe(await claimOf(orderId, LAST));
    const held = Object.values(state.reservations).flatMap((w) => Object.values(w)).reduce((a, b) => a + b, 0);
    expect(held).toBe(round * (STAFF / 2 + UNITS));
  }
});

it('two staff members saving the same order at once: one wins, the other gets 409 and nothing of it is written', { timeout: patience(120_000) }, async () => {
  await receiveStock(h.store, { productId: LAST, warehouseId: 'tallinn', quantity: 5 }, { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });
  await h.settle();
  const placed = await placeForShopper(OTHER, 1);
  const id = placed.json().data.order.id as string;
  const g = (await h.app.inject({ method: 'GET', url: `/v1/admin/orders/${id}`, headers: staffHeaders() })).json().data;
  const save = (quantity: number) =>
    h.app.inject({
      method: 'PUT',
      url: `/v1/admin/orders/${id}`,
      headers: staffHeaders(),
      payload: { version: g.version, rows: [...g.rows, { productId: LAST, code: '', name: 'Viimane', quantity, unit: '', unitPriceCents: 2500 }], discountCents: 0, serviceFeeCents: 0, employeeComment: '', invoiceComment: '' },
    });
  const answers = await Promise.all([save(2), save(3)]);
  expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  const won = answers.find((a) => a.statusCode === 200)!.json().data;
  const quantity = won.rows.find((r: { productId: string }) => r.productId === LAST).quantity;
  const { state } = await stockOf(h.store, LAST);
  expect(reservedFor(state, id)).toBe(quantity);
  expect(await claimOf(id, LAST)).toBe(quantity);
});
