import { generateKeyPairSync, type KeyObject, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createIpizzaProvider,
  formatAmount,
  formatDateTime,
  type IpizzaFields,
  loadPublicKey,
  MAC_FIELDS,
  macInput,
  parseAmount,
  parseDateTime,
  referenceBase,
  referenceNumber,
  signIpizza,
} from './ipizza.js';
import { PaymentCallbackRejected, type PaymentRequest } from './port.js';

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const shop = rsa();
const bank = rsa();
const otherBank = rsa();

const NOW = new Date('2026-11-22T08:00:00.000Z');

function provider(overrides: Partial<Parameters<typeof createIpizzaProvider>[0]> = {}) {
  return createIpizzaProvider({
    id: 'ipizza-testbank',
    method: { name: 'Testpank', logo_url: '', country: 'EE' },
    bankUrl: 'https://bank.example/ipizza',
    sndId: 'SHOP',
    bankId: 'TESTBANK',
    account: 'EE382200221020145685',
    accountName: 'Baltic Parts OÜ',
    keys: { privateKey: shop.privateKey, bankPublicKey: bank.publicKey },
    now: () => NOW,
    ...overrides,
  });
}

const request: PaymentRequest = {
  methodId: 'ipizza-testbank',
  orderId: 'order-1',
  orderNumber: 1042,
  publicToken: 'tok',
  amountCents: 12_345,
  currency: 'EUR',
  description: 'Tellimus 1042 – õlifilter',
  language: 'et',
  customerEmail: 'mari@example.ee',
  returnUrl: 'https://shop.example/v1/payment/tok/return/ipizza-testbank',
  notificationUrl: 'https://shop.example/v1/payment/notify/ipizza-testbank',
  attemptId: '6f1c1c1e-0000-4000-8000-000000000001',
};

/** A 1111 answer as the bank would send it, signed with `key` (default: the bank's). */
function paidAnswer(overrides: IpizzaFields = {}, key: KeyObject = bank.privateKey): IpizzaFields {
  const fields: IpizzaFields = {
    VK_SERVICE: '1111',
    VK_VERSION: '008',
    VK_SND_ID: 'TESTBANK',
    VK_REC_ID: 'SHOP',
    VK_STAMP: '1042',
    VK_T_NO: '8842',
    VK_AMOUNT: '123.45',
    VK_CURR: 'EUR',
    VK_REC_ACC: 'EE382200221020145685',
    VK_REC_NAME: 'Baltic Parts OÜ',
    VK_SND_ACC: 'EE471000001020145685',
    VK_SND_NAME: 'Tõnu Õunapuu',
    VK_REF: '10427',
    VK_MSG: 'Tellimus 1042 – õlifilter',
    VK_T_DATETIME: '2026-11-22T10:00:30+0200',
    ...overrides,
  };
  return { ...fields, VK_MAC: signIpizza(fields, '1111', key), VK_ENCODING: 'UTF-8', VK_LANG: 'EST', VK_AUTO: 'Y' };
}

function cancelAnswer(overrides: IpizzaFields = {}): IpizzaFields {
  const fields: IpizzaFields = { VK_SERVICE: '1911', VK_VERSION: '008', VK_SND_ID: 'TESTBANK', VK_REC_ID: 'SHOP', VK_STAMP: '1042', VK_REF: '10427', VK_MSG: 'Tellimus 1042', ...overrides };
  return { ...fields, VK_MAC: signIpizza(fields, '1911', bank.privateKey), VK_ENCODING: 'UTF-8', VK_LANG: 'EST', VK_AUTO: 'N' };
}

const post = (body: unknown, receivedAt = NOW) => ({ httpMethod: 'POST' as const, query: {}, body, receivedAt });

async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentCallbackRejected);
    return (error as PaymentCallbackRejected).reason;
  }
  throw new Error('expected a rejection');
}

