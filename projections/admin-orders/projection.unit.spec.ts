/**
 * The admin orders read model's pure mapping: an order stream folded into what OrderEdit and OrderList
 * show, idempotent by stream position, and 'forget this client' blanking the personal data.
 */
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { adminOrderOf, clientNameOf, evolveAdminOrder, forgetClientOf, searchTextOf } from './projection.js';

const T0 = '2026-11-22T10:00:00.000Z';
let position = 0;
const ev = (type: string, data: object, userId: string | null = null, time = T0): RecordedEvent =>
  ({ id: `e-${++position}`, type, data, metadata: { userId, time }, streamId: 'order-o1', streamPosition: BigInt(position), globalPosition: BigInt(position), checkpoint: String(position) }) as unknown as RecordedEvent;
const placed = () =>
  ev('OrderPlaced', {
    orderId: 'o1', number: 1001, publicToken: 'a'.repeat(40), placedAt: T0, language: 'et',
    client: { type: 'business', firstName: 'Mari', lastName: 'Maasikas', businessName: 'Auto OÜ', email: 'mari@example.ee', phone: '+372 5555 1234', vatRegNr: 'EE123' },
    shortContactAddress: 'Pikk 1', comment: 'Helistage', delivery: { providerId: 'omniva-courier', providerName: 'Kuller', optionId: null, optionName: null, address: { street: 'Pikk 1', apartment: '', city: 'Tallinn', state: 'Harjumaa', areaCode: '10123', country: 'EE' } },
    rows: [{ productId: 'p1', code: 'BF1', name: 'Ketas', quantity: 2, unit: 'pcs', unitPriceCents: 1240, lineTotalCents: 2480 }],
    vatIncluded: true, vatRatePercent: 24, netTotalCents: 2000, vatCents: 480, totalCents: 2480, reservations: [{ productId: 'p1', quantity: 2 }],
  });

describe('admin orders mapping', () => {
  it('folds placing, payment, staff edits, comments, flags and invoices', () => {
    position = 0;
    const events = [
      placed(),
      ev('PaymentStarted', { orderId: 'o1', attempt: 1, attemptId: 'a1', methodId: 'swedbank', providerId: 'ipizza', amountCents: 2480 }),
      ev('OrderRowsEdited', {
        orderId: 'o1', editId: null, rows: [{ productId: null, code: '', name: 'Paigaldus', quantity: 1, unit: 'h', unitPriceCents: 3000, lineTotalCents: 3000 }], discountCents: 0, serviceFeeCents: 100,
        vatIncluded: true, vatRatePercent: 24, netTotalCents: 2500, vatCents: 600, totalCents: 3100, reservations: [], before: { rows: [], discountCents: 0, serviceFeeCents: 0, totalCents: 2480 }, at: T0,
      }, 'u-anna'),
      ev('OrderCommentsChanged', { orderId: 'o1', employeeComment: 'sisene', invoiceComment: 'arvele', at: T0 }, 'u-anna'),
      ev('OrderMarkedPaid', { orderId: 'o1', at: '2026-11-22T11:00:00.000Z' }, 'u-anna'),
      ev('OrderFilled', { orderId: 'o1', at: '2026-11-22T12:00:00.000Z', shipped: [] }, 'u-anna', '2026-11-22T12:00:00.000Z'),
      ev('InvoiceSent', { orderId: 'o1', kind: 'invoice', number: '5', recipient: 'mari@example.ee', requestId: 'r1', sentAt: '2026-11-22T12:30:00.000Z' }),
    ];
    const view = adminOrderOf(events)!;
    expect(view).toMatchObject({
      id: 'o1', number: 1001, payments: [{ attempt: 1, methodId: 'swedbank' }], rows: [{ productId: null, name: 'Paigaldus' }], serviceFeeCents: 100, totalCents: 3100,
      employeeComment: 'sisene', invoiceComment: 'arvele', paid: true, paidAt: '2026-11-22T11:00:00.000Z', filled: true, filledAt: '2026-11-22T12:00:00.000Z',
      invoiceSentAt: '2026-11-22T12:30:00.000Z', prepaymentInvoiceSentAt: null, version: 7, changedBy: null, changedAt: T0,
    });
    expect(clientNameOf(view.client)).toBe('Auto OÜ');
    expect(searchTextOf(view)).toContain('37255551234');
  });

  it('ignores an event at or below the version (a replay) and events before OrderPlaced', () => {
    position = 0;
    const p = placed();
    const view = evolveAdminOrder(null, p)!;
    expect(evolveAdminOrder(view, p)).toBe(view);
    position = 0;
    expect(evolveAdminOrder(null, ev('OrderMarkedPaid', { orderId: 'o1', at: T0 }))).toBeNull();
  });

  it('forgetting the client blanks names, e-mail, phone, VAT number, addresses and the comment; rows and money stay', () => {
    position = 0;
    const forgotten = forgetClientOf(adminOrderOf([placed()])!);
    expect(forgotten.client).toEqual({ type: 'business', firstName: '', lastName: '', businessName: '', email: '', phone: '', vatRegNr: '' });
    expect(forgotten).toMatchObject({ shortContactAddress: '', userComment: '', delivery: { providerId: 'omniva-courier', address: { street: '', city: '', areaCode: '' } }, totalCents: 2480 });
    expect(JSON.stringify(forgotten)).not.toMatch(/Mari|Maasikas|mari@|5555|Pikk|Helistage/);
  });
});
