/**
 * A mail worker in a process of its own, for tests/mail-worker-crash.int.spec.ts: the real send-order-confirmation
 * processor in the shared worker child (tests/support/worker-child.ts: queue `shop` with prefix MAIL_TEST_PREFIX,
 * DATABASE_URL, REDIS_URL, SMTP_URL, short lock and stalled-check times), MAIL_TEST_CONCURRENCY jobs at once
 * (default 1). Orders are loaded from the test events (tests/support/order-summary-fixture.ts). Prints `ready` when
 * the worker listens and one line per job.
 *
 * Run: node --import tsx tests/support/mail-worker-child.ts
 */
import { createSendOrderConfirmationProcessor, SEND_ORDER_CONFIRMATION } from '../../workers/jobs/send-order-confirmation.js';
import { loadOrderFromTestEvents } from './order-summary-fixture.js';
import { runWorkerChild } from './worker-child.js';

await runWorkerChild('mail-worker-child', ({ db, store, transport, log }) => ({
  processors: {
    [SEND_ORDER_CONFIRMATION]: createSendOrderConfirmationProcessor({
      db,
      transport,
      loadOrder: loadOrderFromTestEvents(store),
      from: 'Baltic Parts <shop@baltic-parts.test>',
      shopUrl: 'https://shop.example.ee',
      log,
    }),
  },
  concurrency: Number(process.env.MAIL_TEST_CONCURRENCY ?? 1),
}));
