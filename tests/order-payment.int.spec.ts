/**
 * The payment flow on the server with the real payment registry (platform/payments, the iPizza sandbox bank) on
 * real PostgreSQL (spec 4 "Payment page", spec 7 GET/PUT /v1/payment/{token}, order download):
 * payment methods, PUT -> the shop's auto-post form of the attempt, verified bank answers (server-to-server x5
 * concurrently -> exactly one OrderPaid; the browser return -> /payment-success), and rejected answers (tampered,
 * unsigned, stale, wrong amount) that change nothing; a paid order refuses a new payment; the PDF download.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkoutBody, productRow } from './support/order-test-kit.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { toOrderStreamId } from '../domain/order/order.js';
import { createPaymentProviders, paymentConfigFromEnv, SANDBOX_BANK_ID, SANDBOX_METHOD_ID, SANDBOX_SHOP_ID } from '../platform/payments/index.js';
import { formatAmount, formatDateTime, type IpizzaFields, referenceNumber, signIpizza } from '../platform/payments/ipizza.js';
import { loadSandboxKeys } from '../platform/payments/sandbox-keys.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { type CsrfHeaders, csrfHeaders } from './support/csrf.js';

let h: ShopHarness;
let csrf: CsrfHeaders;
let keyDir: string;
const PUBLIC_URL = 'http://shop.test';
const productId = productIdForCode('PAY-1');

interface PlacedOrder {
  id: string;
  number: number;
  public_token: string;
  total_cents: number;
}

async function placeAnOrder(): Promise<PlacedOrder> {
  const res = await h.app.inject({ method: 'POST', url: '/v1/place-order?lang=en', payload: checkoutBody([{ product_id: productId, amount: 2 }]) as object, headers: csrf });
  expect(res.statusCode).toBe(200);
  await h.settle();
  return res.json().data.order;
}

/** A bank answer 1111 (paid) or 1911 (cancelled) signed with the sandbox bank's key. */
async function bankAnswer(order: PlacedOrder, over: { service?: '1111' | '1911'; amountCents?: number; at?: Date; auto?: 'Y' | 'N'; transaction?: string } = {}): Promise<IpizzaFields> {
  const { bankPrivateKey } = await loadSandboxKeys(keyDir);
  const service = over.service ?? '1111';
  const fields: IpizzaFields =
    service === '1111'
      ? {
          VK_SERVICE: '1111', VK_VERSION: '008', VK_SND_ID: SANDBOX_BANK_ID, VK_REC_ID: SANDBOX_SHOP_ID, VK_STAMP: String(order.number),
          VK_T_NO: over.transaction ?? `T${order.number}`, VK_AMOUNT: formatAmount(over.amountCents ?? order.total_cents), VK_CURR: 'EUR',
          VK_REC_ACC: 'EE471000001020145685', VK_REC_NAME: 'Baltic Parts OÜ', VK_SND_ACC: 'EE001', VK_SND_NAME: 'Mari Maasikas',
          VK_REF: referenceNumber(order.number), VK_MSG: `Order ${order.number}`, VK_T_DATETIME: formatDateTime(over.at ?? new Date()),
        }
      : { VK_SERVICE: '1911', VK_VERSION: '008', VK_SND_ID: SANDBOX_BANK_ID, VK_REC_ID: SANDBOX_SHOP_ID, VK_STAMP: String(order.number), VK_REF: referenceNumber(order.number), VK_MSG: 'Cancelled' };
  return { ...fields, VK_MAC: signIpizza(fields, service, bankPrivateKey), VK_ENCODING: 'UTF-8', VK_LANG: 'EST', VK_AUTO: over.auto ?? 'Y' };
}

