/**
 * The whole iPizza round trip on real ports: the shop's `ipizza-sandbox` adapter builds the request form, the
 * sandbox bank (its own Fastify app) checks it and shows its page, "Maksa / Pay" is pressed by posting the page's
 * form, the bank's server-to-server 1111 (VK_AUTO=Y) arrives at the shop's return endpoint (another Fastify app
 * with @fastify/formbody, as the shop has), and both it and the browser-return form verify. Tampering and replays
 * are rejected with the right reason.
 */
import { createPublicKey } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentProviders, paymentConfigFromEnv, sandboxBankOptions } from './index.js';
import { MAC_FIELDS } from './ipizza.js';
import { PaymentCallbackRejected, type PaymentProvider, type PaymentRequest } from './port.js';
import { sandboxBankRoutes } from './sandbox-bank.js';
import { loadSandboxKeys } from './sandbox-keys.js';

let keyDir: string;
let bank: FastifyInstance;
let shop: FastifyInstance;
let bankUrl: string;
let shopUrl: string;
let sandbox: PaymentProvider;
const callbacks: Record<string, string>[] = [];

beforeAll(async () => {
  keyDir = await mkdtemp(path.join(tmpdir(), 'sandbox-bank-'));
  bank = Fastify({ logger: false });
  await bank.register(sandboxBankRoutes, { keyDir, merchantName: 'Baltic Parts OÜ', callbackTimeoutMs: 2000 });
  bankUrl = await bank.listen({ port: 0, host: '127.0.0.1' });

  shop = Fastify({ logger: false });
  await shop.register(formbody);
  shop.post('/v1/payment/:token/return', async (request) => {
    callbacks.push(request.body as Record<string, string>);
    return 'OK';
  });
  shopUrl = await shop.listen({ port: 0, host: '127.0.0.1' });

  // The bank lives at PUBLIC_URL (in the shop it is mounted in the shop's own app).
  const config = paymentConfigFromEnv({ PAYMENT_SANDBOX: 'on', PAYMENT_SANDBOX_KEY_DIR: keyDir }, bankUrl);
  sandbox = createPaymentProviders(config).providerOfMethod('ipizza-sandbox')!;
});

afterAll(async () => {
  await bank?.close();
  await shop?.close();
  if (keyDir) await rm(keyDir, { recursive: true, force: true });
});

const request = (orderNumber: number, returnUrl = `${shopUrl}/v1/payment/tok${orderNumber}/return`): PaymentRequest => ({
  methodId: 'ipizza-sandbox',
  orderId: `order-${orderNumber}`,
  orderNumber,
  publicToken: `tok${orderNumber}`,
  amountCents: 12_345,
  currency: 'EUR',
  description: `Tellimus ${orderNumber}`,
  language: 'et',
  customerEmail: 'mari@example.ee',
  returnUrl,
  notificationUrl: returnUrl,
  attemptId: `attempt-${orderNumber}`,
});

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The first form of an HTML page: its action and its hidden fields. */
function parseForm(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*\saction="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error(`no form in page:\n${html}`);
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[unescape(m[1])] = unescape(m[2]);
  return { action: unescape(action), fields };
}

async function postForm(url: string, fields: Record<string, string>) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
  return { status: response.status, html: await response.text() };
}

async function startAtBank(orderNumber: number, returnUrl?: string) {
  const start = await sandbox.start(request(orderNumber, returnUrl));
  if (start.kind !== 'form') throw new Error('iPizza starts with a form');
  const page = await postForm(start.action, start.fields);
  return { start, page };
}

