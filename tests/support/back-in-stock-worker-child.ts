/**
 * A back-in-stock worker in a process of its own, for tests/mail-back-in-stock-crash.int.spec.ts: a BullMQ worker on
 * queue `shop` (prefix MAIL_TEST_PREFIX) running the real check-back-in-stock and send-back-in-stock processors
 * against DATABASE_URL (the test shop's read models and events), REDIS_URL and SMTP_URL, with short BullMQ lock and
 * stalled-check times (MAIL_TEST_LOCK_MS, MAIL_TEST_STALLED_MS) so a killed worker's job is taken over quickly.
 * Prints `ready` when the worker listens and one line per job.
 *
 * Run: node --import tsx tests/support/back-in-stock-worker-child.ts
 */
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { createDatabase } from '../../platform/db/database.js';
import { PostgresEventStore } from '../../platform/event-store/postgres.js';
import { createMailTransport } from '../../platform/mail/transport.js';
import { CHECK_BACK_IN_STOCK, createCheckBackInStockProcessor } from '../../workers/jobs/check-back-in-stock.js';
import { backInStockReadsOf, catalogProductLoader } from '../../bin/worker-ports.js';
import { createSendBackInStockProcessor, SEND_BACK_IN_STOCK } from '../../workers/jobs/send-back-in-stock.js';
import { BACK_IN_STOCK_JOB_OPTIONS } from '../../workers/process-managers/back-in-stock-mail.js';

const env = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is required`);
  return v;
};

const db = createDatabase(env('DATABASE_URL'), { max: 4, applicationName: `bis-worker-child-${process.pid}` });
const store = new PostgresEventStore(db);
const transport = createMailTransport(env('SMTP_URL'), { timeoutMs: 60_000 });
const connection = new Redis(env('REDIS_URL'), { maxRetriesPerRequest: null });
const queue = new Queue('shop', { connection: connection.duplicate(), prefix: env('MAIL_TEST_PREFIX') });
const now = () => new Date().toISOString();
const log = (line: string) => process.stdout.write(`log ${line}\n`);
const check = createCheckBackInStockProcessor({ reads: backInStockReadsOf(db, store), queue, mailJobOptions: { ...BACK_IN_STOCK_JOB_OPTIONS, backoff: { type: 'fixed', delay: 100 } }, now, log });
const send = createSendBackInStockProcessor({ db, store, transport, loadProduct: catalogProductLoader(db, now), from: 'Baltic Parts <shop@baltic-parts.test>', shopUrl: 'https://shop.example.ee', now, log });
const worker = new Worker(
  'shop',
  async (job) => {
    process.stdout.write(`start ${job.name} ${job.id}\n`);
    const result = job.name === CHECK_BACK_IN_STOCK ? await check(job.data) : job.name === SEND_BACK_IN_STOCK ? await send(job.data) : Promise.reject(new Error(`unknown job ${job.name}`));
    process.stdout.write(`done ${job.name} ${job.id} ${JSON.stringify(result)}\n`);
    return result;
  },
  {
    connection,
    prefix: env('MAIL_TEST_PREFIX'),
    concurrency: 1,
    lockDuration: Number(env('MAIL_TEST_LOCK_MS')),
    stalledInterval: Number(env('MAIL_TEST_STALLED_MS')),
    maxStalledCount: 1,
  },
);
worker.on('failed', (job, error) => process.stdout.write(`failed ${job?.id} ${error.message}\n`));
await worker.waitUntilReady();
process.stdout.write('ready\n');

process.on('SIGTERM', async () => {
  await worker.close();
  await queue.close();
  connection.disconnect();
  transport.close();
  await store.close();
  await db.destroy();
  process.exit(0);
});
