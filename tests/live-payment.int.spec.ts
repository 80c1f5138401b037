/**
 * The payment page learns 'paid' over the websocket (live payment page; api/routes/live, api/routes/live/live-payments.ts): two
 * shoppers' payment pages watch their own orders on GET /v1/live with `{"order": "<publicToken>"}`. When one order
 * is paid (RecordPayment, as a verified bank answer does), only the socket that named its token gets
 * `{"type": "payment", "paid": true}` — the message carries nothing else — and the other socket hears nothing; a
 * socket that starts watching an order already paid is told at once; an unknown or malformed token is ignored.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { recordPayment } from '../commands/order/record-payment.js';
import { checkoutBody, productRow } from './support/order-test-kit.js';
import { type CsrfHeaders, csrfHeaders } from './support/csrf.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';

let h: ShopHarness;
let csrf: CsrfHeaders;
let port: number;
const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: new Date().toISOString() });

beforeAll(async () => {
  h = await createShopHarness('live_payment');
  csrf = await csrfHeaders(h.app);
  await h.importCatalogRows([productRow('LIVE-PAY-1', { stock: 5 })]);
  await h.settle();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as { port: number }).port;
}, 120_000);

afterAll(async () => {
  await h?.close();
});

async function place(email: string) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/place-order?lang=et',
    payload: checkoutBody([{ product_id: productIdForCode('LIVE-PAY-1'), amount: 1 }], { client: { email } as never }) as object,
    headers: csrf,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.order as { id: string; public_token: string; total_cents: number };
}

/** A socket watching `token` (or sending `message`), with every message it receives. */
async function watch(message: unknown): Promise<{ socket: WebSocket; messages: unknown[] }> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/v1/live`);
  const messages: unknown[] = [];
  socket.on('message', (m) => messages.push(JSON.parse(String(m))));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify(message));
  return { socket, messages };
}

const until = async (done: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
};

describe('GET /v1/live: the payment page is told when its order is paid', () => {
  it('pushes paid to the socket of that order token only, with nothing but the flag', async () => {
    const mine = await place('mari@example.ee');
    const theirs = await place('juku@example.ee');
    await h.settle();
    const a = await watch({ order: mine.public_token });
    const b = await watch({ order: theirs.public_token });
    const bogus = await watch({ order: 'x'.repeat(40) });
    const malformed = await watch({ order: "' or 1=1 --" });
    await new Promise((r) => setTimeout(r, 200));
    // Unpaid orders: nothing to tell yet.
    expect(a.messages).toEqual([]);
    expect(b.messages).toEqual([]);

    await recordPayment(h.store, { orderId: mine.id, providerId: 'test', transactionId: `t-${randomUUID()}`, status: 'paid', amountCents: mine.total_cents, currency: 'EUR' }, ctx());
    await h.settle();
    await until(() => a.messages.length > 0);
    // Another order change must not leak to the wrong socket either: give the hints time to arrive.
    await new Promise((r) => setTimeout(r, 300));
    expect(a.messages).toEqual([{ type: 'payment', paid: true }]);
    expect(b.messages).toEqual([]);
    expect(bogus.messages).toEqual([]);
    expect(malformed.messages).toEqual([]);

    // What the page then reads: ' - paid'.
    const page = (await h.app.inject({ url: `/v1/payment/${mine.public_token}` })).json().data.order;
    expect(page.isPaid).toBe(true);

    // A page opened after the payment is told at once.
    const late = await watch({ order: mine.public_token });
    await until(() => late.messages.length > 0);
    expect(late.messages).toEqual([{ type: 'payment', paid: true }]);

    for (const s of [a, b, bogus, malformed, late]) s.socket.close();
  });
});

/** Opens /v1/live on `url` with `origin` (none: no Origin header); the upgrade's status (101 or the refusal's). */
function upgradeStatus(url: string, origin?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, origin === undefined ? {} : { origin });
    socket.once('open', () => {
      socket.close();
      resolve({ status: 101, body: '' });
    });
    socket.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    socket.once('error', (e) => {
      if (!/Unexpected server response/.test(e.message)) reject(e);
    });
  });
}

describe('GET /v1/live checks the Origin of the upgrade (cross-site websocket hijacking)', () => {
  it('refuses a foreign Origin with 403 before any upgrade, accepts PUBLIC_URL\'s origin and a client without Origin', async () => {
    const app = await h.replica({ publicUrl: 'https://shop.example.ee' });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const url = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/v1/live?lang=en`;
      const foreign = await upgradeStatus(url, 'https://evil.example');
      expect(foreign.status).toBe(403);
      expect(JSON.parse(foreign.body)).toMatchObject({ success: false, status: 'failure', errors: [{ code: 'request.origin_forbidden', message: 'The request came from another website and was refused.' }] });
      // Same host, other scheme or port: another origin.
      expect((await upgradeStatus(url, 'http://shop.example.ee')).status).toBe(403);
      expect((await upgradeStatus(url, 'https://shop.example.ee:8443')).status).toBe(403);
      expect((await upgradeStatus(url, 'https://shop.example.ee')).status).toBe(101);
      // No Origin: not a browser (browsers always send one on a websocket upgrade).
      expect((await upgradeStatus(url)).status).toBe(101);
    } finally {
      await app.close();
    }
  });

  it('without PUBLIC_URL (tests) accepts the request\'s own host only', async () => {
    const url = `ws://127.0.0.1:${port}/v1/live`;
    expect((await upgradeStatus(url, `http://127.0.0.1:${port}`)).status).toBe(101);
    expect((await upgradeStatus(url, 'http://evil.example')).status).toBe(403);
  });
});
