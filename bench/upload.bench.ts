/**
 * Upload of a 5 MB photo end to end (`npx tsx bench/upload.bench.ts`, performance figures): a JPEG of about 5 MB
 * (12 megapixels of smoothed noise from sharp, EXIF orientation 6 and GPS tags) is posted `ROUNDS` times (default 7)
 * over real HTTP to POST /file/create?ajax=true by a signed-in staff member: the request, the type read from the bytes,
 * the decode, rotation and four WebP renditions (160-1280 px), their writes to FILES_DIR (a temporary directory) and
 * the FileUploaded append, until the answer arrives. Beside it, GET /health over the same path. Prints medians and
 * maxima in milliseconds. Figures only; `npx tsx` because package.json (no `bench:upload` script) is not changed here.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { fmt, median, printTable } from './support.js';
import { startStaffBench } from './staff-setup.js';

const ROUNDS = Number(process.env.ROUNDS ?? 7);
const TARGET_BYTES = 5 * 1024 * 1024;

/** A ~5 MB, 4000 x 3000 JPEG: noise blurred until it compresses like a detailed photo. */
async function photo(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const noise = Buffer.alloc(width * height * 3);
  let x = 123456789;
  for (let i = 0; i < noise.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    noise[i] = x & 0xff;
  }
  const blurred = await sharp(noise, { raw: { width, height, channels: 3 } }).blur(1.1).raw().toBuffer();
  let best: Buffer | null = null;
  for (const quality of [60, 70, 80, 85, 90, 95]) {
    const jpeg = await sharp(blurred, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .withExif({ IFD0: { Make: 'BenchCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 26/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    if (!best || Math.abs(jpeg.length - TARGET_BYTES) < Math.abs(best.length - TARGET_BYTES)) best = jpeg;
  }
  return best!;
}

async function main() {
  const filesDir = await mkdtemp(path.join(tmpdir(), 'bench-upload-'));
  const bench = await startStaffBench('upload', ['bench-uploader'], { api: { files: { dir: filesDir, maxBytes: 10 * 1024 * 1024 } } });
  try {
    const jpeg = await photo();
    const staff = await bench.signIn('bench-uploader');
    const upload = async () => {
      const form = new FormData();
      form.append('File[folder_id]', 'products');
      form.append('_csrf', staff.token);
      form.append('File[uploadFile]', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'foto.jpg');
      const t = performance.now();
      const res = await fetch(`${bench.base}/file/create?ajax=true`, { method: 'POST', headers: { cookie: staff.cookie }, body: form });
      const body = (await res.json()) as { model?: { id: string } };
      const answered = performance.now() - t;
      if (res.status !== 200 || !body.model) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
      return answered;
    };
    await upload(); // warm-up (sharp, connections)
    const uploads: number[] = [];
    for (let i = 0; i < ROUNDS; i++) uploads.push(await upload());
    const health: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      await (await fetch(`${bench.base}/health`)).arrayBuffer();
      health.push(performance.now() - t);
    }
    console.log(`\n${ROUNDS} uploads of a ${(jpeg.length / 1024 / 1024).toFixed(2)} MiB, 4000 x 3000 JPEG (request -> 4 WebP renditions stored + FileUploaded appended -> answer), ms:`);
    printTable([
      { call: 'POST /file/create (5 MB photo)', median: fmt(median(uploads)), max: fmt(Math.max(...uploads)) },
      { call: 'GET /health', median: fmt(median(health)), max: fmt(Math.max(...health)) },
    ]);
  } finally {
    await bench.close();
    await rm(filesDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
