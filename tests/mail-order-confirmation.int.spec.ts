/**
 * Order confirmation mail end to end on real services: the event store and the outbox in a fresh PostgreSQL
 * database, BullMQ on the real Redis (a queue prefix of its own per run), a real SMTP server (smtp-server) in this
 * process. The order-mail process manager turns OrderPlaced events into jobs; the send-order-confirmation processor
 * sends them. Whatever is replayed or redelivered, each OrderPlaced gives exactly one accepted mail.
 */
import { randomUUID } from 'node:crypto';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import { extractPdfText } from '../platform/documents/pdf-text.js';
import { PostgresEventStore } from '../platform/event-store/postgres.js';
import { listOutbox, readOutbox } from '../platform/mail/outbox.js';
import { createMailTransport, type MailTransport } from '../platform/mail/transport.js';
import { createTestDatabase, type TestDatabase, testRedisUrl } from '../platform/testing/database.js';
import {
  createSendOrderConfirmationProcessor,
  OrderNotYetProjectedError,
  SEND_ORDER_CONFIRMATION,
} from '../workers/jobs/send-order-confirmation.js';
import {
  orderConfirmationJobId,
  orderMailProcessManager,
} from '../workers/process-managers/order-mail.js';
import { checkpointOf, type RunningProcessManager, startProcessManager } from '../workers/process-managers/process-manager.js';
import { appendTestOrderPlaced, loadOrderFromTestEvents, numberedOrder } from './support/order-summary-fixture.js';
import { headerOf, mimePart, type SmtpSink, startSmtpSink } from './support/smtp-sink.js';

const FROM = 'Baltic Parts <shop@baltic-parts.test>';
const SHOP_URL = 'https://shop.example.ee';
const QUEUE = 'shop';

let database: TestDatabase;
let db: Database;
let store: PostgresEventStore;
let sink: SmtpSink;
let transport: MailTransport;
let redis: Redis;
let workerRedis: Redis;
let queue: Queue;
let worker: Worker;
let prefix: string;
let processor: ReturnType<typeof createSendOrderConfirmationProcessor>;
const managers: RunningProcessManager[] = [];

function startManager(): RunningProcessManager {
  const pm = startProcessManager(orderMailProcessManager, { db, store, queue, retryMs: 200, pollIntervalMs: 100 });
  managers.push(pm);
  return pm;
}