describe('MAC input and signature (iPizza 008)', () => {
  it('prefixes each value with its length in characters, in the order the service fixes', () => {
    const fields = { VK_SERVICE: '1911', VK_VERSION: '008', VK_SND_ID: 'HP', VK_REC_ID: 'SHOP', VK_STAMP: '7', VK_REF: '', VK_MSG: 'Õun' };
    expect(macInput(fields, '1911')).toBe('0041911003008002HP004SHOP0017000003Õun');
  });

  it('counts characters, not bytes or UTF-16 units', () => {
    const fields = { VK_SERVICE: '1911', VK_VERSION: '008', VK_SND_ID: 'HP', VK_REC_ID: 'SHOP', VK_STAMP: '7', VK_REF: '72', VK_MSG: 'šõ🙂' };
    expect(macInput(fields, '1911').endsWith('003šõ🙂')).toBe(true);
  });

  it('VK_MAC is base64 RSA-SHA1 over the UTF-8 MAC input', () => {
    const fields = paidAnswer();
    const expected = sign('RSA-SHA1', Buffer.from(macInput(fields, '1111'), 'utf8'), bank.privateKey).toString('base64');
    expect(fields.VK_MAC).toBe(expected);
  });

  it('fixes the field order of version 008', () => {
    expect(MAC_FIELDS['1012']).toEqual(['VK_SERVICE', 'VK_VERSION', 'VK_SND_ID', 'VK_STAMP', 'VK_AMOUNT', 'VK_CURR', 'VK_REF', 'VK_MSG', 'VK_RETURN', 'VK_CANCEL', 'VK_DATETIME']);
    expect(MAC_FIELDS['1011'].slice(6, 8)).toEqual(['VK_ACC', 'VK_NAME']);
  });

  it('reads a bank public key from an X.509-less PEM and from a private key', () => {
    const pem = bank.publicKey.export({ type: 'spki', format: 'pem' });
    expect(loadPublicKey(pem).asymmetricKeyType).toBe('rsa');
    expect(() => loadPublicKey('not a key')).toThrow();
  });
});

describe('reference number (7-3-1)', () => {
  it('appends the check digit', () => {
    expect(referenceNumber(123456)).toBe('1234561');
    expect(referenceNumber(123)).toBe('1232');
    expect(referenceNumber(1042)).toBe('10427');
    expect(referenceNumber(1)).toBe('13');
    expect(referenceNumber(10)).toBe('107');
  });

  it('gives back the base only when the check digit is right', () => {
    expect(referenceBase('1234561')).toBe('123456');
    expect(referenceBase('1234562')).toBeNull();
    expect(referenceBase('7')).toBeNull();
    expect(referenceBase('12a')).toBeNull();
  });

  it('refuses a base that is not 1-19 digits', () => {
    expect(() => referenceNumber(-5)).toThrow();
    expect(() => referenceNumber('12345678901234567890')).toThrow();
  });
});

describe('amounts and times', () => {
  it('formats cents as euros and back', () => {
    expect(formatAmount(12_345)).toBe('123.45');
    expect(formatAmount(5)).toBe('0.05');
    expect(formatAmount(100)).toBe('1.00');
    expect(() => formatAmount(1.5)).toThrow();
    expect(parseAmount('123.45')).toBe(12_345);
    expect(parseAmount('12.3')).toBe(1230);
    expect(parseAmount('12')).toBe(1200);
    expect(parseAmount('.01')).toBe(1);
    expect(parseAmount('1,00')).toBeNull();
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('1.234')).toBeNull();
  });

  it('parses protocol times with any offset', () => {
    expect(parseDateTime('2026-11-22T10:00:30+0200')?.toISOString()).toBe('2026-11-22T08:00:30.000Z');
    expect(parseDateTime('2026-11-22T10:00:30+02:00')?.toISOString()).toBe('2026-11-22T08:00:30.000Z');
    expect(parseDateTime('2026-11-22T08:00:30Z')?.toISOString()).toBe('2026-11-22T08:00:30.000Z');
    expect(parseDateTime('2026-02-30T08:00:30Z')).toBeNull();
    expect(parseDateTime('22.11.2026')).toBeNull();
    expect(formatDateTime(new Date('2026-11-22T08:00:30.123Z'))).toBe('2026-11-22T08:00:30+0000');
  });
});

