/**
 * The Order decider's staff commands, given / when / then (spec 4 "Order flags", spec 5 "VAT" and the row
 * name rule), and the totals with discount, fee and both VAT cases.
 */
import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.js';
import { spec } from '../../tests/support/given-when-then.js';
import type { OrderPlacedData } from './events.js';
import { orderDecider, type OrderCommand, type OrderEvent } from './order.js';
import { type EditRowInput, priceEditedRows, reservationTargets } from './staff-edits.js';

const NOW = '2026-11-22T10:00:00.000Z';
const LATER = '2026-11-22T10:05:00.000Z';
const LEASE = '2026-11-22T10:00:30.000Z';
const OID = 'o-1';
const client = { type: 'private' as const, firstName: 'Mari', lastName: 'Maasikas', businessName: '', email: 'mari@example.ee', phone: '5555', vatRegNr: '' };
const delivery = { providerId: 'omniva-parcel', providerName: 'Omniva pakiautomaat', optionId: '123', optionName: 'Tallinn', address: null };
const productRow = { productId: 'p-1', code: 'BF 1', name: 'Pidurikettad', quantity: 2, unit: 'pcs', unitPriceCents: 1240, lineTotalCents: 2480 };

const placed = (over: Partial<OrderPlacedData> = {}): OrderEvent => ({
  type: 'OrderPlaced',
  data: {
    orderId: OID, number: 1001, publicToken: 'a'.repeat(40), placedAt: NOW, language: 'et', client, shortContactAddress: '', comment: '', delivery,
    rows: [productRow], vatIncluded: true, vatRatePercent: 24, netTotalCents: 2000, vatCents: 480, totalCents: 2480, reservations: [{ productId: 'p-1', quantity: 2 }],
    ...over,
  },
});
const cmd = (c: Omit<OrderCommand, 'metadata'>, now = NOW): OrderCommand => ({ ...c, metadata: { now } }) as OrderCommand;
const flag = (type: 'MarkOrderPaid' | 'MarkOrderUnpaid' | 'MarkOrderFilled' | 'MarkOrderUnfilled', now = NOW) => cmd({ type, data: { orderId: OID } }, now);
const markedPaid: OrderEvent = { type: 'OrderMarkedPaid', data: { orderId: OID, at: NOW } };
const markedUnpaid: OrderEvent = { type: 'OrderMarkedUnpaid', data: { orderId: OID, at: NOW } };
const filled: OrderEvent = { type: 'OrderFilled', data: { orderId: OID, at: NOW, shipped: [{ productId: 'p-1', quantity: 2 }] } };
const unfilled: OrderEvent = { type: 'OrderUnfilled', data: { orderId: OID, at: NOW, returned: [{ productId: 'p-1', quantity: 2 }] } };
const started = (editId = 'e-1', leaseUntil = LEASE): OrderEvent => ({ type: 'OrderEditStarted', data: { orderId: OID, editId, leaseUntil, at: NOW } });

const row = (over: Partial<EditRowInput> = {}): EditRowInput => ({ productId: 'p-1', code: 'BF 1', name: 'Pidurikettad', quantity: 2, unit: 'pcs', unitPriceCents: 1240, ...over });
const service = (over: Partial<EditRowInput> = {}): EditRowInput => ({ productId: null, code: '', name: 'Paigaldus', quantity: 1, unit: 'h', unitPriceCents: 3000, ...over });
const edit = (over: Partial<Extract<OrderCommand, { type: 'EditOrder' }>['data']> = {}, now = NOW): OrderCommand =>
  cmd({ type: 'EditOrder', data: { orderId: OID, editId: null, rows: [row()], discountCents: 0, serviceFeeCents: 0, employeeComment: '', invoiceComment: '', reservations: null, ...over } }, now);

const order = spec(orderDecider);

