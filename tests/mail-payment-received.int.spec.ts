/**
 * The 'payment received' mail on real services: the whole shop on a fresh PostgreSQL database (every
 * projector), BullMQ on the real Redis (a queue prefix of its own per run), a real SMTP server (smtp-server) in this
 * process. The order-mail process manager turns each OrderPaid into one send-payment-received job; the processor
 * sends it in the order's language once the orders read model shows the order paid. Whatever is paid twice,
 * replayed or redelivered, each paid order gives exactly one payment mail (beside its one confirmation).
 */
import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { recordPayment } from '../commands/order/record-payment.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { extractPdfText } from '../platform/documents/pdf-text.js';
import { listOutbox } from '../platform/mail/outbox.js';
import { createMailTransport, type MailTransport } from '../platform/mail/transport.js';
import { testRedisUrl } from '../platform/testing/database.js';
import { getOrderSummary } from '../projections/orders/queries.js';
import { getSiteContent } from '../projections/site/queries.js';
import { createSendOrderConfirmationProcessor, SEND_ORDER_CONFIRMATION } from '../workers/jobs/send-order-confirmation.js';
import { createSendPaymentReceivedProcessor, SEND_PAYMENT_RECEIVED } from '../workers/jobs/send-payment-received.js';
import { orderMailProcessManager, paymentReceivedJobId } from '../workers/process-managers/order-mail.js';
import { checkpointOf, type RunningProcessManager, startProcessManager } from '../workers/process-managers/process-manager.js';
import { csrfHeaders } from './support/csrf.js';
import { checkoutBody, productRow } from './support/order-test-kit.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { headerOf, mimePart, type SinkMessage, type SmtpSink, startSmtpSink } from './support/smtp-sink.js';

const FROM = 'Baltic Parts <shop@baltic-parts.test>';
const SHOP_URL = 'https://shop.example.ee';

let h: ShopHarness;
let sink: SmtpSink;
let transport: MailTransport;
let redis: Redis;
let workerRedis: Redis;
let queue: Queue;
let worker: Worker;
let paymentProcessor: ReturnType<typeof createSendPaymentReceivedProcessor>;
const managers: RunningProcessManager[] = [];

function startManager(): RunningProcessManager {
  const pm = startProcessManager(orderMailProcessManager, { db: h.db, store: h.store, queue, retryMs: 200, pollIntervalMs: 100 });
  managers.push(pm);
  return pm;
}

async function stopManagers() {
  await Promise.all(managers.splice(0).map((m) => m.stop()));
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the queue has nothing waiting, delayed or active. */
async function drained() {
  await waitFor('the queue to drain', async () => {
    const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return c.waiting + c.active + c.delayed + c.prioritized === 0;
  });
}

/** The decoded text/plain part of a mail. */
function plainText(mail: SinkMessage): string {
  const part = mimePart(mail.raw, 'text/plain')!;
  const body = part.body.toString('latin1');
  const bytes = /quoted-printable/i.test(part.headers) ? body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))) : body;
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

const paymentMails = () => sink.accepted.filter((m) => m.messageId.startsWith('<payment-received.'));
const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: new Date().toISOString() });

beforeAll(async () => {
  h = await createShopHarness('mail_payment_received');
  await h.importCatalogRows([productRow('PAY-MAIL-1', { grossCents: 1990, stock: 10 })]);
  await seedSiteContent(h.store, h.clock.now);
  await h.settle();
  sink = await startSmtpSink();
  transport = createMailTransport(sink.url, { timeoutMs: 10_000 });
  const prefix = `test-mail-${randomUUID().slice(0, 8)}`;
  redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
  queue = new Queue('shop', { connection: redis, prefix });
  const deps = {
    db: h.db,
    transport,
    loadOrder: (orderId: string) => getOrderSummary(h.db, orderId),
    loadSiteFields: async () => (await getSiteContent(h.db)).fields,
    from: FROM,
    shopUrl: SHOP_URL,
  };
  const confirmation = createSendOrderConfirmationProcessor(deps);
  paymentProcessor = createSendPaymentReceivedProcessor(deps);
  worker = new Worker(
    'shop',
    async (job) => {
      if (job.name === SEND_ORDER_CONFIRMATION) return confirmation(job.data);
      if (job.name === SEND_PAYMENT_RECEIVED) return paymentProcessor(job.data);
      throw new Error(`unknown job ${job.name}`);
    },
    { connection: (workerRedis = redis.duplicate()), prefix, concurrency: 4 },
  );
  await worker.waitUntilReady();
});

afterAll(async () => {
  await stopManagers();
  await worker?.close();
  await queue?.obliterate({ force: true }).catch(() => {});
  await queue?.close();
  redis?.disconnect();
  workerRedis?.disconnect();
  transport?.close();
  await sink?.close();
  await h?.close();
});