const form = (fields: IpizzaFields) => new URLSearchParams(fields).toString();
const notify = (fields: IpizzaFields) =>
  h.app.inject({ method: 'POST', url: `/v1/payment-callback/${SANDBOX_METHOD_ID}?lang=en`, payload: form(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
const eventTypes = async (orderId: string) => (await h.store.readStream(toOrderStreamId(orderId))).events.map((e) => e.type);

beforeAll(async () => {
  keyDir = await mkdtemp(path.join(tmpdir(), 'order-payment-keys-'));
  const payments = createPaymentProviders(paymentConfigFromEnv({ PAYMENT_SANDBOX: 'on', PAYMENT_SANDBOX_KEY_DIR: keyDir }, PUBLIC_URL));
  h = await createShopHarness('order_payment', { api: { payments, publicUrl: PUBLIC_URL } });
  csrf = await csrfHeaders(h.app);
  await h.importCatalogRows([productRow('PAY-1', { grossCents: 1250, stock: 100 })]);
  await h.settle();
});
afterAll(async () => {
  await h?.close();
  if (keyDir) await rm(keyDir, { recursive: true, force: true });
});

describe('starting a payment', () => {
  it('lists the payment methods of an unpaid order and answers PUT with the shop URL of an auto-post form', async () => {
    const order = await placeAnOrder();
    const page = (await h.app.inject(`/v1/payment/${order.public_token}`)).json();
    expect(page.data.paymentMethods.map((m: { id: string }) => m.id)).toContain(SANDBOX_METHOD_ID);

    const put = await h.app.inject({ method: 'PUT', url: `/v1/payment/${order.public_token}`, payload: { method: SANDBOX_METHOD_ID, name: null, country: null }, headers: csrf });
    expect(put.statusCode).toBe(200);
    expect(put.json().status).toBe('success');
    const url: string = put.json().data.url;
    expect(url).toMatch(new RegExp(`^/v1/payment/${order.public_token}/redirect\\?attempt=[0-9a-f-]{36}$`));

    const html = await h.app.inject(url);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain(`${PUBLIC_URL}/sandbox-bank/pay`);
    expect(html.body).toContain(`value="${order.number}"`);
    // The return URL carries the order's public token (a refused return lands on this order's page).
    expect(html.body).toContain(`${PUBLIC_URL}/payment-return/${SANDBOX_METHOD_ID}/${order.public_token}`);
    expect(await eventTypes(order.id)).toEqual(['OrderPlaced', 'PaymentStarted']);
  });

  it('works right after placing, before the orders read model has caught up', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/v1/place-order', payload: checkoutBody([{ product_id: productId, amount: 1 }]) as object, headers: csrf });
    const token = res.json().data.order.public_token;
    const [page, put] = await Promise.all([
      h.app.inject(`/v1/payment/${token}`),
      h.app.inject({ method: 'PUT', url: `/v1/payment/${token}`, payload: { method: SANDBOX_METHOD_ID, name: null, country: null }, headers: csrf }),
    ]);
    expect(page.statusCode).toBe(200);
    expect(put.statusCode).toBe(200);
  });

  it('refuses an unknown method (400) and an unknown order (404)', async () => {
    const order = await placeAnOrder();
    const bad = await h.app.inject({ method: 'PUT', url: `/v1/payment/${order.public_token}?lang=en`, payload: { method: 'cash-on-delivery' }, headers: csrf });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].code).toBe('payment.method_unknown');
    const missing = await h.app.inject({ method: 'PUT', url: `/v1/payment/${'q'.repeat(40)}?lang=en`, payload: { method: SANDBOX_METHOD_ID }, headers: csrf });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("We couldn't find the requested order.");
  });
});

