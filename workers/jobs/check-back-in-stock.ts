/**
 * BullMQ processor of `check-back-in-stock` jobs (back-in-stock mail; the back-in-stock-mail process
 * manager enqueues one per stock event or request, workers/process-managers/back-in-stock-mail.ts). It decides which
 * waiting requests of the product the event made due and enqueues one `send-back-in-stock` job per such request,
 * keyed by the event and the request (`back-in-stock-{eventId}-{requestEventId}`: a redelivered check enqueues the
 * same ids, which BullMQ ignores).
 *
 * - Both read models it reads must have seen every event of theirs up to the causing one: the catalog (the product's
 *   available amount) and the stock-notifications read model (the waiting requests). A read model has seen them
 *   when its checkpoint is at or past the event's, or when no event of its types lies between its checkpoint and
 *   the event's (an idle read model's checkpoint stays still). While one has not, the job throws
 *   ReadModelBehindError and BullMQ retries it with backoff. So a request recorded just before a stock rise is
 *   found by the rise's check, and a request's own check sees stock that arrived before it.
 * - A request is due when the product covers its quantity as the storefront computes availability
 *   (domain/stock-notification/back-in-stock.ts coversRequest over the catalog row: available_in, hasLimitedAmount
 *   and the units free for sale). An unknown or inaccessible product makes nothing due.
 */
import { UnrecoverableError } from 'bullmq';
import type { JobsOptions, Queue } from 'bullmq';
import { z } from 'zod';
import { coversRequest, type ProductAvailability } from '../../domain/stock-notification/back-in-stock.js';
import { SEND_BACK_IN_STOCK, type SendBackInStockJob } from './send-back-in-stock.js';

/** The job name on the shop queue. */
export const CHECK_BACK_IN_STOCK = 'check-back-in-stock';

/** Job data: the causing event, its product and `$all` checkpoint, and whether a stock change or a request caused it. */
export const CheckBackInStockJob = z.object({
  eventId: z.string().uuid(),
  productId: z.string().min(1),
  checkpoint: z.string(),
  cause: z.enum(['stock', 'request']),
});
export type CheckBackInStockJob = z.infer<typeof CheckBackInStockJob>;

/** The job id of one request's mail caused by one event. */
export const backInStockMailJobId = (eventId: string, requestEventId: string) => `back-in-stock-${eventId}-${requestEventId}`;

/** Thrown while the read model the event feeds has not seen it: BullMQ retries the job with backoff. */
export class ReadModelBehindError extends Error {
  readonly code = 'mail.read_model_behind';
  constructor(readonly readModel: string) {
    super(`The ${readModel} read model has not seen the event yet; retrying later`);
    this.name = 'ReadModelBehindError';
  }
}

/**
 * Port: what the check reads of the read models (adapter: bin/worker-ports.ts `backInStockReadsOf`; workers/ import
 * no projection).
 */
export interface BackInStockReads {
  /**
   * True when read model `readModel` has applied every event of its types up to `checkpoint` (the causing event's
   * `$all` checkpoint): its checkpoint is at or past it, or no event of its types lies between.
   */
  hasSeen(readModel: 'catalog' | 'stock_notifications', checkpoint: string): Promise<boolean>;
  /** The product's availability as the storefront computes it at `now` (ISO-8601), or null when unknown. */
  product(productId: string, now: string): Promise<(ProductAvailability & { visibility: 'visible' | 'hidden' | 'inaccessible' }) | null>;
  /** The product's waiting requests, oldest first. */
  waitingRequests(productId: string): Promise<{ id: string; requestEventId: string; quantity: number }[]>;
}

export interface CheckBackInStockDeps {
  /** The read models (the product's availability, the waiting requests, how far each has read). */
  reads: BackInStockReads;
  /** Where the mail jobs go (the worker role's `shop` queue). */
  queue: Pick<Queue, 'addBulk'>;
  /** Options of the mail jobs (attempts, backoff, retention). */
  mailJobOptions: JobsOptions;
  /** Current time, ISO-8601 UTC (the product's visibility). */
  now: () => string;
  log?: (line: string) => void;
}

/**
 * Makes the processor.
 * @returns `(data) => { enqueued }` (the number of mail jobs handed to the queue); throws UnrecoverableError on
 *   malformed data, ReadModelBehindError, Redis or PostgreSQL errors otherwise (BullMQ retries)
 */
export function createCheckBackInStockProcessor(deps: CheckBackInStockDeps): (data: unknown) => Promise<{ enqueued: number }> {
  const log = deps.log ?? (() => {});
  return async (data) => {
    const parsed = CheckBackInStockJob.safeParse(data);
    if (!parsed.success) throw new UnrecoverableError(`Malformed ${CHECK_BACK_IN_STOCK} job: ${JSON.stringify(data)}`);
    const job = parsed.data;
    for (const rm of ['catalog', 'stock_notifications'] as const) {
      if (!(await deps.reads.hasSeen(rm, job.checkpoint))) throw new ReadModelBehindError(rm);
    }

    const product = await deps.reads.product(job.productId, deps.now());
    if (!product || product.visibility === 'inaccessible') return { enqueued: 0 };
    const due = (await deps.reads.waitingRequests(job.productId)).filter((r) => coversRequest(product, r.quantity));
    if (due.length === 0) return { enqueued: 0 };
    await deps.queue.addBulk(
      due.map((r) => {
        const mail: SendBackInStockJob = { triggerEventId: job.eventId, requestId: r.id, requestEventId: r.requestEventId };
        return { name: SEND_BACK_IN_STOCK, data: mail, opts: { ...deps.mailJobOptions, jobId: backInStockMailJobId(job.eventId, r.requestEventId) } };
      }),
    );
    log(`back-in-stock: ${due.length} request(s) of product ${job.productId} due after event ${job.eventId}`);
    return { enqueued: due.length };
  };
}
