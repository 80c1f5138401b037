/**
 * Staff order editing through `app.inject` on real PostgreSQL and Redis: OrderList (GET /v1/admin/orders: search by
 * number, name, e-mail or phone; paid / filled / day range / provider filters; newest first; paging), OrderEdit
 * (GET/PUT /v1/admin/orders/{id}: rows, discount, fee, comments, totals and VAT by the domain; the version read, 409
 * naming who changed it; stock reserved and released with the rows, 409 when short), the spec 4 toggles (POST
 * /paid, /filled: StockShipped on fill, returned on unfill; the unfilled badge falls and rises), the staff user in
 * every event's metadata, 401/403, CSRF, and garbage input answered 4xx in the envelope in the request's language.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { placeOrder } from '../commands/order/place-order.js';
import { toNewEvents } from '../commands/shared/command-handler.js';
import { toDomainEvent } from '../commands/shared/event-parsers.js';
import { setReservation } from '../commands/stock/set-reservation.js';
import { orderDecider, type OrderEvent, toOrderStreamId } from '../domain/order/order.js';
import { ORDER_EDIT_LEASE_MS } from '../domain/order/staff-edits.js';
import { reservedFor, toStockStreamId } from '../domain/stock/stock.js';
import { productRow, stockOf } from './support/order-test-kit.js';
import { anonymousBrowser, createStaffSessions, headersOf, registerStaff, type StaffBrowser } from './support/staff-session.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { adminOrdersReadModel } from '../projections/admin-orders/writer.js';
import { hashReadModel, rebuildReadModel } from '../projections/read-model.js';

const PASSWORD = 'Staff-Pass-2026!x';
let h: ShopHarness;
const sessions = createStaffSessions('admin-orders');
const ids: Record<string, string> = {};
let nextNumber = 7000;
const FILTER = productIdForCode('ORD-FILTER'); // 1000 in stock
const PADS = productIdForCode('ORD-PADS'); // 3 in stock
const ON_DEMAND = productIdForCode('ORD-DEMAND'); // on demand, no stock

type Browser = StaffBrowser;
let anna: Browser; // orders.view + orders.edit (CLIENT role)
let adam: Browser; // ADMIN only: no orders permission
let nobody: Browser; // no session

const signedIn = (username: string): Promise<Browser> => sessions.signIn(h.app, username, PASSWORD);
const get = (b: Browser, url: string) => h.app.inject({ method: 'GET', url, headers: headersOf(b) });
const send = (b: Browser, method: 'POST' | 'PUT', url: string, payload: unknown) =>
  h.app.inject({ method, url, headers: { ...headersOf(b), 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

interface NewOrder {
  firstName?: string;
  lastName?: string;
  businessName?: string;
  email?: string;
  phone?: string;
  vatRegNr?: string;
  provider?: 'omniva-courier' | 'omniva-parcel';
  lines?: { productId: string; code: string; quantity: number; grossUnitCents: number; policy?: 'available' | 'on_demand' }[];
  at?: string;
}

/** Places an order as the shopper's checkout does (reserving its limited lines), at `at` (ISO). */
async function newOrder(o: NewOrder = {}): Promise<{ id: string; number: number }> {
  const orderId = randomUUID();
  const business = !!o.businessName;
  const courier = (o.provider ?? 'omniva-courier') === 'omniva-courier';
  const placed = await placeOrder(
    h.store,
    {
      orderId,
      language: 'et',
      client: { type: business ? 'business' : 'private', firstName: o.firstName ?? 'Mari', lastName: o.lastName ?? 'Maasikas', businessName: o.businessName ?? '', email: o.email ?? 'mari@example.ee', phone: o.phone ?? '+372 5555 0000', vatRegNr: o.vatRegNr ?? '' },
      shortContactAddress: business ? 'Pikk 1' : '',
      comment: '',
      delivery: courier
        ? { providerId: 'omniva-courier', providerName: 'Omniva kuller', optionId: null, optionName: null, address: { street: 'Pikk 1', apartment: '', city: 'Tallinn', state: 'Harjumaa', areaCode: '10123', country: 'EE' } }
        : { providerId: 'omniva-parcel', providerName: 'Omniva pakiautomaat', optionId: '9001', optionName: 'Tallinn Kristiine', address: null },
      lines: (o.lines ?? [{ productId: FILTER, code: 'ORD-FILTER', quantity: 1, grossUnitCents: 1240 }]).map((l) => ({ ...l, name: `Toode ${l.code}`, unit: 'pcs', policy: l.policy ?? 'available', deliveryDays: null })),
      vatRatePercent: 24,
    },
    { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: o.at ?? h.clock.now },
    { nextOrderNumber: async () => ++nextNumber },
    { mayExist: false },
  );
  return { id: orderId, number: placed.number };
}