describe("the 'payment received' mail", () => {
  it('mails each paid order once, in its language, even when paid twice, replayed and redelivered', async () => {
    const csrf = await csrfHeaders(h.app);
    const place = async (lang: 'et' | 'en', email: string) => {
      const body = checkoutBody([{ product_id: productIdForCode('PAY-MAIL-1'), amount: 1 }], {
        client: { client_type: 'private', first_name: 'Tõnu', last_name: 'Õunapuu', email, phone: '+372 5000 0000', vat_reg_nr: '' },
      });
      const res = await h.app.inject({ method: 'POST', url: `/v1/place-order?lang=${lang}`, payload: body as object, headers: csrf });
      expect(res.statusCode).toBe(200);
      return res.json().data.order as { id: string; number: number; public_token: string; total_cents: number };
    };
    const et = await place('et', 'tonu@example.ee');
    const en = await place('en', 'tony@example.com');
    startManager();
    await sink.waitForAccepted(2);
    expect(paymentMails()).toHaveLength(0);
    // The confirmation's PDF names the seller from the global fields (spec 1: the company behind the shop), as the download does.
    const confirmationPdf = extractPdfText(mimePart(sink.accepted.find((m) => m.orderNumber === String(et.number))!.raw, 'application/pdf')!.body);
    expect(confirmationPdf.replace(/[\s\u00a0]+/g, ' ')).toContain('Baltic Parts OÜ, Registrikood 14512345, KMKR nr EE102345678');

    // Paid: each order once, the Estonian one twice (a duplicate callback records nothing more).
    const pay = (o: typeof et, transactionId: string) =>
      recordPayment(h.store, { orderId: o.id, providerId: 'test', transactionId, status: 'paid', amountCents: o.total_cents, currency: 'EUR' }, ctx());
    await pay(et, 't-et');
    await pay(en, 't-en');
    await pay(et, 't-et-again');
    await sink.waitForAccepted(4);
    await drained();
    const paidEventId = async (orderId: string) => (await h.store.readStream(`order-${orderId}`)).events.filter((e) => e.type === 'OrderPaid').map((e) => e.id);
    const [etPaid] = await paidEventId(et.id);
    const [enPaid] = await paidEventId(en.id);
    expect(await paidEventId(et.id)).toHaveLength(1);

    const mails = paymentMails();
    expect(mails).toHaveLength(2);
    const etMail = mails.find((m) => m.orderNumber === String(et.number))!;
    const enMail = mails.find((m) => m.orderNumber === String(en.number))!;
    expect(etMail.to).toBe('tonu@example.ee');
    expect(etMail.messageId).toBe(`<payment-received.${etPaid}@baltic-parts.test>`);
    expect(enMail.messageId).toBe(`<payment-received.${enPaid}@baltic-parts.test>`);
    const etText = plainText(etMail);
    // The greeting names nobody: a payment proves nothing about the order's e-mail address.
    expect(etText).toContain('Tere!');
    expect(etText).not.toContain('Tõnu');
    expect(etText).toContain('Oleme Teie makse kätte saanud. Aitäh!');
    expect(etText).toContain(`Tellimus nr ${et.number}. Makstud 19,90\u00a0€`);
    expect(etText).toContain(`${SHOP_URL}/payment/${et.public_token}`);
    expect(headerOf(etMail.raw, 'Subject')).toBeTruthy();
    const enText = plainText(enMail);
    expect(enText).toContain('We have received your payment. Thank you!');
    expect(enText).toContain(`Order #${en.number}. Paid €19.90`);
    expect(enText).toContain(`${SHOP_URL}/payment/${en.public_token}`);
    expect(mimePart(enMail.raw, 'application/pdf')).toBeNull();

    // Replay: the checkpoint goes back to the start; the same job ids are enqueued again and BullMQ ignores them.
    await stopManagers();
    await checkpointOf(h.db, orderMailProcessManager).reset();
    await startManager().caughtUp();
    await drained();
    expect(sink.accepted).toHaveLength(4);

    // Redelivery: the completed payment jobs are gone from Redis, the events are read again, new jobs with the same
    // ids run and find the outbox's 'sent'.
    await stopManagers();
    for (const id of [etPaid!, enPaid!]) await (await queue.getJob(paymentReceivedJobId(id)))!.remove();
    await checkpointOf(h.db, orderMailProcessManager).reset();
    await startManager().caughtUp();
    await waitFor('the re-created jobs to complete', async () => {
      const jobs = await Promise.all([etPaid!, enPaid!].map((id) => queue.getJob(paymentReceivedJobId(id))));
      return jobs.every((j) => j?.finishedOn !== undefined);
    });
    for (const id of [etPaid!, enPaid!]) expect((await queue.getJob(paymentReceivedJobId(id)))!.returnvalue).toMatchObject({ status: 'already-sent' });
    // And the same job delivered twice more straight to the processor.
    const results = await Promise.all([paymentProcessor({ eventId: etPaid, orderId: et.id }), paymentProcessor({ eventId: etPaid, orderId: et.id })]);
    expect(results.map((r) => r.status)).toEqual(['already-sent', 'already-sent']);
    await new Promise((r) => setTimeout(r, 500));
    expect(sink.accepted).toHaveLength(4);
    const outbox = await listOutbox(h.db);
    expect(outbox.filter((r) => r.kind === 'payment-received').map((r) => [r.orderId, r.state, r.attempts]).sort()).toEqual(
      [
        [et.id, 'sent', 1],
        [en.id, 'sent', 1],
      ].sort(),
    );
  });
});
