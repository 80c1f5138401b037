import { describe, expect, it } from 'vitest';
import { clientIdForEmail } from '../../commands/client/client-streams.js';
import { openSeal, seal } from '../../platform/security/personal-data.js';
import { spec } from '../../tests/support/given-when-then.js';
import { DomainError } from '../shared/errors.js';
import { normaliseEmailAddress } from '../shared/email.js';
import { checkClientDetails, type ClientCommand, clientDecider, type ClientDetails, type ClientEvent, type ClientOrderRef, parsePhone, parseVatRegNr } from './client.js';
import { toClientEvent } from './events.js';

const client = spec(clientDecider);
const meta = { now: '2026-11-22T10:00:00.000Z' };
const id = 'c1';
const details: ClientDetails = {
  firstName: 'Mari',
  lastName: 'Maasikas',
  businessName: '',
  email: 'Mari@Example.ee',
  phone: '+37255551234',
  vatRegNr: '',
  address: { street: 'Pikk 1', apartment: '', city: 'Tallinn', state: 'Harjumaa', areaCode: '10123', country: 'EE' },
};
const order = (n: number, placedAt = `2026-11-2${n}T10:00:00.000Z`): ClientOrderRef => ({ orderId: `o${n}`, number: 1000 + n, placedAt, totalCents: 1000 * n });
const record = (o: ClientOrderRef, d: ClientDetails = details, newKeyId = 'k1'): ClientCommand => ({ type: 'RecordClientOrder', data: { clientId: id, customerType: 'private', details: d, order: o, newKeyId }, metadata: meta });
const change = (d: Partial<ClientDetails>, customerType = 'private'): ClientCommand => ({ type: 'ChangeClientDetails', data: { clientId: id, customerType, details: { ...details, ...d } }, metadata: meta });
const forget: ClientCommand = { type: 'ForgetClient', data: { clientId: id }, metadata: meta };
const registered: ClientEvent = { type: 'ClientRegistered', data: { clientId: id, customerType: 'private', registeredAt: order(1).placedAt, keyId: 'k1', details, order: order(1) } };
const linked: ClientEvent = { type: 'ClientOrderLinked', data: { clientId: id, order: order(2) } };
const forgotten: ClientEvent = { type: 'ClientForgotten', data: { clientId: id, forgottenAt: '2026-11-23T12:00:00.000Z', orderIds: ['o1', 'o2'], keyIds: ['k1'] } };

describe('RecordClientOrder', () => {
  it('registers the client with the first order of an address, trimmed', () => {
    client.when(record(order(1), { ...details, firstName: ' Mari ' })).then([registered]);
  });

  it('links a later order, and decides nothing for an order the client holds (a replayed or retried OrderPlaced)', () => {
    client.given([registered]).when(record(order(2))).then([linked]);
    client.given([registered]).when(record(order(1))).then([]);
    client.given([registered, linked]).when(record(order(2))).then([]);
  });

  it('after forgetting: an older order or one it held decides nothing; a newer order registers afresh with a new key', () => {
    client.given([registered, linked, forgotten]).when(record(order(2))).then([]);
    client.given([registered, linked, forgotten]).when(record(order(3, '2026-11-23T11:00:00.000Z'))).then([]);
    const later = order(4, '2026-11-24T10:00:00.000Z');
    client
      .given([registered, linked, forgotten])
      .when(record(later, details, 'k2'))
      .then([{ type: 'ClientRegistered', data: { clientId: id, customerType: 'private', registeredAt: later.placedAt, keyId: 'k2', details, order: later } }]);
  });
});

