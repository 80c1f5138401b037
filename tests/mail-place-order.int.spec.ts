/**
 * The confirmation mail of a real order: POST /v1/place-order on the whole shop (fresh PostgreSQL, every
 * projector), the order-mail process manager on real Redis, the send-order-confirmation processor loading the
 * order from the orders read model (projections/orders/queries.ts getOrderSummary), a real SMTP server. The mail
 * reaches the client once, in the order's language, with the payment link and the PDF, and carries none of the
 * shopper's free text (workers/order-mail/order-confirmation.ts: the address has not proved itself).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutBody, productRow } from './support/order-test-kit.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { extractPdfText } from '../platform/documents/pdf-text.js';
import { listOutbox } from '../platform/mail/outbox.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { type CsrfHeaders, csrfHeaders } from './support/csrf.js';
import { type MailPipeline, startMailPipeline } from './support/mail-pipeline.js';
import { mimePart, type SmtpSink } from './support/smtp-sink.js';

let h: ShopHarness;
let csrf: CsrfHeaders;
let sink: SmtpSink;
let pipeline: MailPipeline;

beforeAll(async () => {
  h = await createShopHarness('mail_place_order', { api: { vatRatePercent: 24 } });
  csrf = await csrfHeaders(h.app);
  const report = await h.importCatalogRows([productRow('MAIL-1', { grossCents: 1240, stock: 5, names: { et: 'Õlifilter Škoda Žiguli', en: 'Oil filter Škoda Zhiguli' } })]);
  expect(report.errors).toEqual([]);
  await h.settle();
  pipeline = await startMailPipeline(h, 'https://shop.example.ee');
  sink = pipeline.sink;
});

afterAll(async () => {
  await pipeline?.stop();
  await h?.close();
});

describe('confirmation mail of a placed order', () => {
  it('mails the client once, in Estonian, with the payment link and the order PDF', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/place-order',
      payload: checkoutBody([{ product_id: productIdForCode('MAIL-1'), amount: 2 }], {
        client: { client_type: 'private', first_name: 'Tõnu', last_name: 'Õunapuu', email: 'tonu@example.ee', phone: '+372 5000 0000', vat_reg_nr: '' },
      }),
      headers: csrf,
    });
    expect(res.statusCode).toBe(200);
    const order = res.json().data.order as { id: string; number: number; public_token: string };

    await sink.waitForAccepted(1, 30_000);
    await pipeline.caughtUp();
    const mail = sink.accepted[0];
    expect(mail.to).toBe('tonu@example.ee');
    expect(mail.orderNumber).toBe(String(order.number));
    const { events } = await h.store.readStream(`order-${order.id}`);
    expect(mail.messageId).toBe(`<order-confirmation.${events.find((e) => e.type === 'OrderPlaced')!.id}@baltic-parts.test>`);
    const text = mimePart(mail.raw, 'text/plain');
    expect(text).not.toBeNull();
    const plain = decodeQuotedPrintable(text!.body.toString('latin1'));
    expect(plain).toContain('Teie tellimus on vormistatud.');
    expect(plain).toContain(`https://shop.example.ee/payment/${order.public_token}`);
    expect(plain).toContain('Õlifilter Škoda Žiguli');
    expect(plain).toContain('24,80\u00a0€');
    const pdf = extractPdfText(mimePart(mail.raw, 'application/pdf')!.body).replace(/[\s\u00a0]+/g, ' ');
    expect(pdf).toContain(`Tellimus nr ${order.number}`);
    expect(pdf).toContain('Õlifilter Škoda Žiguli');
    // The shopper's name is neither in the mail nor in its PDF (the greeting names nobody); the order page has it.
    expect(plain).toContain('Tere!');
    expect(plain).not.toContain('Tõnu');
    expect(pdf).not.toContain('Tõnu');
    expect(pdf).toContain('Kliendi andmed ja tarneaadress on tellimuse lehel.');

    // Nothing more arrives for this order.
    await new Promise((r) => setTimeout(r, 1000));
    expect(sink.accepted).toHaveLength(1);
    expect((await listOutbox(h.db)).map((r) => [r.orderId, r.state, r.attempts])).toEqual([[order.id, 'sent', 1]]);
  });
});

describe('an order placed with someone else\'s e-mail address', () => {
  it('mails none of the typed text: the phishing first name, address and comment appear nowhere, no link but the shop\'s', async () => {
    const bait = 'customer! Card charged twice - refund at https://evil.example/refund';
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/place-order?lang=en',
      payload: checkoutBody([{ product_id: productIdForCode('MAIL-1'), amount: 1 }], {
        client: { client_type: 'private', first_name: bait, last_name: 'www.evil.example', email: 'victim@example.ee', phone: 'evil.example/call', vat_reg_nr: '' },
        order: { delivery_provider: 'omniva-courier', delivery_option: '', accept_terms: true, delivery_user_comment: 'Refund: https://evil.example/refund' },
        delivery: { country: 'EE', street: 'https://evil.example/refund', apartment: '', city: 'Tallinn', state: 'Harjumaa', area_code: '10123' },
        language: 'en',
      } as never),
      headers: csrf,
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().data.order as { number: number; public_token: string };
    await pipeline.caughtUp();
    const mail = await (async () => {
      for (;;) {
        const found = sink.accepted.find((m) => m.orderNumber === String(order.number));
        if (found) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    expect(mail.to).toBe('victim@example.ee');
    const plain = decodeQuotedPrintable(mimePart(mail.raw, 'text/plain')!.body.toString('latin1'));
    const html = decodeQuotedPrintable(mimePart(mail.raw, 'text/html')!.body.toString('latin1'));
    const pdfPart = mimePart(mail.raw, 'application/pdf')!;
    const pdf = extractPdfText(pdfPart.body);
    for (const [part, text] of [['text', plain], ['html', html], ['pdf', pdf]] as const) {
      expect(text, part).not.toMatch(/evil|Card charged|refund at/i);
    }
    // The only link is the shop's own payment page; the PDF has no link annotation at all.
    expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([`https://shop.example.ee/payment/${order.public_token}`]);
    expect(pdfPart.body.toString('latin1')).not.toMatch(/\/URI|\/Link/);
    expect(plain).toContain('Hello,');
    expect(plain).toContain("The client's details and the delivery address are on the order page.");
    expect(pdf.replace(/[\s\u00a0]+/g, ' ')).toContain("The client's details and the delivery address are on the order page.");
    // The order page's own PDF download (token holder only) still prints what the shopper typed.
    const own = extractPdfText((await h.app.inject(`/order/download/${order.public_token}`)).rawPayload);
    expect(own).toContain('Card charged twice');
  });
});

/** Decodes a quoted-printable body (or returns base64/8bit text as UTF-8). */
function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
