/**
 * BullMQ processor of `send-back-in-stock` jobs (spec 4 "Notify dialog", spec 8 "We will notify you when the
 * product is back in stock": one mail per request, never twice, also when a worker dies mid-send). A job names the
 * event that made the request due (`triggerEventId`), the request's stream (`requestId`) and its StockNotificationRequested
 * event (`requestEventId`).
 *
 * 1. The mail goes through the outbox's one exactly-once send (platform/mail/outbox.ts `sendOnce`), keyed by the
 *    request's event id (kind `back-in-stock`, its `order_id` column holding the request's stream id), not by the
 *    trigger: two stock events that both cover the request share one row, so at most one mail is accepted. The
 *    Message-ID is `<back-in-stock.{requestEventId}@domain>` on every attempt; the one window in which a mail may go
 *    out twice is documented at `sendOnce`.
 * 2. The request's stream decides whether to send: a cancelled request, or one replaced by a newer request, is
 *    skipped (the row becomes `skipped`, nothing is sent).
 * 3. After the server accepted the mail (now or in an earlier attempt): MarkStockNotificationSent on the request's
 *    stream, with a command id derived from the request's event id (a repeat is a duplicate append); a request no
 *    longer waiting (cancelled meanwhile) is left as it is.
 */
import { UnrecoverableError } from 'bullmq';
import { v5 as uuidv5 } from 'uuid';
import { z } from 'zod';
import { markStockNotificationSent } from '../../commands/stock-notification/request-stock-notification.js';
import { DomainError } from '../../domain/shared/errors.js';
import { parseStockNotificationEvent } from '../../domain/stock-notification/events.js';
import { stockNotificationDecider } from '../../domain/stock-notification/stock-notification.js';
import type { Database } from '../../platform/db/database.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { parseMailAddress } from '../../platform/mail/address.js';
import { type SendOnceResult, sendOnce } from '../../platform/mail/outbox.js';
import type { MailTransport } from '../../platform/mail/transport.js';
import { backInStockMessageId, buildBackInStockMessage } from '../back-in-stock-mail/back-in-stock-message.js';

/** The job name on the shop queue. */
export const SEND_BACK_IN_STOCK = 'send-back-in-stock';

/** Job data: the event that made the request due, the request's stream id and its StockNotificationRequested event id. */
export const SendBackInStockJob = z.object({
  triggerEventId: z.string().uuid(),
  requestId: z.string().min(1),
  /** Keys the outbox row and the Message-ID. */
  requestEventId: z.string().uuid(),
});
export type SendBackInStockJob = z.infer<typeof SendBackInStockJob>;

export type SendBackInStockResult = SendOnceResult;

export interface SendBackInStockDeps {
  /** PostgreSQL pool (the outbox; a send holds 2 connections). */
  db: Database;
  /** The requests' streams (their state at send time; StockNotificationSent is appended there). */
  store: EventStore;
  transport: MailTransport;
  /** The product's code and names for the mail (adapter: bin/worker-ports.ts `catalogProductLoader`); null when unknown. */
  loadProduct: (productId: string) => Promise<{ code: string; name_et: string; name_en: string } | null>;
  /** From header (MAIL_FROM). */
  from: string;
  /** Absolute storefront base URL for the product link (MAIL_SHOP_URL, default PUBLIC_URL). */
  shopUrl: string;
  /** Current time, ISO-8601 UTC (StockNotificationSent's metadata). */
  now: () => string;
  log?: (line: string) => void;
}

const KIND = 'back-in-stock';
/** Namespace of the command ids of MarkStockNotificationSent (one per request event). */
const SENT_COMMAND_NAMESPACE = '0d7f6c1e-5a4b-4f0e-9d2a-3b8c7e6f1a20';

/**
 * Makes the processor.
 * @returns `(data) => result`; throws UnrecoverableError on malformed data or an invalid recipient (no retry), SMTP,
 *   Redis or PostgreSQL errors otherwise (BullMQ retries, MAIL_JOB_OPTIONS)
 */
export function createSendBackInStockProcessor(deps: SendBackInStockDeps): (data: unknown) => Promise<SendBackInStockResult> {
  const recordSent = async (job: SendBackInStockJob) => {
    const commandId = uuidv5(`sent/${job.requestEventId}`, SENT_COMMAND_NAMESPACE);
    try {
      await markStockNotificationSent(deps.store, job.requestId, job.triggerEventId, { commandId, correlationId: job.triggerEventId, userId: null, now: deps.now() });
    } catch (error) {
      // Cancelled after the mail went out, or marked by an earlier attempt: nothing more to record.
      if (!(error instanceof DomainError)) throw error;
    }
  };
  return async (data) => {
    const parsed = SendBackInStockJob.safeParse(data);
    if (!parsed.success) throw new UnrecoverableError(`Malformed ${SEND_BACK_IN_STOCK} job: ${JSON.stringify(data)}`);
    const job = parsed.data;
    const mail = { eventId: job.requestEventId, kind: KIND, subjectId: job.requestId, messageId: backInStockMessageId(job.requestEventId, deps.from), label: 'back-in-stock mail' };
    const result = await sendOnce(deps, mail, async () => {
      const { events } = await deps.store.readStream(job.requestId);
      const domain = events.map((e) => ({ id: e.id, event: parseStockNotificationEvent(e) }));
      const request = domain.filter((d) => d.event.type === 'StockNotificationRequested').at(-1);
      if (!request || request.event.type !== 'StockNotificationRequested' || request.id !== job.requestEventId) return { skip: 'the request was replaced by a newer one' };
      const state = domain.reduce((s, d) => stockNotificationDecider.evolve(s, d.event), stockNotificationDecider.initialState);
      if (state.status === 'cancelled') return { skip: 'the request was cancelled' };
      const { email, productId, quantity, language } = request.event.data;
      if (!parseMailAddress(email)) return { skip: 'the e-mail address is not exactly one valid address' };
      const product = await deps.loadProduct(productId);
      if (!product) return { skip: 'the product is unknown' };
      const mailLanguage = language === 'en' ? 'en' : 'et';
      const message = buildBackInStockMessage({
        requestEventId: job.requestEventId,
        from: deps.from,
        to: email,
        product: { code: product.code, name: mailLanguage === 'en' ? product.name_en || product.name_et : product.name_et || product.name_en },
        productId,
        quantity,
        shopUrl: deps.shopUrl,
        language: mailLanguage,
      });
      return { recipient: email, compose: () => message };
    });
    if (result.status !== 'skipped') await recordSent(job);
    return result;
  };
}