async function waitForCallback(stamp: string): Promise<Record<string, string>> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const found = callbacks.find((c) => c.VK_STAMP === stamp);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no server-to-server callback for ${stamp}`);
}

const rejectionReason = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentCallbackRejected);
    return (error as PaymentCallbackRejected).reason;
  }
  throw new Error('expected a rejection');
};

describe('sandbox bank', () => {
  it('pays: the server-to-server callback and the browser return both verify as paid', async () => {
    const { start, page } = await startAtBank(1042);
    if (start.kind !== 'form') return;
    expect(start.action).toBe(`${bankUrl}/sandbox-bank/pay`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Baltic Parts OÜ');
    expect(page.html).toContain('123,45 €');
    expect(page.html).toMatch(/<button type="submit" name="decision" value="pay">Maksa <span lang="en">\/ Pay<\/span><\/button>/);
    expect(page.html).toMatch(/<button type="submit" name="decision" value="cancel"[^>]*>Katkesta <span lang="en">\/ Cancel<\/span><\/button>/);

    const bankForm = parseForm(page.html);
    const paid = await postForm(new URL(bankForm.action, bankUrl).toString(), { ...bankForm.fields, decision: 'pay' });
    expect(paid.status).toBe(200);
    const browserReturn = parseForm(paid.html);
    expect(browserReturn.action).toBe(`${shopUrl}/v1/payment/tok1042/return`);
    expect(browserReturn.fields).toMatchObject({ VK_SERVICE: '1111', VK_AUTO: 'N', VK_STAMP: '1042', VK_REF: '10427', VK_AMOUNT: '123.45' });

    const serverCall = await waitForCallback('1042');
    expect(serverCall.VK_AUTO).toBe('Y');
    const fromServer = await sandbox.verify({ httpMethod: 'POST', query: {}, body: serverCall, receivedAt: new Date() });
    expect(fromServer).toMatchObject({ providerId: 'ipizza-sandbox', orderNumber: 1042, status: 'paid', amountCents: 12_345, currency: 'EUR', serverToServer: true });
    expect(fromServer.transactionId).toMatch(/^\d+$/);

    const fromBrowser = await sandbox.verify({ httpMethod: 'POST', query: {}, body: browserReturn.fields, receivedAt: new Date() });
    expect(fromBrowser).toMatchObject({ orderNumber: 1042, status: 'paid', amountCents: 12_345, serverToServer: false, transactionId: fromServer.transactionId });

    // Tampering with any signed field, or with the signature, is caught.
    for (const field of [...MAC_FIELDS['1111'].filter((f) => f !== 'VK_SERVICE'), 'VK_MAC']) {
      const value = serverCall[field];
      const changed = { ...serverCall, [field]: field === 'VK_MAC' ? value.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) : `${value}1` };
      expect(await rejectionReason(sandbox.verify({ httpMethod: 'POST', query: {}, body: changed, receivedAt: new Date() })), field).toBe('signature');
    }
    expect(await rejectionReason(sandbox.verify({ httpMethod: 'POST', query: {}, body: { ...serverCall, VK_SERVICE: '1911' }, receivedAt: new Date() }))).toBe('signature');
    const { VK_MAC: _mac, ...unsigned } = serverCall;
    expect(await rejectionReason(sandbox.verify({ httpMethod: 'POST', query: {}, body: unsigned, receivedAt: new Date() }))).toBe('unsigned');

    // A signed payment is proof whatever its age: a replay after the window (5 minutes), or one "from
    // the future", still verifies as paid, marked late; recording it is idempotent.
    const later = new Date(Date.now() + 5 * 60_000 + 5_000);
    expect(await sandbox.verify({ httpMethod: 'POST', query: {}, body: serverCall, receivedAt: later })).toMatchObject({ status: 'paid', late: true });
    expect(await sandbox.verify({ httpMethod: 'POST', query: {}, body: browserReturn.fields, receivedAt: later })).toMatchObject({ status: 'paid', late: true });
    expect(await sandbox.verify({ httpMethod: 'POST', query: {}, body: serverCall, receivedAt: new Date(Date.now() - 5 * 60_000 - 5_000) })).toMatchObject({ status: 'paid', late: true });
  });

  it('cancels: the browser goes to VK_CANCEL with a 1911 answer that verifies as cancelled', async () => {
    const { page } = await startAtBank(77);
    const bankForm = parseForm(page.html);
    const cancelled = await postForm(new URL(bankForm.action, bankUrl).toString(), { ...bankForm.fields, decision: 'cancel' });
    expect(cancelled.status).toBe(200);
    const back = parseForm(cancelled.html);
    expect(back.action).toBe(`${shopUrl}/v1/payment/tok77/return`);
    expect(back.fields.VK_SERVICE).toBe('1911');
    const verified = await sandbox.verify({ httpMethod: 'POST', query: {}, body: back.fields, receivedAt: new Date() });
    expect(verified).toMatchObject({ orderNumber: 77, status: 'cancelled', serverToServer: false });
    expect(await rejectionReason(sandbox.verify({ httpMethod: 'POST', query: {}, body: { ...back.fields, VK_STAMP: '78', VK_REF: '786' }, receivedAt: new Date() }))).toBe('signature');
    // No server-to-server call for a cancel.
    await new Promise((r) => setTimeout(r, 100));
    expect(callbacks.find((c) => c.VK_STAMP === '77')).toBeUndefined();
  });

  it('refuses a request the shop did not sign as sent, at the page and at the decision', async () => {
    const start = await sandbox.start(request(501));
    if (start.kind !== 'form') return;
    const cheaper = await postForm(start.action, { ...start.fields, VK_AMOUNT: '0.01' });
    expect(cheaper.status).toBe(400);
    expect(cheaper.html).toContain('VK_MAC');
    expect(cheaper.html).toMatch(/allkiri/);
    expect(cheaper.html).not.toContain('name="decision"');

    const page = await postForm(start.action, start.fields);
    const bankForm = parseForm(page.html);
    const tampered = await postForm(new URL(bankForm.action, bankUrl).toString(), { ...bankForm.fields, VK_RETURN: 'https://evil.example/return', decision: 'pay' });
    expect(tampered.status).toBe(400);
    const missing = await postForm(start.action, { VK_SERVICE: '1012' });
    expect(missing.status).toBe(400);
    expect(missing.html).toContain('Missing fields');
  });

  it('still sends the browser back when the server-to-server callback cannot be delivered', async () => {
    const { page } = await startAtBank(90, 'http://127.0.0.1:9/unreachable/return');
    const bankForm = parseForm(page.html);
    const paid = await postForm(new URL(bankForm.action, bankUrl).toString(), { ...bankForm.fields, decision: 'pay' });
    expect(paid.status).toBe(200);
    const back = parseForm(paid.html);
    expect(back.action).toBe('http://127.0.0.1:9/unreachable/return');
    expect((await sandbox.verify({ httpMethod: 'POST', query: {}, body: back.fields, receivedAt: new Date() })).status).toBe('paid');
  });

  it('keeps its keys in the key directory across restarts', async () => {
    const bankKey = await readFile(path.join(keyDir, 'bank-private.pem'), 'utf8');
    expect(bankKey).toContain('BEGIN PRIVATE KEY');
    expect((await stat(path.join(keyDir, 'shop-private.pem'))).mode & 0o777).toBe(0o600);
    // A second app on the same directory (a restart) signs with the same bank key: the shop verifies its answers.
    const again = Fastify({ logger: false });
    await again.register(formbody); // as when mounted in the shop, which already parses forms
    await again.register(sandboxBankRoutes, { keyDir });
    const againUrl = await again.listen({ port: 0, host: '127.0.0.1' });
    try {
      const shopSide = createPaymentProviders(paymentConfigFromEnv({ PAYMENT_SANDBOX: 'on', PAYMENT_SANDBOX_KEY_DIR: keyDir }, againUrl)).providerOfMethod('ipizza-sandbox')!;
      const start = await shopSide.start(request(314));
      if (start.kind !== 'form') return;
      const bankForm = parseForm((await postForm(start.action, start.fields)).html);
      const back = parseForm((await postForm(new URL(bankForm.action, againUrl).toString(), { ...bankForm.fields, decision: 'pay' })).html);
      expect((await sandbox.verify({ httpMethod: 'POST', query: {}, body: back.fields, receivedAt: new Date() })).orderNumber).toBe(314);
    } finally {
      await again.close();
    }
    expect(await readFile(path.join(keyDir, 'bank-private.pem'), 'utf8')).toBe(bankKey);
    const keys = await loadSandboxKeys(keyDir);
    expect(keys.bankPublicKey.export({ type: 'spki', format: 'pem' })).toBe(createPublicKey(bankKey).export({ type: 'spki', format: 'pem' }));
  });

  it('reads existing keys from disk, and two loaders racing on a fresh directory end with one key pair', async () => {
    const alias = `${keyDir}-alias`;
    await symlink(keyDir, alias);
    try {
      const fromDisk = await loadSandboxKeys(alias); // another path: not the in-process cache, the files
      const first = await loadSandboxKeys(keyDir);
      expect(fromDisk.bankPublicKey.equals(first.bankPublicKey)).toBe(true);
      expect(fromDisk.shopPublicKey.equals(first.shopPublicKey)).toBe(true);
    } finally {
      await rm(alias);
    }
    const fresh = await mkdtemp(path.join(tmpdir(), 'sandbox-race-'));
    const aliases = [`${fresh}-a`, `${fresh}-b`, `${fresh}-c`];
    try {
      for (const a of aliases) await symlink(fresh, a);
      const loaded = await Promise.all(aliases.map((a) => loadSandboxKeys(a)));
      const onDisk = await loadSandboxKeys(fresh);
      for (const keys of loaded) {
        expect(keys.bankPublicKey.equals(onDisk.bankPublicKey)).toBe(true);
        expect(keys.shopPublicKey.equals(onDisk.shopPublicKey)).toBe(true);
      }
      expect((await readdir(fresh)).sort()).toEqual(['bank-private.pem', 'shop-private.pem']);
    } finally {
      for (const a of aliases) await rm(a, { force: true });
      await rm(fresh, { recursive: true, force: true });
    }
  });

  it('serves its logo and gives the registry options for mounting it', async () => {
    const logo = await fetch(`${bankUrl}/sandbox-bank/logo.svg`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toContain('image/svg+xml');
    expect(sandboxBankOptions(paymentConfigFromEnv({ PAYMENT_SANDBOX: 'on', PAYMENT_SANDBOX_KEY_DIR: keyDir }, bankUrl))).toMatchObject({ keyDir, bankId: 'SANDBOX' });
    expect(sandboxBankOptions(paymentConfigFromEnv({ PAYMENT_SANDBOX: 'off' }, bankUrl))).toBeNull();
  });
});
