/**
 * "The confirmation mail is an open relay", reproduced through the real HTTP routes and a real SMTP
 * server: a checkout e-mail holding a list (`r1@x.ee, r2@x.ee, r3@x.ee`), a header (`victim@x\r\nBcc: ...`), or no
 * address at all (`a@b`, `not-an-email`) is refused with a field error in the envelope and the user's language, and
 * places no order; the stock notification refuses markup as an address; and the mail transport itself refuses
 * anything but one parsed address, so nothing a shopper typed can add a recipient.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutBody, productRow } from './support/order-test-kit.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { setupDelivery } from '../commands/delivery/setup-delivery.js';
import { InvalidRecipientError } from '../platform/mail/address.js';
import { createMailTransport } from '../platform/mail/transport.js';
import { type CsrfHeaders, csrfHeaders } from './support/csrf.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';

let h: ShopHarness;
let csrf: CsrfHeaders;
let sink: SmtpSink;

const HOSTILE = ['r1@x.ee, r2@x.ee, r3@x.ee', 'victim@x.ee\r\nBcc: spam@example.com', 'a@b', 'not-an-email', '<script>alert(1)</script>@example.ee'];

/** OrderPlaced events in the event store (read from its table: a $all read waits for other files' transactions). */
const placedOrders = async () =>
  Number((await sql<{ n: string }>`select count(*)::text as n from es_events where event_type = 'OrderPlaced'`.execute(h.db)).rows[0].n);

beforeAll(async () => {
  h = await createShopHarness('mail_relay');
  csrf = await csrfHeaders(h.app);
  sink = await startSmtpSink();
  const report = await h.importCatalogRows([productRow('RELAY-1', { grossCents: 1000, stock: 5 }), productRow('RELAY-0', { grossCents: 1000, stock: 0 })]);
  expect(report.errors).toEqual([]);
  await setupDelivery(h.store, h.clock.now);
  await h.settle();
});
afterAll(async () => {
  await sink?.close();
  await h?.close();
});

describe('the checkout e-mail', () => {
  it.each(HOSTILE)('refuses %j with a field error in the user language and places no order', async (email) => {
    for (const [lang, text] of [['en', 'Please enter a valid email address'], ['et', 'Palun sisestage korrektne e-posti aadress.']]) {
      const res = await h.app.inject({
        method: 'POST',
        url: `/v1/place-order?lang=${lang}`,
        headers: csrf,
        payload: checkoutBody([{ product_id: productIdForCode('RELAY-1'), amount: 1 }], { client: { email } } as never),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, status: 'failure', errors: [{ code: 'checkout.email_invalid', field: 'client.email', message: text }] });
    }
    expect(await placedOrders()).toBe(0);
  });

  it('places the order of a shopper whose address is one valid address', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/place-order?lang=en',
      headers: csrf,
      payload: checkoutBody([{ product_id: productIdForCode('RELAY-1'), amount: 1 }], { client: { email: ' Mari.Maasikas@Example.ee ' } } as never),
    });
    expect(res.statusCode).toBe(200);
    expect(await placedOrders()).toBe(1);
  });
});

describe('the stock-notification e-mail', () => {
  it.each(HOSTILE)('refuses %j', async (email) => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/stock-notification?lang=en',
      headers: csrf,
      remoteAddress: `10.1.0.${HOSTILE.indexOf(email) + 1}`,
      payload: { user_email: email, product_id: productIdForCode('RELAY-0') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'stock_notification.email_invalid', message: 'Please enter a valid email address' });
  });
});

describe('the mail transport (the mailer only gets one parsed address)', () => {
  const message = (to: unknown, extra: object = {}) => ({ from: 'Baltic Parts <shop@localhost>', to, subject: 'Test', text: 'Hello', ...extra }) as never;

  it.each([...HOSTILE, 'Mari <mari@example.ee>'])('sends nothing to %j', async (to) => {
    const transport = createMailTransport(sink.url, { timeoutMs: 10_000 });
    await expect(transport.send(message(to))).rejects.toBeInstanceOf(InvalidRecipientError);
    transport.close();
    expect(sink.accepted).toEqual([]);
  });

  it('refuses cc and bcc', async () => {
    const transport = createMailTransport(sink.url, { timeoutMs: 10_000 });
    await expect(transport.send(message('mari@example.ee', { bcc: 'spam@example.com' }))).rejects.toBeInstanceOf(InvalidRecipientError);
    await expect(transport.send(message('mari@example.ee', { cc: 'spam@example.com' }))).rejects.toBeInstanceOf(InvalidRecipientError);
    transport.close();
    expect(sink.accepted).toEqual([]);
  });

  it('sends to exactly one parsed address', async () => {
    const transport = createMailTransport(sink.url, { timeoutMs: 10_000 });
    const sent = await transport.send(message(' mari@example.ee '));
    transport.close();
    expect(sent.accepted).toEqual(['mari@example.ee']);
    await sink.waitForAccepted(1);
    expect(sink.accepted).toHaveLength(1);
    expect(sink.accepted[0].to).toBe('mari@example.ee');
  });
});
