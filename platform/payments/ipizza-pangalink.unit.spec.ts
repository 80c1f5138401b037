/**
 * iPizza against an implementation other than our own (so a shared mistake cannot pass unseen): answers and checks made by the
 * rules of the Pangalink.net bank-link emulator (lib/banks/ipizza.js: every value trimmed before signing
 * (`normalizeValues`), each MAC field prefixed with its JavaScript string length padded to 3 digits
 * (`calculateHash`, where an emoji counts 2), RSA-SHA1, times as moment's `YYYY-MM-DDTHH:mm:ssZZ` in the bank's
 * local offset). The functions below are written from those rules, not from ../ipizza.ts.
 */
import { generateKeyPairSync, type KeyObject, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createIpizzaProvider, ipizzaText } from './ipizza.js';
import type { PaymentRequest } from './port.js';

const shop = generateKeyPairSync('rsa', { modulusLength: 2048 });
const bank = generateKeyPairSync('rsa', { modulusLength: 2048 });

/** Pangalink's signature order for the services used here. */
const ORDER: Record<string, string[]> = {
  '1012': ['VK_SERVICE', 'VK_VERSION', 'VK_SND_ID', 'VK_STAMP', 'VK_AMOUNT', 'VK_CURR', 'VK_REF', 'VK_MSG', 'VK_RETURN', 'VK_CANCEL', 'VK_DATETIME'],
  '1111': ['VK_SERVICE', 'VK_VERSION', 'VK_SND_ID', 'VK_REC_ID', 'VK_STAMP', 'VK_T_NO', 'VK_AMOUNT', 'VK_CURR', 'VK_REC_ACC', 'VK_REC_NAME', 'VK_SND_ACC', 'VK_SND_NAME', 'VK_REF', 'VK_MSG', 'VK_T_DATETIME'],
};

/** Pangalink's source string: trimmed values, JavaScript length, three digits. */
function pangalinkSource(fields: Record<string, string>): string {
  const normalised = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v ?? '').trim()]));
  return ORDER[normalised.VK_SERVICE].map((vk) => {
    const value = normalised[vk] || '';
    return String(value.length).padStart(3, '0') + value;
  }).join('');
}
const pangalinkSign = (fields: Record<string, string>, key: KeyObject) => sign('RSA-SHA1', Buffer.from(pangalinkSource(fields), 'utf8'), key).toString('base64');
const pangalinkVerify = (fields: Record<string, string>, key: KeyObject) => verify('RSA-SHA1', Buffer.from(pangalinkSource(fields), 'utf8'), key, Buffer.from(fields.VK_MAC, 'base64'));

const provider = () =>
  createIpizzaProvider({
    id: 'ipizza-pangalink',
    method: { name: 'Pangalink', logo_url: '', country: 'EE' },
    bankUrl: 'https://pangalink.example/banklink/ipizza',
    sndId: 'uid100010',
    bankId: 'PANGALINK',
    keys: { privateKey: shop.privateKey, bankPublicKey: bank.publicKey },
    now: () => new Date('2026-11-22T08:00:00Z'),
  });

const request = (description: string): PaymentRequest => ({
  methodId: 'ipizza-pangalink',
  orderId: 'o-1',
  orderNumber: 1042,
  publicToken: 'tok',
  amountCents: 4_990,
  currency: 'EUR',
  description,
  language: 'et',
  customerEmail: 'mari@example.ee',
  returnUrl: 'https://shop.example.ee/payment-return/ipizza-pangalink',
  notificationUrl: 'https://shop.example.ee/v1/payment-callback/ipizza-pangalink',
  attemptId: 'a-1',
});

describe('our requests, checked by Pangalink.net rules', () => {
  it.each([
    'Tellimus 1042',
    '  Tellimus 1042 – õlifilter  ',
    'Tellimus 1042 🚗 pidurid',
    'Tellimus 1042\tšokk\r\nabsorber',
    `Tellimus ${'ä'.repeat(120)}`,
  ])('signs %j so the emulator verifies it', async (description) => {
    const start = await provider().start(request(description));
    if (start.kind !== 'form') throw new Error('iPizza starts with a form');
    expect(pangalinkVerify(start.fields, shop.publicKey)).toBe(true);
    // What the form carries is exactly what was signed: trimmed, and no character the implementations count apart.
    expect(start.fields.VK_MSG).toBe(start.fields.VK_MSG.trim());
    expect(start.fields.VK_MSG.length).toBe([...start.fields.VK_MSG].length);
    expect(start.fields.VK_MSG.length).toBeLessThanOrEqual(95);
  });

  it('ipizzaText keeps letters of the Baltic languages and drops what counts differently', () => {
    expect(ipizzaText('  Õli ja šõž – ĀČĘĖĮŠŲŪŽ ', 95)).toBe('Õli ja šõž – ĀČĘĖĮŠŲŪŽ');
    expect(ipizzaText('Tellimus 🚗 1042', 95)).toBe('Tellimus 1042');
    expect(ipizzaText('a\u0000b\nc', 95)).toBe('a b c');
    expect(ipizzaText(`${'x'.repeat(94)} y`, 95)).toBe('x'.repeat(94));
  });
});

describe('answers made by Pangalink.net rules, verified by us', () => {
  /** A paid answer as the emulator builds it: its own local time with a numeric offset, values as it sends them. */
  function emulatorAnswer(sent: Record<string, string>): Record<string, string> {
    const fields = {
      VK_SERVICE: '1111',
      VK_VERSION: '008',
      VK_SND_ID: 'PANGALINK',
      VK_REC_ID: 'uid100010',
      VK_STAMP: '1042',
      VK_T_NO: '12345',
      VK_AMOUNT: '49.90',
      VK_CURR: 'EUR',
      VK_REC_ACC: 'EE871600161234567892',
      VK_REC_NAME: 'Baltic Parts OÜ',
      VK_SND_ACC: 'EE381010010000000000',
      VK_SND_NAME: 'Tõnu Õunapuu',
      VK_REF: '10427',
      VK_MSG: 'Tellimus 1042',
      VK_T_DATETIME: '2026-11-22T10:00:30+0200',
      ...sent,
    };
    return { ...fields, VK_MAC: pangalinkSign(fields, bank.privateKey), VK_ENCODING: 'UTF-8', VK_LANG: 'EST', VK_AUTO: 'Y' };
  }
  const receive = (body: Record<string, string>, receivedAt = new Date('2026-11-22T08:00:40Z')) =>
    provider().verify({ httpMethod: 'POST', query: {}, body, receivedAt });

  it('verifies a paid answer', async () => {
    expect(await receive(emulatorAnswer({}))).toMatchObject({ status: 'paid', orderNumber: 1042, amountCents: 4_990, transactionId: '12345', late: false });
  });

  it('verifies an answer whose values arrive with the spaces the bank trimmed before signing', async () => {
    const answer = emulatorAnswer({ VK_SND_NAME: ' Tõnu Õunapuu  ', VK_MSG: 'Tellimus 1042 ' });
    expect(await receive(answer)).toMatchObject({ status: 'paid', amountCents: 4_990 });
  });

  it('verifies a paid answer the shopper brings back six minutes later, marked late', async () => {
    expect(await receive(emulatorAnswer({}), new Date('2026-11-22T08:06:40Z'))).toMatchObject({ status: 'paid', late: true });
  });
});
