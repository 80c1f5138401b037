/**
 * Fault test: a mail worker process is killed with SIGKILL while the SMTP server holds the DATA phase of
 * a confirmation (the message is received, the server has not answered yet). A new worker process takes the stalled
 * job over (BullMQ stalled-job recovery, short lock and stalled-check times), and afterwards exactly one mail per
 * order has been accepted. Real PostgreSQL (fresh database), real Redis (a queue prefix of its own), a real SMTP
 * server in this process, workers as child processes (tests/support/mail-worker-child.ts).
 */
import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/db/database.js';
import type { EventStore } from '../platform/event-store/port.js';
import { listOutbox, readOutbox } from '../platform/mail/outbox.js';
import { orderMailProcessManager } from '../workers/process-managers/order-mail.js';
import { type RunningProcessManager, startProcessManager } from '../workers/process-managers/process-manager.js';
import { appendTestOrderPlaced, numberedOrder } from './support/order-summary-fixture.js';
import type { SmtpSink } from './support/smtp-sink.js';
import { killWhileHeld, type MailCrashRig, startMailCrashRig, stopWorker, waitFor, workerProcesses } from './support/worker-crash.js';


let rig: MailCrashRig;
let db: Database;
let store: EventStore;
let sink: SmtpSink;
let queue: Queue;
let pm: RunningProcessManager | undefined;
const workers = workerProcesses('tests/support/mail-worker-child.ts', () => rig, { env: { MAIL_TEST_CONCURRENCY: '1' } });

beforeAll(async () => {
  rig = await startMailCrashRig('mail_worker_crash', 'test-mail-crash');
  ({ db, store, sink, queue } = rig);
});

afterAll(async () => {
  workers.killAll();
  await pm?.stop();
  await rig?.close();
});

describe('mail worker killed during the SMTP DATA phase', () => {
  it('a new worker process finishes the job and every order gets exactly one mail', async () => {
    const orders = [numberedOrder(1), numberedOrder(2), numberedOrder(3)];
    const eventIds: string[] = [];
    for (const o of orders) eventIds.push(await appendTestOrderPlaced(store, o));

    // The server will hold its reply to the first DATA it receives.
    const { holding, release } = sink.holdNext();
    const first = await workers.start('first');
    pm = startProcessManager(orderMailProcessManager, { db, store, queue, retryMs: 200, pollIntervalMs: 100 });
    await pm.caughtUp();

    const held = await holding;
    const heldEvent = eventIds[orders.findIndex((o) => String(o.number) === held.orderNumber)];
    expect(heldEvent, 'the held mail belongs to one of the orders').toBeDefined();
    expect(await readOutbox(db, heldEvent)).toMatchObject({ state: 'sending', attempts: 1 });
    // Killed (SIGKILL) while the server holds its DATA: the server drops the held message, nothing is accepted.
    await killWhileHeld(first, sink, held, release);
    // The killed worker finished no job: its job is still active with an expiring lock.
    expect(first.output.filter((l) => l.startsWith('done'))).toEqual([]);

    const second = await workers.start('second');
    await sink.waitForAccepted(3, 40_000);
    await waitFor('every outbox row to be sent', async () => (await listOutbox(db)).filter((r) => r.state === 'sent').length === 3);
    await waitFor('the queue to finish', async () => (await queue.getJobCounts('completed')).completed === 3);
    // Let stalled checks and retries run a little longer: nothing more may arrive.
    await new Promise((r) => setTimeout(r, 2 * workers.lockMs));

    const perOrder = orders.map((o) => sink.accepted.filter((m) => m.orderNumber === String(o.number)).length);
    expect(perOrder).toEqual([1, 1, 1]);
    expect(sink.accepted).toHaveLength(3);
    // The re-sent mail carries the same Message-ID as the dropped attempt.
    const resent = sink.accepted.find((m) => m.orderNumber === held.orderNumber)!;
    expect(resent.messageId).toBe(held.messageId);
    expect(resent.messageId).toBe(`<order-confirmation.${heldEvent}@baltic-parts.test>`);
    const outbox = await listOutbox(db);
    expect(outbox.find((r) => r.eventId === heldEvent)).toMatchObject({ state: 'sent', attempts: 2 });
    expect(outbox.filter((r) => r.eventId !== heldEvent).map((r) => r.attempts)).toEqual([1, 1]);
    expect(second.output.some((l) => l.startsWith('log') && l.includes('attempt 2'))).toBe(true);

    await stopWorker(second);
  });
});
