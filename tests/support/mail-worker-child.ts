/**
 * A mail worker in a process of its own, for tests/mail-worker-crash.int.spec.ts: a BullMQ worker on queue
 * `shop` (prefix MAIL_TEST_PREFIX) running the real send-order-confirmation processor against DATABASE_URL,
 * REDIS_URL and SMTP_URL, with short BullMQ lock and stalled-check times (MAIL_TEST_LOCK_MS,
 * MAIL_TEST_STALLED_MS) so a killed worker's job is taken over quickly. Orders are loaded from the test events
 * (tests/support/order-summary-fixture.ts). Prints `ready` when the worker listens and one line per job.
 *
 * Run: node --import tsx tests/support/mail-worker-child.ts
 */
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { createDatabase } from '../../platform/db/database.js';
import { PostgresEventStore } from '../../platform/event-store/postgres.js';
import { createMailTransport } from '../../platform/mail/transport.js';
import { createSendOrderConfirmationProcessor, SEND_ORDER_CONFIRMATION } from '../../workers/jobs/send-order-confirmation.js';
import { loadOrderFromTestEvents } from './order-summary-fixture.js';

const env = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is required`);
  return v;
};

const db = createDatabase(env('DATABASE_URL'), { max: 4, applicationName: `mail-worker-child-${process.pid}` });
const store = new PostgresEventStore(db);
const transport = createMailTransport(env('SMTP_URL'), { timeoutMs: 60_000 });
const processor = createSendOrderConfirmationProcessor({
  db,
  transport,
  loadOrder: loadOrderFromTestEvents(store),
  from: 'Baltic Parts <shop@baltic-parts.test>',
  shopUrl: 'https://shop.example.ee',
  log: (line) => process.stdout.write(`log ${line}\n`),
});
const connection = new Redis(env('REDIS_URL'), { maxRetriesPerRequest: null });
const worker = new Worker(
  'shop',
  async (job) => {
    if (job.name !== SEND_ORDER_CONFIRMATION) throw new Error(`unknown job ${job.name}`);
    process.stdout.write(`start ${job.id}\n`);
    const result = await processor(job.data);
    process.stdout.write(`done ${job.id} ${result.status}\n`);
    return result;
  },
  {
    connection,
    prefix: env('MAIL_TEST_PREFIX'),
    concurrency: Number(process.env.MAIL_TEST_CONCURRENCY ?? 1),
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
  connection.disconnect();
  transport.close();
  await store.close();
  await db.destroy();
  process.exit(0);
});
