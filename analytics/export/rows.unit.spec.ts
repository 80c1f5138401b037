/**
 * The export's rows (analytics/export/rows.ts): what one stored event becomes, and that nothing personal survives,
 * also from an event an older version stored in the clear.
 */
import { describe, expect, it } from 'vitest';
import { clientIdForEmail } from '../../commands/client/client-streams.js';
import { type StoredEventRow, toExportRows, withheld } from './rows.js';

const stored = (eventType: string, data: unknown, over: Partial<StoredEventRow> = {}): StoredEventRow => ({
  globalPosition: '42',
  eventId: '6f1c1a2e-1111-4222-8333-444455556666',
  eventType,
  streamId: 'order-1',
  streamPosition: '1',
  data,
  metadata: { correlationId: 'c', causationId: 'k', userId: null, time: '2026-10-02T23:30:00.000Z' },
  recordedAt: '2026-11-28T10:00:00.000Z',
  ...over,
});

const clearOrder = {
  orderId: 'o-1',
  number: 1001,
  publicToken: 'secret-token-abc',
  placedAt: '2026-10-02T23:30:00.000Z',
  language: 'et',
  client: { type: 'private', firstName: 'Hilda', lastName: 'Kuusemets', businessName: '', email: 'Hilda@Naide.ee', phone: '+372 5111 2222', vatRegNr: '' },
  shortContactAddress: 'Metsa 5',
  comment: 'Helistage enne',
  delivery: { providerId: 'omniva-courier', providerName: 'Omniva kuller', optionId: null, optionName: null, address: { street: 'Metsa 5', apartment: '', city: 'Võru', state: '', areaCode: '65601', country: 'EE' } },
  rows: [
    { productId: 'p-1', code: 'BF1018', name: 'Piduriklotsid', quantity: 2, unit: 'pcs', unitPriceCents: 4590, lineTotalCents: 9180 },
    { productId: 'p-2', code: 'HU7', name: 'Õlifilter', quantity: 1, unit: 'pcs', unitPriceCents: 1299, lineTotalCents: 1299 },
  ],
  vatIncluded: true,
  vatRatePercent: 24,
  netTotalCents: 8451,
  vatCents: 2028,
  totalCents: 10479,
  reservations: [],
};

describe('toExportRows', () => {
  it('turns an order stored in the clear into an order row and its rows, with the client id and nothing personal', () => {
    const rows = toExportRows(stored('OrderPlaced', clearOrder));
    expect(rows.day).toBe('2026-10-02'); // the event's UTC day, not Tallinn's
    const clientId = clientIdForEmail('hilda@naide.ee');
    expect(rows.orders).toEqual([expect.objectContaining({ order_id: 'o-1', order_number: 1001, client_id: clientId, total_cents: 10479, row_count: 2, unit_count: 3, customer_type: 'private' })]);
    expect(rows.orderRows.map((r) => [r.row_index, r.code, r.line_total_cents])).toEqual([
      [0, 'BF1018', 9180],
      [1, 'HU7', 1299],
    ]);
    expect(rows.events.client_id).toBe(clientId);
    const text = JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? String(v) : v)).toLowerCase();
    for (const needle of ['hilda', 'kuusemets', 'naide.ee', '5111', 'metsa', 'võru', 'helistage', 'secret-token']) expect(text, needle).not.toContain(needle);
  });

  it('drops a seal and keeps its subject as the client id', () => {
    const { client: _c, shortContactAddress: _s, comment: _m, ...rest } = clearOrder;
    const sealedOrder = { ...rest, client: { type: 'business' }, delivery: { ...clearOrder.delivery, address: undefined }, sealed: { subject: 'client-1234', keyId: 'k', alg: 'A256GCM', iv: 'aXY=', data: 'Y2lwaGVy' } };
    const rows = toExportRows(stored('OrderPlaced', sealedOrder));
    expect(rows.events.client_id).toBe('1234');
    expect(JSON.parse(rows.events.data)).not.toHaveProperty('sealed');
    expect(rows.events.data).not.toContain('Y2lwaGVy');
  });

  it('leaves out staff e-mail, user names, password hashes and a spare-part inquirer name, keeps product names', () => {
    const user = toExportRows(stored('UserCreated', { userId: 'u', username: 'kati', passwordHash: '$argon2id$v=19$x', roles: ['ADMIN'], createdAt: 't', email: 'kati@shop.ee' }));
    expect(JSON.parse(user.events.data)).toEqual({ userId: 'u', roles: ['ADMIN'], createdAt: 't' });
    const inquiry = toExportRows(stored('PartInquiryReceived', { name: 'Hilda', language: 'et', vehicle: { make: 'Volvo', model: '240', year: '1988', vin: 'YV1AX8849J1234567' } }));
    expect(JSON.parse(inquiry.events.data)).toEqual({ language: 'et', vehicle: { make: 'Volvo', model: '240', year: '1988' } });
    expect(withheld({ rows: [{ name: 'Piduriklotsid', email: 'x@y.ee' }] })).toEqual({ rows: [{ name: 'Piduriklotsid' }] });
  });

  it('flattens stock movements (signed delta for an adjustment) and searches (keyword, zero results)', () => {
    expect(toExportRows(stored('StockAdjusted', { productId: 'p', warehouseId: 'tallinn', delta: -3, onHand: 7, reason: 'Katki' })).stockMovements).toEqual([
      expect.objectContaining({ event_type: 'StockAdjusted', quantity: -3, on_hand: 7, warehouse_id: 'tallinn', reason: 'Katki', order_id: null }),
    ]);
    const search = toExportRows(stored('SearchPerformed', { query: '  Piduri   KLOTSID ', categoryId: null, filters: { Marque: ['Triumph'] }, resultCount: 0, typedByUser: true, language: 'et' }));
    expect(search.searches).toEqual([expect.objectContaining({ keyword: 'piduri klotsid', zero_results: true, result_count: 0, filters: '{"Marque":["Triumph"]}' })]);
  });

  it('falls back to the recorded time when the metadata has no time in the shop\'s ISO form (as the export\'s SQL does)', () => {
    expect(toExportRows(stored('SearchPerformed', { query: 'x', resultCount: 1 }, { metadata: {} })).day).toBe('2026-11-28');
    expect(toExportRows(stored('SearchPerformed', { query: 'x', resultCount: 1 }, { metadata: { time: '2026-10-02 10:00' } })).day).toBe('2026-11-28');
    expect(toExportRows(stored('SearchPerformed', { query: 'x', resultCount: 1 }, { metadata: { time: '2026-10-02T10:00:00Z' } })).events.event_time).toBe('2026-10-02T10:00:00.000Z');
  });
});
