/**
 * Order documents through `app.inject` on real PostgreSQL and Redis: POST /v1/admin/orders/{id}/invoice and
 * /prepayment-invoice (send, resend once sent; orders.edit + CSRF), GET /v1/admin/orders/{id}/invoices and
 * GET /v1/admin/orders/{id}/invoice.pdf (orders.view), behind the staff guard (401, 403). Numbers come from the
 * gap-free series (invoices 1, 2, ...; prepayment invoices EA-1, ...), also when many are requested at once; a resend
 * keeps the number. The real send-invoice processor mails the PDF to an in-process SMTP server once and records
 * InvoiceSent. Garbage input gets a 4xx in the envelope, in the request's language.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { placeOrder } from '../commands/order/place-order.js';
import { SEED_BANK_FIELDS, SEED_COMPANY_FIELDS } from '../commands/site/seed-site-content.js';
import { setGlobalFields } from '../commands/site/set-global-fields.js';
import { toInvoiceNumberStreamId } from '../domain/invoice-number/invoice-number.js';
import { toOrderStreamId } from '../domain/order/order.js';
import { extractPdfText } from '../platform/documents/pdf-text.js';
import { createMailTransport, type MailTransport } from '../platform/mail/transport.js';
import { invoiceOrderFromStream } from '../projections/orders/order-from-stream.js';
import { adminOrderForgotten } from '../projections/admin-orders/queries.js';
import { getSiteContent } from '../projections/site/queries.js';
import { createSendInvoiceProcessor } from '../workers/jobs/send-invoice.js';
import { createRecordClientOrderProcessor } from '../workers/jobs/record-client-order.js';
import { forgetClient } from '../commands/client/forget-client.js';
import { productRow } from './support/order-test-kit.js';
import { createStaffSessions, headersOf, registerStaff, type StaffBrowser } from './support/staff-session.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { headerOf, mimePart, type SmtpSink, startSmtpSink } from './support/smtp-sink.js';

const PASSWORD = 'Staff-Pass-2026!x';
let h: ShopHarness;
let sink: SmtpSink;
let transport: MailTransport;
const sessions = createStaffSessions('order-docs');
const ids: Record<string, string> = {};
let orderNumber = 5000;
const squash = (s: string) => s.replace(/[\s\u00a0]+/g, ' ');

type Browser = StaffBrowser;
const signedIn = (username: string): Promise<Browser> => sessions.signIn(h.app, username, PASSWORD);

const post = (b: Browser, url: string, payload?: object) =>
  h.app.inject({ method: 'POST', url, headers: { ...headersOf(b), ...(payload ? { 'content-type': 'application/json' } : {}) }, ...(payload ? { payload } : {}) });
const get = (b: Browser, url: string) => h.app.inject({ method: 'GET', url, headers: headersOf(b) });

async function newOrder(language: 'et' | 'en-US' = 'et', email = 'mari@example.ee'): Promise<string> {
  const orderId = randomUUID();
  await placeOrder(
    h.store,
    {
      orderId,
      language,
      client: { type: 'private', firstName: 'Mari', lastName: 'Maasikas', businessName: '', email, phone: '+372 5555 5555', vatRegNr: '' },
      shortContactAddress: '',
      comment: '',
      delivery: { providerId: 'omniva-courier', providerName: 'Kuller', optionId: null, optionName: null, address: { street: 'Pikk 1', apartment: '', city: 'Tallinn', state: 'Harjumaa', areaCode: '10123', country: 'EE' } },
      lines: [{ productId: productIdForCode('INV-1'), code: 'INV-1', name: 'Õlifilter', unit: 'pcs', quantity: 2, grossUnitCents: 1240, policy: 'available', deliveryDays: null }],
      vatRatePercent: 24,
    },
    { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now },
    { nextOrderNumber: async () => ++orderNumber },
    { mayExist: false },
  );
  return orderId;
}

/** Runs the real send-invoice processor for the order's last InvoiceSendRequested (what the worker does). */
async function runInvoiceJob(orderId: string) {
  const { events } = await h.store.readStream(toOrderStreamId(orderId));
  const request = events.filter((e) => e.type === 'InvoiceSendRequested').at(-1)!;
  const processor = createSendInvoiceProcessor({
    db: h.db,
    store: h.store,
    transport,
    loadOrder: (id) => invoiceOrderFromStream(h.store, id),
    loadSiteFields: async () => (await getSiteContent(h.db)).fields,
    from: 'Baltic Parts <shop@baltic-parts.test>',
  });
  return { result: await processor({ eventId: request.id, orderId }), eventId: request.id };
}