describe('MarkOrderPaid / MarkOrderUnpaid (spec 4: paid toggles)', () => {
  it('marks an unpaid order paid, and a paid one unpaid', () => {
    order.given([placed()]).when(flag('MarkOrderPaid')).then([markedPaid]);
    order.given([placed(), markedPaid]).when(flag('MarkOrderUnpaid')).then([markedUnpaid]);
  });

  it('decides nothing when the order already is so', () => {
    order.given([placed()]).when(flag('MarkOrderUnpaid')).then([]);
    order.given([placed(), markedPaid]).when(flag('MarkOrderPaid')).then([]);
  });

  it('toggles back and forth', () => {
    order.given([placed(), markedPaid, markedUnpaid]).when(flag('MarkOrderPaid')).then([markedPaid]);
  });

  it('a provider-paid order can be marked unpaid; the same provider payment is not recorded twice after it', () => {
    const paid: OrderEvent = { type: 'OrderPaid', data: { orderId: OID, providerId: 'x', transactionId: 't-1', amountCents: 2480, paidAt: NOW } };
    order.given([placed(), paid]).when(flag('MarkOrderUnpaid')).then([markedUnpaid]);
    const again = cmd({ type: 'RecordPayment', data: { orderId: OID, providerId: 'x', transactionId: 't-1', status: 'paid', amountCents: 2480, currency: 'EUR' } });
    order.given([placed(), paid, markedUnpaid]).when(again).then([]);
  });

  it('an unknown order: order.not_found', () => {
    order.when(flag('MarkOrderPaid')).thenThrows('order.not_found', 'not_found');
  });
});

describe('MarkOrderFilled / MarkOrderUnfilled (spec 4: filled toggles; ships the reserved stock)', () => {
  it('filling ships what the order holds; un-filling returns it', () => {
    order.given([placed()]).when(flag('MarkOrderFilled')).then([filled]);
    order.given([placed(), filled]).when(flag('MarkOrderUnfilled')).then([unfilled]);
  });

  it('decides nothing when already so', () => {
    order.given([placed(), filled]).when(flag('MarkOrderFilled')).then([]);
    order.given([placed()]).when(flag('MarkOrderUnfilled')).then([]);
  });

  it('an order whose reservations expired ships nothing', () => {
    const expired: OrderEvent = { type: 'OrderReservationExpired', data: { orderId: OID, reservations: [{ productId: 'p-1', quantity: 2 }], expiredAt: NOW } };
    order.given([placed(), expired]).when(flag('MarkOrderFilled')).then([{ type: 'OrderFilled', data: { orderId: OID, at: NOW, shipped: [] } }]);
  });

  it('is refused while a row edit holds the order, allowed after its lease ran out', () => {
    order.given([placed(), started()]).when(flag('MarkOrderFilled')).thenThrows('order.being_edited', 'conflict');
    order.given([placed(), started()]).when(flag('MarkOrderFilled', LATER)).then([{ type: 'OrderFilled', data: { orderId: OID, at: LATER, shipped: [{ productId: 'p-1', quantity: 2 }] } }]);
  });

  it('a filled order does not expire', () => {
    order.given([placed(), filled]).when(cmd({ type: 'ExpireReservation', data: { orderId: OID } }, LATER)).then([]);
  });
});

describe('StartOrderEdit / AbandonOrderEdit (the lease of a row edit that changes stock)', () => {
  it('starts an edit; the same edit again decides nothing; another is refused until the lease ran out', () => {
    order.given([placed()]).when(cmd({ type: 'StartOrderEdit', data: { orderId: OID, editId: 'e-1', leaseUntil: LEASE } })).then([started()]);
    order.given([placed(), started()]).when(cmd({ type: 'StartOrderEdit', data: { orderId: OID, editId: 'e-1', leaseUntil: LEASE } })).then([]);
    order.given([placed(), started()]).when(cmd({ type: 'StartOrderEdit', data: { orderId: OID, editId: 'e-2', leaseUntil: LEASE } })).thenThrows('order.being_edited', 'conflict');
    order
      .given([placed(), started()])
      .when(cmd({ type: 'StartOrderEdit', data: { orderId: OID, editId: 'e-2', leaseUntil: '2026-11-22T10:05:30.000Z' } }, LATER))
      .then([{ type: 'OrderEditStarted', data: { orderId: OID, editId: 'e-2', leaseUntil: '2026-11-22T10:05:30.000Z', at: LATER } }]);
  });

  it('refuses to edit the rows of a filled order', () => {
    order.given([placed(), filled]).when(cmd({ type: 'StartOrderEdit', data: { orderId: OID, editId: 'e-1', leaseUntil: LEASE } })).thenThrows('order.filled', 'illegal_state');
  });

  it('an abandoned edit closes the lease; abandoning another edit decides nothing', () => {
    const abandon = (editId: string) => cmd({ type: 'AbandonOrderEdit', data: { orderId: OID, editId, reason: 'not_enough_stock' } });
    order.given([placed(), started()]).when(abandon('e-1')).then([{ type: 'OrderEditAbandoned', data: { orderId: OID, editId: 'e-1', reason: 'not_enough_stock', at: NOW } }]);
    order.given([placed(), started()]).when(abandon('e-9')).then([]);
  });

  it('a reservation does not expire while an edit holds the order', () => {
    order.given([placed(), started()]).when(cmd({ type: 'ExpireReservation', data: { orderId: OID } })).then([]);
  });
});