describe('bank answers', () => {
  it('five concurrent identical notifications record exactly one OrderPaid; then a new payment is refused', async () => {
    const order = await placeAnOrder();
    const fields = await bankAnswer(order);
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(fields)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await eventTypes(order.id)).filter((t) => t === 'OrderPaid')).toHaveLength(1);
    // A differently numbered duplicate transaction still pays nothing twice.
    expect((await notify(await bankAnswer(order, { transaction: 'OTHER' }))).statusCode).toBe(200);
    expect((await eventTypes(order.id)).filter((t) => t === 'OrderPaid')).toHaveLength(1);

    await h.settle();
    const page = (await h.app.inject(`/v1/payment/${order.public_token}`)).json().data;
    expect(page.order).toMatchObject({ isPaid: true, status: 'paid' });
    expect(page.paymentMethods).toEqual([]);
    const again = await h.app.inject({ method: 'PUT', url: `/v1/payment/${order.public_token}?lang=en`, payload: { method: SANDBOX_METHOD_ID }, headers: csrf });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe('order.already_paid');
  });

  it('the browser return redirects to /payment-success when paid', async () => {
    const order = await placeAnOrder();
    const res = await h.app.inject({ method: 'POST', url: `/payment-return/${SANDBOX_METHOD_ID}`, payload: form(await bankAnswer(order, { auto: 'N' })), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/en/payment-success?order=${order.public_token}`);
    expect(await eventTypes(order.id)).toEqual(['OrderPlaced', 'OrderPaid']);
  });

  it('a cancelled payment returns the shopper to /payment/{token} in the order language with its message, and pays nothing', async () => {
    const order = await placeAnOrder();
    const res = await h.app.inject({ method: 'GET', url: `/payment-return/${SANDBOX_METHOD_ID}?${form(await bankAnswer(order, { service: '1911', auto: 'N' }))}` });
    expect(res.statusCode).toBe(303);
    // Placed in English: the English payment page.
    expect(res.headers.location).toBe(`/en/payment/${order.public_token}?payment-error=cancelled`);
    expect(await eventTypes(order.id)).toEqual(['OrderPlaced', 'PaymentCancelled']);
  });

  it('records a genuine paid answer the shopper brings back 6 minutes late, once, and lands on the success page', async () => {
    const order = await placeAnOrder();
    // The bank signed the payment 6 minutes ago; its server-to-server message never arrived (the shop was down).
    const late = await bankAnswer(order, { auto: 'N', at: new Date(Date.now() - 6 * 60_000) });
    const back = () => h.app.inject({ method: 'POST', url: `/payment-return/${SANDBOX_METHOD_ID}`, payload: form(late), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    // The request loggers of an app without a logger are the app's own no-op logger: watch its warn.
    const warn = vi.spyOn(h.app.log, 'warn');
    const res = await back();
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/en/payment-success?order=${order.public_token}`);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ orderNumber: order.number, signedAt: expect.any(String) }), expect.stringMatching(/^late paid answer/));
    warn.mockRestore();
    expect(await eventTypes(order.id)).toEqual(['OrderPlaced', 'OrderPaid']);
    // Replaying the same answer (or an hour later) changes nothing.
    expect((await back()).headers.location).toBe(`/en/payment-success?order=${order.public_token}`);
    expect((await notify({ ...late, VK_AUTO: 'Y' })).statusCode).toBe(200);
    expect(await eventTypes(order.id)).toEqual(['OrderPlaced', 'OrderPaid']);
  });

  it('rejects tampered, unsigned and wrong-amount answers with 4xx and changes nothing', async () => {
    const order = await placeAnOrder();
    const good = await bankAnswer(order);
    const tampered = await notify({ ...good, VK_AMOUNT: formatAmount(order.total_cents - 100) });
    const { VK_MAC: _mac, ...rest } = good;
    const unsigned = await notify(rest);
    const wrongAmount = await notify(await bankAnswer(order, { amountCents: order.total_cents - 1 }));
    for (const res of [tampered, unsigned]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: 'payment.callback_rejected', message: 'The payment confirmation could not be verified.' });
    }
    expect(wrongAmount.statusCode).toBe(400);
    expect(wrongAmount.json().errors[0].code).toBe('payment.amount_mismatch');
    const unknownProvider = await h.app.inject({ method: 'POST', url: '/v1/payment-callback/nobody', payload: form(good), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(unknownProvider.statusCode).toBe(404);
    expect(await eventTypes(order.id)).toEqual(['OrderPlaced']);
    // The genuine answer still pays it.
    expect((await notify(good)).statusCode).toBe(200);
    expect(await eventTypes(order.id)).toEqual(['OrderPlaced', 'OrderPaid']);
  });
});