beforeAll(async () => {
  h = await createShopHarness('admin_order_documents', { api: { sessions: sessions.deps() } });
  sink = await startSmtpSink();
  transport = createMailTransport(sink.url, { timeoutMs: 10_000 });
  const ctx = { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now };
  Object.assign(ids, await registerStaff(h.store, [['mari', ['CLIENT']], ['adam', ['ADMIN']]], { password: PASSWORD, now: h.clock.now }));
  await h.importCatalogRows([productRow('INV-1', { grossCents: 1240, stock: 1000 })]);
  // The seller on the invoices: the company and bank account fields as the shop seeds them.
  await setGlobalFields(h.store, { fields: { ...SEED_COMPANY_FIELDS, ...SEED_BANK_FIELDS } }, { ...ctx, commandId: randomUUID() });
  await h.settle();
});

afterAll(async () => {
  transport?.close();
  await sink?.close();
  await h?.close();
  await sessions.cleanup();
});

describe('invoices of an order (order documents)', () => {
  it('needs a session (401) and orders.edit / orders.view (403)', async () => {
    const orderId = await newOrder();
    for (const url of [`/v1/admin/orders/${orderId}/invoice`, `/v1/admin/orders/${orderId}/prepayment-invoice`]) {
      expect((await h.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    }
    expect((await h.app.inject(`/v1/admin/orders/${orderId}/invoice.pdf`)).statusCode).toBe(401);
    expect((await h.app.inject(`/v1/admin/orders/${orderId}/invoices`)).statusCode).toBe(401);
    const adam = await signedIn('adam');
    const forbidden = await post(adam, `/v1/admin/orders/${orderId}/invoice?lang=en`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ success: false, status: 'failure' });
    expect((await get(adam, `/v1/admin/orders/${orderId}/invoice.pdf`)).statusCode).toBe(403);
    expect((await get(adam, `/v1/admin/orders/${orderId}/invoices`)).statusCode).toBe(403);
    // Nothing was requested.
    expect((await h.store.readStream(toOrderStreamId(orderId))).events.map((e) => e.type)).toEqual(['OrderPlaced']);
  });

  it('sends the invoice once by mail with the PDF, records it with the staff member, and resends with the same number', async () => {
    const mari = await signedIn('mari');
    const orderId = await newOrder();
    const first = await post(mari, `/v1/admin/orders/${orderId}/invoice?lang=en`);
    expect(first.statusCode, first.body).toBe(202);
    const number = first.json().data.number as string;
    expect(first.json().data).toMatchObject({ kind: 'invoice', recipient: 'mari@example.ee', sentAt: null, pending: true, issueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const stream = await h.store.readStream(toOrderStreamId(orderId));
    const requested = stream.events.at(-1)!;
    expect(requested.type).toBe('InvoiceSendRequested');
    expect(requested.metadata.userId).toBe(ids.mari);
    const numbers = await h.store.readStream(toInvoiceNumberStreamId('invoice'));
    expect(numbers.events.find((e) => (e.data as { orderId: string }).orderId === orderId)?.data).toMatchObject({ number, sequence: Number(number) });

    // A second click before the mail went out is refused (no double mail), in the request's language.
    const pending = await post(mari, `/v1/admin/orders/${orderId}/invoice?lang=et`);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().errors[0]).toMatchObject({ code: 'invoice.send_pending', message: 'Arvet alles saadetakse. Proovige uuesti, kui see on saadetud (või 15 minuti pärast, kui saatmine ebaõnnestus).' });

    const before = sink.accepted.length;
    const { result, eventId } = await runInvoiceJob(orderId);
    expect(result.status).toBe('sent');
    expect(sink.accepted).toHaveLength(before + 1);
    const mail = sink.accepted.at(-1)!;
    expect(mail.to).toBe('mari@example.ee');
    expect(mail.messageId).toBe(`<invoice.${eventId}@baltic-parts.test>`);
    expect(headerOf(mail.raw, 'X-Shop-Invoice-Number')).toBe(number);
    const pdf = mimePart(mail.raw, 'application/pdf');
    expect(pdf).not.toBeNull();
    const text = squash(extractPdfText(pdf!.body));
    expect(text).toContain(`Arve nr ${number}`);
    expect(text).toContain('Õlifilter');
    expect(text).toContain('Käibemaks 24 %');
    expect(text).toContain('24,80 €');
    expect(text).toContain('KMKR nr EE102345678');
    expect(text).toContain('Pangakonto: SEB EE101010220012345678');
    // The job again (a redelivery) sends nothing more and records nothing twice.
    expect((await runInvoiceJob(orderId)).result.status).toBe('already-sent');
    expect(sink.accepted).toHaveLength(before + 1);
    const afterSend = (await h.store.readStream(toOrderStreamId(orderId))).events;
    expect(afterSend.filter((e) => e.type === 'InvoiceSent')).toHaveLength(1);
    expect(afterSend.at(-1)!.metadata.userId).toBe(ids.mari);

    const state = await get(mari, `/v1/admin/orders/${orderId}/invoices?lang=en`);
    expect(state.statusCode).toBe(200);
    expect(state.json().data).toMatchObject({ invoice: { number, pending: false, sentAt: expect.any(String) }, prepayment: null });

    // Resend: the same number, issue date and due date.
    h.clock.now = new Date(Date.parse(h.clock.now) + 3 * 86_400_000).toISOString();
    const resend = await post(mari, `/v1/admin/orders/${orderId}/invoice?lang=en`, { recipient: 'raamatupidamine@example.ee' });
    expect(resend.statusCode).toBe(202);
    expect(resend.json().data).toMatchObject({ number, issueDate: first.json().data.issueDate, dueDate: first.json().data.dueDate, recipient: 'raamatupidamine@example.ee', pending: true });
    expect(resend.json().data.sentAt).not.toBeNull();
    expect((await runInvoiceJob(orderId)).result.status).toBe('sent');
    expect(sink.accepted.at(-1)!.to).toBe('raamatupidamine@example.ee');
    const all = (await h.store.readStream(toInvoiceNumberStreamId('invoice'))).events.filter((e) => (e.data as { orderId: string }).orderId === orderId);
    expect(all).toHaveLength(1);
  });

  it('numbers without gaps when many invoices are requested at once; prepayment invoices have their own EA- series', async () => {
    const mari = await signedIn('mari');
    const orders = await Promise.all(Array.from({ length: 12 }, () => newOrder()));
    const answers = await Promise.all(orders.map((id) => post(mari, `/v1/admin/orders/${id}/invoice?lang=en`)));
    expect(answers.map((a) => a.statusCode)).toEqual(orders.map(() => 202));
    const { events, version } = await h.store.readStream(toInvoiceNumberStreamId('invoice'));
    expect(events.map((e) => (e.data as { sequence: number }).sequence)).toEqual(Array.from({ length: Number(version) }, (_, i) => i + 1));
    const got = answers.map((a) => Number(a.json().data.number)).sort((a, b) => a - b);
    expect(new Set(got).size).toBe(12);
    expect(got.at(-1)! - got[0]!).toBe(11);

    const prepay = await post(mari, `/v1/admin/orders/${orders[0]}/prepayment-invoice?lang=en`);
    expect(prepay.statusCode).toBe(202);
    expect(prepay.json().data).toMatchObject({ kind: 'prepayment', number: expect.stringMatching(/^EA-\d+$/) });
    expect((await h.store.readStream(toInvoiceNumberStreamId('prepayment'))).events.map((e) => (e.data as { number: string }).number)).toContain(prepay.json().data.number);
  });

  it('GET invoice.pdf renders the invoice or the prepayment invoice in the order\'s language (or ?lang)', async () => {
    const mari = await signedIn('mari');
    const orderId = await newOrder('en-US');
    expect((await get(mari, `/v1/admin/orders/${orderId}/invoice.pdf?lang=en`)).json()).toMatchObject({ errors: [{ code: 'invoice.not_requested' }] });
    const sent = (await post(mari, `/v1/admin/orders/${orderId}/prepayment-invoice`)).json().data;
    const res = await get(mari, `/v1/admin/orders/${orderId}/invoice.pdf?kind=prepayment`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toContain(`prepayment-invoice-${sent.number}.pdf`);
    const text = squash(extractPdfText(res.rawPayload));
    expect(text).toContain(`Prepayment invoice No. ${sent.number}`);
    expect(text).toContain('Registry code 14512345');
    expect(text).toContain('VAT 24%');
    const et = squash(extractPdfText((await get(mari, `/v1/admin/orders/${orderId}/invoice.pdf?kind=prepayment&lang=et`)).rawPayload));
    expect(et).toContain(`Ettemaksuarve nr ${sent.number}`);
    const missing = await get(mari, `/v1/admin/orders/${orderId}/invoice.pdf?kind=invoice&lang=et`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0]).toMatchObject({ code: 'invoice.not_requested', message: 'Seda arvet ei ole veel saadetud.' });
  });

  it('prints the order as staff edited it: a service row, the discount, the fee and the comment on the invoice', async () => {
    const mari = await signedIn('mari');
    const orderId = await newOrder();
    const version = (await h.store.readStream(toOrderStreamId(orderId))).version;
    const edit = await h.app.inject({
      method: 'PUT',
      url: `/v1/admin/orders/${orderId}?lang=en`,
      headers: { ...headersOf(mari), 'content-type': 'application/json' },
      payload: {
        version: Number(version),
        rows: [
          { productId: productIdForCode('INV-1'), code: 'INV-1', name: 'Õlifilter', quantity: 2, unit: 'pcs', unitPriceCents: 1240 },
          { productId: null, code: '', name: 'Paigaldustöö', quantity: 1, unit: '', unitPriceCents: 3000 },
        ],
        discountCents: 500,
        serviceFeeCents: 250,
        employeeComment: '',
        invoiceComment: 'Tasuda ülekandega',
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const sent = (await post(mari, `/v1/admin/orders/${orderId}/invoice?lang=et`)).json().data;
    const text = squash(extractPdfText((await get(mari, `/v1/admin/orders/${orderId}/invoice.pdf?lang=et`)).rawPayload));
    expect(text).toContain(`Arve nr ${sent.number}`);
    expect(text).toContain('Paigaldustöö');
    expect(text).toContain('30,00 €');
    expect(text).toContain('Allahindlus');
    expect(text).toContain('-5,00 €');
    expect(text).toContain('Teenustasu');
    expect(text).toContain('2,50 €');
    // 24.80 + 30.00 - 5.00 + 2.50 = 52.30 gross.
    expect(text).toContain('52,30 €');
    expect(text).toContain('Märkused: Tasuda ülekandega');
  });

  it("a forgotten client's order: no invoice is mailed to them again, and the PDF prints none of their personal data", async () => {
    const mari = await signedIn('mari');
    const email = `forget-${randomUUID()}@example.ee`;
    const orderId = await newOrder('et', email);
    const placed = (await h.store.readStream(toOrderStreamId(orderId))).events[0]!;
    const { clientId } = await createRecordClientOrderProcessor({ store: h.store, db: h.db, now: () => h.clock.now })({ eventId: placed.id, orderId });
    expect((await post(mari, `/v1/admin/orders/${orderId}/invoice`)).statusCode).toBe(202);
    await runInvoiceJob(orderId);
    // A prepayment invoice still waiting for its mail when the client is forgotten: skipped, never mailed.
    expect((await post(mari, `/v1/admin/orders/${orderId}/prepayment-invoice`)).statusCode).toBe(202);
    await forgetClient({ store: h.store, db: h.db }, { clientId: clientId! }, { commandId: randomUUID(), correlationId: randomUUID(), userId: ids.mari, now: h.clock.now });
    await h.settle();
    const mailsBefore = sink.accepted.length;
    const { events } = await h.store.readStream(toOrderStreamId(orderId));
    const waiting = events.filter((e) => e.type === 'InvoiceSendRequested').at(-1)!;
    const processor = createSendInvoiceProcessor({
      db: h.db,
      store: h.store,
      transport,
      loadOrder: (id) => invoiceOrderFromStream(h.store, id),
      loadSiteFields: async () => (await getSiteContent(h.db)).fields,
      clientForgotten: (id) => adminOrderForgotten(h.db as never, id),
      from: 'Baltic Parts <shop@baltic-parts.test>',
    });
    expect(await processor({ eventId: waiting.id, orderId })).toMatchObject({ status: 'skipped' });
    expect(sink.accepted).toHaveLength(mailsBefore);
    const pdf = squash(extractPdfText((await get(mari, `/v1/admin/orders/${orderId}/invoice.pdf`)).rawPayload));
    expect(pdf).toContain('Õlifilter');
    for (const personal of ['Maasikas', email, 'Pikk 1', '5555 5555']) expect(pdf).not.toContain(personal);
    const resend = await post(mari, `/v1/admin/orders/${orderId}/invoice?lang=en`);
    expect(resend.statusCode, resend.body).toBe(409);
    expect(resend.json().errors[0]).toMatchObject({ code: 'invoice.client_forgotten', message: "This order's client was forgotten: its invoices can no longer be sent." });
    expect((await post(mari, `/v1/admin/orders/${orderId}/prepayment-invoice`, { recipient: 'someone@example.ee' })).statusCode).toBe(409);
    const requests = (await h.store.readStream(toOrderStreamId(orderId))).events.filter((e) => e.type === 'InvoiceSendRequested');
    expect(requests).toHaveLength(2);
  });

  it('answers garbage with a 4xx in the envelope, in the request\'s language', async () => {
    const mari = await signedIn('mari');
    const orderId = await newOrder();
    const bad = [
      await post(mari, `/v1/admin/orders/not-a-uuid/invoice?lang=en`),
      await post(mari, `/v1/admin/orders/${orderId}/invoice?lang=en`, { recipient: 'a@example.ee, b@example.ee' }),
      await post(mari, `/v1/admin/orders/${orderId}/invoice?lang=en`, { recipient: 'x@example.ee\r\nBcc: y@example.ee' }),
      await post(mari, `/v1/admin/orders/${orderId}/invoice?lang=en`, { recipient: 'a'.repeat(300) }),
      await post(mari, `/v1/admin/orders/${orderId}/invoice?lang=en`, { recipient: 5 } as object),
      await post(mari, `/v1/admin/orders/${orderId}/invoice?lang=en`, { amount: 1 }),
      await get(mari, `/v1/admin/orders/${orderId}/invoice.pdf?kind=credit&lang=en`),
      await get(mari, `/v1/admin/orders/%00/invoices?lang=en`),
    ];
    for (const res of bad) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, status: 'failure' });
    }
    const recipient = await post(mari, `/v1/admin/orders/${orderId}/invoice?lang=et`, { recipient: 'pole aadress' });
    expect(recipient.statusCode).toBe(400);
    expect(recipient.json().errors[0]).toMatchObject({ code: 'invoice.recipient_invalid', field: 'recipient', message: 'Palun sisestage kehtiv e-posti aadress.' });
    const unknown = await post(mari, `/v1/admin/orders/${randomUUID()}/invoice?lang=en`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0]).toMatchObject({ code: 'order.not_found' });
    // Without the CSRF token nothing is sent.
    const noCsrf = await h.app.inject({ method: 'POST', url: `/v1/admin/orders/${orderId}/invoice?lang=en`, headers: { cookie: headersOf(mari).cookie } });
    expect(noCsrf.statusCode).toBe(403);
    // None of these drew a number or asked for a mail.
    expect((await h.store.readStream(toOrderStreamId(orderId))).events.map((e) => e.type)).toEqual(['OrderPlaced']);
  });
});
