/**
 * The Montonio adapter against a local stand-in for the Stargate API (node:http on port 0) that checks the order
 * JWT the way Montonio does (HS256 with the store's secret key, the store's access key, an unexpired token, the
 * fields a bank payment needs) and answers a paymentUrl; and the verification of returned order tokens.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMontonioProvider } from './montonio.js';
import { PaymentCallbackRejected, type PaymentRequest } from './port.js';

const ACCESS_KEY = 'a1b2c3d4-access';
const SECRET = 'montonio-test-secret-key-long-enough-for-hs256';
const secret = new TextEncoder().encode(SECRET);

interface Received {
  payload: Record<string, any>;
}

let server: Server;
let apiUrl: string;
const received: Received[] = [];
let mode: 'normal' | 'fail' | 'hang' = 'normal';

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (mode === 'hang') return; // never answers
      if (mode === 'fail') return answer(500, { message: 'INTERNAL' });
      if (req.method !== 'POST' || req.url !== '/api/orders') return answer(404, { message: 'NOT_FOUND' });
      let token: unknown;
      try {
        token = JSON.parse(Buffer.concat(chunks).toString('utf8')).data;
      } catch {
        return answer(400, { message: 'BAD_JSON' });
      }
      if (typeof token !== 'string') return answer(400, { message: 'DATA_MISSING' });
      let payload: Record<string, any>;
      try {
        ({ payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims: ['exp'] }));
      } catch {
        return answer(401, { message: 'INVALID_TOKEN' });
      }
      if (payload.accessKey !== ACCESS_KEY) return answer(401, { message: 'STORE_NOT_FOUND' });
      const p = payload.payment ?? {};
      const problems = [
        typeof payload.merchantReference === 'string' && payload.merchantReference !== '' ? null : 'merchantReference',
        /^https?:\/\//.test(payload.returnUrl ?? '') ? null : 'returnUrl',
        /^https?:\/\//.test(payload.notificationUrl ?? '') ? null : 'notificationUrl',
        payload.currency === 'EUR' ? null : 'currency',
        typeof payload.grandTotal === 'number' && payload.grandTotal > 0 ? null : 'grandTotal',
        ['et', 'en', 'lt', 'lv', 'fi', 'ru', 'de', 'pl'].includes(payload.locale) ? null : 'locale',
        Array.isArray(payload.lineItems) && payload.lineItems.length > 0 ? null : 'lineItems',
        p.method === 'paymentInitiation' ? null : 'payment.method',
        p.amount === payload.grandTotal ? null : 'payment.amount',
        p.currency === payload.currency ? null : 'payment.currency',
        typeof p.methodOptions?.preferredProvider === 'string' ? null : 'payment.methodOptions.preferredProvider',
      ].filter(Boolean);
      if (problems.length > 0) return answer(400, { message: 'VALIDATION_ERROR', errors: problems });
      received.push({ payload });
      const uuid = randomUUID();
      return answer(200, { uuid, paymentStatus: 'PENDING', paymentUrl: `https://sandbox-stargate.montonio.com/payment/${uuid}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const request: PaymentRequest = {
  methodId: 'montonio-lhv-ee',
  orderId: 'order-1',
  orderNumber: 1042,
  publicToken: 'tok',
  amountCents: 12_345,
  currency: 'EUR',
  description: 'Tellimus 1042',
  language: 'et',
  customerEmail: 'mari@example.ee',
  returnUrl: 'https://shop.example/v1/payment/tok/return/montonio',
  notificationUrl: 'https://shop.example/v1/payment/notify/montonio',
  attemptId: 'attempt-1',
};

const provider = (overrides: Partial<Parameters<typeof createMontonioProvider>[0]> = {}) => createMontonioProvider({ accessKey: ACCESS_KEY, secretKey: SECRET, apiUrl, ...overrides });

describe('Montonio start()', () => {
  it('lists the Estonian banks as methods', () => {
    const methods = provider().methods();
    expect(methods.map((m) => m.id)).toEqual(['montonio-swedbank-ee', 'montonio-seb-ee', 'montonio-lhv-ee', 'montonio-luminor-ee', 'montonio-coop-ee']);
    expect(methods.every((m) => m.providerId === 'montonio' && m.country === 'EE' && m.logo_url.startsWith('https://'))).toBe(true);
  });

  it('creates the order with a JWT Montonio accepts and redirects to its paymentUrl', async () => {
    mode = 'normal';
    const before = received.length;
    const start = await provider().start({ ...request, lineItems: [{ name: 'Õlifilter', quantity: 3, unitPriceCents: 4115 }] });
    expect(start.kind).toBe('redirect');
    if (start.kind !== 'redirect') return;
    expect(start.url).toMatch(/^https:\/\/sandbox-stargate\.montonio\.com\/payment\/[0-9a-f-]{36}$/);
    expect(received).toHaveLength(before + 1);
    const { payload } = received.at(-1)!;
    expect(payload).toMatchObject({
      accessKey: ACCESS_KEY,
      merchantReference: '1042',
      returnUrl: request.returnUrl,
      notificationUrl: request.notificationUrl,
      currency: 'EUR',
      grandTotal: 123.45,
      locale: 'et',
      billingAddress: { email: 'mari@example.ee' },
      lineItems: [{ name: 'Õlifilter', quantity: 3, finalPrice: 41.15 }],
      payment: { method: 'paymentInitiation', methodOptions: { preferredProvider: 'LHVBEE22', preferredCountry: 'EE' }, amount: 123.45, currency: 'EUR' },
    });
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('sends one line of the whole amount when no rows are given', async () => {
    mode = 'normal';
    await provider().start({ ...request, amountCents: 5, language: 'en' });
    expect(received.at(-1)!.payload).toMatchObject({ grandTotal: 0.05, locale: 'en', lineItems: [{ name: 'Tellimus 1042', quantity: 1, finalPrice: 0.05 }] });
  });

  it('fails when Montonio refuses the token (wrong secret or access key)', async () => {
    mode = 'normal';
    await expect(provider({ secretKey: 'another-secret-another-secret-another' }).start(request)).rejects.toThrow(/HTTP 401/);
    await expect(provider({ accessKey: 'someone-else' }).start(request)).rejects.toThrow(/HTTP 401/);
  });

  it('fails on an unknown method, a server error and a timeout', async () => {
    await expect(provider().start({ ...request, methodId: 'montonio-nordea-fi' })).rejects.toThrow(/no method/);
    mode = 'fail';
    await expect(provider().start(request)).rejects.toThrow(/HTTP 500/);
    mode = 'hang';
    await expect(provider({ requestTimeoutMs: 200 }).start(request)).rejects.toThrow();
    mode = 'normal';
  });
});

describe('Montonio verify()', () => {
  const NOW = new Date('2026-11-22T08:00:00Z');
  const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
  const orderToken = (claims: Record<string, unknown> = {}, key: Uint8Array = secret, exp = seconds(NOW) + 600) =>
    new SignJWT({ uuid: '4a1c3d0e-1111-4222-8333-944445555666', accessKey: ACCESS_KEY, merchantReference: '1042', merchantReferenceDisplay: '1042', paymentStatus: 'PAID', grandTotal: 123.45, currency: 'EUR', paymentMethod: 'paymentInitiation', ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(seconds(NOW) - 5)
      .setExpirationTime(exp)
      .sign(key);
  const webhook = (token: unknown, receivedAt = NOW) => ({ httpMethod: 'POST' as const, query: {}, body: { orderToken: token }, receivedAt });
  const browserReturn = (token: string, receivedAt = NOW) => ({ httpMethod: 'GET' as const, query: { 'order-token': token }, body: undefined, receivedAt });
  const reason = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (error) {
      expect(error).toBeInstanceOf(PaymentCallbackRejected);
      return (error as PaymentCallbackRejected).reason;
    }
    throw new Error('expected a rejection');
  };

  it('accepts a paid order token from the webhook and from the browser return', async () => {
    const token = await orderToken();
    expect(await provider().verify(webhook(token))).toEqual({
      providerId: 'montonio',
      orderNumber: 1042,
      status: 'paid',
      amountCents: 12_345,
      currency: 'EUR',
      transactionId: '4a1c3d0e-1111-4222-8333-944445555666',
      serverToServer: true,
      providerStatus: 'PAID',
    });
    expect(await provider().verify(browserReturn(token))).toMatchObject({ status: 'paid', serverToServer: false });
  });

  it('maps ABANDONED and VOIDED to cancelled, PENDING to pending', async () => {
    expect((await provider().verify(webhook(await orderToken({ paymentStatus: 'ABANDONED' })))).status).toBe('cancelled');
    expect((await provider().verify(webhook(await orderToken({ paymentStatus: 'VOIDED' })))).status).toBe('cancelled');
    expect((await provider().verify(webhook(await orderToken({ paymentStatus: 'PENDING' })))).status).toBe('pending');
  });

  it('rejects a tampered token', async () => {
    const token = await orderToken();
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, grandTotal: 0.01 })).toString('base64url');
    expect(await reason(provider().verify(webhook(`${header}.${forged}.${signature}`)))).toBe('signature');
  });

  it('rejects a token signed with another secret', async () => {
    const token = await orderToken({}, new TextEncoder().encode('not-our-secret-not-our-secret-not-ours'));
    expect(await reason(provider().verify(webhook(token)))).toBe('signature');
  });

  it('rejects an expired token as stale', async () => {
    const token = await orderToken({}, secret, seconds(NOW) - 120);
    expect(await reason(provider().verify(webhook(token)))).toBe('stale');
    // The same token was fine while it lived.
    expect((await provider().verify(webhook(token, new Date(NOW.getTime() - 200_000)))).status).toBe('paid');
  });

  it('rejects unsigned and missing tokens', async () => {
    const unsigned = new UnsecuredJWT({ accessKey: ACCESS_KEY, merchantReference: '1042', paymentStatus: 'PAID', grandTotal: 123.45 }).setExpirationTime(seconds(NOW) + 600).encode();
    expect(await reason(provider().verify(webhook(unsigned)))).toBe('unsigned');
    expect(await reason(provider().verify(webhook(undefined)))).toBe('unsigned');
    expect(await reason(provider().verify({ httpMethod: 'GET', query: {}, body: undefined, receivedAt: NOW }))).toBe('unsigned');
  });

  it('rejects tokens that are no JWT, of another store, or without an order number as malformed', async () => {
    expect(await reason(provider().verify(webhook('not-a-jwt')))).toBe('malformed');
    expect(await reason(provider().verify(webhook(await orderToken({ accessKey: 'another-store' }))))).toBe('malformed');
    expect(await reason(provider().verify(webhook(await orderToken({ merchantReference: 'ORDER-X' }))))).toBe('malformed');
    expect(await reason(provider().verify(webhook(await orderToken({ grandTotal: 'lots' }))))).toBe('malformed');
  });
});

describe('Montonio verifyRefund()', () => {
  const NOW = new Date('2026-11-25T09:00:00Z');
  const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
  const refundToken = (claims: Record<string, unknown> = {}, key: Uint8Array = secret, exp = seconds(NOW) + 600) =>
    new SignJWT({
      refundUuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7', refundAmount: 12.5, refundStatus: 'SUCCESSFUL', refundType: 'PARTIAL', currency: 'EUR',
      merchantReference: '1042', uuid: '4a1c3d0e-1111-4222-8333-944445555666', accessKey: ACCESS_KEY, ...claims,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(seconds(NOW) - 5)
      .setExpirationTime(exp)
      .sign(key);
  const webhook = (token: unknown, receivedAt = NOW) => ({ httpMethod: 'POST' as const, query: {}, body: { refundToken: token }, receivedAt });
  const reason = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (error) {
      expect(error).toBeInstanceOf(PaymentCallbackRejected);
      return (error as PaymentCallbackRejected).reason;
    }
    throw new Error('expected a rejection');
  };

  it('verifies a signed refund token from the body and from ?refund-token=, amounts from the token in cents', async () => {
    const token = await refundToken();
    const expected = {
      kind: 'refund', providerId: 'montonio', orderNumber: 1042, refundId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', amountCents: 1250, currency: 'EUR',
      status: 'succeeded', refundType: 'partial', providerStatus: 'SUCCESSFUL',
    };
    expect(await provider().verifyRefund!(webhook(token))).toEqual(expected);
    expect(await provider().verifyRefund!({ httpMethod: 'GET', query: { 'refund-token': token }, body: undefined, receivedAt: NOW })).toEqual(expected);
  });

  it('maps PENDING to pending, REJECTED and FAILED to failed; FULL to refundType full', async () => {
    expect((await provider().verifyRefund!(webhook(await refundToken({ refundStatus: 'PENDING' }))))!.status).toBe('pending');
    expect((await provider().verifyRefund!(webhook(await refundToken({ refundStatus: 'REJECTED' }))))!.status).toBe('failed');
    expect((await provider().verifyRefund!(webhook(await refundToken({ refundStatus: 'FAILED' }))))!.status).toBe('failed');
    expect((await provider().verifyRefund!(webhook(await refundToken({ refundType: 'FULL', refundAmount: 123.45 }))))).toMatchObject({ refundType: 'full', amountCents: 12_345 });
  });

  it('answers null for a callback that carries no refund token (an order token is verified as a payment)', async () => {
    expect(await provider().verifyRefund!({ httpMethod: 'POST', query: {}, body: { orderToken: 'x.y.z' }, receivedAt: NOW })).toBeNull();
  });

  it('refuses unsigned, wrongly signed, tampered and expired refund tokens', async () => {
    const unsigned = new UnsecuredJWT({ refundUuid: 'r', refundAmount: 1, refundStatus: 'SUCCESSFUL', merchantReference: '1042' }).setExpirationTime(seconds(NOW) + 600).encode();
    expect(await reason(provider().verifyRefund!(webhook(unsigned)))).toBe('unsigned');
    expect(await reason(provider().verifyRefund!(webhook('')))).toBe('unsigned');
    expect(await reason(provider().verifyRefund!(webhook(await refundToken({}, new TextEncoder().encode('not-our-secret-not-our-secret-not-ours')))))).toBe('signature');
    const [header, payload, signature] = (await refundToken()).split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, refundAmount: 123.45 })).toString('base64url');
    expect(await reason(provider().verifyRefund!(webhook(`${header}.${forged}.${signature}`)))).toBe('signature');
    expect(await reason(provider().verifyRefund!(webhook(await refundToken({}, secret, seconds(NOW) - 120))))).toBe('stale');
  });

  it('refuses tokens of another store, without an order number, a refund id or a positive amount as malformed', async () => {
    expect(await reason(provider().verifyRefund!(webhook(await refundToken({ accessKey: 'another-store' }))))).toBe('malformed');
    expect(await reason(provider().verifyRefund!(webhook(await refundToken({ merchantReference: 'ORDER-X' }))))).toBe('malformed');
    expect(await reason(provider().verifyRefund!(webhook(await refundToken({ refundUuid: undefined }))))).toBe('malformed');
    expect(await reason(provider().verifyRefund!(webhook(await refundToken({ refundAmount: 0 }))))).toBe('malformed');
    expect(await reason(provider().verifyRefund!(webhook(await refundToken({ refundAmount: -5 }))))).toBe('malformed');
  });
});

describe('Montonio claim()', () => {
  it('names the order of a token it cannot verify, without trusting it; ?error-message= alone names none', async () => {
    const token = await new SignJWT({ merchantReference: '1042', paymentStatus: 'PAID' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('someone-elses-secret-someone-elses'));
    const at = new Date();
    expect(provider().claim!({ httpMethod: 'GET', query: { 'order-token': token }, body: undefined, receivedAt: at })).toEqual({ orderNumber: 1042, serverToServer: false });
    expect(provider().claim!({ httpMethod: 'POST', query: {}, body: { orderToken: token }, receivedAt: at })).toEqual({ orderNumber: 1042, serverToServer: true });
    expect(provider().claim!({ httpMethod: 'GET', query: { 'error-message': 'Declined' }, body: undefined, receivedAt: at })).toEqual({ orderNumber: null, serverToServer: false, providerError: 'Declined' });
    expect(provider().claim!({ httpMethod: 'GET', query: { 'order-token': 'garbage' }, body: undefined, receivedAt: at }).orderNumber).toBeNull();
  });
});
