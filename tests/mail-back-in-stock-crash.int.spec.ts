/**
 * Fault test (issue 11 "Back-in-stock mail ... never twice, also when a worker dies mid-send"), after
 * tests/mail-worker-crash.int.spec.ts: a back-in-stock worker process is killed with SIGKILL while the SMTP server
 * holds the DATA phase of the mail (the message is received, the server has not answered yet). A new worker process
 * takes the stalled job over (BullMQ stalled-job recovery, short lock and stalled-check times), and afterwards the
 * request has exactly one accepted mail with the same Message-ID, two attempts in the outbox, and one
 * StockNotificationSent. Real PostgreSQL (the test shop's database), real Redis (a queue prefix of its own), a real
 * SMTP server in this process, workers as child processes (tests/support/back-in-stock-worker-child.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { receiveStock } from '../commands/stock/receive-stock.js';
import { requestStockNotification, toStockNotificationStreamId } from '../commands/stock-notification/request-stock-notification.js';
import { listOutbox } from '../platform/mail/outbox.js';
import { testRedisUrl } from '../platform/testing/database.js';
import { type BackInStockPipeline, startBackInStockPipeline } from './support/back-in-stock-pipeline.js';
import { productRow } from './support/order-test-kit.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOCK_MS = 2000;
const STALLED_MS = 1000;
const PRODUCT = productIdForCode('CRASH-1');

let h: ShopHarness;
let pipeline: BackInStockPipeline;
const children: ChildProcess[] = [];

interface Child {
  process: ChildProcess;
  output: string[];
  exited: Promise<NodeJS.Signals | number | null>;
}

function startWorkerProcess(name: string): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tests/support/back-in-stock-worker-child.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: h.url,
      REDIS_URL: testRedisUrl(),
      SMTP_URL: pipeline.sink.url,
      MAIL_TEST_PREFIX: pipeline.prefix,
      MAIL_TEST_LOCK_MS: String(LOCK_MS),
      MAIL_TEST_STALLED_MS: String(STALLED_MS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output: string[] = [];
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  return new Promise((resolve, reject) => {
    let pending = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        output.push(line);
        if (line === 'ready') resolve({ process: child, output, exited });
      }
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    void exited.then((how) => reject(new Error(`worker ${name} exited (${how}) before it was ready: ${stderr.slice(-2000)}`)));
  });
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  h = await createShopHarness('mail_back_in_stock_crash');
  await h.importCatalogRows([productRow('CRASH-1', { grossCents: 900, stock: 0 })]);
  await h.settle();
  pipeline = await startBackInStockPipeline(h, 'https://shop.example.ee', { workerInProcess: false });
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
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
    const first = await startWorkerProcess('first');
    await receiveStock(h.store, { productId: PRODUCT, warehouseId: 'tallinn', quantity: 3 }, ctx());
    await h.settle();
    await pipeline.caughtUp();

    const held = await holding;
    expect(held.messageId).toBe(`<back-in-stock.${requestEventId}@baltic-parts.test>`);
    await waitFor('the attempt in the outbox', async () => (await listOutbox(h.db)).some((r) => r.state === 'sending'));
    expect((await listOutbox(h.db))[0]).toMatchObject({ eventId: requestEventId, state: 'sending', attempts: 1 });
    first.process.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    await waitFor('the SMTP server to see the client disconnect', () => sink.sessionClosed(held.sessionId));
    release();
    await waitFor('the held message to be dropped', () => sink.aborted.length === 1);
    expect(sink.accepted).toHaveLength(0);
    expect(first.output.filter((l) => l.startsWith(`done send-back-in-stock`))).toEqual([]);

    const second = await startWorkerProcess('second');
    await sink.waitForAccepted(1, 40_000);
    await waitFor('the outbox row to be sent', async () => (await listOutbox(h.db))[0]?.state === 'sent');
    await waitFor('StockNotificationSent', async () => (await h.store.readStream(stream)).events.length === 2);
    // Let stalled checks and retries run a little longer: nothing more may arrive.
    await new Promise((r) => setTimeout(r, 2 * LOCK_MS));

    expect(sink.accepted).toHaveLength(1);
    expect(sink.accepted[0]!.messageId).toBe(held.messageId);
    expect(sink.accepted[0]!.to).toBe('mari@example.ee');
    expect(await listOutbox(h.db)).toMatchObject([{ eventId: requestEventId, state: 'sent', attempts: 2 }]);
    expect((await h.store.readStream(stream)).events.map((e) => e.type)).toEqual(['StockNotificationRequested', 'StockNotificationSent']);
    expect(second.output.some((l) => l.startsWith('log') && l.includes('attempt 2'))).toBe(true);

    second.process.kill('SIGTERM');
    await second.exited;
  });
});
