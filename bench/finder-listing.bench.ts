/**
 * The finder's listing over a big folder (`npm run bench:finder-listing`, performance figures; spec 2 "File
 * manager", spec 7 GET /file/list/{folderId}): a folder made over HTTP holds FILES (default 10,000) files recorded
 * through the File aggregate's UploadFile command (the same decider and FileUploaded event as an upload; the sharp
 * decode is skipped, since renditions are not what the listing reads: bench/upload.bench.ts measures that), every
 * tenth tagged 'bench' through TagFile. Once the read models caught up, a signed-in staff member asks over real HTTP,
 * ROUNDS (default 40) times each: the first page (100 files, the finder's page), a later page (page 60), the folder
 * filtered by the tag, and the search of every folder by a name part; GET /health beside them in the same run.
 * Prints p50 and p95 in milliseconds. Figures only, never asserted.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fileHandler } from '../commands/file/file-handler.js';
import { percentile, fmt, printTable } from './support.js';
import { startStaffBench } from './staff-setup.js';

const FILES = Number(process.env.FILES ?? 10_000);
const ROUNDS = Number(process.env.ROUNDS ?? 40);
const CONCURRENCY = 16;

const uploadFile = fileHandler('UploadFile');
const tagFile = fileHandler('TagFile');

async function main() {
  const bench = await startStaffBench('finder_listing', ['bench-finder']);
  try {
    const staff = await bench.signIn('bench-finder');
    const headers = { cookie: staff.cookie, 'x-csrf-token': staff.token, 'content-type': 'application/json' };
    const made = await fetch(`${bench.base}/folder/create`, { method: 'POST', headers, body: JSON.stringify({ parent_id: 'root', name: 'Suur kaust' }) });
    const folder = ((await made.json()) as { model: { id: string } }).model;
    if (made.status !== 200) throw new Error(`folder create answered ${made.status}`);

    const started = performance.now();
    let next = 0;
    const now = () => new Date().toISOString();
    const worker = async () => {
      for (let i = next++; i < FILES; i = next++) {
        const fileId = randomUUID();
        const ctx = { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: now() };
        const variants = [160, 320, 640, 1280].map((w) => ({ width: w, actualWidth: w, height: Math.round((w * 3) / 4), bytes: w * 40, mime: 'image/webp' }));
        await uploadFile(bench.store, { fileId, folderId: folder.id, name: `pilt-${String(i).padStart(5, '0')}.jpg`, mime: 'image/jpeg', ext: 'jpg', bytes: 250_000 + i, width: 1600, height: 1200, variants }, ctx);
        if (i % 10 === 0) await tagFile(bench.store, { fileId, tag: 'bench' }, { ...ctx, commandId: randomUUID() });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const recorded = performance.now() - started;
    await bench.settle();
    const settled = performance.now() - started;

    const time = async (url: string, cookie = true) => {
      const t = performance.now();
      const res = await fetch(`${bench.base}${url}`, { headers: cookie ? { cookie: staff.cookie } : {} });
      await res.arrayBuffer();
      const ms = performance.now() - t;
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      return ms;
    };
    const calls: [string, string, boolean][] = [
      ['GET /file/list/{folder} page 1 (100)', `/file/list/${folder.id}?page=1&pageSize=100`, true],
      ['GET /file/list/{folder} page 60', `/file/list/${folder.id}?page=60&pageSize=100`, true],
      ['GET /file/list/{folder}?tag=bench', `/file/list/${folder.id}?tag=bench&pageSize=100`, true],
      ['GET /file/list/all?q=pilt-09', `/file/list/all?q=pilt-09&pageSize=100`, true],
      ['GET /health', '/health', false],
    ];
    const total = await fetch(`${bench.base}${calls[0]![1]}`, { headers: { cookie: staff.cookie } });
    const rows = [];
    for (const [name, url, cookie] of calls) {
      for (let i = 0; i < 5; i++) await time(url, cookie); // warm-up
      const samples: number[] = [];
      for (let i = 0; i < ROUNDS; i++) samples.push(await time(url, cookie));
      rows.push({ call: name, p50: fmt(percentile(samples, 50)), p95: fmt(percentile(samples, 95)), max: fmt(Math.max(...samples)) });
    }
    console.log(
      `\n${FILES} files in one folder (x-pagination-total-count ${total.headers.get('x-pagination-total-count')}), recorded through UploadFile/TagFile in ${fmt(recorded / 1000)} s, read models caught up at ${fmt(settled / 1000)} s; ${ROUNDS} requests each over HTTP, ms:`,
    );
    printTable(rows);
  } finally {
    await bench.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