const orderEvents = async (id: string) => (await h.store.readStream(toOrderStreamId(id))).events;
const heldBy = async (productId: string, orderId: string) => reservedFor((await stockOf(h.store, productId)).state, orderId);
const badge = async () => (await get(anna, '/v1/site-summary')).json().data.unfilledOrders as number;
const list = async (query: string) => {
  const res = await get(anna, `/v1/admin/orders?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { orders: { id: string; number: number; clientName: string; paid: boolean; filled: boolean; totalCents: number; deliveryProviderId: string; placedAt: string; paymentMethod: string | null }[]; total: number; page: number; pageSize: number };
};
const orderOf = async (id: string) => {
  const res = await get(anna, `/v1/admin/orders/${id}?lang=en`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
/** The PUT body of the order as GET answered it, with `over` on top. */
const bodyOf = (order: { version: number; rows: { productId: string | null; code: string; name: string; quantity: number; unit: string; unitPriceCents: number }[]; discountCents: number; serviceFeeCents: number; employeeComment: string; invoiceComment: string }, over: object = {}) => ({
  version: order.version,
  rows: order.rows.map(({ productId, code, name, quantity, unit, unitPriceCents }) => ({ productId, code, name, quantity, unit, unitPriceCents })),
  discountCents: order.discountCents,
  serviceFeeCents: order.serviceFeeCents,
  employeeComment: order.employeeComment,
  invoiceComment: order.invoiceComment,
  ...over,
});

beforeAll(async () => {
  h = await createShopHarness('admin_orders', { api: { sessions: sessions.deps() } });
  Object.assign(ids, await registerStaff(h.store, [['anna', ['CLIENT']], ['adam', ['ADMIN']]], { password: PASSWORD, now: h.clock.now }));
  await h.importCatalogRows([
    productRow('ORD-FILTER', { grossCents: 1240, stock: 1000 }),
    productRow('ORD-PADS', { grossCents: 4990, stock: 3 }),
    productRow('ORD-DEMAND', { grossCents: 900, policy: 'on_demand' }),
  ]);
  await h.settle();
  anna = await signedIn('anna');
  adam = await signedIn('adam');
  nobody = await anonymousBrowser(h.app);
});
afterAll(async () => {
  await h?.close();
  await sessions.cleanup();
});

describe('OrderList', () => {
  const made: { id: string; number: number }[] = [];
  beforeAll(async () => {
    // 30 orders over 30 days (newest last), every third by parcel machine, one business with a foreign VAT number.
    for (let i = 0; i < 30; i++) {
      const at = new Date(Date.UTC(2026, 9, 1 + i, 10, 0, 0)).toISOString();
      made.push(
        await newOrder({
          at,
          firstName: `Eesnimi${i}`,
          lastName: i === 7 ? 'Tamm' : `Perenimi${i}`,
          email: i === 12 ? 'juhan.juurikas@example.com' : `klient${i}@example.ee`,
          phone: i === 20 ? '+372 5123 4567' : `+372 500${String(i).padStart(4, '0')}`,
          ...(i === 25 ? { businessName: 'Auto Oy', vatRegNr: 'FI12345678' } : {}),
          provider: i % 3 === 0 ? 'omniva-parcel' : 'omniva-courier',
          lines: [{ productId: ON_DEMAND, code: 'ORD-DEMAND', quantity: 1 + (i % 4), grossUnitCents: 900, policy: 'on_demand' }],
        }),
      );
    }
    await h.settle();
  });

  it('lists newest first with the columns, and pages with the total', async () => {
    const first = await list('pageSize=24&from=2026-10-01&to=2026-10-30');
    expect(first.total).toBe(30);
    expect(first.orders).toHaveLength(24);
    expect(first.orders[0]).toMatchObject({ id: made[29].id, number: made[29].number, clientName: 'Eesnimi29 Perenimi29', paid: false, filled: false, deliveryProviderId: 'omniva-courier', paymentMethod: null });
    const placed = first.orders.map((o) => o.placedAt);
    expect([...placed].sort().reverse()).toEqual(placed);
    const second = await list('pageSize=24&page=2&from=2026-10-01&to=2026-10-30');
    expect(second.orders.map((o) => o.id)).toEqual(made.slice(0, 6).reverse().map((o) => o.id));
    expect(second).toMatchObject({ total: 30, page: 2, pageSize: 24 });
  });

  it('shows the business name of a business client, and its total without VAT (spec 5)', async () => {
    const row = (await list('q=auto%20oy')).orders;
    expect(row).toHaveLength(1);
    // 2 units x 900 gross -> 726 net each (round(900 * 100 / 124)) -> 1452 without VAT
    expect(row[0]).toMatchObject({ id: made[25].id, clientName: 'Auto Oy', totalCents: 1452 });
  });

  it('searches by order number, name, e-mail and phone', async () => {
    expect((await list(`q=${made[4].number}`)).orders.map((o) => o.id)).toEqual([made[4].id]);
    expect((await list('q=tamm')).orders.map((o) => o.id)).toEqual([made[7].id]);
    expect((await list('q=Eesnimi7%20TAMM')).orders.map((o) => o.id)).toEqual([made[7].id]);
    expect((await list('q=juurikas@example')).orders.map((o) => o.id)).toEqual([made[12].id]);
    expect((await list('q=51234567')).orders.map((o) => o.id)).toEqual([made[20].id]);
    expect((await list('q=%2B372%205123%204567')).orders.map((o) => o.id)).toEqual([made[20].id]);
    expect((await list('q=no-such-client-anywhere')).total).toBe(0);
    // LIKE's wildcards are plain characters
    expect((await list('q=%25')).total).toBe(0);
  });

  it('filters by day range (Tallinn days, both inclusive) and delivery provider', async () => {
    expect((await list('from=2026-10-05&to=2026-10-07')).orders.map((o) => o.id)).toEqual([made[6].id, made[5].id, made[4].id]);
    const parcel = await list('provider=omniva-parcel&from=2026-10-01&to=2026-10-30');
    expect(parcel.total).toBe(10);
    expect(parcel.orders.every((o) => o.deliveryProviderId === 'omniva-parcel')).toBe(true);
  });

  it('filters paid / unpaid and filled / unfilled as staff toggle them', async () => {
    const range = 'from=2026-10-01&to=2026-10-30';
    expect((await send(anna, 'POST', `/v1/admin/orders/${made[1].id}/paid`, { paid: true })).statusCode).toBe(200);
    expect((await send(anna, 'POST', `/v1/admin/orders/${made[2].id}/filled`, { filled: true })).statusCode).toBe(200);
    expect((await list(`paid=1&${range}`)).orders.map((o) => o.id)).toEqual([made[1].id]);
    expect((await list(`paid=0&${range}`)).total).toBe(29);
    expect((await list(`filled=true&${range}`)).orders.map((o) => o.id)).toEqual([made[2].id]);
    expect((await list(`filled=false&paid=false&${range}`)).total).toBe(28);
  });
});

describe('OrderEdit', () => {
  it('answers everything the screen shows, with the stream version', async () => {
    const { id, number } = await newOrder({ lines: [{ productId: FILTER, code: 'ORD-FILTER', quantity: 2, grossUnitCents: 1240 }] });
    const order = await orderOf(id);
    expect(order).toMatchObject({
      id, number, paid: false, filled: false, language: 'et', client: { firstName: 'Mari', lastName: 'Maasikas', email: 'mari@example.ee' },
      delivery: { providerId: 'omniva-courier', address: { street: 'Pikk 1', city: 'Tallinn' } },
      rows: [{ productId: FILTER, code: 'ORD-FILTER', quantity: 2, unitPriceCents: 1240, lineTotalCents: 2480 }],
      discountCents: 0, serviceFeeCents: 0, vatIncluded: true, vatRatePercent: 24, netTotalCents: 2000, vatCents: 480, totalCents: 2480,
      employeeComment: '', invoiceComment: '', reservations: [{ productId: FILTER, quantity: 2 }], version: 1, changedBy: null,
    });
  });

  it('saves rows, discount, fee and comments: totals and VAT by the domain, stock reserved for a raised row, the staff user in metadata', async () => {
    const { id } = await newOrder({ lines: [{ productId: FILTER, code: 'ORD-FILTER', quantity: 2, grossUnitCents: 1240 }] });
    const order = await orderOf(id);
    const res = await send(anna, 'PUT', `/v1/admin/orders/${id}?lang=en`, bodyOf(order, {
      rows: [
        { productId: FILTER, code: '', name: 'Õlifilter', quantity: 3, unit: '', unitPriceCents: 1240 },
        { productId: null, code: '', name: 'Paigaldus', quantity: 1, unit: 'h', unitPriceCents: 3000 },
      ],
      discountCents: 220,
      serviceFeeCents: 500,
      employeeComment: 'Helistada enne',
      invoiceComment: 'Tasumine ülekandega',
    }));
    expect(res.statusCode, res.body).toBe(200);
    // 3 x 1240 + 3000 - 220 + 500 = 7000; net round(7000 * 100 / 124) = 5645; VAT 1355
    expect(res.json().data).toMatchObject({
      rows: [
        { productId: FILTER, code: 'ORD-FILTER', name: 'Õlifilter', quantity: 3, unit: 'pcs', unitPriceCents: 1240, lineTotalCents: 3720 },
        { productId: null, name: 'Paigaldus', quantity: 1, unit: 'h', unitPriceCents: 3000, lineTotalCents: 3000 },
      ],
      discountCents: 220, serviceFeeCents: 500, totalCents: 7000, netTotalCents: 5645, vatCents: 1355,
      employeeComment: 'Helistada enne', invoiceComment: 'Tasumine ülekandega', reservations: [{ productId: FILTER, quantity: 3 }], changedBy: ids.anna,
    });
    expect(await heldBy(FILTER, id)).toBe(3);
    const events = await orderEvents(id);
    const staffEvents = events.slice(1);
    expect(staffEvents.map((e) => e.type)).toEqual(['OrderEditStarted', 'OrderRowsEdited', 'OrderCommentsChanged', 'OrderEditCompleted']);
    expect(staffEvents.every((e) => e.metadata.userId === ids.anna)).toBe(true);
    const reserved = (await h.store.readStream(toStockStreamId(FILTER))).events.filter((e) => e.type === 'StockReserved' && (e.data as { orderId: string }).orderId === id);
    expect(reserved.at(-1)).toMatchObject({ data: { quantity: 1 }, metadata: { userId: ids.anna } });
    // The shopper's payment page and the order list follow the new total.
    expect((await list(`q=${res.json().data.number}`)).orders[0].totalCents).toBe(7000);
  });

  it('an order above 21,474,836.47 EUR (the 32-bit integer of cents) is saved and listed with its total', async () => {
    // 1000 x 30,000.00 EUR: within the row limits; the list's total column must hold it (bigint), or its projector stops.
    const { id, number } = await newOrder();
    const order = await orderOf(id);
    const res = await send(anna, 'PUT', `/v1/admin/orders/${id}`, bodyOf(order, { rows: [...order.rows, { productId: null, code: '', name: 'Veoauto', quantity: 1000, unit: 'tk', unitPriceCents: 3_000_000 }] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.totalCents).toBe(3_000_001_240);
    await h.settle();
    expect((await list(`q=${number}`)).orders.map((o) => o.totalCents)).toEqual([3_000_001_240]);
  });

  it('lowering and removing a row gives its units back (a partial release)', async () => {
    const { id } = await newOrder({ lines: [{ productId: FILTER, code: 'ORD-FILTER', quantity: 3, grossUnitCents: 1240 }, { productId: PADS, code: 'ORD-PADS', quantity: 1, grossUnitCents: 4990 }] });
    const freeBefore = (await stockOf(h.store, FILTER)).free;
    const order = await orderOf(id);
    const filterRow = order.rows.find((r: { productId: string }) => r.productId === FILTER);
    const res = await send(anna, 'PUT', `/v1/admin/orders/${id}`, bodyOf(order, { rows: [{ ...filterRow, quantity: 1 }] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.reservations).toEqual([{ productId: FILTER, quantity: 1 }]);
    expect(await heldBy(FILTER, id)).toBe(1);
    expect(await heldBy(PADS, id)).toBe(0);
    expect((await stockOf(h.store, FILTER)).free).toBe(freeBefore + 2);
    const released = (await h.store.readStream(toStockStreamId(FILTER))).events.filter((e) => e.type === 'ReservationReleased' && (e.data as { orderId: string }).orderId === id);
    expect(released.map((e) => e.data)).toEqual([expect.objectContaining({ quantity: 2, reason: 'order_edited' })]);
  });

  it('refuses a raise beyond the free units with 409 naming the row and what is available; nothing changes', async () => {
    const { id } = await newOrder({ lines: [{ productId: PADS, code: 'ORD-PADS', quantity: 1, grossUnitCents: 4990 }] });
    const free = (await stockOf(h.store, PADS)).free;
    const order = await orderOf(id);
    const res = await send(anna, 'PUT', `/v1/admin/orders/${id}?lang=en`, bodyOf(order, { rows: [{ ...order.rows[0], quantity: free + 2 }] }));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ success: false, errors: [{ code: 'order.not_enough_stock', field: 'rows.0.quantity', message: `There is not enough items in stock: row 1 can have at most ${free + 1}.` }] });
    expect(await heldBy(PADS, id)).toBe(1);
    expect((await stockOf(h.store, PADS)).free).toBe(free);
    const after = await orderOf(id);
    expect(after.rows).toEqual(order.rows);
    // The refused save changed nothing the screen shows: saving the version read still works.
    const ok = await send(anna, 'PUT', `/v1/admin/orders/${id}`, bodyOf(order, { invoiceComment: 'Ootab kaupa' }));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a stale version answers 409 naming who changed the order and when; nothing is written', async () => {
    const { id } = await newOrder();
    const order = await orderOf(id);
    expect((await send(anna, 'PUT', `/v1/admin/orders/${id}`, bodyOf(order, { employeeComment: 'Esimene' }))).statusCode).toBe(200);
    const before = (await orderEvents(id)).length;
    const stale = await send(anna, 'PUT', `/v1/admin/orders/${id}?lang=en`, bodyOf(order, { employeeComment: 'Teine' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0]).toMatchObject({ code: 'order.changed_meanwhile' });
    expect(stale.json().errors[0].message).toMatch(/^anna changed this order at .+ after you opened it/);
    const et = await send(anna, 'PUT', `/v1/admin/orders/${id}?lang=et`, bodyOf(order, { employeeComment: 'Teine' }));
    expect(et.json().errors[0].message).toMatch(/^Seda tellimust muutis vahepeal anna/);
    expect((await orderEvents(id)).length).toBe(before);
    expect((await orderOf(id)).employeeComment).toBe('Esimene');
  });

  it("refuses a row without a name with spec 5's message, in the request's language", async () => {
    const { id } = await newOrder();
    const order = await orderOf(id);
    const body = bodyOf(order, { rows: [...order.rows, { productId: null, code: '', name: '  ', quantity: 1, unit: '', unitPriceCents: 100 }] });
    const en = await send(anna, 'PUT', `/v1/admin/orders/${id}?lang=en`, body);
    expect(en.statusCode).toBe(400);
    expect(en.json().errors[0]).toMatchObject({ code: 'order.row_name_required', field: 'rows.1.name', message: "Saving failed, can't save order without product/service name." });
    const et = await send(anna, 'PUT', `/v1/admin/orders/${id}?lang=et`, body);
    expect(et.json().errors[0].message).toBe('Salvestamine ebaõnnestus, tellimust ei saa salvestada ilma toote/teenuse nimeta.');
    expect((await orderEvents(id)).length).toBe(1);
  });

  it('refuses a product unknown to the catalog and a discount above the rows', async () => {
    const { id } = await newOrder();
    const order = await orderOf(id);
    const unknown = await send(anna, 'PUT', `/v1/admin/orders/${id}?lang=en`, bodyOf(order, { rows: [...order.rows, { productId: randomUUID(), code: 'X', name: 'X', quantity: 1, unit: 'pcs', unitPriceCents: 1 }] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ code: 'order.product_unknown', field: 'rows.1.productId' });
    const discount = await send(anna, 'PUT', `/v1/admin/orders/${id}?lang=en`, bodyOf(order, { discountCents: 1241 }));
    expect(discount.statusCode).toBe(400);
    expect(discount.json().errors[0]).toMatchObject({ code: 'order.discount_invalid' });
  });
});

describe('paid and filled (spec 4)', () => {
  it('paid toggles with the staff user in metadata; a repeat changes nothing', async () => {
    const { id } = await newOrder();
    const paid = await send(anna, 'POST', `/v1/admin/orders/${id}/paid`, { paid: true });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ paid: true, paidAt: h.clock.now, changedBy: ids.anna });
    expect((await send(anna, 'POST', `/v1/admin/orders/${id}/paid`, { paid: true })).statusCode).toBe(200);
    const unpaid = await send(anna, 'POST', `/v1/admin/orders/${id}/paid`, { paid: false });
    expect(unpaid.json().data).toMatchObject({ paid: false, paidAt: null });
    const events = (await orderEvents(id)).slice(1);
    expect(events.map((e) => [e.type, e.metadata.userId])).toEqual([
      ['OrderMarkedPaid', ids.anna],
      ['OrderMarkedUnpaid', ids.anna],
    ]);
  });

  it('filling ships the reserved stock (StockShipped) and lowers the badge; un-filling returns it and raises the badge', async () => {
    const { id } = await newOrder({ lines: [{ productId: FILTER, code: 'ORD-FILTER', quantity: 2, grossUnitCents: 1240 }] });
    await h.settle();
    const badgeBefore = await badge();
    const freeBefore = (await stockOf(h.store, FILTER)).free;
    const filled = await send(anna, 'POST', `/v1/admin/orders/${id}/filled`, { filled: true });
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json().data).toMatchObject({ filled: true, filledAt: h.clock.now, reservations: [] });
    expect(await badge()).toBe(badgeBefore - 1);
    const stock = await stockOf(h.store, FILTER);
    expect(stock.free).toBe(freeBefore); // shipped units were held already: the free units stay
    expect(reservedFor(stock.state, id)).toBe(0);
    const shipped = (await h.store.readStream(toStockStreamId(FILTER))).events.filter((e) => e.type === 'StockShipped' && (e.data as { orderId: string }).orderId === id);
    expect(shipped.map((e) => [e.data, e.metadata.userId])).toEqual([[expect.objectContaining({ quantity: 2, warehouseId: 'tallinn' }), ids.anna]]);
    // A second 'filled' ships nothing more.
    expect((await send(anna, 'POST', `/v1/admin/orders/${id}/filled`, { filled: true })).statusCode).toBe(200);
    expect((await h.store.readStream(toStockStreamId(FILTER))).events.filter((e) => e.type === 'StockShipped' && (e.data as { orderId: string }).orderId === id)).toHaveLength(1);
    // The rows of a filled order stay as they are.
    const order = await orderOf(id);
    const edit = await send(anna, 'PUT', `/v1/admin/orders/${id}?lang=en`, bodyOf(order, { rows: [{ ...order.rows[0], quantity: 1 }] }));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().errors[0].code).toBe('order.filled');

    const unfilled = await send(anna, 'POST', `/v1/admin/orders/${id}/filled`, { filled: false });
    expect(unfilled.statusCode).toBe(200);
    expect(unfilled.json().data).toMatchObject({ filled: false, reservations: [{ productId: FILTER, quantity: 2 }] });
    expect(await badge()).toBe(badgeBefore);
    expect(await heldBy(FILTER, id)).toBe(2);
    const returned = (await h.store.readStream(toStockStreamId(FILTER))).events.filter((e) => e.type === 'StockShipmentReturned' && (e.data as { orderId: string }).orderId === id);
    expect(returned.map((e) => e.metadata.userId)).toEqual([ids.anna]);
  });
});

describe('guard and garbage', () => {
  const some = randomUUID();
  it('401 without a session, 403 without orders.view / orders.edit, 403 without the CSRF token', async () => {
    const { id } = await newOrder();
    for (const [method, url, payload] of [
      ['GET', '/v1/admin/orders', undefined],
      ['GET', `/v1/admin/orders/${id}`, undefined],
      ['PUT', `/v1/admin/orders/${id}`, { version: 1 }],
      ['POST', `/v1/admin/orders/${id}/paid`, { paid: true }],
      ['POST', `/v1/admin/orders/${id}/filled`, { filled: true }],
    ] as const) {
      const anon = await h.app.inject({ method, url, headers: { ...headersOf(nobody), ...(payload ? { 'content-type': 'application/json' } : {}) }, ...(payload ? { payload: JSON.stringify(payload) } : {}) });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
      expect(anon.json().success).toBe(false);
      const admin = await h.app.inject({ method, url, headers: { ...headersOf(adam), ...(payload ? { 'content-type': 'application/json' } : {}) }, ...(payload ? { payload: JSON.stringify(payload) } : {}) });
      expect(admin.statusCode, `${method} ${url}`).toBe(403);
    }
    const noCsrf = await h.app.inject({ method: 'POST', url: `/v1/admin/orders/${id}/paid`, headers: { cookie: anna.session!, 'content-type': 'application/json' }, payload: JSON.stringify({ paid: true }) });
    expect(noCsrf.statusCode).toBe(403);
    expect((await orderOf(id)).paid).toBe(false);
  });

  it('404 for an order that does not exist', async () => {
    const res = await get(anna, `/v1/admin/orders/${some}?lang=en`);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0]).toMatchObject({ code: 'order.not_found', message: "We couldn't find the requested order." });
    expect((await send(anna, 'POST', `/v1/admin/orders/${some}/paid`, { paid: true })).statusCode).toBe(404);
  });

  it.each([
    ['a page size not offered', '/v1/admin/orders?pageSize=1000'],
    ['page 0', '/v1/admin/orders?page=0'],
    ['a paid flag that is not one', '/v1/admin/orders?paid=yes'],
    ['an impossible day', '/v1/admin/orders?from=2026-13-40'],
    ['a provider with markup', '/v1/admin/orders?provider=%3Cscript%3E'],
    ['a search of 101 characters', `/v1/admin/orders?q=${'a'.repeat(101)}`],
    ['a NUL in the search', '/v1/admin/orders?q=a%00b'],
    ['an id that is not a uuid', "/v1/admin/orders/1'%20or%201=1"],
  ])('GET with %s: 400 in the envelope', async (_name, url) => {
    const res = await get(anna, `${url}${url.includes('?') ? '&' : '?'}lang=en`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, status: 'failure' });
    expect(res.json().errors[0].message).toEqual(expect.any(String));
  });

  it.each([
    ['no version', (b: object) => ({ ...b, version: undefined })],
    ['a version as text', (b: object) => ({ ...b, version: '1' })],
    ['no rows', (b: object) => ({ ...b, rows: [] })],
    ['a quantity as text', (b: { rows: object[] }) => ({ ...b, rows: [{ ...b.rows[0], quantity: '2' }] })],
    ['a fractional quantity', (b: { rows: object[] }) => ({ ...b, rows: [{ ...b.rows[0], quantity: 1.5 }] })],
    ['a negative price', (b: { rows: object[] }) => ({ ...b, rows: [{ ...b.rows[0], unitPriceCents: -1 }] })],
    ['a product id that is not a uuid', (b: { rows: object[] }) => ({ ...b, rows: [{ ...b.rows[0], productId: '../etc/passwd' }] })],
    ['a NUL in a name', (b: { rows: object[] }) => ({ ...b, rows: [{ ...b.rows[0], name: 'a\u0000b' }] })],
    ['a negative discount', (b: object) => ({ ...b, discountCents: -5 })],
    ['a comment of 5001 characters', (b: object) => ({ ...b, employeeComment: 'x'.repeat(5001) })],
    ['201 rows', (b: { rows: object[] }) => ({ ...b, rows: Array.from({ length: 201 }, () => b.rows[0]) })],
    ['an array body', () => [1, 2, 3]],
  ])('PUT with %s: 400 in the envelope, nothing written', async (_name, mutate) => {
    const { id } = await newOrder();
    const order = await orderOf(id);
    const res = await send(anna, 'PUT', `/v1/admin/orders/${id}?lang=et`, (mutate as (b: object) => unknown)(bodyOf(order)));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, status: 'failure' });
    expect((await orderEvents(id)).length).toBe(1);
  });

  it.each([
    ['paid as text', 'paid', { paid: 'true' }],
    ['paid missing', 'paid', {}],
    ['filled as a number', 'filled', { filled: 1 }],
    ['filled null', 'filled', { filled: null }],
  ])('POST with %s: 400', async (_name, flag, body) => {
    const { id } = await newOrder();
    const res = await send(anna, 'POST', `/v1/admin/orders/${id}/${flag}?lang=en`, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().success).toBe(false);
    expect((await orderEvents(id)).length).toBe(1);
  });
});

describe('an edit that crashed half-way (reservations never wrong)', () => {
  /** What a crashed edit leaves: its lease taken (OrderEditStarted) and `raiseTo` units held, the order never saved. */
  async function crashAfterRaise(orderId: string, raiseTo: number) {
    const ctx = { commandId: randomUUID(), correlationId: randomUUID(), userId: ids.anna, now: h.clock.now };
    const { events, version } = await h.store.readStream(toOrderStreamId(orderId));
    const state = events.reduce((st, e) => orderDecider.evolve(st, toDomainEvent<OrderEvent>(e)), orderDecider.initialState);
    const leaseUntil = new Date(Date.parse(h.clock.now) + ORDER_EDIT_LEASE_MS).toISOString();
    const started = orderDecider.decide({ type: 'StartOrderEdit', data: { orderId, editId: ctx.commandId, leaseUntil }, metadata: { now: h.clock.now } }, state);
    await h.store.appendToStream(toOrderStreamId(orderId), toNewEvents(started, toOrderStreamId(orderId), ctx), { expectedVersion: version });
    await setReservation(h.store, { productId: FILTER, orderId, quantity: raiseTo, mode: 'raise', policy: 'available', deliveryDays: null }, ctx);
  }
  const later = (ms: number) => {
    const was = h.clock.now;
    h.clock.now = new Date(Date.parse(was) + ms).toISOString();
    return () => {
      h.clock.now = was;
    };
  };

  it('holds the order while its lease runs (409 being edited), then the next edit gives the excess back', async () => {
    const { id } = await newOrder({ lines: [{ productId: FILTER, code: 'ORD-FILTER', quantity: 2, grossUnitCents: 1240 }] });
    const order = await orderOf(id);
    await crashAfterRaise(id, 6);
    expect(await heldBy(FILTER, id)).toBe(6); // more than the order claims (2): never less
    const busy = await send(anna, 'PUT', `/v1/admin/orders/${id}?lang=en`, bodyOf(order, { rows: [{ ...order.rows[0], quantity: 3 }] }));
    expect(busy.statusCode).toBe(409);
    expect(busy.json().errors[0].code).toBe('order.being_edited');
    const restore = later(ORDER_EDIT_LEASE_MS + 1000);
    try {
      const res = await send(anna, 'PUT', `/v1/admin/orders/${id}`, bodyOf(order, { rows: [{ ...order.rows[0], quantity: 3 }] }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.reservations).toEqual([{ productId: FILTER, quantity: 3 }]);
      expect(await heldBy(FILTER, id)).toBe(3);
    } finally {
      restore();
    }
  });

  it('filling ships what the order claims and frees what a crashed edit left held', async () => {
    const { id } = await newOrder({ lines: [{ productId: FILTER, code: 'ORD-FILTER', quantity: 2, grossUnitCents: 1240 }] });
    await crashAfterRaise(id, 5);
    const free = (await stockOf(h.store, FILTER)).free;
    const restore = later(ORDER_EDIT_LEASE_MS + 1000);
    try {
      expect((await send(anna, 'POST', `/v1/admin/orders/${id}/filled`, { filled: true })).statusCode).toBe(200);
    } finally {
      restore();
    }
    const stock = await stockOf(h.store, FILTER);
    expect(reservedFor(stock.state, id)).toBe(0);
    expect(stock.state.shipped?.[id]).toEqual({ tallinn: 2 });
    expect(stock.free).toBe(free + 3);
  });
});

describe('the admin orders read model', () => {
  it('rebuilds from position 0 identical to the live one (after edits, toggles and fills above)', async () => {
    await h.settle();
    const live = await hashReadModel(h.db, adminOrdersReadModel);
    expect(live).not.toMatch(/:empty/);
    await rebuildReadModel(h.db, h.store, adminOrdersReadModel);
    expect(await hashReadModel(h.db, adminOrdersReadModel)).toBe(live);
    expect((await list('filled=1')).total).toBeGreaterThan(0);
  });
});
