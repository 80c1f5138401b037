/**
 * Product images through `app.inject` on real PostgreSQL and Redis: POST /file/create?ajax=true (spec 7: multipart
 * File[folder_id], File[uploadFile], the anti-forgery token) behind the staff guard, the type decided by the bytes
 * (a PNG named .pdf is a PNG, a PDF named .png is refused), the size limit enforced before anything is stored, EXIF
 * (GPS, camera) stripped and the rotation applied, FileUploaded with the staff member, the files read model, the pixel
 * budget (a bigger image refused from its header, before decoding), at most two decodes at once with the rest waiting
 * (and 503 once the queue is full), and GET /files/{fileId}/{variant} serving the renditions.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START } from '../platform/event-store/port.js';
import { getFile } from '../projections/files/queries.js';
import { IMAGE_WORK_CONCURRENCY, IMAGE_WORK_MAX_WAITING, imageWork, MAX_INPUT_PIXELS } from '../platform/files/images.js';
import { csrfHeaders } from './support/csrf.js';
import { cookieOf, createStaffSessions, registerStaff, type StaffBrowser } from './support/staff-session.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { patience } from './support/patience.js';

const PASSWORD = 'Staff-Pass-2026!x';
/** A small limit, so an oversized file is cheap to make: 300 KiB. */
const MAX_BYTES = 300 * 1024;
let h: ShopHarness;
let filesDir: string;
const sessions = createStaffSessions('file-upload');
const ids: Record<string, string> = {};

type Browser = StaffBrowser;
const signedIn = (username: string): Promise<Browser> => sessions.signIn(h.app, username, PASSWORD);

type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

