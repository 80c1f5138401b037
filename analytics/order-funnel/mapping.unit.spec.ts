import { describe, it } from 'vitest';
import { analysisSpec, recorded } from '../../tests/support/analysis-spec.js';
import { mondayOf, orderFunnelAnalysis } from './mapping.js';
import { expect } from 'vitest';

const placed = (orderId: string, placedAt: string, totalCents: number, reservations = [{ productId: 'p1', quantity: 1 }]) =>
  recorded('OrderPlaced', {
    orderId,
    number: 1,
    publicToken: 'x'.repeat(32),
    placedAt,
    language: 'et',
    client: { type: 'private', firstName: 'A', lastName: 'B', businessName: '', email: 'a@example.com', phone: '', vatRegNr: '' },
    shortContactAddress: '',
    comment: '',
    delivery: { providerId: 'omniva', providerName: 'Omniva', optionId: null, optionName: null, address: null },
    rows: [{ productId: 'p1', code: 'C1', name: 'Filter', quantity: 1, unit: 'tk', unitPriceCents: totalCents, lineTotalCents: totalCents }],
    vatIncluded: true,
    vatRatePercent: 24,
    netTotalCents: totalCents,
    vatCents: 0,
    totalCents,
    reservations,
  }, { time: placedAt });
const started = (orderId: string, methodId: string) =>
  recorded('PaymentStarted', { orderId, attempt: 1, attemptId: `${orderId}-1`, methodId, providerId: 'montonio', amountCents: 1000 });
const paid = (orderId: string, amountCents: number) =>
  recorded('OrderPaid', { orderId, providerId: 'montonio', transactionId: `t-${orderId}`, amountCents, paidAt: '2026-03-03T10:00:00Z' });
const flag = (type: string, orderId: string) => recorded(type, { orderId, at: '2026-03-04T10:00:00Z' });
const filled = (orderId: string) => recorded('OrderFilled', { orderId, at: '2026-03-04T10:00:00Z', shipped: [] });
const unfilled = (orderId: string) => recorded('OrderUnfilled', { orderId, at: '2026-03-04T10:00:00Z', returned: [] });
const expired = (orderId: string) => recorded('OrderReservationExpired', { orderId, reservations: [], expiredAt: '2026-03-02T12:00:00Z' });

// 2026-03-04 is a Wednesday: its week starts on Monday 2026-03-02.
const WEEK = '2026-03-02';
const funnel = (over: Record<string, number>) => ({ week: WEEK, placed: 0, placed_cents: 0, with_reservation: 0, paid: 0, paid_cents: 0, filled: 0, reservation_expired: 0, ...over });

describe('order-funnel mapping', () => {
  it('finds the Monday of a week (Sunday belongs to the week before)', () => {
    expect(mondayOf('2026-03-04')).toBe('2026-03-02');
    expect(mondayOf('2026-03-02')).toBe('2026-03-02');
    expect(mondayOf('2026-03-08')).toBe('2026-03-02');
    expect(mondayOf('2026-03-09')).toBe('2026-03-09');
  });

  it('counts a placed order in the Tallinn week of placement, with its total and whether it held stock', () => {
    analysisSpec(orderFunnelAnalysis)
      .when([placed('o1', '2026-03-04T10:00:00Z', 2500), placed('o2', '2026-03-04T11:00:00Z', 500, [])])
      .then({ order_funnel: [funnel({ placed: 2, placed_cents: 3000, with_reservation: 1 })] });
  });

  it('puts an order placed late on Sunday evening UTC that is Monday in Tallinn into the next week', () => {
    analysisSpec(orderFunnelAnalysis)
      .when([placed('o1', '2026-03-08T22:30:00Z', 100)])
      .then({ order_funnel: [{ ...funnel({ placed: 1, placed_cents: 100, with_reservation: 1 }), week: '2026-03-09' }] });
  });

  it('counts a payment once, in the week the order was placed, under the method of the last attempt', () => {
    analysisSpec(orderFunnelAnalysis)
      .given([placed('o1', '2026-03-04T10:00:00Z', 2500), started('o1', 'card'), started('o1', 'swedbank')])
      .when([paid('o1', 2500), paid('o1', 2500)])
      .then({ order_funnel: [funnel({ paid: 1, paid_cents: 2500 })], payment_methods: [{ week: WEEK, method: 'swedbank', orders: 1, amount_cents: 2500 }] });
  });

  it('counts staff marking paid under the method "staff" with the order total, and takes it back when marked unpaid', () => {
    analysisSpec(orderFunnelAnalysis)
      .given([placed('o1', '2026-03-04T10:00:00Z', 900)])
      .when([flag('OrderMarkedPaid', 'o1')])
      .then({ order_funnel: [funnel({ paid: 1, paid_cents: 900 })], payment_methods: [{ week: WEEK, method: 'staff', orders: 1, amount_cents: 900 }] });
    analysisSpec(orderFunnelAnalysis)
      .given([placed('o1', '2026-03-04T10:00:00Z', 900), flag('OrderMarkedPaid', 'o1')])
      .when([flag('OrderMarkedUnpaid', 'o1'), flag('OrderMarkedUnpaid', 'o1')])
      .then({ order_funnel: [funnel({ paid: -1, paid_cents: -900 })], payment_methods: [{ week: WEEK, method: 'staff', orders: -1, amount_cents: -900 }] });
  });

  it('counts filling once, and un-filling takes it back', () => {
    analysisSpec(orderFunnelAnalysis)
      .given([placed('o1', '2026-03-04T10:00:00Z', 900)])
      .when([filled('o1'), filled('o1')])
      .then({ order_funnel: [funnel({ filled: 1 })] });
    analysisSpec(orderFunnelAnalysis)
      .given([placed('o1', '2026-03-04T10:00:00Z', 900), filled('o1')])
      .when([unfilled('o1'), filled('o1')])
      .then({});
  });

  it('counts a reservation expiry once per order', () => {
    analysisSpec(orderFunnelAnalysis)
      .given([placed('o1', '2026-03-04T10:00:00Z', 900)])
      .when([expired('o1'), expired('o1')])
      .then({ order_funnel: [funnel({ reservation_expired: 1 })] });
  });

  it('ignores the steps of an order it never saw placed (placed before the replay window)', () => {
    analysisSpec(orderFunnelAnalysis)
      .when([started('o9', 'card'), paid('o9', 100), filled('o9'), expired('o9')])
      .then({});
  });
});