describe('ChangeClientDetails', () => {
  it('changes only what differs, with the phone and VAT number parsed and the e-mail trimmed', () => {
    client
      .given([registered])
      .when(change({ phone: '+372 5555 9999', vatRegNr: 'ee 100 200 300', email: ' mari@example.ee ' }))
      .then([{ type: 'ClientDetailsChanged', data: { clientId: id, customerType: 'private', keyId: 'k1', details: { ...details, phone: '+37255559999', vatRegNr: 'EE100200300', email: 'mari@example.ee' }, changed: ['email', 'phone', 'vatRegNr'] } }]);
    client.given([registered]).when(change({})).then([]);
    client.given([registered]).when(change({ phone: '+372 5555 1234' })).then([]);
  });

  it('turns a private client into a business one (the business name required, first and last name not)', () => {
    client
      .given([registered])
      .when(change({ businessName: 'Maasikas OÜ', firstName: '', lastName: '' }, 'business'))
      .then([{ type: 'ClientDetailsChanged', data: { clientId: id, customerType: 'business', keyId: 'k1', details: { ...details, businessName: 'Maasikas OÜ', firstName: '', lastName: '' }, changed: ['customerType', 'firstName', 'lastName', 'businessName'] } }]);
    client.given([registered]).when(change({ businessName: '' }, 'business')).thenThrows('client.invalid', 'validation');
  });

  it('refuses every bad field at once, an unknown client and a forgotten one', () => {
    let caught: unknown;
    try {
      clientDecider.decide(change({ firstName: '', email: 'a@x.ee, b@x.ee', phone: '12', vatRegNr: 'E', address: { ...details.address, city: 'x\r\ny' } }), clientDecider.evolve(clientDecider.initialState, registered));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect((caught as DomainError).details?.problems).toEqual([
      { code: 'client.required', field: 'first_name' },
      { code: 'client.email_invalid', field: 'email' },
      { code: 'client.phone_invalid', field: 'phone' },
      { code: 'client.vat_reg_nr_invalid', field: 'vat_reg_nr' },
      { code: 'client.text_invalid', field: 'address.city' },
    ]);
    client.when(change({})).thenThrows('client.not_found', 'not_found');
    client.given([registered, forgotten]).when(change({})).thenThrows('client.forgotten', 'illegal_state');
    client.given([registered]).when(change({}, 'company')).thenThrows('client.invalid');
  });
});

describe('ForgetClient', () => {
  it('names the orders and keys of the registration, once', () => {
    client.given([registered, linked]).when(forget).then([{ type: 'ClientForgotten', data: { clientId: id, forgottenAt: meta.now, orderIds: ['o1', 'o2'], keyIds: ['k1'] } }]);
    client.given([registered, linked, forgotten]).when(forget).then([]);
    client.when(forget).thenThrows('client.not_found', 'not_found');
  });
});

describe('parsers', () => {
  it('phones: 5-15 digits with an optional +, separators dropped', () => {
    expect(parsePhone(' +372 (5) 555-1234 ')).toBe('+37255551234');
    expect(parsePhone('5555.1234')).toBe('55551234');
    for (const bad of ['', '1234', '+1234567890123456', 'abc12345', '55 55\n1234', '++3725555']) expect(parsePhone(bad)).toBeNull();
  });

  it('VAT numbers: country letters and 2-13 characters, upper-cased; empty is none', () => {
    expect(parseVatRegNr('ee-100 200 300')).toBe('EE100200300');
    expect(parseVatRegNr('  ')).toBe('');
    for (const bad of ['1EE23', 'E', 'EE1', 'EE<script>', 'EE12345678901234']) expect(parseVatRegNr(bad)).toBeNull();
  });

  it('checkClientDetails refuses long text and keeps the address parts', () => {
    expect(() => checkClientDetails('private', { ...details, lastName: 'x'.repeat(101) })).toThrow(DomainError);
    expect(checkClientDetails('private', details).details.address).toEqual(details.address);
  });
});

describe('one client per normalised e-mail address', () => {
  it('the same address in another case or with spaces gives the same client id; another address another id', () => {
    expect(normaliseEmailAddress('  Mari.Maasikas@Example.EE ')).toBe('mari.maasikas@example.ee');
    expect(clientIdForEmail('Mari@Example.ee')).toBe(clientIdForEmail(' mari@example.EE'));
    expect(clientIdForEmail('mari@example.ee')).not.toBe(clientIdForEmail('mari2@example.ee'));
    expect(clientIdForEmail('mari@example.ee')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('sealed personal data (crypto-shredding)', () => {
  const key = Buffer.alloc(32, 7);
  const stored = (k: Buffer | undefined) => {
    const { details: d, ...rest } = registered.data as Extract<ClientEvent, { type: 'ClientRegistered' }>['data'];
    const sealed = seal(key, `client-${id}`, d);
    expect(JSON.stringify(sealed)).not.toContain('Maasikas');
    return toClientEvent({ type: 'ClientRegistered', data: { ...rest, personal: sealed } }, (s, _keyId, clientId) => openSeal(k, `client-${clientId}`, s));
  };

  it('opens with the key; without it (deleted) the details are null, and a seal moved to another client does not open', () => {
    expect(stored(key)).toEqual(registered);
    expect(stored(undefined).data).toMatchObject({ details: null, order: order(1) });
    expect(openSeal(key, 'client-other', seal(key, `client-${id}`, details))).toBeNull();
    expect(openSeal(Buffer.alloc(32, 8), `client-${id}`, seal(key, `client-${id}`, details))).toBeNull();
  });
});
