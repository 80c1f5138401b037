/**
 * An order whose reservation expired holds no stock; filling it used to ship nothing,
 * so the stock count never fell and later orders could oversell. On real PostgreSQL, through the commands:
 * - staff mark such an order paid and filled: its units are reserved again and shipped (OrderReservedAgain,
 *   StockShipped), the free stock falls by the order's quantity;
 * - the provider's payment arrives after expiry: the units are reserved again and recorded on the order, so the
 *   fill ships them;
 * - the stock is short of what the expired order needs: the fill is refused (order.fill_stock_short), nothing is
 *   held or shipped, and the free stock is unchanged.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { expireReservation } from '../commands/order/expire-reservation.js';
import { markOrderFilled } from '../commands/order/mark-order-filled.js';
import { markOrderPaid } from '../commands/order/mark-order-paid.js';
import { placeOrder } from '../commands/order/place-order.js';
import { recordVerifiedPayment } from '../commands/order/record-payment.js';
import { DomainError } from '../domain/shared/errors.js';
import { toOrderStreamId } from '../domain/order/order.js';
import { reservedFor } from '../domain/stock/stock.js';
import { productRow, stockOf } from './support/order-test-kit.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';

let h: ShopHarness;
let nextNumber = 7000;
const ctx = (now = h.clock.now) => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: 'staff-anna', now });

async function order(code: string, quantity: number): Promise<{ id: string; totalCents: number }> {
  const id = randomUUID();
  const placed = await placeOrder(
    h.store,
    {
      orderId: id,
      language: 'et',
      client: { type: 'private', firstName: 'Mari', lastName: 'Maasikas', businessName: '', email: 'mari@example.ee', phone: '+372 5555 0000', vatRegNr: '' },
      shortContactAddress: '',
      comment: '',
      delivery: { providerId: 'omniva-parcel', providerName: 'Omniva pakiautomaat', optionId: '9001', optionName: 'Tallinn Kristiine', address: null },
      lines: [{ productId: productIdForCode(code), code, name: `Toode ${code}`, unit: 'pcs', quantity, grossUnitCents: 1000, policy: 'available', deliveryDays: null }],
      vatRatePercent: 24,
    },
    ctx(),
    { nextOrderNumber: async () => ++nextNumber },
    { mayExist: false },
  );
  return { id, totalCents: placed.totalCents };
}

async function expire(orderId: string, code: string): Promise<void> {
  const outcome = await expireReservation(h.store, { orderId, productIds: [productIdForCode(code)] }, ctx());
  expect(outcome.outcome).toBe('expired');
}

const shippedFor = async (code: string, orderId: string) =>
  (await stockOf(h.store, productIdForCode(code))).events.filter((e) => e.type === 'StockShipped' && (e.data as { orderId: string }).orderId === orderId).reduce((n, e) => n + (e.data as { quantity: number }).quantity, 0);
const free = async (code: string) => (await stockOf(h.store, productIdForCode(code))).free;
const orderTypes = async (id: string) => (await h.store.readStream(toOrderStreamId(id))).events.map((e) => e.type);

beforeAll(async () => {
  h = await createShopHarness('order_reserved_again');
  await h.importCatalogRows([productRow('RA-PADS', { stock: 5 }), productRow('RA-DISC', { stock: 5 }), productRow('RA-SHORT', { stock: 3 })]);
  await h.settle();
});
afterAll(async () => {
  await h?.close();
});

describe('an order whose reservation expired', () => {
  it('staff mark it paid and filled: the units are reserved again and shipped, the free stock falls', async () => {
    const o = await order('RA-PADS', 2);
    expect(await free('RA-PADS')).toBe(3);
    await expire(o.id, 'RA-PADS');
    expect(await free('RA-PADS')).toBe(5);
    await markOrderPaid(h.store, { orderId: o.id }, ctx());
    await markOrderFilled(h.store, { orderId: o.id }, ctx());
    expect(await shippedFor('RA-PADS', o.id)).toBe(2);
    expect(await free('RA-PADS')).toBe(3);
    expect(reservedFor((await stockOf(h.store, productIdForCode('RA-PADS'))).state, o.id)).toBe(0);
    expect(await orderTypes(o.id)).toEqual(expect.arrayContaining(['OrderReservationExpired', 'OrderReservedAgain', 'OrderFilled']));
  });

  it('the provider pays after expiry: the units are held again on the order, and the fill ships them', async () => {
    const o = await order('RA-DISC', 2);
    await expire(o.id, 'RA-DISC');
    const paid = await recordVerifiedPayment(
      h.store,
      { orderId: o.id, providerId: 'sandbox', transactionId: `tx-${o.id}`, status: 'paid', amountCents: o.totalCents, currency: 'EUR' },
      ctx(),
      async () => ({ policy: 'available', deliveryDays: null }),
    );
    expect(paid.reservedAgain).toEqual([{ productId: productIdForCode('RA-DISC'), quantity: 2, reserved: true }]);
    expect((await orderTypes(o.id)).at(-1)).toBe('OrderReservedAgain');
    expect(await free('RA-DISC')).toBe(3);
    await markOrderFilled(h.store, { orderId: o.id }, ctx());
    expect(await shippedFor('RA-DISC', o.id)).toBe(2);
    expect(await free('RA-DISC')).toBe(3);
  });

  it('refuses to fill it when the stock is short, holding and shipping nothing', async () => {
    const o = await order('RA-SHORT', 2);
    await expire(o.id, 'RA-SHORT');
    await order('RA-SHORT', 2); // another shopper takes 2 of the 3 meanwhile
    expect(await free('RA-SHORT')).toBe(1);
    await markOrderPaid(h.store, { orderId: o.id }, ctx());
    const refused = await markOrderFilled(h.store, { orderId: o.id }, ctx()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('order.fill_stock_short');
    expect(await free('RA-SHORT')).toBe(1);
    expect(await shippedFor('RA-SHORT', o.id)).toBe(0);
    expect(reservedFor((await stockOf(h.store, productIdForCode('RA-SHORT'))).state, o.id)).toBe(0);
    expect(await orderTypes(o.id)).not.toContain('OrderFilled');
  });
});