describe('EditOrder (rows, discount, fee, comments; spec 5)', () => {
  const before = { rows: [productRow], discountCents: 0, serviceFeeCents: 0, totalCents: 2480 };

  it('adds a service row with a discount and a fee; totals and VAT recomputed with VAT included', () => {
    order.given([placed()]).when(edit({ rows: [row(), service()], discountCents: 480, serviceFeeCents: 500 })).then([
      {
        type: 'OrderRowsEdited',
        data: {
          orderId: OID, editId: null,
          rows: [productRow, { productId: null, code: '', name: 'Paigaldus', quantity: 1, unit: 'h', unitPriceCents: 3000, lineTotalCents: 3000 }],
          // 2480 + 3000 - 480 + 500 = 5500; net = round(5500 * 100 / 124) = 4435; VAT 1065
          discountCents: 480, serviceFeeCents: 500, vatIncluded: true, vatRatePercent: 24, netTotalCents: 4435, vatCents: 1065, totalCents: 5500,
          reservations: [{ productId: 'p-1', quantity: 2 }], before, at: NOW,
        },
      },
    ]);
  });

  it('a foreign VAT-registered business pays no VAT: net = total, VAT 0', () => {
    const business = { ...client, type: 'business' as const, businessName: 'Oy Auto', vatRegNr: 'FI12345678' };
    const netRow = { ...productRow, unitPriceCents: 1000, lineTotalCents: 2000 };
    order.given([placed({ client: business, rows: [netRow], vatIncluded: false, netTotalCents: 2000, vatCents: 0, totalCents: 2000 })])
      .when(edit({ rows: [row({ unitPriceCents: 1000, quantity: 3 })], serviceFeeCents: 100 }))
      .then([
        {
          type: 'OrderRowsEdited',
          data: {
            orderId: OID, editId: null, rows: [{ ...netRow, quantity: 3, lineTotalCents: 3000 }], discountCents: 0, serviceFeeCents: 100, vatIncluded: false, vatRatePercent: 24,
            netTotalCents: 3100, vatCents: 0, totalCents: 3100, reservations: [{ productId: 'p-1', quantity: 2 }], before: { rows: [netRow], discountCents: 0, serviceFeeCents: 0, totalCents: 2000 }, at: NOW,
          },
        },
      ]);
  });

  it("refuses a row without a product or service name (spec 5: Saving failed, can't save order without product/service name)", () => {
    order.given([placed()]).when(edit({ rows: [row(), service({ name: '   ' })] })).thenThrows('order.row_name_required', 'validation');
    expect(() => priceEditedRows([row({ name: '' })], 0, 0, '', 24)).toThrow("Saving failed, can't save order without product/service name");
  });

  it.each([
    ['no rows', { rows: [] }, 'order.empty'],
    ['a quantity of 0', { rows: [row({ quantity: 0 })] }, 'order.quantity_invalid'],
    ['a fractional quantity', { rows: [row({ quantity: 1.5 })] }, 'order.quantity_invalid'],
    ['a negative price', { rows: [row({ unitPriceCents: -1 })] }, 'order.price_invalid'],
    ['a discount above the rows and the fee', { discountCents: 2481 }, 'order.discount_invalid'],
    ['a negative fee', { serviceFeeCents: -5 }, 'order.fee_invalid'],
    ['a comment too long', { employeeComment: 'x'.repeat(5001) }, 'order.comment_invalid'],
  ])('refuses %s', (_name, over, code) => {
    order.given([placed()]).when(edit(over as never)).thenThrows(code, 'validation');
  });

  it('a discount of exactly the rows and the fee makes a total of 0', () => {
    const priced = priceEditedRows([row()], 2480, 0, '', 24);
    expect(priced).toMatchObject({ totalCents: 0, netTotalCents: 0, vatCents: 0 });
  });

  it('changes only the comments: OrderCommentsChanged alone, trimmed', () => {
    order.given([placed()]).when(edit({ employeeComment: ' helistada enne ', invoiceComment: 'Tasutud sularahas' })).then([
      { type: 'OrderCommentsChanged', data: { orderId: OID, employeeComment: 'helistada enne', invoiceComment: 'Tasutud sularahas', at: NOW } },
    ]);
  });

  it('decides nothing when nothing changed', () => {
    order.given([placed()]).when(edit()).then([]);
  });

  it('a stock-changing edit must hold the lease, records the reservations it made, and completing closes the lease', () => {
    order.given([placed()]).when(edit({ editId: 'e-1', rows: [row({ quantity: 5 })], reservations: [{ productId: 'p-1', quantity: 5 }] })).thenThrows('order.being_edited', 'conflict');
    const state = fold(orderDecider, [placed(), started()]);
    const events = orderDecider.decide(edit({ editId: 'e-1', rows: [row({ quantity: 5 })], reservations: [{ productId: 'p-1', quantity: 5 }] }), state);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'OrderRowsEdited', data: { editId: 'e-1', totalCents: 6200, reservations: [{ productId: 'p-1', quantity: 5 }] } });
    const after = events.reduce(orderDecider.evolve, state);
    expect(after.status !== 'empty' && after.staff.pendingEdit).toEqual({ editId: 'e-1', leaseUntil: LEASE });
    expect(after.status !== 'empty' && after.totalCents).toBe(6200);
    const complete = cmd({ type: 'CompleteOrderEdit', data: { orderId: OID, editId: 'e-1' } });
    const done = orderDecider.decide(complete, after);
    expect(done).toEqual([{ type: 'OrderEditCompleted', data: { orderId: OID, editId: 'e-1', at: NOW } }]);
    const closed = done.reduce(orderDecider.evolve, after);
    expect(closed.status !== 'empty' && closed.staff.pendingEdit).toBe(null);
    expect(orderDecider.decide(complete, closed)).toEqual([]);
  });

  it('another staff member cannot change rows while an edit holds the order; comments they may', () => {
    order.given([placed(), started()]).when(edit({ rows: [row({ unitPriceCents: 1000 })] })).thenThrows('order.being_edited', 'conflict');
    order.given([placed(), started()]).when(edit({ invoiceComment: 'x' })).then([{ type: 'OrderCommentsChanged', data: { orderId: OID, employeeComment: '', invoiceComment: 'x', at: NOW } }]);
  });

  it('refuses row changes of a filled order, not comment changes', () => {
    order.given([placed(), filled]).when(edit({ rows: [row({ quantity: 1 })] })).thenThrows('order.filled', 'illegal_state');
    order.given([placed(), filled]).when(edit({ employeeComment: 'saadetud' })).then([{ type: 'OrderCommentsChanged', data: { orderId: OID, employeeComment: 'saadetud', invoiceComment: '', at: NOW } }]);
  });

  it('the payment amount follows the edited total', () => {
    const edited = orderDecider.decide(edit({ rows: [row({ quantity: 1 })] }), fold(orderDecider, [placed()]));
    const pay = cmd({ type: 'RecordPayment', data: { orderId: OID, providerId: 'x', transactionId: 't-1', status: 'paid', amountCents: 2480, currency: 'EUR' } });
    order.given([placed(), ...edited]).when(pay).thenThrows('payment.amount_mismatch', 'validation');
  });

  it('reservation targets sum product rows per product and skip service rows', () => {
    expect(reservationTargets([row({ quantity: 2 }), service(), row({ quantity: 3 }), row({ productId: 'p-2', quantity: 1 })])).toEqual(new Map([['p-1', 5], ['p-2', 1]]));
  });
});
