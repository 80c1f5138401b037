/**
 * An invoice-mail worker in a process of its own, for tests/invoice-mail-crash.int.spec.ts: a BullMQ worker on queue
 * `shop` (prefix MAIL_TEST_PREFIX) running the real send-invoice processor against DATABASE_URL (the event store and
 * the mail outbox), REDIS_URL and SMTP_URL, with short BullMQ lock and stalled-check times (MAIL_TEST_LOCK_MS,
 * MAIL_TEST_STALLED_MS) so a killed worker's job is taken over quickly. The order comes from its stream
 * (projections/orders/order-from-stream.ts), the seller from fixed global fields. Prints `ready` when the worker
 * listens and one line per job.
 *
 * Run: node --import tsx tests/support/invoice-worker-child.ts
 */
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { createDatabase } from '../../platform/db/database.js';
import { PostgresEventStore } from '../../platform/event-store/postgres.js';
import { createMailTransport } from '../../platform/mail/transport.js';
import { invoiceOrderFromStream } from '../../projections/orders/order-from-stream.js';
import { createSendInvoiceProcessor, SEND_INVOICE } from '../../workers/jobs/send-invoice.js';

const env = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is required`);
  return v;
};

/** The seller as the shop seeds it (commands/site/seed-site-content.ts). */
export const TEST_SELLER_FIELDS = {
  companyName: { et: 'Baltic Parts OÜ' },
  registryCode: { et: '14512345' },
  vatNumber: { et: 'EE102345678' },
  bankAccounts: { et: 'SEB EE101010220012345678' },
};

const db = createDatabase(env('DATABASE_URL'), { max: 4, applicationName: `invoice-worker-child-${process.pid}` });
const store = new PostgresEventStore(db);
const transport = createMailTransport(env('SMTP_URL'), { timeoutMs: 60_000 });
const processor = createSendInvoiceProcessor({
  db,
  store,
  transport,
  loadOrder: (orderId) => invoiceOrderFromStream(store, orderId),
  loadSiteFields: async () => TEST_SELLER_FIELDS,
  from: 'Baltic Parts <shop@baltic-parts.test>',
  log: (line) => process.stdout.write(`log ${line}\n`),
});
const connection = new Redis(env('REDIS_URL'), { maxRetriesPerRequest: null });
const worker = new Worker(
  'shop',
  async (job) => {
    if (job.name !== SEND_INVOICE) throw new Error(`unknown job ${job.name}`);
    process.stdout.write(`start ${job.id}\n`);
    const result = await processor(job.data);
    process.stdout.write(`done ${job.id} ${result.status}\n`);
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
  connection.disconnect();
  transport.close();
  await store.close();
  await db.destroy();
  process.exit(0);
});