describe('start()', () => {
  it('builds a signed 1011 form when the account is configured', async () => {
    const start = await provider().start(request);
    expect(start.kind).toBe('form');
    if (start.kind !== 'form') return;
    expect(start.action).toBe('https://bank.example/ipizza');
    const f = start.fields;
    expect(f).toMatchObject({
      VK_SERVICE: '1011',
      VK_VERSION: '008',
      VK_SND_ID: 'SHOP',
      VK_STAMP: '1042',
      VK_AMOUNT: '123.45',
      VK_CURR: 'EUR',
      VK_ACC: 'EE382200221020145685',
      VK_NAME: 'Baltic Parts OÜ',
      VK_REF: '10427',
      VK_MSG: 'Tellimus 1042 – õlifilter',
      VK_RETURN: request.returnUrl,
      VK_CANCEL: request.returnUrl,
      VK_DATETIME: '2026-11-22T08:00:00+0000',
      VK_ENCODING: 'UTF-8',
      VK_LANG: 'EST',
    });
    // Verified as the bank would: its own concatenation of the 1011 fields, the shop's public key.
    const data = ['VK_SERVICE', 'VK_VERSION', 'VK_SND_ID', 'VK_STAMP', 'VK_AMOUNT', 'VK_CURR', 'VK_ACC', 'VK_NAME', 'VK_REF', 'VK_MSG', 'VK_RETURN', 'VK_CANCEL', 'VK_DATETIME']
      .map((k) => `${[...f[k]].length}`.padStart(3, '0') + f[k])
      .join('');
    expect(verify('RSA-SHA1', Buffer.from(data, 'utf8'), shop.publicKey, Buffer.from(f.VK_MAC, 'base64'))).toBe(true);
    expect(verify('RSA-SHA1', Buffer.from(data, 'utf8'), bank.publicKey, Buffer.from(f.VK_MAC, 'base64'))).toBe(false);
  });

  it('builds 1012 without VK_ACC/VK_NAME when no account is configured, in English when asked', async () => {
    const start = await provider({ account: undefined, accountName: undefined }).start({ ...request, language: 'en', description: 'x'.repeat(120) });
    if (start.kind !== 'form') throw new Error('form expected');
    expect(start.fields.VK_SERVICE).toBe('1012');
    expect(start.fields).not.toHaveProperty('VK_ACC');
    expect(start.fields).not.toHaveProperty('VK_NAME');
    expect(start.fields.VK_LANG).toBe('ENG');
    expect(start.fields.VK_MSG).toHaveLength(95);
    expect(verify('RSA-SHA1', Buffer.from(macInput(start.fields, '1012'), 'utf8'), shop.publicKey, Buffer.from(start.fields.VK_MAC, 'base64'))).toBe(true);
  });

  it('refuses amounts that are not positive whole cents, other currencies and bad order numbers', async () => {
    await expect(provider().start({ ...request, amountCents: 0 })).rejects.toThrow(/amount/);
    await expect(provider().start({ ...request, amountCents: 10.5 })).rejects.toThrow(/amount/);
    await expect(provider().start({ ...request, currency: 'USD' as 'EUR' })).rejects.toThrow(/EUR/);
    await expect(provider().start({ ...request, orderNumber: 0 })).rejects.toThrow(/order number/);
    await expect(provider().start({ ...request, returnUrl: `https://shop.example/${'r'.repeat(300)}` })).rejects.toThrow(/VK_RETURN/);
  });
});

