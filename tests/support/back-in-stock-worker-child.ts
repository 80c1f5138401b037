/**
 * A back-in-stock worker in a process of its own, for tests/mail-back-in-stock-crash.int.spec.ts: the real
 * check-back-in-stock and send-back-in-stock processors in the shared worker child (tests/support/worker-child.ts:
 * queue `shop` with prefix MAIL_TEST_PREFIX, DATABASE_URL for the test shop's read models and events, REDIS_URL,
 * SMTP_URL, short lock and stalled-check times). Prints `ready` when the worker listens and one line per job.
 *
 * Run: node --import tsx tests/support/back-in-stock-worker-child.ts
 */
import { Queue } from 'bullmq';
import { backInStockReadsOf, catalogProductLoader } from '../../bin/worker-ports.js';
import { CHECK_BACK_IN_STOCK, createCheckBackInStockProcessor } from '../../workers/jobs/check-back-in-stock.js';
import { createSendBackInStockProcessor, SEND_BACK_IN_STOCK } from '../../workers/jobs/send-back-in-stock.js';
import { BACK_IN_STOCK_JOB_OPTIONS } from '../../workers/process-managers/back-in-stock-mail.js';
import { runWorkerChild } from './worker-child.js';

await runWorkerChild('bis-worker-child', ({ db, store, transport, connection, prefix, log }) => {
  const queue = new Queue('shop', { connection: connection.duplicate(), prefix });
  const now = () => new Date().toISOString();
  return {
    processors: {
      [CHECK_BACK_IN_STOCK]: createCheckBackInStockProcessor({ reads: backInStockReadsOf(db, store), queue, mailJobOptions: { ...BACK_IN_STOCK_JOB_OPTIONS, backoff: { type: 'fixed', delay: 100 } }, now, log }),
      [SEND_BACK_IN_STOCK]: createSendBackInStockProcessor({ db, store, transport, loadProduct: catalogProductLoader(db, now), from: 'Baltic Parts <shop@baltic-parts.test>', shopUrl: 'https://shop.example.ee', now, log }),
    },
    close: () => queue.close(),
  };
});
