import { describe, expect, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import { addDays, tallinnDate } from './invoicing.js';
import { orderDecider, type OrderCommand, type OrderEvent } from './order.js';

const PLACED_AT = '2026-11-22T10:00:00.000Z';
const NOW = '2026-11-23T22:30:00.000Z'; // 24 Nov in Tallinn
const LATER = '2026-11-25T08:00:00.000Z';
const OID = 'o-1';
const client = { type: 'private' as const, firstName: 'Mari', lastName: 'Maasikas', businessName: '', email: 'mari@example.ee', phone: '5555', vatRegNr: '' };
const placed: OrderEvent = {
  type: 'OrderPlaced',
  data: {
    orderId: OID, number: 1001, publicToken: 'a'.repeat(40), placedAt: PLACED_AT, language: 'et', client, shortContactAddress: '', comment: '',
    delivery: { providerId: 'omniva-parcel', providerName: 'Omniva', optionId: '1', optionName: 'Tallinn', address: null },
    rows: [{ productId: 'p-1', code: 'BF 1', name: 'Pidurikettad', quantity: 2, unit: 'pcs', unitPriceCents: 1240, lineTotalCents: 2480 }],
    vatIncluded: true, vatRatePercent: 24, netTotalCents: 2000, vatCents: 480, totalCents: 2480, reservations: [],
  },
};
const request = (requestId: string, over: Partial<Extract<OrderCommand, { type: 'RequestInvoiceSend' }>['data']> = {}, now = NOW): OrderCommand => ({
  type: 'RequestInvoiceSend',
  data: { orderId: OID, kind: 'invoice', number: '12', recipient: 'mari@example.ee', requestId, ...over },
  metadata: { now },
});
const requested = (requestId: string, over: Partial<Extract<OrderEvent, { type: 'InvoiceSendRequested' }>['data']> = {}): OrderEvent => ({
  type: 'InvoiceSendRequested',
  data: { orderId: OID, kind: 'invoice', number: '12', recipient: 'mari@example.ee', requestId, issueDate: '2026-11-24', dueDate: '2026-12-01', requestedAt: NOW, resend: false, ...over },
});
const record = (requestId: string, kind: 'invoice' | 'prepayment' = 'invoice'): OrderCommand => ({ type: 'RecordInvoiceSent', data: { orderId: OID, kind, requestId }, metadata: { now: LATER } });
const sent = (requestId: string, over: Partial<Extract<OrderEvent, { type: 'InvoiceSent' }>['data']> = {}): OrderEvent => ({
  type: 'InvoiceSent',
  data: { orderId: OID, kind: 'invoice', number: '12', recipient: 'mari@example.ee', requestId, sentAt: LATER, ...over },
});
const order = spec(orderDecider);

describe('invoices of an order (spec 4 "Order flags")', () => {
  it('requests the first send with the number, the Tallinn issue date and a due date 7 days later', () => {
    order.given([placed]).when(request('r-1')).then([requested('r-1')]);
    expect(tallinnDate(NOW)).toBe('2026-11-24');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
  });

  it('records the send once per request', () => {
    order.given([placed, requested('r-1')]).when(record('r-1')).then([sent('r-1')]);
    order.given([placed, requested('r-1'), sent('r-1')]).when(record('r-1')).then([]);
  });

  it('resends once sent: the same number, issue and due date, marked as a resend', () => {
    order
      .given([placed, requested('r-1'), sent('r-1')])
      .when(request('r-2', { recipient: 'raamatupidamine@example.ee' }, LATER))
      .then([requested('r-2', { recipient: 'raamatupidamine@example.ee', requestedAt: LATER, resend: true })]);
  });

  it('refuses a second request while the first is not sent yet (no double mail)', () => {
    order.given([placed, requested('r-1')]).when(request('r-2')).thenThrows('invoice.send_pending', 'illegal_state');
    // A request still pending after 15 minutes failed for good (refused recipient, skipped job): a new one may replace it.
    const fourteen = new Date(Date.parse(NOW) + 14 * 60_000).toISOString();
    const sixteen = new Date(Date.parse(NOW) + 16 * 60_000).toISOString();
    order.given([placed, requested('r-1')]).when(request('r-2', {}, fourteen)).thenThrows('invoice.send_pending', 'illegal_state');
    order.given([placed, requested('r-1')]).when(request('r-2', { recipient: 'raamatupidamine@example.ee' }, sixteen)).then([
      requested('r-2', { recipient: 'raamatupidamine@example.ee', requestedAt: sixteen, resend: false }),
    ]);
  });

  it('never gives an invoice a second number', () => {
    order.given([placed, requested('r-1'), sent('r-1')]).when(request('r-2', { number: '13' })).thenThrows('invoice.number_mismatch', 'illegal_state');
  });

  it('keeps the prepayment invoice apart from the invoice', () => {
    order
      .given([placed, requested('r-1')])
      .when(request('r-2', { kind: 'prepayment', number: 'EA-3' }))
      .then([requested('r-2', { kind: 'prepayment', number: 'EA-3' })]);
    order.given([placed, requested('r-1')]).when(record('r-1', 'prepayment')).thenThrows('invoice.request_unknown', 'illegal_state');
  });

  it('refuses a recipient that is not an address, and an unknown order', () => {
    order.given([placed]).when(request('r-1', { recipient: 'not an address' })).thenThrows('invoice.recipient_invalid', 'validation');
    order.when(request('r-1')).thenThrows('order.not_found', 'not_found');
  });

  it('refuses to record a send nobody requested', () => {
    order.given([placed]).when(record('r-9')).thenThrows('invoice.request_unknown', 'illegal_state');
  });
});
