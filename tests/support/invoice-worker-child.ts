/**
 * An invoice-mail worker in a process of its own, for tests/invoice-mail-crash.int.spec.ts: the real send-invoice
 * processor in the shared worker child (tests/support/worker-child.ts: queue `shop` with prefix MAIL_TEST_PREFIX,
 * DATABASE_URL for the event store and the mail outbox, REDIS_URL, SMTP_URL, short lock and stalled-check times).
 * The order comes from its stream (projections/orders/order-from-stream.ts), the seller from fixed global fields.
 * Prints `ready` when the worker listens and one line per job.
 *
 * Run: node --import tsx tests/support/invoice-worker-child.ts
 */
import { invoiceOrderFromStream } from '../../projections/orders/order-from-stream.js';
import { createSendInvoiceProcessor, SEND_INVOICE } from '../../workers/jobs/send-invoice.js';
import { runWorkerChild } from './worker-child.js';

/** The seller as the shop seeds it (commands/site/seed-site-content.ts). */
export const TEST_SELLER_FIELDS = {
  companyName: { et: 'Baltic Parts OÜ' },
  registryCode: { et: '14512345' },
  vatNumber: { et: 'EE102345678' },
  bankAccounts: { et: 'SEB EE101010220012345678' },
};

await runWorkerChild('invoice-worker-child', ({ db, store, transport, log }) => ({
  processors: {
    [SEND_INVOICE]: createSendInvoiceProcessor({
      db,
      store,
      transport,
      loadOrder: (orderId) => invoiceOrderFromStream(store, orderId),
      loadSiteFields: async () => TEST_SELLER_FIELDS,
      from: 'Baltic Parts <shop@baltic-parts.test>',
      log,
    }),
  },
}));