describe('verify()', () => {
  it('accepts a paid 1111 answer from the bank server (VK_AUTO=Y)', async () => {
    const paid = await provider().verify(post(paidAnswer()));
    expect(paid).toEqual({ providerId: 'ipizza-testbank', orderNumber: 1042, status: 'paid', amountCents: 12_345, currency: 'EUR', transactionId: '8842', serverToServer: true, signedAt: '2026-11-22T08:00:30.000Z', late: false });
  });

  it('accepts the browser return (VK_AUTO=N), also by GET and as a raw urlencoded body', async () => {
    const fields = { ...paidAnswer(), VK_AUTO: 'N' };
    expect((await provider().verify(post(fields))).serverToServer).toBe(false);
    expect((await provider().verify({ httpMethod: 'GET', query: fields, body: undefined, receivedAt: NOW })).status).toBe('paid');
    expect((await provider().verify(post(new URLSearchParams(fields).toString()))).amountCents).toBe(12_345);
  });

  it('accepts a cancelled 1911 answer', async () => {
    const cancelled = await provider().verify(post(cancelAnswer()));
    expect(cancelled).toMatchObject({ orderNumber: 1042, status: 'cancelled', amountCents: 0, serverToServer: false });
  });

  it('rejects an answer without VK_MAC as unsigned', async () => {
    const { VK_MAC: _mac, ...unsigned } = paidAnswer();
    expect(await rejection(provider().verify(post(unsigned)))).toBe('unsigned');
    expect(await rejection(provider().verify(post({ ...paidAnswer(), VK_MAC: '' })))).toBe('unsigned');
  });

  it('rejects every changed MAC field as a bad signature', async () => {
    const original = paidAnswer();
    for (const field of MAC_FIELDS['1111']) {
      if (field === 'VK_SERVICE') continue; // another service is a malformed answer, checked below
      const changed = { ...original, [field]: `${original[field]}9` };
      expect(await rejection(provider().verify(post(changed))), field).toBe('signature');
    }
    expect(await rejection(provider().verify(post({ ...original, VK_MAC: original.VK_MAC.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) })))).toBe('signature');
    expect(await rejection(provider().verify(post({ ...original, VK_MAC: 'not base64!' })))).toBe('signature');
  });

  it('rejects an answer signed by another key', async () => {
    expect(await rejection(provider().verify(post(paidAnswer({}, otherBank.privateKey))))).toBe('signature');
    expect(await rejection(provider().verify(post(paidAnswer({}, shop.privateKey))))).toBe('signature');
  });

  it('accepts a signed paid answer whatever its age, marking it late outside the window', async () => {
    const answer = paidAnswer(); // signed at 08:00:30Z
    expect(await provider().verify(post(answer, new Date('2026-11-22T08:05:29Z')))).toMatchObject({ status: 'paid', late: false, signedAt: '2026-11-22T08:00:30.000Z' });
    for (const receivedAt of ['2026-11-22T08:06:31Z', '2026-11-22T07:55:29Z', '2026-11-23T08:00:30Z']) {
      expect(await provider().verify(post(answer, new Date(receivedAt))), receivedAt).toMatchObject({ status: 'paid', amountCents: 12_345, transactionId: '8842', late: true });
    }
    expect(await provider({ timeWindowMs: 60_000 }).verify(post(answer, new Date('2026-11-22T08:01:31Z')))).toMatchObject({ status: 'paid', late: true });
    // Age never stands in for the signature.
    expect(await rejection(provider().verify(post({ ...answer, VK_AMOUNT: '1.00' }, new Date('2026-11-22T08:06:31Z'))))).toBe('signature');
  });

  it('rejects answers for another shop, from another bank, of unknown services or with missing fields as malformed', async () => {
    expect(await rejection(provider().verify(post(paidAnswer({ VK_REC_ID: 'OTHERSHOP' }))))).toBe('malformed');
    expect(await rejection(provider().verify(post(paidAnswer({ VK_SND_ID: 'EVILBANK' }))))).toBe('malformed');
    expect(await rejection(provider().verify(post({ ...paidAnswer(), VK_SERVICE: '1011' })))).toBe('malformed');
    const { VK_T_NO: _t, ...missing } = paidAnswer();
    expect(await rejection(provider().verify(post(missing)))).toBe('malformed');
    expect(await rejection(provider().verify(post(paidAnswer({ VK_REF: '10428' }))))).toBe('malformed');
    expect(await rejection(provider().verify(post(paidAnswer({ VK_STAMP: '1043' }))))).toBe('malformed');
    expect(await rejection(provider().verify(post(paidAnswer({ VK_AMOUNT: '12,00' }))))).toBe('malformed');
    expect(await rejection(provider().verify(post(paidAnswer({ VK_T_DATETIME: 'yesterday' }))))).toBe('malformed');
    expect(await rejection(provider().verify(post({ ...paidAnswer(), VK_AUTO: 'X' })))).toBe('malformed');
    expect(await rejection(provider().verify(post({ ...paidAnswer(), VK_STAMP: ['1042', '1042'] })))).toBe('malformed');
  });
});