/** A multipart/form-data body as a browser sends it. */
function form(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----shopTest${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head = 'data' in p
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`;
    chunks.push(Buffer.from(head), 'data' in p ? p.data : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads `file` as File[uploadFile] with the token in the `_csrf` field (spec 7), or as told. */
async function upload(b: Browser | null, file: { filename: string; type: string; data: Buffer } | null, options: { tokenIn?: 'field' | 'header' | 'none'; extra?: Part[]; lang?: string } = {}) {
  const tokenIn = options.tokenIn ?? 'field';
  const parts: Part[] = [{ name: 'File[folder_id]', value: 'products' }];
  if (b && tokenIn === 'field') parts.push({ name: '_csrf', value: b.csrf['x-csrf-token'] });
  if (file) parts.push({ name: 'File[uploadFile]', ...file });
  parts.push(...(options.extra ?? []));
  const body = form(parts);
  return h.app.inject({
    method: 'POST',
    url: `/file/create?ajax=true&lang=${options.lang ?? 'en'}`,
    headers: { 'content-type': body.contentType, ...(b ? { cookie: cookieOf(b) } : {}), ...(b && tokenIn === 'header' ? { 'x-csrf-token': b.csrf['x-csrf-token'] } : {}) },
    payload: body.payload,
  });
}

const png = (width = 800, height = 600) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
/** A PNG chunk: length, type, data, CRC-32 of type and data. */
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
};
/** A PNG whose header claims `width` x `height` RGB pixels, with a token of image data: a decompression bomb's shape. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A complete, valid one-colour PNG of `side` x `side` pixels (1-bit grayscale, every row the same): about 50 KB for
 * 20,000 x 20,000, which would be 400 megapixels (1.2 GB as RGB) once decoded.
 */
function oneColourPng(side: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([1, 0, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + Math.ceil(side / 8)); // filter byte 0, then all-black bits
  const raw = Buffer.alloc(row.length * side); // zeros: every row is `row`
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A pixel-flood JPEG: a real 64 x 64 JPEG whose frame header (SOF) is made to claim 65,500 x 65,500 pixels
 * (4.3 gigapixels), the shape of the well-known 'lottapixel' image.
 */
async function pixelFloodJpeg(): Promise<Buffer> {
  const jpeg = Buffer.from(await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } }).jpeg().toBuffer());
  for (let i = 2; i < jpeg.length - 9; ) {
    if (jpeg[i] !== 0xff) throw new Error('not a JPEG marker');
    const marker = jpeg[i + 1]!;
    const length = jpeg.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc3) {
      jpeg.writeUInt16BE(65_500, i + 5); // height
      jpeg.writeUInt16BE(65_500, i + 7); // width
      return jpeg;
    }
    i += 2 + length;
  }
  throw new Error('no SOF marker');
}

/** A PDF's first bytes and a little body: what file-type knows as application/pdf. */
const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** FileUploaded events in `$all`, once the projectors settled: `$all` shows an event only after every older transaction ended. */
async function fileEvents() {
  await h.settle();
  const page = await h.store.readAll({ after: START, maxCount: 10_000, eventTypes: ['FileUploaded'] });
  return page.events;
}

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'file-upload-'));
  h = await createShopHarness('file_upload', { api: { sessions: sessions.deps(), files: { dir: filesDir, maxBytes: MAX_BYTES } } });
  Object.assign(ids, await registerStaff(h.store, [['mari', ['CLIENT']], ['adam', ['ADMIN']]], { password: PASSWORD, now: h.clock.now }));
});

afterAll(async () => {
  await h?.close();
  await sessions.cleanup();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

describe('POST /file/create?ajax=true', () => {
  it('takes a PNG named .pdf as a PNG: WebP renditions at every width, FileUploaded with the staff member, the read model', async () => {
    const mari = await signedIn('mari');
    const res = await upload(mari, { filename: 'C:\\fakepath\\pidur.pdf', type: 'application/pdf', data: await png() });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, status: 'success' });
    const model = body.model;
    expect(body.data).toEqual(model);
    expect(model).toMatchObject({ name: 'pidur.pdf', ext: 'png', type: 'image/png', width: 800, height: 600, folderId: 'products', ref: `/files/${model.id}`, url: `/files/${model.id}/640.webp`, thumbnail: `/files/${model.id}/160.webp` });
    expect(model.variants.map((v: { width: number; actualWidth: number }) => [v.width, v.actualWidth])).toEqual([[160, 160], [320, 320], [640, 640], [1280, 800]]);
    expect(model.srcset).toContain(`/files/${model.id}/1280.webp 1280w`);
    // Stored under names the server chose: the user's name reaches no path.
    expect((await readdir(path.join(filesDir, model.id))).sort()).toEqual(['1280.webp', '160.webp', '320.webp', '640.webp']);

    const events = await fileEvents();
    const event = events.find((e) => (e.data as { fileId: string }).fileId === model.id)!;
    expect(event.metadata.userId).toBe(ids.mari);
    expect(event.data).toMatchObject({ mime: 'image/png', name: 'pidur.pdf', width: 800, height: 600 });
    await h.settle();
    expect(await getFile(h.db, model.id)).toMatchObject({ id: model.id, mime: 'image/png', uploadedBy: ids.mari, folderId: 'root', bytes: model.size });

    const served = await h.app.inject({ url: `/files/${model.id}/320.webp` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
  });

  it('accepts the token in the x-csrf-token header too', async () => {
    const mari = await signedIn('mari');
    const res = await upload(mari, { filename: 'a.png', type: 'image/png', data: await png(100, 50) }, { tokenIn: 'header' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().model.variants.map((v: { actualWidth: number }) => v.actualWidth)).toEqual([100, 100, 100, 100]);
  });

  it('refuses a PDF named .png with the message of spec 5, storing nothing', async () => {
    const mari = await signedIn('mari');
    const before = (await fileEvents()).length;
    const dirBefore = await readdir(filesDir);
    const res = await upload(mari, { filename: 'pilt.png', type: 'image/png', data: pdf() });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      success: false,
      status: 'failure',
      errors: [{ code: 'file.not_an_image', field: 'File[uploadFile]', message: 'The file is not an image; Only following file types are allowed: image/jpeg, image/png, image/webp, image/gif, image/avif' }],
    });
    const et = await upload(mari, { filename: 'pilt.png', type: 'image/png', data: pdf() }, { lang: 'et' });
    expect(et.json().message).toMatch(/^Fail ei ole pilt/);
    expect((await fileEvents()).length).toBe(before);
    expect(await readdir(filesDir)).toEqual(dirBefore);
  });

  it('refuses an oversized file before anything is stored: no renditions, no event', async () => {
    const mari = await signedIn('mari');
    const before = (await fileEvents()).length;
    const dirBefore = await readdir(filesDir);
    // Noise does not compress: a PNG well over the 300 KiB limit.
    const noise = Buffer.alloc(400 * 300 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 400, height: 300, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(MAX_BYTES);
    expect(big.length).toBeLessThan(MAX_BYTES + 64 * 1024); // past the limit while streaming, not by Content-Length
    const res = await upload(mari, { filename: 'suur.png', type: 'image/png', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors).toEqual([{ code: 'file.too_big', field: 'File[uploadFile]', message: 'The file "suur.png" is too big. Its size cannot exceed 300.0 KB.' }]);
    // Far beyond the limit: refused by its Content-Length before the body is read.
    const huge = await upload(mari, { filename: 'hiiglane.png', type: 'image/png', data: Buffer.concat([big, big, big]) }, { lang: 'et' });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('Fail on liiga suur. Selle suurus ei tohi ületada 300,0 KB.');
    expect((await fileEvents()).length).toBe(before);
    expect(await readdir(filesDir)).toEqual(dirBefore);
  });

  it('strips EXIF (GPS, camera) and turns the image upright', async () => {
    const mari = await signedIn('mari');
    // 400 x 200 stored with orientation 6 (turn 90° clockwise to show): shown 200 x 400.
    const photo = await sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam', Model: 'Spy 3000', Copyright: 'Mari Maasikas' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 26/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '24/1 45/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(photo.includes(Buffer.from('SecretCam'))).toBe(true); // the test's own input carries what must go
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    const res = await upload(mari, { filename: 'foto.jpg', type: 'image/jpeg', data: photo });
    expect(res.statusCode, res.body).toBe(200);
    const model = res.json().model;
    expect(model).toMatchObject({ type: 'image/jpeg', width: 200, height: 400 });
    for (const variant of ['160.webp', '1280.webp']) {
      const served = await h.app.inject({ url: `/files/${model.id}/${variant}` });
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(meta.height).toBeGreaterThan(meta.width!); // upright
      expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
      expect(served.rawPayload.includes(Buffer.from('Maasikas'))).toBe(false);
    }
  });

  it('answers 401 without a session, 403 without products.edit, 403 without a valid token', async () => {
    const file = { filename: 'a.png', type: 'image/png', data: await png(40, 30) };
    const before = (await fileEvents()).length;
    const anonymous = await upload(null, file);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, errors: [{ code: 'unauthorized' }] });
    const adam = await signedIn('adam');
    expect((await upload(adam, file)).statusCode).toBe(403);
    const mari = await signedIn('mari');
    const noToken = await upload(mari, file, { tokenIn: 'none' });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().errors[0].code).toBe('request.csrf_invalid');
    const wrongToken = await upload(mari, file, { tokenIn: 'none', extra: [{ name: '_csrf', value: 'not-the-token' }] });
    expect(wrongToken.statusCode).toBe(403);
    // Another browser's token with this session: the token must be the one the session was signed in with.
    const other = await csrfHeaders(h.app);
    const foreign = await upload({ ...mari, csrf: { cookie: other.cookie, 'x-csrf-token': other['x-csrf-token'] } }, file);
    expect(foreign.statusCode).toBe(403);
    expect((await fileEvents()).length).toBe(before);
  });

  it('answers garbage with a 4xx in the envelope: no file, two files, a stray part, a bad folder, not multipart, a broken body', async () => {
    const mari = await signedIn('mari');
    const file = { filename: 'a.png', type: 'image/png', data: await png(40, 30) };
    const none = await upload(mari, null);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0]).toMatchObject({ code: 'file.too_few', message: 'You should upload at least 1 file' });
    const two = await upload(mari, file, { extra: [{ name: 'File[uploadFile]', ...file }] });
    expect(two.statusCode).toBe(400);
    expect(two.json().errors[0]).toMatchObject({ code: 'file.too_many', message: 'You can upload at most 1 file' });
    const stray = await upload(mari, file, { extra: [{ name: 'other', ...file }] });
    expect(stray.statusCode).toBe(400);
    const folder = await upload(mari, file, { extra: [{ name: 'File[folder_id]', value: '../../etc' }] });
    expect(folder.statusCode).toBe(400);
    const unreadable = await upload(mari, { filename: 'x.png', type: 'image/png', data: (await png(40, 30)).subarray(0, 60) });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().errors[0].code).toBe('file.image_unreadable');
    const headers = { cookie: cookieOf(mari), 'x-csrf-token': mari.csrf['x-csrf-token'] };
    const json = await h.app.inject({ method: 'POST', url: '/file/create?ajax=true', headers: { ...headers, 'content-type': 'application/json' }, payload: '{"File":{"uploadFile":"x"}}' });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    const broken = await h.app.inject({ method: 'POST', url: '/file/create?ajax=true', headers: { ...headers, 'content-type': 'multipart/form-data; boundary=xyz' }, payload: '--xyz\r\nContent-Disposition: form-data; name="File[uploadFile]"; filename="a"\r\n\r\n\u0000\u0001' });
    const noBoundary = await h.app.inject({ method: 'POST', url: '/file/create?ajax=true', headers: { ...headers, 'content-type': 'multipart/form-data' }, payload: 'garbage' });
    for (const res of [stray, folder, json, broken, noBoundary]) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json()).toMatchObject({ success: false, status: 'failure', message: expect.any(String), errors: expect.any(Array) });
    }
  });
});

describe('the pixel budget and the image work queue', () => {
  it('refuses an image over 25 megapixels from its header (413 in the spec\'s words), before decoding, storing nothing', async () => {
    expect(MAX_INPUT_PIXELS).toBe(25_000_000);
    const mari = await signedIn('mari');
    const before = (await fileEvents()).length;
    // 6000 x 4500 = 27 megapixels; the old budget (50) took it and decoded it.
    for (const [width, height] of [[6000, 4500], [7000, 7000], [100_000, 100_000]]) {
      const started = Date.now();
      const res = await upload(mari, { filename: 'huge.png', type: 'image/png', data: pngHeaderOnly(width, height) });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({ success: false, errors: [{ code: 'file.too_many_pixels', field: 'File[uploadFile]', message: 'The file "huge.png" is too big. Its size cannot exceed 25 megapixels.' }] });
      expect(Date.now() - started).toBeLessThan(patience(2000));
    }
    const et = await upload(mari, { filename: 'suur.png', type: 'image/png', data: pngHeaderOnly(6000, 4500) }, { lang: 'et' });
    expect(et.json().errors[0].message).toBe('Fail "suur.png" on liiga suur. Selle suurus ei tohi ületada 25 megapikslit.');
    expect((await fileEvents()).length).toBe(before);
    expect(await readdir(filesDir)).toHaveLength(new Set((await fileEvents()).map((e) => (e.data as { fileId: string }).fileId)).size);
  });

  it('refuses a real 20,000 x 20,000 one-colour PNG and a pixel-flood JPEG quickly, storing nothing (time and peak RSS printed)', async () => {
    const mari = await signedIn('mari');
    const before = (await fileEvents()).length;
    const bombs = [
      { filename: 'yks-varv.png', type: 'image/png', data: oneColourPng(20_000), what: '20,000 x 20,000 one-colour PNG' },
      { filename: 'lottapixel.jpg', type: 'image/jpeg', data: await pixelFloodJpeg(), what: '65,500 x 65,500 pixel-flood JPEG' },
    ];
    for (const bomb of bombs) {
      const rssBefore = process.resourceUsage().maxRSS;
      const started = performance.now();
      const res = await upload(mari, bomb);
      const ms = performance.now() - started;
      const rssAfter = process.resourceUsage().maxRSS;
      // Figures, not assertions (the machine is shared): the refusal reads the header only.
      console.log(
        `[figure] ${bomb.what} (${(bomb.data.length / 1024).toFixed(1)} KiB sent): ${res.statusCode} ${res.json().errors?.[0]?.code} in ${ms.toFixed(1)} ms; ` +
          `peak RSS of the test process ${(rssBefore / 1024).toFixed(0)} MiB before, ${(rssAfter / 1024).toFixed(0)} MiB after (current ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB)`,
      );
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().errors[0]).toMatchObject({ code: 'file.too_many_pixels', field: 'File[uploadFile]' });
    }
    expect((await fileEvents()).length).toBe(before);
    expect(await readdir(filesDir)).toHaveLength(new Set((await fileEvents()).map((e) => (e.data as { fileId: string }).fileId)).size);
  });

  it('decodes at most two images at once, the others wait; a full queue answers 503 file.busy with Retry-After', async () => {
    const mari = await signedIn('mari');
    // A one-colour 4000 x 3000 PNG: a few KB to send, 12 megapixels to decode.
    const big = { filename: 'wide.png', type: 'image/png', data: await png(4000, 3000) };
    expect(big.data.length).toBeLessThan(MAX_BYTES);
    let peak = { running: 0, waiting: 0 };
    const sampler = setInterval(() => {
      const { running, waiting } = imageWork.stats;
      peak = { running: Math.max(peak.running, running), waiting: Math.max(peak.waiting, waiting) };
    }, 2);
    try {
      const answers = await Promise.all(Array.from({ length: 5 }, () => upload(mari, big)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    } finally {
      clearInterval(sampler);
    }
    expect(peak.running).toBe(IMAGE_WORK_CONCURRENCY);
    expect(peak.waiting).toBeGreaterThan(0);

    // Every slot and every waiting place taken: the next upload is refused at once.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const blockers = Array.from({ length: IMAGE_WORK_CONCURRENCY + IMAGE_WORK_MAX_WAITING }, () => imageWork.run(() => held));
    try {
      await expect.poll(() => imageWork.stats).toEqual({ running: IMAGE_WORK_CONCURRENCY, waiting: IMAGE_WORK_MAX_WAITING });
      const busy = await upload(mari, { filename: 'a.png', type: 'image/png', data: await png(40, 30) });
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('5');
      expect(busy.json()).toMatchObject({ success: false, errors: [{ code: 'file.busy', message: 'Images are still being processed: try again in a few seconds.' }] });
    } finally {
      release();
      await Promise.all(blockers);
    }
    expect((await upload(mari, { filename: 'a.png', type: 'image/png', data: await png(40, 30) })).statusCode).toBe(200);
  });
});

describe('GET /files/{fileId}/{variant}', () => {
  it('answers 404 for an unknown file and 400 for names that are not ours, in the envelope', async () => {
    const unknown = await h.app.inject({ url: `/files/${randomUUID()}/640.webp?lang=en` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0]).toMatchObject({ code: 'file.not_found', message: 'The file was not found.' });
    for (const url of [`/files/${randomUUID()}/641.webp`, '/files/..%2F..%2Fetc%2Fpasswd/640.webp', `/files/${randomUUID()}/..%2F..%2Fpackage.json`, '/files/x']) {
      const res = await h.app.inject({ url });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.json().success, url).toBe(false);
    }
  });
});
