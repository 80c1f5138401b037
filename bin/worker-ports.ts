/**
 * Adapters of the workers' read-model ports, wired here because workers/ may not import projections/ (design brief,
 * folders; .dependency-cruiser.cjs). The worker role (bin/runtime.ts) and the tests' pipelines pass them in.
 */
import type { Database } from '../platform/db/database.js';
import type { EventStore } from '../platform/event-store/port.js';
import { getProduct } from '../projections/catalog/queries.js';
import { catalogReadModel } from '../projections/catalog/writer.js';
import { liveSchema, type ReadModel, readCheckpoint } from '../projections/read-model.js';
import { waitingRequestsOf } from '../projections/stock-notifications/queries.js';
import { stockNotificationsReadModel } from '../projections/stock-notifications/writer.js';
import type { BackInStockReads } from '../workers/jobs/check-back-in-stock.js';
import type { SendBackInStockDeps } from '../workers/jobs/send-back-in-stock.js';

/**
 * True when read model `rm` has applied every event of its types up to `checkpoint`. Its stored checkpoints are
 * zero-padded `xid:position` text whose string order is `$all` order; an idle read model's checkpoint stays still,
 * so the events between its checkpoint and `checkpoint` are read to see whether any is of its types.
 */
async function hasSeen(db: Database, store: EventStore, rm: ReadModel, checkpoint: string): Promise<boolean> {
  const seen = await readCheckpoint(db as never, liveSchema(rm));
  if (!seen) return false;
  if (seen.checkpoint >= checkpoint) return true;
  // A typed read scans a bounded window per call and may answer no event before the horizon: go on from where it
  // stopped until an event of the read model's types or the causing event's checkpoint is reached.
  let after = seen.checkpoint;
  for (;;) {
    const page = await store.readAll({ after, maxCount: 100, eventTypes: rm.eventTypes });
    const first = page.events[0];
    if (first) return first.checkpoint > checkpoint;
    if (page.caughtUp || page.checkpoint >= checkpoint || page.checkpoint === after) return true;
    after = page.checkpoint;
  }
}

/** BackInStockReads over the catalog and stock-notifications read models. */
export function backInStockReadsOf(db: Database, store: EventStore): BackInStockReads {
  const models = { catalog: catalogReadModel, stock_notifications: stockNotificationsReadModel };
  return {
    hasSeen: (readModel, checkpoint) => hasSeen(db, store, models[readModel], checkpoint),
    async product(productId, now) {
      const p = await getProduct(db as never, productId, now);
      return p ? { availableIn: p.availableIn, hasLimitedAmount: p.hasLimitedAmount, stockTotal: p.stockTotal, visibility: p.visibility } : null;
    },
    waitingRequests: (productId) => waitingRequestsOf(db as never, productId),
  };
}

/** The send job's `loadProduct` over the catalog read model (code and names for the mail). */
export const catalogProductLoader =
  (db: Database, now: () => string): SendBackInStockDeps['loadProduct'] =>
  async (productId) => {
    const p = await getProduct(db as never, productId, now());
    return p ? { code: p.doc.code1, name_et: p.doc.name_et, name_en: p.doc.name_en } : null;
  };
