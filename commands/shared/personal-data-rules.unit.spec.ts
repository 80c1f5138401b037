/**
 * The personal-data rules (docs/architecture.md "Personal data"): what is sealed of OrderPlaced and the back-in-stock
 * events, that the sealed form holds none of it, that the key opens it to exactly what it was, and what a reader gets
 * once the key is gone (the blanks ClientForgotten writes into the read models).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseOrderEvent } from '../../domain/order/events.js';
import { parseStockNotificationEvent } from '../../domain/stock-notification/events.js';
import { type EventData, openEventData, sealedMemberOf, sealEventData } from '../../platform/security/sealing-event-store.js';
import { clientIdForEmail } from '../client/client-streams.js';
import { PERSONAL_DATA_RULES } from './personal-data-rules.js';

const placed = (address: EventData | null): EventData => ({
  orderId: 'o-1', number: 1001, publicToken: 't'.repeat(32), placedAt: '2026-11-22T10:00:00.000Z', language: 'et',
  client: { type: 'business', firstName: 'Juhan', lastName: 'Kuusk', businessName: 'Kuuse Puit OÜ', email: 'Juhan@Kuusk.ee', phone: '+37255512345', vatRegNr: 'EE100200300' },
  shortContactAddress: 'Metsa 3, Võru', comment: 'Helistada Juhanile',
  delivery: { providerId: 'omniva-courier', providerName: 'Omniva kuller', optionId: null, optionName: null, address },
  rows: [{ productId: 'p', code: 'C-1', name: 'Filter', quantity: 1, unit: 'pcs', unitPriceCents: 1000, lineTotalCents: 1000 }],
  vatIncluded: true, vatRatePercent: 24, netTotalCents: 806, vatCents: 194, totalCents: 1000, reservations: [],
});
const ADDRESS = { street: 'Metsa 3', apartment: '4', city: 'Võru', state: 'Võrumaa', areaCode: '65608', country: 'EE' };
const PERSONAL = ['Juhan', 'Kuusk', 'Kuuse Puit', 'kuusk.ee', '55512345', 'EE100200300', 'Metsa', 'Helistada'];

const key = { keyId: randomUUID(), key: randomBytes(32) };
const subject = `client-${clientIdForEmail('juhan@kuusk.ee')}`;
const sealOrder = (data: EventData) => sealEventData(PERSONAL_DATA_RULES.OrderPlaced!, data, PERSONAL_DATA_RULES.OrderPlaced!.subject(data)!, key);

describe('OrderPlaced', () => {
  it("is sealed with the subject of the shopper's address (any letter case) and holds none of the personal fields", () => {
    expect(PERSONAL_DATA_RULES.OrderPlaced!.subject(placed(ADDRESS))).toBe(subject);
    const stored = sealOrder(placed(ADDRESS));
    for (const needle of PERSONAL) expect(JSON.stringify(stored)).not.toContain(needle);
    expect(sealedMemberOf(stored)).toMatchObject({ subject, keyId: key.keyId, alg: 'A256GCM' });
    expect(stored).toMatchObject({ orderId: 'o-1', totalCents: 1000, client: { type: 'business' } });
  });

  it('opens with the key to exactly the data placed, with or without a delivery address', () => {
    for (const address of [ADDRESS, null]) {
      const opened = openEventData(PERSONAL_DATA_RULES, 'OrderPlaced', sealOrder(placed(address)), new Map([[key.keyId, key.key]]));
      expect(parseOrderEvent({ type: 'OrderPlaced', data: opened }).data).toEqual(placed(address));
    }
  });

  it("without the key reads as the blanks ClientForgotten writes: no name, address or comment; an address of blanks only where one was given", () => {
    const forgotten = parseOrderEvent({ type: 'OrderPlaced', data: openEventData(PERSONAL_DATA_RULES, 'OrderPlaced', sealOrder(placed(ADDRESS)), new Map()) }).data;
    expect(forgotten).toMatchObject({
      client: { type: 'business', firstName: '', lastName: '', businessName: '', email: '', phone: '', vatRegNr: '' }, shortContactAddress: '', comment: '',
      delivery: { providerId: 'omniva-courier', address: { street: '', apartment: '', city: '', state: '', areaCode: '', country: '' } }, totalCents: 1000,
    });
    const none = parseOrderEvent({ type: 'OrderPlaced', data: openEventData(PERSONAL_DATA_RULES, 'OrderPlaced', sealOrder(placed(null)), new Map()) }).data;
    expect(none).toMatchObject({ delivery: { address: null } });
  });

  it('a seal moved onto another subject does not open', () => {
    const stored = sealOrder(placed(ADDRESS));
    const moved = { ...stored, sealed: { ...sealedMemberOf(stored)!, subject: `client-${clientIdForEmail('other@example.ee')}` } };
    expect(openEventData(PERSONAL_DATA_RULES, 'OrderPlaced', moved, new Map([[key.keyId, key.key]]))).toMatchObject({ client: { email: '' } });
  });

  it('an order without an e-mail address has no subject and stays as it is; a datum in the clear reads as it is', () => {
    const noEmail = placed(ADDRESS);
    noEmail.client = { ...(noEmail.client as EventData), email: ' ' };
    expect(PERSONAL_DATA_RULES.OrderPlaced!.subject(noEmail)).toBeNull();
    expect(openEventData(PERSONAL_DATA_RULES, 'OrderPlaced', placed(ADDRESS), new Map())).toEqual(placed(ADDRESS));
  });
});

describe('back-in-stock requests', () => {
  it("seal the address; once forgotten read as '' with the client id the read model ties the request to", () => {
    const rule = PERSONAL_DATA_RULES.StockNotificationRequested!;
    const data = { productId: 'p-1', email: 'juhan@kuusk.ee', quantity: 2, language: 'et' };
    const stored = sealEventData(rule, data, rule.subject(data)!, key);
    expect(JSON.stringify(stored)).not.toContain('kuusk');
    expect(parseStockNotificationEvent({ type: 'StockNotificationRequested', data: openEventData(PERSONAL_DATA_RULES, 'StockNotificationRequested', stored, new Map([[key.keyId, key.key]])) }).data).toEqual(data);
    expect(openEventData(PERSONAL_DATA_RULES, 'StockNotificationRequested', stored, new Map())).toEqual({ productId: 'p-1', email: '', quantity: 2, language: 'et', forgottenClientId: clientIdForEmail('juhan@kuusk.ee') });
  });
});
