import { describe, expect, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import { checkoutFieldErrors, type CheckoutFields } from './checkout.js';
import { type CatalogLine, orderDecider, type OrderCommand, type OrderEvent, type OrderPlacedData } from './order.js';
import { isVatIncluded, priceOrder } from './pricing.js';

const NOW = '2026-11-22T10:00:00.000Z';
const LATER = '2026-11-22T10:05:00.000Z';
const OID = 'o-1';
const TOKEN = 'a'.repeat(40);
const client = { type: 'private' as const, firstName: 'Mari', lastName: 'Maasikas', businessName: '', email: 'mari@example.ee', phone: '5555', vatRegNr: '' };
const delivery = { providerId: 'omniva-parcel', providerName: 'Omniva pakiautomaat', optionId: '123', optionName: 'Tallinn', address: null };
const line = (grossUnitCents: number, quantity: number, productId = 'p-1', name = 'Pidurikettad'): CatalogLine => ({ productId, code: 'BF 1', name, unit: 'pcs', quantity, grossUnitCents });

const place = (lines: CatalogLine[], over: Partial<Extract<OrderCommand, { type: 'PlaceOrder' }>['data']> = {}): OrderCommand => ({
  type: 'PlaceOrder',
  data: { orderId: OID, number: 1001, publicToken: TOKEN, language: 'et', client, shortContactAddress: '', comment: '', delivery, lines, vatRatePercent: 24, reservations: [{ productId: 'p-1', quantity: 2 }], ...over },
  metadata: { now: NOW },
});
const placed = (over: Partial<OrderPlacedData> = {}): OrderEvent => ({
  type: 'OrderPlaced',
  data: {
    orderId: OID, number: 1001, publicToken: TOKEN, placedAt: NOW, language: 'et', client, shortContactAddress: '', comment: '', delivery,
    rows: [{ productId: 'p-1', code: 'BF 1', name: 'Pidurikettad', quantity: 2, unit: 'pcs', unitPriceCents: 1240, lineTotalCents: 2480 }],
    vatIncluded: true, vatRatePercent: 24, netTotalCents: 2000, vatCents: 480, totalCents: 2480, reservations: [{ productId: 'p-1', quantity: 2 }],
    ...over,
  },
});
const start = (attemptId = 'att-1'): OrderCommand => ({ type: 'StartPayment', data: { orderId: OID, methodId: 'ipizza-sandbox', providerId: 'ipizza-sandbox', attemptId }, metadata: { now: NOW } });
const started = (attempt = 1, attemptId = 'att-1'): OrderEvent => ({ type: 'PaymentStarted', data: { orderId: OID, attempt, attemptId, methodId: 'ipizza-sandbox', providerId: 'ipizza-sandbox', amountCents: 2480 } });
const pay = (amountCents = 2480, transactionId = 't-1', status: 'paid' | 'cancelled' = 'paid', currency = 'EUR'): OrderCommand => ({
  type: 'RecordPayment', data: { orderId: OID, providerId: 'ipizza-sandbox', transactionId, status, amountCents, currency }, metadata: { now: LATER },
});
const paid = (transactionId = 't-1'): OrderEvent => ({ type: 'OrderPaid', data: { orderId: OID, providerId: 'ipizza-sandbox', transactionId, amountCents: 2480, paidAt: LATER } });
const expire: OrderCommand = { type: 'ExpireReservation', data: { orderId: OID }, metadata: { now: LATER } };
const expired: OrderEvent = { type: 'OrderReservationExpired', data: { orderId: OID, reservations: [{ productId: 'p-1', quantity: 2 }], expiredAt: LATER } };

const order = spec(orderDecider);

describe('PlaceOrder (spec 5)', () => {
  it('prices the rows from the catalog gross price with VAT included for a private client', () => {
    order.when(place([line(1240, 2)])).then([placed()]);
  });

  it('prices without VAT for a foreign VAT-registered business (spec 5 "VAT")', () => {
    const business = { ...client, type: 'business' as const, businessName: 'Oy Auto', vatRegNr: 'FI12345678' };
    order.when(place([line(1240, 2)], { client: business })).then([
      placed({ client: business, vatIncluded: false, netTotalCents: 2000, vatCents: 0, totalCents: 2000, rows: [{ productId: 'p-1', code: 'BF 1', name: 'Pidurikettad', quantity: 2, unit: 'pcs', unitPriceCents: 1000, lineTotalCents: 2000 }] }),
    ]);
  });

  it('prices with VAT for a private client whatever VAT number the form still holds (a business field)', () => {
    order.when(place([line(1240, 2)], { client: { ...client, vatRegNr: 'FI12345678' } })).then([placed()]);
  });

  it('refuses an empty order: Cannot submit an empty order', () => {
    order.when(place([])).thenThrows('order.empty', 'validation');
  });

  it("refuses a row without a name (spec 5: can't save order without product/service name)", () => {
    order.when(place([line(100, 1, 'p-1', '  ')])).thenThrows('order.row_name_required', 'validation');
  });

  it.each([0, -1, 1.5])('refuses a quantity of %s', (q) => {
    order.when(place([line(100, q)])).thenThrows('order.quantity_invalid', 'validation');
  });

  it('refuses a short or unsafe public token', () => {
    order.when(place([line(100, 1)], { publicToken: 'short' })).thenThrows('order.token_invalid', 'validation');
    order.when(place([line(100, 1)], { publicToken: `${'a'.repeat(40)}/+` })).thenThrows('order.token_invalid', 'validation');
  });

  it('decides nothing when the same order is placed again (a retried command), refuses another order id', () => {
    order.given([placed()]).when(place([line(1240, 2)])).then([]);
    order.given([placed()]).when(place([line(1240, 2)], { orderId: 'other' })).thenThrows('order.already_placed', 'illegal_state');
  });
});

describe('StartPayment', () => {
  it('numbers the attempts', () => {
    order.given([placed()]).when(start()).then([started(1)]);
    order.given([placed(), started(1)]).when(start('att-2')).then([started(2, 'att-2')]);
  });

  it('refuses a paid order, an order whose reservations expired, and an unknown order', () => {
    order.given([placed(), started(), paid()]).when(start('att-2')).thenThrows('order.already_paid', 'illegal_state');
    order.given([placed(), expired]).when(start('att-2')).thenThrows('order.reservation_expired', 'illegal_state');
    order.when(start()).thenThrows('order.not_found', 'not_found');
  });
});

describe('RecordPayment (verified provider answers)', () => {
  it('records OrderPaid for the order total', () => {
    order.given([placed(), started()]).when(pay()).then([paid()]);
  });

  it('exactly once: a duplicate or another transaction after payment decides nothing', () => {
    order.given([placed(), started(), paid()]).when(pay()).then([]);
    order.given([placed(), started(), paid()]).when(pay(2480, 't-2')).then([]);
  });

  it('refuses an amount or currency other than the order total', () => {
    order.given([placed(), started()]).when(pay(2479)).thenThrows('payment.amount_mismatch', 'validation');
    order.given([placed(), started()]).when(pay(2480, 't-1', 'paid', 'USD')).thenThrows('payment.amount_mismatch', 'validation');
  });

  it('records the amount a started payment asked for, though staff changed the total meanwhile', () => {
    const edited: OrderEvent = {
      type: 'OrderRowsEdited',
      data: {
        orderId: OID, editId: null,
        rows: [{ productId: null, code: '', name: 'Paigaldus', quantity: 1, unit: 'h', unitPriceCents: 5500, lineTotalCents: 5500 }],
        discountCents: 0, serviceFeeCents: 0, vatIncluded: true, vatRatePercent: 24, netTotalCents: 4435, vatCents: 1065, totalCents: 5500,
        reservations: [], before: { rows: [], discountCents: 0, serviceFeeCents: 0, totalCents: 2480 }, at: LATER,
      },
    } as OrderEvent;
    order.given([placed(), started(), edited]).when(pay(2480)).then([paid()]);
    order.given([placed(), started(), edited]).when(pay(5500)).then([{ ...paid(), data: { ...paid().data, amountCents: 5500 } } as OrderEvent]);
    // An amount nobody asked for is still refused.
    order.given([placed(), started(), edited]).when(pay(3000)).thenThrows('payment.amount_mismatch', 'validation');
  });

  it('records a cancelled attempt once, and a payment after it', () => {
    const cancelled: OrderEvent = { type: 'PaymentCancelled', data: { orderId: OID, providerId: 'ipizza-sandbox', transactionId: 't-0' } };
    order.given([placed(), started()]).when(pay(0, 't-0', 'cancelled')).then([cancelled]);
    order.given([placed(), started(), cancelled]).when(pay(0, 't-0', 'cancelled')).then([]);
    order.given([placed(), started(), cancelled]).when(pay()).then([paid()]);
  });
});

describe('ExpireReservation', () => {
  it('expires the reservations of an unpaid order once', () => {
    order.given([placed()]).when(expire).then([expired]);
    order.given([placed(), expired]).when(expire).then([]);
  });

  it('never expires a paid order or one that holds nothing', () => {
    order.given([placed(), started(), paid()]).when(expire).then([]);
    order.given([placed({ reservations: [] })]).when(expire).then([]);
  });
});

const REFUNDED_AT = '2026-11-25T09:00:00.000Z';
const refund = (amountCents: number, refundId = 'r-1', status: 'succeeded' | 'pending' | 'failed' = 'succeeded', currency = 'EUR'): OrderCommand => ({
  type: 'RecordRefund', data: { orderId: OID, providerId: 'montonio', refundId, amountCents, currency, status }, metadata: { now: REFUNDED_AT },
});
const refunded = (amountCents: number, refundedTotalCents: number, refundId = 'r-1'): OrderEvent => ({
  type: 'OrderRefunded', data: { orderId: OID, refundId, providerId: 'montonio', amountCents, refundedTotalCents, fully: refundedTotalCents === 2480, at: REFUNDED_AT },
});

describe('RecordRefund (verified provider refunds)', () => {
  it('records a partial refund of a paid order with the refunded total after it', () => {
    order.given([placed(), paid()]).when(refund(1000)).then([refunded(1000, 1000)]);
  });

  it('records the refund that completes the total paid as fully refunded', () => {
    order.given([placed(), paid(), refunded(1000, 1000)]).when(refund(1480, 'r-2')).then([refunded(1480, 2480, 'r-2')]);
    order.given([placed(), paid()]).when(refund(2480)).then([
      { type: 'OrderRefunded', data: { orderId: OID, refundId: 'r-1', providerId: 'montonio', amountCents: 2480, refundedTotalCents: 2480, fully: true, at: REFUNDED_AT } },
    ]);
  });

  it('decides nothing twice: a refund id already recorded decides nothing, whatever it now says', () => {
    order.given([placed(), paid(), refunded(1000, 1000)]).when(refund(1000)).then([]);
    order.given([placed(), paid(), refunded(2480, 2480)]).when(refund(2480)).then([]);
  });

  it('refuses a refund of an unpaid order (illegal_state), even a pending one', () => {
    order.given([placed()]).when(refund(1000)).thenThrows('order.not_paid', 'illegal_state');
    order.given([placed(), started()]).when(refund(1000, 'r-1', 'pending')).thenThrows('order.not_paid', 'illegal_state');
    order.when(refund(1000)).thenThrows('order.not_found', 'not_found');
  });

  it('refuses refunds beyond the total paid, and amounts that are no positive euro cents (validation)', () => {
    order.given([placed(), paid()]).when(refund(2481)).thenThrows('refund.exceeds_paid', 'validation');
    order.given([placed(), paid(), refunded(2000, 2000)]).when(refund(481, 'r-2')).thenThrows('refund.exceeds_paid', 'validation');
    order.given([placed(), paid()]).when(refund(0)).thenThrows('refund.amount_invalid', 'validation');
    order.given([placed(), paid()]).when(refund(10.5)).thenThrows('refund.amount_invalid', 'validation');
    order.given([placed(), paid()]).when(refund(100, 'r-1', 'succeeded', 'USD')).thenThrows('refund.amount_invalid', 'validation');
  });

  it('records nothing for pending and failed refunds', () => {
    order.given([placed(), paid()]).when(refund(1000, 'r-1', 'pending')).then([]);
    order.given([placed(), paid()]).when(refund(1000, 'r-1', 'failed')).then([]);
    // The same refund id once it succeeds is recorded.
    order.given([placed(), paid()]).when(refund(1000, 'r-1', 'succeeded')).then([refunded(1000, 1000)]);
  });
});

describe('VAT rule (spec 5 "Other rules")', () => {
  it.each([
    ['', true], [' ', true], ['E', true], ['EE101234567', true], ['ee101234567', true], [' EE1 ', true],
    ['FI12345678', false], ['LV40003', false], ['DE1', false], ['12', false],
  ])('VAT number %j -> VAT included %s', (nr, included) => {
    expect(isVatIncluded(nr)).toBe(included);
  });

  it('included: the total is the gross sum; net and VAT are derived from it and add up', () => {
    const p = priceOrder([{ grossUnitCents: 999, quantity: 3 }, { grossUnitCents: 1, quantity: 1 }], 'EE1', 24);
    expect(p.rows).toEqual([{ unitPriceCents: 999, lineTotalCents: 2997 }, { unitPriceCents: 1, lineTotalCents: 1 }]);
    expect(p.totalCents).toBe(2998);
    expect(p.netTotalCents).toBe(Math.round((2998 * 100) / 124));
    expect(p.netTotalCents + p.vatCents).toBe(2998);
  });

  it('excluded: every unit is the net price, no VAT', () => {
    const p = priceOrder([{ grossUnitCents: 999, quantity: 3 }], 'FI1', 24);
    expect(p.rows).toEqual([{ unitPriceCents: 806, lineTotalCents: 2418 }]);
    expect(p).toMatchObject({ vatIncluded: false, totalCents: 2418, netTotalCents: 2418, vatCents: 0 });
  });
});

describe('checkout rules (spec 5 "Checkout")', () => {
  const ok: CheckoutFields = { clientType: 'private', firstName: 'Mari', lastName: 'M', businessName: '', email: 'm@x.ee', phone: '5', shortContactAddress: '', deliveryProvider: 'omniva-parcel', termsAccepted: true };

  it('accepts a complete private client', () => {
    expect(checkoutFieldErrors(ok)).toEqual([]);
  });

  it('private: first and last name; everyone: email, phone, provider, terms', () => {
    const errors = checkoutFieldErrors({ ...ok, firstName: ' ', lastName: '', email: '', phone: '  ', deliveryProvider: '', termsAccepted: false });
    expect(errors.map((e) => e.field)).toEqual(['first_name', 'last_name', 'email', 'phone', 'delivery_provider', 'accept_terms']);
    expect(errors.at(-1)!.code).toBe('checkout.terms_not_accepted');
  });

  it('business: business name and short contact address, not the VAT number nor the person', () => {
    const errors = checkoutFieldErrors({ ...ok, clientType: 'business', firstName: '', lastName: '' });
    expect(errors.map((e) => e.field)).toEqual(['business_name', 'short_contact_address']);
  });

  it.each(['r1@x.ee, r2@x.ee, r3@x.ee', 'victim@x.ee\r\nBcc: spam@example.com', 'a@b', 'not-an-email', '<b>x</b>@x.ee'])(
    'refuses the e-mail %j: one valid address only (the mail relay)',
    (email) => {
      expect(checkoutFieldErrors({ ...ok, email })).toEqual([{ field: 'email', code: 'checkout.email_invalid' }]);
    },
  );
});
