/**
 * The one exactly-once send (outbox.ts `sendOnce`) on its own, against PostgreSQL and a real SMTP server
 * (tests/support/smtp-sink.ts): what every mail job relies on (conventions 17). The worker-crash tests
 * (tests/*-crash.int.spec.ts) cover a worker killed mid-send; this file covers the sequence's other promises.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../../tests/support/smtp-sink.js';
import { createDatabase, type Database } from '../db/database.js';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { readOutbox, sendOnce } from './outbox.js';
import { createMailTransport, type MailTransport } from './transport.js';

let database: TestDatabase;
let db: Database;
let sink: SmtpSink;
let transport: MailTransport;

beforeAll(async () => {
  database = await createTestDatabase('outbox');
  db = createDatabase(database.url, { max: 4 });
  sink = await startSmtpSink();
  transport = createMailTransport(sink.url);
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
  await sink?.close();
});

const mailOf = (eventId: string) => ({ eventId, kind: 'order-confirmation', subjectId: 'order-1', messageId: `<test.${eventId}@shop.test>`, label: 'test mail' });
const message = (eventId: string) => ({ from: 'shop@shop.test', to: 'mari@example.com', subject: 'Test', text: 'Hello', messageId: `<test.${eventId}@shop.test>` });

describe('sendOnce', () => {
  it('sends once; later calls neither plan nor send again', async () => {
    const eventId = randomUUID();
    let plans = 0;
    const plan = async () => {
      plans++;
      return { recipient: 'mari@example.com', compose: () => message(eventId) };
    };
    const first = await sendOnce({ db, transport }, mailOf(eventId), plan);
    expect(first).toMatchObject({ status: 'sent', attempts: 1 });
    const again = await Promise.all([sendOnce({ db, transport }, mailOf(eventId), plan), sendOnce({ db, transport }, mailOf(eventId), plan)]);
    expect(again.map((r) => r.status)).toEqual(['already-sent', 'already-sent']);
    expect(plans).toBe(1);
    expect(sink.accepted.filter((m) => m.messageId === `<test.${eventId}@shop.test>`)).toHaveLength(1);
    expect(await readOutbox(db, eventId)).toMatchObject({ state: 'sent', attempts: 1, recipient: 'mari@example.com' });
  });

  it('composes under the lock only after the attempt is committed, and records a failed send for the retry', async () => {
    const eventId = randomUUID();
    let seenAtCompose: unknown;
    sink.rejectNext(1);
    const plan = async () => ({
      recipient: 'mari@example.com',
      compose: async () => {
        seenAtCompose = await readOutbox(db, eventId);
        return message(eventId);
      },
    });
    await expect(sendOnce({ db, transport }, mailOf(eventId), plan)).rejects.toThrow();
    expect(seenAtCompose).toMatchObject({ state: 'sending', attempts: 1 });
    expect(await readOutbox(db, eventId)).toMatchObject({ state: 'sending', attempts: 1, lastError: expect.stringContaining('451') });
    expect(await sendOnce({ db, transport }, mailOf(eventId), plan)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('skips for good with the reason, from the plan or from the recheck under the lock', async () => {
    const planned = randomUUID();
    expect(await sendOnce({ db, transport }, mailOf(planned), async () => ({ skip: 'no address' }))).toEqual({ status: 'skipped', messageId: `<test.${planned}@shop.test>`, reason: 'no address' });
    expect(await readOutbox(db, planned)).toMatchObject({ state: 'skipped', lastError: 'no address' });
    const rechecked = randomUUID();
    let composed = false;
    const plan = async () => ({
      recipient: 'mari@example.com',
      compose: () => {
        composed = true;
        return message(rechecked);
      },
      recheck: async () => 'the client was forgotten',
    });
    expect(await sendOnce({ db, transport }, mailOf(rechecked), plan)).toMatchObject({ status: 'skipped', reason: 'the client was forgotten' });
    expect(composed).toBe(false);
    // Skipped stays skipped: a later job finds it without planning.
    expect(await sendOnce({ db, transport }, mailOf(rechecked), async () => ({ recipient: 'mari@example.com', compose: () => message(rechecked) }))).toEqual({
      status: 'skipped',
      messageId: `<test.${rechecked}@shop.test>`,
    });
  });

  it('never turns a sent mail into a skipped one', async () => {
    const eventId = randomUUID();
    await sendOnce({ db, transport }, mailOf(eventId), async () => ({ recipient: 'mari@example.com', compose: () => message(eventId) }));
    expect(await sendOnce({ db, transport }, mailOf(eventId), async () => ({ skip: 'the request was cancelled' }))).toMatchObject({ status: 'already-sent' });
    expect(await readOutbox(db, eventId)).toMatchObject({ state: 'sent' });
  });
});