async function stopManagers() {
  await Promise.all(managers.splice(0).map((m) => m.stop()));
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000) {
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

beforeAll(async () => {
  database = await createTestDatabase('mail_order_confirmation');
  db = createDatabase(database.url, { max: 8 });
  await migrate(db);
  store = new PostgresEventStore(db, { listenConnectionString: database.url });
  sink = await startSmtpSink();
  transport = createMailTransport(sink.url, { timeoutMs: 10_000 });
  prefix = `test-mail-${randomUUID().slice(0, 8)}`;
  redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
  queue = new Queue(QUEUE, { connection: redis, prefix });
  processor = createSendOrderConfirmationProcessor({ db, transport, loadOrder: loadOrderFromTestEvents(store), from: FROM, shopUrl: SHOP_URL });
  worker = new Worker(QUEUE, async (job) => (job.name === SEND_ORDER_CONFIRMATION ? processor(job.data) : Promise.reject(new Error(`unknown job ${job.name}`))), {
    connection: (workerRedis = redis.duplicate()),
    prefix,
    concurrency: 4,
  });
  await worker.waitUntilReady();
});

afterEach(async () => {
  await stopManagers();
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
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

describe('order confirmation mail', () => {
  it('sends exactly one mail per OrderPlaced, even when the events are replayed and the jobs redelivered', async () => {
    const orders = [numberedOrder(1), numberedOrder(2), numberedOrder(3, { language: 'en-US' })];
    const eventIds: string[] = [];
    for (const o of orders) eventIds.push(await appendTestOrderPlaced(store, o));
    // Other events on $all are not the process manager's business (OrderPaid is: tests/mail-payment-received.int.spec.ts).
    await store.appendToStream(`order-${orders[0].orderId}`, [
      { id: randomUUID(), type: 'PaymentCancelled', data: { orderId: orders[0].orderId }, metadata: { correlationId: 'c', causationId: 'c', userId: null, time: new Date().toISOString() } },
    ]);

    const pm = startManager();
    await pm.caughtUp();
    await sink.waitForAccepted(3);
    await drained();

    // One mail per order, to the client, with the deterministic Message-ID and the PDF attached.
    const byNumber = new Map(sink.accepted.map((m) => [m.orderNumber, m]));
    expect(sink.accepted).toHaveLength(3);
    for (const [i, o] of orders.entries()) {
      const mail = byNumber.get(String(o.number))!;
      expect(mail, `mail of order ${o.number}`).toBeDefined();
      expect(mail.to).toBe(o.client.email);
      expect(mail.messageId).toBe(`<order-confirmation.${eventIds[i]}@baltic-parts.test>`);
      const pdf = mimePart(mail.raw, 'application/pdf');
      expect(pdf, 'PDF attachment').not.toBeNull();
      expect(pdf!.headers).toContain(o.language === 'et' ? `tellimus-${o.number}.pdf` : `order-${o.number}.pdf`);
      const pdfText = extractPdfText(pdf!.body).replace(/[\s\u00a0]+/g, ' ');
      expect(pdfText).toContain(o.language === 'et' ? `Tellimus nr ${o.number}` : `Order #${o.number}`);
      // No free text the shopper typed in the mailed PDF (workers/order-mail/order-confirmation.ts).
      expect(pdfText).not.toContain('Jõgeva Šokolaad-Žukovski');
      const html = mimePart(mail.raw, 'text/html');
      expect(html).not.toBeNull();
      const htmlText = html!.headers.match(/quoted-printable/i)
        ? html!.body.toString('latin1').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)))
        : html!.body.toString();
      expect(Buffer.from(htmlText, 'latin1').toString('utf8')).toContain(`${SHOP_URL}/payment/${o.publicToken}`);
    }
    expect(headerOf(byNumber.get(String(orders[2].number))!.raw, 'Subject')).toContain('2003');
    const rows = await listOutbox(db);
    expect(rows.map((r) => [r.eventId, r.state, r.attempts]).sort()).toEqual(eventIds.map((id) => [id, 'sent', 1]).sort());

    // Replay: the checkpoint goes back to the start; the same job ids are enqueued again and BullMQ ignores them.
    await pm.stop();
    await checkpointOf(db, orderMailProcessManager).reset();
    const replay = startManager();
    await replay.caughtUp();
    await drained();
    expect((await queue.getJobCounts('completed')).completed).toBe(3);
    expect(sink.accepted).toHaveLength(3);

    // Redelivery: the completed jobs are gone from Redis (retention passed, Redis flushed), the events are read
    // again, new jobs with the same ids run, and the outbox says the mails were sent.
    await replay.stop();
    for (const id of eventIds) await (await queue.getJob(orderConfirmationJobId(id)))!.remove();
    await checkpointOf(db, orderMailProcessManager).reset();
    const again = startManager();
    await again.caughtUp();
    await waitFor('the re-created jobs to complete', async () => (await queue.getJobCounts('completed')).completed === 3);
    for (const id of eventIds) {
      const job = await queue.getJob(orderConfirmationJobId(id));
      expect(job!.returnvalue).toMatchObject({ status: 'already-sent' });
    }
    // And the same job delivered twice more straight to the processor.
    const results = await Promise.all([processor({ eventId: eventIds[0], orderId: orders[0].orderId }), processor({ eventId: eventIds[0], orderId: orders[0].orderId })]);
    expect(results.map((r) => r.status)).toEqual(['already-sent', 'already-sent']);
    expect(sink.accepted).toHaveLength(3);
    expect((await listOutbox(db)).every((r) => r.attempts === 1 && r.state === 'sent')).toBe(true);
  });

  it('a second delivery of the job while the first is still talking to the SMTP server sends nothing', async () => {
    const order = numberedOrder(10);
    const eventId = await appendTestOrderPlaced(store, order);
    const before = sink.accepted.length;
    const { holding, release } = sink.holdNext();
    const first = processor({ eventId, orderId: order.orderId });
    await holding;
    // A stalled-job check could hand the job to another worker now; that one must wait for the send lock.
    const second = processor({ eventId, orderId: order.orderId });
    await new Promise((r) => setTimeout(r, 300));
    expect((await readOutbox(db, eventId))?.state).toBe('sending');
    release();
    const results = await Promise.all([first, second]);
    expect(results.map((r) => r.status).sort()).toEqual(['already-sent', 'sent']);
    expect(sink.accepted.length - before).toBe(1);
    expect(sink.accepted.at(-1)!.orderNumber).toBe(String(order.number));
  });

  it('retries after a temporary SMTP failure and records the attempts in the outbox', async () => {
    const order = numberedOrder(20);
    const eventId = await appendTestOrderPlaced(store, order);
    sink.rejectNext(1);
    await expect(processor({ eventId, orderId: order.orderId })).rejects.toThrow(/451/);
    const failed = await readOutbox(db, eventId);
    expect(failed).toMatchObject({ state: 'sending', attempts: 1 });
    expect(failed!.lastError).toMatch(/451/);
    const result = await processor({ eventId, orderId: order.orderId });
    expect(result).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await readOutbox(db, eventId)).toMatchObject({ state: 'sent', attempts: 2, lastError: null });
    expect(sink.accepted.filter((m) => m.orderNumber === String(order.number))).toHaveLength(1);
    expect(sink.rejected.filter((m) => m.orderNumber === String(order.number))).toHaveLength(1);
  });

  it('waits for the order to be projected, refuses malformed jobs and skips orders without an e-mail address', async () => {
    const missing = randomUUID();
    await expect(processor({ eventId: randomUUID(), orderId: missing })).rejects.toBeInstanceOf(OrderNotYetProjectedError);
    await expect(processor({ eventId: 'not-a-uuid', orderId: missing })).rejects.toBeInstanceOf(UnrecoverableError);

    const order = numberedOrder(30);
    const noMail = { ...order, client: { ...order.client, email: '' } };
    const eventId = await appendTestOrderPlaced(store, noMail);
    const before = sink.accepted.length;
    expect(await processor({ eventId, orderId: order.orderId })).toMatchObject({ status: 'skipped' });
    expect(await readOutbox(db, eventId)).toMatchObject({ state: 'skipped' });
    expect(sink.accepted.length).toBe(before);
  });

  it('sends nothing to an order e-mail that is not exactly one address (an older order holding a list: no open relay)', async () => {
    for (const [n, email] of [[31, 'r1@x.ee, r2@x.ee, r3@x.ee'], [32, 'victim@x.ee\r\nBcc: spam@example.com']] as const) {
      const order = numberedOrder(n);
      const eventId = await appendTestOrderPlaced(store, { ...order, client: { ...order.client, email } });
      const before = sink.accepted.length;
      expect(await processor({ eventId, orderId: order.orderId })).toMatchObject({ status: 'skipped' });
      expect(await readOutbox(db, eventId)).toMatchObject({ state: 'skipped' });
      expect(sink.accepted.length).toBe(before);
    }
  });
});
