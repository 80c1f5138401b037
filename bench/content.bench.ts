/**
 * Live content and content page load (`npm run bench:content`; architecture "Live content").
 *
 * Set-up (bench/staff-setup.ts): a fresh database, every projector in this process, the api on 127.0.0.1 over real
 * HTTP with the built web app and its server render (bin/web-build.ts builds it when stale), a staff member with
 * pages.edit, and a published content page.
 *
 * 1. Publish to guest, `PUBLISHES` times (default 20), one at a time: the staff member saves a new draft text (PUT
 *    /v1/admin/pages/{id}) and publishes it (POST .../publish) while `PAGES` guest pages (default 50) hold the
 *    websocket GET /v1/live open with `{"content": true}`. Measured from sending the publish: the push naming the
 *    page on one of those sockets (the last of them to receive it), and the new text readable by a guest request
 *    (GET /v1/page/{name} asked again every 5 ms until it shows). Median, p95 and max in milliseconds.
 * 2. Load: autocannon drives `CONNECTIONS` (default 50) connections for `DURATION` seconds (default 10) per scenario in
 *    one run: GET /health (the HTTP ceiling of this machine), GET /v1/page/{name} (the content page's data) and GET
 *    /{name} (the page rendered on the server, as a first visit gets it). p50/p95/p99, req/s and their ratio to
 *    health's.
 * Figures only: nothing passes or fails on time.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { buildWebIfStale } from '../bin/web-build.js';
import { fmt, percentile, printTable } from './support.js';
import { startStaffBench } from './staff-setup.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const PUBLISHES = Number(process.env.PUBLISHES ?? 20);
const PAGES = Number(process.env.PAGES ?? 50);
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const NAME = 'kliendiklubi';

interface Result {
  times: number[];
  errors: number;
  rps: number;
}

async function load(base: string, path: string): Promise<Result> {
  const times: number[] = [];
  let errors = 0;
  const result = await autocannon({
    url: base + path,
    connections: CONNECTIONS,
    duration: DURATION,
    setupClient: (client: { on(event: string, fn: (...args: number[]) => void): void }) => {
      client.on('response', (status: number, _bytes: number, responseTime: number) => {
        times.push(responseTime);
        if (status !== 200) errors++;
      });
    },
  } as never);
  return { times, errors, rps: (result as { requests: { average: number } }).requests.average };
}

function loadRow(name: string, r: Result, health: Result): Record<string, string | number> {
  const p95 = percentile(r.times, 95);
  return {
    scenario: name,
    requests: r.times.length,
    'non-200': r.errors,
    'p50 ms': fmt(percentile(r.times, 50)),
    'p95 ms': fmt(p95),
    'p99 ms': fmt(percentile(r.times, 99)),
    'req/s': fmt(r.rps, 0),
    'p95 / health p95': fmt(p95 / percentile(health.times, 95), 1),
    'req/s / health req/s': fmt(r.rps / health.rps, 3),
  };
}

const stats = (label: string, xs: number[]) => ({ measure: label, median: fmt(percentile(xs, 50)), p95: fmt(percentile(xs, 95)), max: fmt(Math.max(...xs)) });

async function main() {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const bench = await startStaffBench('content', ['bench-editor'], {
    api: { webRoot: path.join(repoRoot, 'web', 'dist'), ssrEntry: path.join(repoRoot, 'web', 'dist-server', 'entry-server.js') },
  });
  const sockets: WebSocket[] = [];
  try {
    const staff = await bench.signIn('bench-editor');
    const call = async (method: string, url: string, body: unknown) => {
      const res = await fetch(`${bench.base}${url}`, { method, headers: { cookie: staff.cookie, 'x-csrf-token': staff.token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { data: { pageId: string; version: number } }).data;
    };
    const doc = (text: string) => ({ title: { et: 'Kliendiklubi', en: 'Loyalty club' }, slug: { et: NAME, en: 'loyalty-club' }, layout: 'default', content: { et: `<p>${text}</p>`, en: '<p>Points on every purchase.</p>' } });
    const { title, slug, layout } = doc('');
    let { pageId, version } = await call('POST', '/v1/admin/pages', { title, slug, layout });
    ({ version } = await call('PUT', `/v1/admin/pages/${pageId}`, { version, ...doc('Algus') }));
    ({ version } = await call('POST', `/v1/admin/pages/${pageId}/publish`, { version }));

    // The guests' open pages: each socket records when a push naming the page arrived.
    const arrivals: number[][] = [];
    for (let i = 0; i < PAGES; i++) {
      const socket = new WebSocket(`${bench.base.replace('http', 'ws')}/v1/live`);
      sockets.push(socket);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      const mine: number[] = [];
      arrivals.push(mine);
      socket.on('message', (m) => {
        const data = JSON.parse(String(m)) as { type?: string; pages?: string[] };
        if (data.type === 'content' && data.pages?.includes(pageId)) mine.push(performance.now());
      });
      socket.send(JSON.stringify({ content: true }));
    }
    await new Promise((r) => setTimeout(r, 200));

    const pushed: number[] = [];
    const readable: number[] = [];
    for (let i = 1; i <= PUBLISHES; i++) {
      const text = `Uus tekst ${i}`;
      ({ version } = await call('PUT', `/v1/admin/pages/${pageId}`, { version, ...doc(text) }));
      const seen = arrivals.map((a) => a.length);
      const t0 = performance.now();
      const published = call('POST', `/v1/admin/pages/${pageId}/publish`, { version });
      let readAt = Number.NaN;
      for (const deadline = t0 + 10_000; performance.now() < deadline; await new Promise((r) => setTimeout(r, 5))) {
        const page = (await (await fetch(`${bench.base}/v1/page/${NAME}?lang=et`)).json()) as { data?: { content: string } };
        if (page.data?.content.includes(text)) {
          readAt = performance.now();
          break;
        }
      }
      ({ version } = await published);
      if (Number.isNaN(readAt)) throw new Error(`publish ${i}: the new text was not readable within 10 s`);
      for (const deadline = t0 + 10_000; arrivals.some((a, s) => a.length === seen[s]) && performance.now() < deadline; ) await new Promise((r) => setTimeout(r, 2));
      if (arrivals.some((a, s) => a.length === seen[s])) throw new Error(`publish ${i}: a page got no push within 10 s`);
      pushed.push(Math.max(...arrivals.map((a) => a.at(-1)!)) - t0);
      readable.push(readAt - t0);
    }
    console.log(`\n${PUBLISHES} publishes one at a time, ${PAGES} guest pages open on /v1/live; ms after sending the publish:`);
    printTable([stats(`push naming the page (last of ${PAGES} sockets)`, pushed), stats('new text readable by a guest (GET /v1/page)', readable)]);

    for (const s of sockets) s.close();
    console.log(`\n${CONNECTIONS} connections, ${DURATION} s per scenario, one run:`);
    const health = await load(bench.base, '/health');
    printTable([
      loadRow('GET /health (HTTP ceiling)', health, health),
      loadRow(`GET /v1/page/${NAME}`, await load(bench.base, `/v1/page/${NAME}?lang=et`), health),
      loadRow(`GET /${NAME} (server render)`, await load(bench.base, `/${NAME}`), health),
    ]);
  } finally {
    for (const s of sockets) s.close();
    await bench.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
