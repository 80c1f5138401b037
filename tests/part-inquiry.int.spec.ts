/**
 * POST /v1/part-inquiry (spec 1 "spare-parts contact") on the whole shop (fresh PostgreSQL, real Redis, every
 * projector) with the part-inquiry-mail process manager, the send-part-inquiry processor and a real SMTP server in
 * this process: the answer in the user's language, garbage and invalid forms refused with a 4xx in the envelope,
 * CSRF, both rate limits, the event stored sealed, the photo through the upload pipeline, and both mails delivered.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { toPartInquiryStreamId } from '../domain/part-inquiry/part-inquiry.js';
import { createMailTransport } from '../platform/mail/transport.js';
import { testRedisUrl } from '../platform/testing/database.js';
import { getSiteContent } from '../projections/site/queries.js';
import { createSendPartInquiryProcessor, SEND_PART_INQUIRY } from '../workers/jobs/send-part-inquiry.js';
import { partInquiryMailProcessManager } from '../workers/process-managers/part-inquiry-mail.js';
import { startProcessManager } from '../workers/process-managers/process-manager.js';
import { type CsrfHeaders, csrfHeaders } from './support/csrf.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { headerOf, mimePart, type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { patience } from './support/patience.js';

let h: ShopHarness;
let csrf: CsrfHeaders;
let sink: SmtpSink;
let filesDir: string;
let stopPipeline: () => Promise<void>;
let pmCaughtUp: () => Promise<void>;

const FORM = { name: 'Mari Maasikas', email: 'mari@example.ee', phone: '+372 5555 5555', make: 'Volvo', model: 'V70', year: '2004', vin: '', part: 'Esimesed piduriklotsid, originaal või Brembo' };

type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };
/** A multipart/form-data body as a browser sends it. */
function form(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----shopTest${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head = 'data' in p ? `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n` : `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`;
    chunks.push(Buffer.from(head), 'data' in p ? p.data : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const post = (payload: unknown, options: { lang?: string; headers?: Record<string, string>; ip?: string } = {}) =>
  h.app.inject({ method: 'POST', url: `/v1/part-inquiry${options.lang ? `?lang=${options.lang}` : ''}`, payload: payload as object, headers: { ...csrf, ...options.headers }, remoteAddress: options.ip ?? '10.0.0.1' });

const decodeQp = (text: string) => Buffer.from(text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'part-inquiry-'));
  h = await createShopHarness('part_inquiry', { api: { files: { dir: filesDir, maxBytes: 300 * 1024 }, rateLimits: { partInquiry: { perIp: { max: 6, windowMs: 60_000 }, perEmail: { max: 3, windowMs: 60_000 } } } } });
  await seedSiteContent(h.store, h.clock.now);
  await h.settle();
  csrf = await csrfHeaders(h.app);

  sink = await startSmtpSink();
  const transport = createMailTransport(sink.url, { timeoutMs: 10_000 });
  const prefix = `test-inquiry-${randomUUID().slice(0, 8)}`;
  const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
  const workerRedis = redis.duplicate();
  const queue = new Queue('shop', { connection: redis, prefix });
  const processor = createSendPartInquiryProcessor({ db: h.db, store: h.store, transport, from: 'Baltic Parts <shop@baltic-parts.test>', shopUrl: 'https://shop.example.ee', loadSiteFields: async () => (await getSiteContent(h.db)).fields });
  const worker = new Worker('shop', async (job) => (job.name === SEND_PART_INQUIRY ? processor(job.data) : undefined), { connection: workerRedis, prefix });
  await worker.waitUntilReady();
  const pm = startProcessManager(partInquiryMailProcessManager, { db: h.db, store: h.store, queue, retryMs: 200, pollIntervalMs: 100 });
  pmCaughtUp = () => pm.caughtUp();
  stopPipeline = async () => {
    await pm.stop();
    await worker.close();
    await queue.obliterate({ force: true }).catch(() => {});
    await queue.close();
    redis.disconnect();
    workerRedis.disconnect();
    transport.close();
    await sink.close();
  };
}, 120_000);

