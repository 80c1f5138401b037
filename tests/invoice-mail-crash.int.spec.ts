/**
 * Fault test (spec 4 "Order flags": the invoice is sent by mail through a worker job keyed by the event, never
 * twice): staff request the invoices of three orders; the invoice-mail process manager enqueues one send-invoice job
 * per InvoiceSendRequested; a worker process is killed with SIGKILL while the SMTP server holds the DATA phase of one
 * invoice mail (the message with its PDF is received, the server has not answered yet). A new worker process takes
 * the stalled job over, and afterwards each order has exactly one accepted invoice mail, one InvoiceSent, and the
 * re-sent mail carries the Message-ID of the dropped attempt. Real PostgreSQL (fresh database), real Redis (a queue
 * prefix of its own), a real SMTP server in this process, workers as child processes
 * (tests/support/invoice-worker-child.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestInvoiceSend } from '../commands/order/request-invoice-send.js';
import { handleCommand } from '../commands/shared/command-handler.js';
import { orderDecider, toOrderStreamId } from '../domain/order/order.js';
import type { Database } from '../platform/db/database.js';
import { extractPdfText } from '../platform/documents/pdf-text.js';
import type { EventStore } from '../platform/event-store/port.js';
import { listOutbox, readOutbox } from '../platform/mail/outbox.js';
import { invoiceMailProcessManager } from '../workers/process-managers/invoice-mail.js';
import { checkpointOf, type RunningProcessManager, startProcessManager } from '../workers/process-managers/process-manager.js';
import { headerOf, mimePart, type SmtpSink } from './support/smtp-sink.js';
import { killWhileHeld, type MailCrashRig, startMailCrashRig, stopWorker, waitFor, workerProcesses } from './support/worker-crash.js';

const STAFF_ID = randomUUID();
const NOW = '2026-11-24T10:00:00.000Z';

let rig: MailCrashRig;
let db: Database;
let store: EventStore;
let sink: SmtpSink;
let queue: Queue;
let pm: RunningProcessManager | undefined;
const workers = workerProcesses('tests/support/invoice-worker-child.ts', () => rig);

const ctx = (userId: string | null) => ({ commandId: randomUUID(), correlationId: randomUUID(), userId, now: NOW });

/** Places order `n` through the Order decider (no stock held) and returns its id. */
async function placeTestOrder(n: number): Promise<string> {
  const orderId = randomUUID();
  await handleCommand(
    store,
    toOrderStreamId(orderId),
    orderDecider,
    {
      type: 'PlaceOrder',
      data: {
        orderId,
        number: 3000 + n,
        publicToken: `tok${n}`.padEnd(40, 'x'),
        language: 'et',
        client: { type: 'private', firstName: 'Mari', lastName: `Maasikas ${n}`, businessName: '', email: `client${n}@example.ee`, phone: '5555', vatRegNr: '' },
        shortContactAddress: '',
        comment: '',
        delivery: { providerId: 'omniva-courier', providerName: 'Kuller', optionId: null, optionName: null, address: null },
        lines: [{ productId: 'p-1', code: 'BF 1', name: 'Pidurikettad', unit: 'pcs', quantity: n, grossUnitCents: 1240 }],
        vatRatePercent: 24,
        reservations: [],
      },
      metadata: { now: NOW },
    },
    ctx(null),
  );
  return orderId;
}

beforeAll(async () => {
  rig = await startMailCrashRig('invoice_mail_crash', 'test-invoice-crash', (db) => checkpointOf(db, invoiceMailProcessManager).ensure());
  ({ db, store, sink, queue } = rig);
});

afterAll(async () => {
  workers.killAll();
  await pm?.stop();
  await rig?.close();
});

describe('invoice mail worker killed during the SMTP DATA phase', () => {
  it('a new worker process finishes the job: each invoice is mailed once and recorded once', async () => {
    const orders = [await placeTestOrder(1), await placeTestOrder(2), await placeTestOrder(3)];
    const numbers: string[] = [];
    for (const orderId of orders) numbers.push((await requestInvoiceSend(store, { orderId, kind: 'invoice' }, ctx(STAFF_ID))).number);
    expect(numbers).toEqual(['1', '2', '3']);
    const requestIds = await Promise.all(orders.map(async (id) => (await store.readStream(toOrderStreamId(id))).events.find((e) => e.type === 'InvoiceSendRequested')!.id));

    // The server will hold its reply to the first DATA it receives.
    const { holding, release } = sink.holdNext();
    const first = await workers.start('first');
    pm = startProcessManager(invoiceMailProcessManager, { db, store, queue, retryMs: 200, pollIntervalMs: 100 });
    await pm.caughtUp();

    const held = await holding;
    const heldIndex = orders.findIndex((_, i) => String(3001 + i) === held.orderNumber);
    expect(heldIndex, 'the held mail belongs to one of the orders').toBeGreaterThanOrEqual(0);
    const heldEvent = requestIds[heldIndex]!;
    expect(await readOutbox(db, heldEvent)).toMatchObject({ state: 'sending', attempts: 1, kind: 'invoice' });
    // Killed (SIGKILL) while the server holds its DATA: the server drops the held message, nothing is accepted.
    await killWhileHeld(first, sink, held, release);
    expect(first.output.filter((l) => l.startsWith('done'))).toEqual([]);
    // The killed worker recorded no send.
    expect((await store.readStream(toOrderStreamId(orders[heldIndex]!))).events.map((e) => e.type)).toEqual(['OrderPlaced', 'InvoiceSendRequested']);

    const second = await workers.start('second');
    await sink.waitForAccepted(3, 40_000);
    await waitFor('every outbox row to be sent', async () => (await listOutbox(db)).filter((r) => r.state === 'sent').length === 3);
    await waitFor('the queue to finish', async () => (await queue.getJobCounts('completed')).completed === 3);
    // Let stalled checks and retries run a little longer: nothing more may arrive.
    await new Promise((r) => setTimeout(r, 2 * workers.lockMs));

    const perOrder = orders.map((_, i) => sink.accepted.filter((m) => m.orderNumber === String(3001 + i)).length);
    expect(perOrder).toEqual([1, 1, 1]);
    expect(sink.accepted).toHaveLength(3);
    const resent = sink.accepted.find((m) => m.orderNumber === held.orderNumber)!;
    expect(resent.messageId).toBe(held.messageId);
    expect(resent.messageId).toBe(`<invoice.${heldEvent}@baltic-parts.test>`);
    expect(headerOf(resent.raw, 'X-Shop-Invoice-Number')).toBe(numbers[heldIndex]);
    const text = extractPdfText(mimePart(resent.raw, 'application/pdf')!.body).replace(/[\s\u00a0]+/g, ' ');
    expect(text).toContain(`Arve nr ${numbers[heldIndex]}`);
    expect(text).toContain('KMKR nr EE102345678');
    const outbox = await listOutbox(db);
    expect(outbox.find((r) => r.eventId === heldEvent)).toMatchObject({ state: 'sent', attempts: 2 });
    expect(outbox.filter((r) => r.eventId !== heldEvent).map((r) => r.attempts)).toEqual([1, 1]);

    // Each order records exactly one InvoiceSent, naming the staff member who asked.
    for (const orderId of orders) {
      const events = (await store.readStream(toOrderStreamId(orderId))).events;
      expect(events.map((e) => e.type)).toEqual(['OrderPlaced', 'InvoiceSendRequested', 'InvoiceSent']);
      expect(events[2]!.metadata.userId).toBe(STAFF_ID);
    }

    await stopWorker(second);
  });
});
