/**
 * Fault test ("Back-in-stock mail ... never twice, also when a worker dies mid-send"), after
 * tests/mail-worker-crash.int.spec.ts: a back-in-stock worker process is killed with SIGKILL while the SMTP server
 * holds the DATA phase of the mail (the message is received, the server has not answered yet). A new worker process
 * takes the stalled job over (BullMQ stalled-job recovery, short lock and stalled-check times), and afterwards the
 * request has exactly one accepted mail with the same Message-ID, two attempts in the outbox, and one
 * StockNotificationSent. Real PostgreSQL (the test shop's database), real Redis (a queue prefix of its own), a real
 * SMTP server in this process, workers as child processes (tests/support/back-in-stock-worker-child.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { receiveStock } from '../commands/stock/receive-stock.js';
import { requestStockNotification, toStockNotificationStreamId } from '../commands/stock-notification/request-stock-notification.js';
import { listOutbox } from '../platform/mail/outbox.js';
import { type BackInStockPipeline, startBackInStockPipeline } from './support/back-in-stock-pipeline.js';
import { productRow } from './support/order-test-kit.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { killWhileHeld, stopWorker, waitFor, workerProcesses } from './support/worker-crash.js';

const PRODUCT = productIdForCode('CRASH-1');

let h: ShopHarness;
let pipeline: BackInStockPipeline;
const workers = workerProcesses('tests/support/back-in-stock-worker-child.ts', () => ({ databaseUrl: h.url, smtpUrl: pipeline.sink.url, prefix: pipeline.prefix }));

beforeAll(async () => {
  h = await createShopHarness('mail_back_in_stock_crash');
  await h.importCatalogRows([productRow('CRASH-1', { grossCents: 900, stock: 0 })]);
  await h.settle();
  pipeline = await startBackInStockPipeline(h, 'https://shop.example.ee', { workerInProcess: false });
});

afterAll(async () => {
  workers.killAll();
  await pipeline?.stop();
  await h?.close();
});

describe('back-in-stock worker killed during the SMTP DATA phase', () => {
  it('a new worker process finishes the job and the request gets exactly one mail and one StockNotificationSent', async () => {
    const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });
    const { events } = await requestStockNotification(h.store, { productId: PRODUCT, email: 'mari@example.ee', quantity: 1, language: 'et' }, ctx());
    expect(events).toHaveLength(1);
    const stream = toStockNotificationStreamId(PRODUCT, 'mari@example.ee');
    const requestEventId = (await h.store.readStream(stream)).events[0]!.id;
    const sink = pipeline.sink;

    const { holding, release } = sink.holdNext();
    const first = await workers.start('first');
    await receiveStock(h.store, { productId: PRODUCT, warehouseId: 'tallinn', quantity: 3 }, ctx());
    await h.settle();
    await pipeline.caughtUp();

    const held = await holding;
    expect(held.messageId).toBe(`<back-in-stock.${requestEventId}@baltic-parts.test>`);
    await waitFor('the attempt in the outbox', async () => (await listOutbox(h.db)).some((r) => r.state === 'sending'));
    expect((await listOutbox(h.db))[0]).toMatchObject({ eventId: requestEventId, state: 'sending', attempts: 1 });
    // Killed (SIGKILL) while the server holds its DATA: the server drops the held message, nothing is accepted.
    await killWhileHeld(first, sink, held, release);
    expect(first.output.filter((l) => l.startsWith(`done send-back-in-stock`))).toEqual([]);

    const second = await workers.start('second');
    await sink.waitForAccepted(1, 40_000);
    await waitFor('the outbox row to be sent', async () => (await listOutbox(h.db))[0]?.state === 'sent');
    await waitFor('StockNotificationSent', async () => (await h.store.readStream(stream)).events.length === 2);
    // Let stalled checks and retries run a little longer: nothing more may arrive.
    await new Promise((r) => setTimeout(r, 2 * workers.lockMs));

    expect(sink.accepted).toHaveLength(1);
    expect(sink.accepted[0]!.messageId).toBe(held.messageId);
    expect(sink.accepted[0]!.to).toBe('mari@example.ee');
    expect(await listOutbox(h.db)).toMatchObject([{ eventId: requestEventId, state: 'sent', attempts: 2 }]);
    expect((await h.store.readStream(stream)).events.map((e) => e.type)).toEqual(['StockNotificationRequested', 'StockNotificationSent']);
    expect(second.output.some((l) => l.startsWith('log') && l.includes('attempt 2'))).toBe(true);

    await stopWorker(second);
  });
});
