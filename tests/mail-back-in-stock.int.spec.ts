/**
 * Back-in-stock mail end to end on real PostgreSQL, Redis and SMTP (tests/support/smtp-sink.ts): shoppers
 * ask through POST /v1/stock-notification; stock rises through the stock commands; the back-in-stock-mail process
 * manager, the check and the mail job (tests/support/back-in-stock-pipeline.ts) send one mail per request once the
 * product's available amount reaches its quantity, in the request's language with the product link, and record
 * StockNotificationSent; a second rise sends nothing more; a cancelled request gets none.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { adjustStock } from '../commands/stock/adjust-stock.js';
import { receiveStock } from '../commands/stock/receive-stock.js';
import { cancelStockNotification, requestStockNotification, toStockNotificationStreamId } from '../commands/stock-notification/request-stock-notification.js';
import { listOutbox } from '../platform/mail/outbox.js';
import { listStockNotifications } from '../projections/stock-notifications/queries.js';
import { type BackInStockPipeline, startBackInStockPipeline } from './support/back-in-stock-pipeline.js';
import { csrfHeaders } from './support/csrf.js';
import { productRow } from './support/order-test-kit.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { headerOf, mimePart, type SinkMessage } from './support/smtp-sink.js';

const SHOP_URL = 'https://shop.example.ee';
const CODE = 'BACK-1';
const PRODUCT = productIdForCode(CODE);
let h: ShopHarness;
let pipeline: BackInStockPipeline;
const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });

/** The decoded text/plain part of a mail. */
function plainText(mail: SinkMessage): string {
  const part = mimePart(mail.raw, 'text/plain')!;
  const body = part.body.toString('latin1');
  const bytes = /quoted-printable/i.test(part.headers) ? body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))) : body;
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Subject decoded from its RFC 2047 encoded words (nodemailer's Q or B encoding). */
function subjectOf(mail: SinkMessage): string {
  return headerOf(mail.raw, 'Subject').replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}

async function ask(email: string, quantity: number, lang: 'et' | 'en') {
  const res = await h.app.inject({
    method: 'POST',
    url: `/v1/stock-notification?lang=${lang}`,
    headers: { ...(await csrfHeaders(h.app)), 'content-type': 'application/json' },
    payload: { user_email: email, product_id: PRODUCT, quantity },
  });
  expect(res.statusCode).toBe(200);
  return toStockNotificationStreamId(PRODUCT, email);
}

/** Lets the process manager, the projections and every job finish. */
async function settle() {
  await h.settle();
  await pipeline.caughtUp();
  await pipeline.idle();
  await h.settle();
  await pipeline.caughtUp();
  await pipeline.idle();
}

const typesOf = async (stream: string) => (await h.store.readStream(stream)).events.map((e) => e.type);

beforeAll(async () => {
  h = await createShopHarness('mail_back_in_stock');
  await h.importCatalogRows([productRow(CODE, { grossCents: 1500, stock: 0, names: { et: 'Õhufilter Mini', en: 'Air filter Mini' } })]);
  await h.settle();
  pipeline = await startBackInStockPipeline(h, SHOP_URL);
});

afterAll(async () => {
  await pipeline?.stop();
  await h?.close();
});

describe('back-in-stock mail', () => {
  it('sends one mail per request when the available amount reaches its quantity, in its language, and never again', async () => {
    const john = await ask('john@example.com', 1, 'en');
    const mari = await ask('mari@example.ee', 3, 'et');
    const kati = await ask('kati@example.ee', 1, 'et');
    await cancelStockNotification(h.store, kati, ctx());
    await settle();
    expect(pipeline.sink.accepted).toEqual([]);

    // 2 units: John's 1 is covered, Mari's 3 not; Kati cancelled.
    await receiveStock(h.store, { productId: PRODUCT, warehouseId: 'tallinn', quantity: 2 }, ctx());
    await pipeline.sink.waitForAccepted(1, 20_000);
    await settle();
    expect(pipeline.sink.accepted.map((m) => m.to)).toEqual(['john@example.com']);
    const en = pipeline.sink.accepted[0]!;
    expect(subjectOf(en)).toBe('BACK-1 Air filter Mini is back in stock');
    expect(plainText(en)).toContain(`${SHOP_URL}/en/products/view/${PRODUCT}`);
    expect(headerOf(en.raw, 'X-Shop-Mail')).toBe('back-in-stock');
    expect(await typesOf(john)).toEqual(['StockNotificationRequested', 'StockNotificationSent']);
    expect(await typesOf(mari)).toEqual(['StockNotificationRequested']);

    // 4 units: Mari's 3 are covered; John gets nothing more.
    await adjustStock(h.store, { productId: PRODUCT, warehouseId: 'tallinn', delta: 2 }, ctx());
    await pipeline.sink.waitForAccepted(2, 20_000);
    await settle();
    const et = pipeline.sink.accepted[1]!;
    expect(et.to).toBe('mari@example.ee');
    expect(subjectOf(et)).toBe('BACK-1 Õhufilter Mini on jälle laos');
    const etText = plainText(et);
    expect(etText).toContain(`${SHOP_URL}/products/view/${PRODUCT}`);
    expect(etText).not.toContain('/en/products');
    expect(etText).toContain('Te teavitust soovisite');
    expect(await typesOf(mari)).toEqual(['StockNotificationRequested', 'StockNotificationSent']);

    // A further rise: nothing more for anyone, and nothing for the cancelled request.
    await receiveStock(h.store, { productId: PRODUCT, warehouseId: 'tallinn', quantity: 5 }, ctx());
    await settle();
    await new Promise((r) => setTimeout(r, 500));
    await settle();
    expect(pipeline.sink.accepted.map((m) => m.to)).toEqual(['john@example.com', 'mari@example.ee']);
    expect(await typesOf(kati)).toEqual(['StockNotificationRequested', 'StockNotificationCancelled']);
    const outbox = await listOutbox(h.db);
    expect(outbox.map((r) => [r.recipient, r.state, r.attempts])).toEqual([
      ['john@example.com', 'sent', 1],
      ['mari@example.ee', 'sent', 1],
    ]);

    // A request recorded while the product is in stock (the api would answer at once) and two stock events right
    // after it: three checks find it due, and it still gets one mail.
    const ann = toStockNotificationStreamId(PRODUCT, 'ann@example.ee');
    await requestStockNotification(h.store, { productId: PRODUCT, email: 'ann@example.ee', quantity: 1, language: 'en' }, ctx());
    await receiveStock(h.store, { productId: PRODUCT, warehouseId: 'tallinn', quantity: 1 }, ctx());
    await receiveStock(h.store, { productId: PRODUCT, warehouseId: 'tallinn', quantity: 1 }, ctx());
    await pipeline.sink.waitForAccepted(3, 20_000);
    await settle();
    await new Promise((r) => setTimeout(r, 300));
    await settle();
    expect(pipeline.sink.accepted.map((m) => m.to)).toEqual(['john@example.com', 'mari@example.ee', 'ann@example.ee']);
    expect(await typesOf(ann)).toEqual(['StockNotificationRequested', 'StockNotificationSent']);

    // The staff list shows each request with its state.
    const rows = await listStockNotifications(h.db as never, 'en');
    expect(Object.fromEntries(rows.map((r) => [r.email, r.state]))).toEqual({ 'john@example.com': 'sent', 'mari@example.ee': 'sent', 'kati@example.ee': 'cancelled', 'ann@example.ee': 'sent' });
  });
});