describe('refused browser returns land on a page', () => {
  /** The browser back at the return URL the shop gave the bank (with the order's token), or at the old one without. */
  const back = (fields: IpizzaFields, token: string | null, headers: Record<string, string> = {}) =>
    h.app.inject({
      method: 'POST',
      url: `/payment-return/${SANDBOX_METHOD_ID}${token ? `/${token}` : ''}`,
      payload: form(fields),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });

  it('a badly signed or unsigned return goes to the order page with payment-error=rejected, and changes nothing', async () => {
    const order = await placeAnOrder();
    const good = await bankAnswer(order, { auto: 'N' });
    const tampered = await back({ ...good, VK_AMOUNT: formatAmount(order.total_cents - 100) }, order.public_token);
    expect(tampered.statusCode).toBe(303);
    expect(tampered.headers.location).toBe(`/en/payment/${order.public_token}?payment-error=rejected`);
    const { VK_MAC: _mac, ...unsignedFields } = good;
    const unsigned = await back(unsignedFields, order.public_token);
    expect(unsigned.statusCode).toBe(303);
    expect(unsigned.headers.location).toBe(`/en/payment/${order.public_token}?payment-error=rejected`);
    expect(await eventTypes(order.id)).toEqual(['OrderPlaced']);
    // The genuine answer at the same address still pays it.
    expect((await back(good, order.public_token)).headers.location).toBe(`/en/payment-success?order=${order.public_token}`);
  });

  it("never hands out an order's token for an unsigned answer naming its number", async () => {
    const victim = await placeAnOrder();
    const attacker = await placeAnOrder();
    const { VK_MAC: _mac, ...forged } = await bankAnswer(victim, { auto: 'N' });
    const noToken = await back(forged, null);
    expect(noToken.statusCode).toBe(303);
    expect(noToken.headers.location).toBe('/payment/unknown?payment-error=rejected');
    // With the attacker's own token in the path: the attacker's own page, not the victim's.
    const ownToken = await back({ ...forged, VK_MAC: 'AAAA' }, attacker.public_token);
    expect(ownToken.headers.location).toBe(`/en/payment/${attacker.public_token}?payment-error=rejected`);
    for (const res of [noToken, ownToken]) expect(`${res.headers.location}${res.body}`).not.toContain(victim.public_token);
    expect(await eventTypes(victim.id)).toEqual(['OrderPlaced']);
  });

  it('a verified payment of another amount goes to the order page with payment-error=amount_mismatch', async () => {
    const order = await placeAnOrder();
    const res = await back(await bankAnswer(order, { auto: 'N', amountCents: order.total_cents - 1 }), order.public_token);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/en/payment/${order.public_token}?payment-error=amount_mismatch`);
    expect(await eventTypes(order.id)).toEqual(['OrderPlaced']);
  });

  it('a return naming no known order goes to the not-found page in the browser language', async () => {
    const order = await placeAnOrder();
    const unknown = await bankAnswer({ ...order, number: 987_654 }, { auto: 'N' });
    const en = await back(unknown, null, { 'accept-language': 'en-GB,en;q=0.8' });
    expect(en.statusCode).toBe(303);
    expect(en.headers.location).toBe('/en/payment/unknown?payment-error=rejected');
    expect((await back({ VK_SERVICE: '1111', VK_MAC: 'AAAA' }, null)).headers.location).toBe('/payment/unknown?payment-error=rejected');
    expect((await back({ VK_SERVICE: '1111', VK_MAC: 'AAAA' }, 'q'.repeat(32))).headers.location).toBe('/payment/unknown?payment-error=rejected');
    const noProvider = await h.app.inject({ method: 'GET', url: '/payment-return/nobody?x=1' });
    expect(noProvider.statusCode).toBe(303);
    expect(noProvider.headers.location).toBe('/payment/unknown?payment-error=rejected');
  });

  it("the bank's server-to-server answer to the return address (VK_AUTO=Y) and the notification route keep their JSON 4xx", async () => {
    const order = await placeAnOrder();
    const good = await bankAnswer(order, { auto: 'Y' });
    const tampered = { ...good, VK_AMOUNT: formatAmount(order.total_cents - 100) };
    const atReturn = await back(tampered, order.public_token);
    expect(atReturn.statusCode).toBe(400);
    expect(atReturn.json().errors[0].code).toBe('payment.callback_rejected');
    const atNotify = await notify(tampered);
    expect(atNotify.statusCode).toBe(400);
    expect(atNotify.json().errors[0].code).toBe('payment.callback_rejected');
    const unknownOrder = await notify(await bankAnswer({ ...order, number: 987_655 }));
    expect(unknownOrder.statusCode).toBe(404);
    expect(unknownOrder.json().errors[0].code).toBe('order.not_found');
    expect(await eventTypes(order.id)).toEqual(['OrderPlaced']);
    // The genuine server-to-server answer at the return address is answered in JSON too.
    const paid = await back(good, order.public_token);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toEqual({ status: 'paid' });
  });
});

describe('GET /order/download/{token}', () => {
  it('serves the order summary as a PDF, 404 for an unknown token', async () => {
    const order = await placeAnOrder();
    const res = await h.app.inject(`/order/download/${order.public_token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // The order's language (placed in English), unless lang says otherwise.
    expect(res.headers['content-disposition']).toBe(`attachment; filename="order-${order.number}.pdf"`);
    expect((await h.app.inject(`/order/download/${order.public_token}?lang=et`)).headers['content-disposition']).toBe(`attachment; filename="tellimus-${order.number}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await h.app.inject(`/order/download/${'z'.repeat(40)}`)).statusCode).toBe(404);
  });
});