afterAll(async () => {
  await stopPipeline?.();
  await h?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

describe('POST /v1/part-inquiry', () => {
  it('records the inquiry sealed, answers the spec text and mails staff and the shopper once each', async () => {
    const res = await post(FORM, { lang: 'en', ip: '10.0.1.1' });
    expect(res.statusCode, res.body).toBe(200);
    const { inquiryId, message } = res.json().data as { inquiryId: string; message: string };
    expect(message).toBe('Sent! You should receive a confirmation with email.');

    // Stored sealed: no personal field in the clear in the log, every reader sees them.
    const raw = await sql<{ data: string }>`select data::text as data from es_events where stream_id = ${toPartInquiryStreamId(inquiryId)}`.execute(h.db);
    expect(raw.rows).toHaveLength(1);
    // The phone in full: a bare '5555' can occur by chance in an id or in the ciphertext's base64.
    for (const needle of ['Mari Maasikas', 'mari@example.ee', '5555 5555', 'piduriklotsid']) expect(raw.rows[0]!.data).not.toContain(needle);
    expect(raw.rows[0]!.data).toContain('"sealed"');
    expect(raw.rows[0]!.data).toContain('Volvo');
    const [event] = (await h.store.readStream(toPartInquiryStreamId(inquiryId))).events;
    expect(event!.data).toMatchObject({ name: 'Mari Maasikas', email: 'mari@example.ee', phone: '+372 5555 5555', vehicle: { make: 'Volvo', model: 'V70', year: '2004', vin: '' }, language: 'en', photoFileId: null });

    await sink.waitForAccepted(2, patience(30_000));
    await pmCaughtUp();
    const staff = sink.accepted.find((m) => m.to === 'info@balticparts.ee')!;
    const shopper = sink.accepted.find((m) => m.to === 'mari@example.ee')!;
    expect(staff).toBeDefined();
    expect(shopper).toBeDefined();
    const staffText = decodeQp(mimePart(staff.raw, 'text/plain')?.body.toString('latin1') ?? staff.raw.split('\r\n\r\n').slice(1).join('\r\n\r\n'));
    expect(staffText).toContain('Mari Maasikas');
    expect(staffText).toContain('Esimesed piduriklotsid');
    expect(headerOf(staff.raw, 'Reply-To')).toContain('mari@example.ee');
    const shopperText = decodeQp(shopper.raw.split('\r\n\r\n').slice(1).join('\r\n\r\n'));
    expect(shopperText).toContain('We received your spare part inquiry');
    // The confirmation relays none of the typed text (the address has not proved itself).
    expect(shopperText).not.toContain('Mari');
    expect(shopperText).not.toContain('piduriklotsid');
    expect(headerOf(shopper.raw, 'Content-Type')).toMatch(/^text\/plain/);
    await new Promise((r) => setTimeout(r, 800));
    expect(sink.accepted.filter((m) => m.messageId.includes(event!.id))).toHaveLength(2);
  }, 60_000);

  it('takes a VIN instead of the vehicle and a photo through the upload pipeline (multipart)', async () => {
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 90, b: 160 } } }).jpeg().toBuffer();
    const body = form([...Object.entries({ ...FORM, email: 'jaan@example.ee', make: '', model: '', year: '', vin: 'yv1sw61r542123456' }).map(([name, value]) => ({ name, value })), { name: 'photo', filename: 'klots.jpg', type: 'image/jpeg', data: photo }]);
    const res = await post(body.payload, { headers: { 'content-type': body.contentType }, ip: '10.0.1.2' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.message).toBe('Saadetud! Saate kinnituse e-postiga.');
    const [event] = (await h.store.readStream(toPartInquiryStreamId(res.json().data.inquiryId))).events;
    const data = event!.data as { photoFileId: string; vehicle: { vin: string } };
    expect(data.vehicle.vin).toBe('YV1SW61R542123456');
    expect((await h.app.inject(`/files/${data.photoFileId}/320.webp`)).headers['content-type']).toBe('image/webp');
  });

  it('refuses a photo that is not an image, and one over the limit, storing nothing', async () => {
    const before = Number((await sql<{ n: string }>`select count(*)::text as n from es_events where event_type = 'PartInquiryReceived'`.execute(h.db)).rows[0]!.n);
    const text = Object.entries(FORM).map(([name, value]) => ({ name, value }));
    const notImage = form([...text, { name: 'photo', filename: 'x.jpg', type: 'image/jpeg', data: Buffer.from('#!/bin/sh\necho hi\n') }]);
    const a = await post(notImage.payload, { lang: 'en', headers: { 'content-type': notImage.contentType }, ip: '10.0.1.3' });
    expect(a.statusCode).toBe(415);
    expect(a.json()).toMatchObject({ success: false, errors: [{ code: 'file.not_an_image', field: 'photo' }] });
    const big = form([...text, { name: 'photo', filename: 'big.jpg', type: 'image/jpeg', data: Buffer.alloc(310 * 1024, 1) }]);
    const b = await post(big.payload, { lang: 'en', headers: { 'content-type': big.contentType }, ip: '10.0.1.3' });
    expect(b.statusCode).toBe(413);
    expect(b.json().errors[0]).toMatchObject({ code: 'file.too_big', field: 'photo' });
    expect(Number((await sql<{ n: string }>`select count(*)::text as n from es_events where event_type = 'PartInquiryReceived'`.execute(h.db)).rows[0]!.n)).toBe(before);
  });

  it('answers garbage and invalid forms with 400 in the envelope, in the user\'s language', async () => {
    const missing = await post({ ...FORM, name: '', make: '', model: '', year: '' }, { lang: 'et', ip: '10.0.2.1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, status: 'failure' });
    expect(missing.json().errors).toEqual([
      { code: 'part_inquiry.required', field: 'name', message: 'Kohustuslik' },
      { code: 'part_inquiry.required', field: 'make', message: 'Kohustuslik' },
      { code: 'part_inquiry.required', field: 'model', message: 'Kohustuslik' },
      { code: 'part_inquiry.required', field: 'year', message: 'Kohustuslik' },
    ]);
    const email = await post({ ...FORM, email: 'a@example.ee, b@example.ee' }, { lang: 'en', ip: '10.0.2.1' });
    expect(email.json().errors).toEqual([{ code: 'part_inquiry.email_invalid', field: 'email', message: 'Please enter a valid email address' }]);
    for (const garbage of [{ ...FORM, name: 42 }, { ...FORM, part: 'x\u0000y' }, [1, 2], { ...FORM, vin: { $ne: 1 } }]) {
      const res = await post(garbage, { lang: 'en', ip: '10.0.2.2' });
      expect(res.statusCode, JSON.stringify(garbage)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errors: [{ code: 'request.invalid' }] });
      expect(res.json().errors[0].message).toBe('The request has invalid data.');
    }
    const broken = await post('{"name":', { headers: { 'content-type': 'application/json' }, lang: 'en', ip: '10.0.2.3' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().success).toBe(false);
    const noBoundary = await post('garbage', { headers: { 'content-type': 'multipart/form-data' }, lang: 'en', ip: '10.0.2.3' });
    expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
    expect(noBoundary.statusCode).toBeLessThan(500);
    const noToken = await h.app.inject({ method: 'POST', url: '/v1/part-inquiry', payload: FORM, remoteAddress: '10.0.2.4' });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().errors[0].code).toBe('request.csrf_invalid');
  });

  it('limits per e-mail address and per client address (429 rate_limited)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await post({ ...FORM, email: 'Limit@Example.ee' }, { lang: 'en', ip: `10.0.3.${i}` })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const perAddress: number[] = [];
    for (let i = 0; i < 7; i++) perAddress.push((await post({ ...FORM, email: `ip${i}@example.ee` }, { lang: 'en', ip: '10.0.4.1' })).statusCode);
    expect(perAddress).toEqual([200, 200, 200, 200, 200, 200, 429]);
    const limited = await post({ ...FORM, email: 'other@example.ee' }, { lang: 'en', ip: '10.0.4.1' });
    expect(limited.json()).toMatchObject({ success: false, errors: [{ code: 'rate_limited', message: 'Rate limit exceeded. Please try again later.' }] });
  });
});
