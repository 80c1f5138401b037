/**
 * The whole payment flow over real HTTP with the sandbox bank (platform/payments/sandbox-bank.ts) in the same app:
 * place an order, choose the sandbox bank (PUT /v1/payment/{token}), follow the shop's auto-post form to
 * the bank, press Pay; the bank calls the shop server-to-server (VK_AUTO=Y) and sends the browser back (VK_AUTO=N)
 * to /payment-success; the order is paid exactly once. Cancel brings the shopper back to /payment/{token}.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkoutBody, productRow } from './support/order-test-kit.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { toOrderStreamId } from '../domain/order/order.js';
import { createPaymentProviders, paymentConfigFromEnv, SANDBOX_METHOD_ID, sandboxBankOptions, sandboxBankRoutes } from '../platform/payments/index.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { csrfHeadersOver } from './support/csrf.js';
import { patience } from './support/patience.js';

let h: ShopHarness;
let keyDir: string;
let base: string;
const productId = productIdForCode('BANK-1');

/** The action and fields of the first form of an HTML page. */
function formOf(html: string): { action: string; fields: Record<string, string> } {
  const unescape = (v: string) => v.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const action = unescape(/<form[^>]*action="([^"]*)"/.exec(html)![1]);
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[unescape(m[1])] = unescape(m[2]);
  return { action, fields };
}
const postForm = (url: string, fields: Record<string, string>) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), redirect: 'manual' });

async function startPayment(): Promise<{ order: { id: string; public_token: string }; bankPage: string; fields: Record<string, string> }> {
  const csrf = await csrfHeadersOver(base);
  const placed = await fetch(`${base}/v1/place-order`, { method: 'POST', headers: { 'content-type': 'application/json', ...csrf }, body: JSON.stringify(checkoutBody([{ product_id: productId, amount: 1 }])) });
  expect(placed.status).toBe(200);
  const order = (await placed.json()).data.order;
  const put = await fetch(`${base}/v1/payment/${order.public_token}`, { method: 'PUT', headers: { 'content-type': 'application/json', ...csrf }, body: JSON.stringify({ method: SANDBOX_METHOD_ID, name: null, country: null }) });
  expect(put.status).toBe(200);
  const redirect = await fetch(`${base}${(await put.json()).data.url}`);
  const toBank = formOf(await redirect.text());
  // The form goes to the sandbox bank of this app.
  expect(new URL(toBank.action).pathname).toBe('/sandbox-bank/pay');
  const bank = await postForm(`${base}/sandbox-bank/pay`, toBank.fields);
  expect(bank.status).toBe(200);
  return { order, bankPage: await bank.text(), fields: toBank.fields };
}

beforeAll(async () => {
  keyDir = await mkdtemp(path.join(tmpdir(), 'order-sandbox-bank-'));
  // The provider's public URL only names the bank's form action; return URLs come from the request's host.
  const config = paymentConfigFromEnv({ PAYMENT_SANDBOX: 'on', PAYMENT_SANDBOX_KEY_DIR: keyDir }, 'http://127.0.0.1');
  h = await createShopHarness('order_sandbox_bank', { api: { payments: createPaymentProviders(config) } });
  await h.app.register(sandboxBankRoutes, sandboxBankOptions(config)!);
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  await h.importCatalogRows([productRow('BANK-1', { grossCents: 2599, stock: 10 })]);
  await h.settle();
});
afterAll(async () => {
  await h?.close();
  if (keyDir) await rm(keyDir, { recursive: true, force: true });
});

it('pays through the sandbox bank: one OrderPaid from the server-to-server call and the browser return', { timeout: patience(30_000) }, async () => {
  const { order, bankPage, fields } = await startPayment();
  expect(bankPage).toContain('25.99');
  const decision = await postForm(`${base}/sandbox-bank/pay/decision`, { ...fields, decision: 'pay' });
  expect(decision.status).toBe(200);
  const back = formOf(await decision.text());
  expect(back.fields.VK_AUTO).toBe('N');
  const browser = await postForm(back.action, back.fields);
  expect(browser.status).toBe(303);
  // The success page names the order; the order was placed in Estonian (no prefix).
  expect(browser.headers.get('location')).toBe(`/payment-success?order=${order.public_token}`);
  // The bank's server-to-server call (fire and forget) lands too; still one payment.
  for (let i = 0; i < 50; i++) await new Promise((r) => setTimeout(r, 20));
  const types = (await h.store.readStream(toOrderStreamId(order.id))).events.map((e) => e.type);
  expect(types).toEqual(['OrderPlaced', 'PaymentStarted', 'OrderPaid']);
  await h.settle();
  const page = await (await fetch(`${base}/v1/payment/${order.public_token}`)).json();
  expect(page.data.order.isPaid).toBe(true);
});

it('cancel at the bank brings the shopper back to the payment page, unpaid', { timeout: patience(30_000) }, async () => {
  const { order, fields } = await startPayment();
  const decision = await postForm(`${base}/sandbox-bank/pay/decision`, { ...fields, decision: 'cancel' });
  const back = formOf(await decision.text());
  const browser = await postForm(back.action, back.fields);
  expect(browser.status).toBe(303);
  expect(browser.headers.get('location')).toBe(`/payment/${order.public_token}?payment-error=cancelled`);
  const types = (await h.store.readStream(toOrderStreamId(order.id))).events.map((e) => e.type);
  expect(types).toEqual(['OrderPlaced', 'PaymentStarted', 'PaymentCancelled']);
});
