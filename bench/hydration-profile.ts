/**
 * Hydration's main-thread work (`npx tsx bench/hydration-profile.ts`): loads /et/products, a product page and a
 * content page (/muugitingimused) in Chromium with the CPU slowed `CPU` times (default 4, Lighthouse mobile's figure,
 * through CDP `Emulation.setCPUThrottlingRate`), `RUNS` times each (default 5), over the catalog the storefront bench
 * imported (database `shop_bench_storefront`: run `bench/storefront.bench.ts` once first). Prints per page the medians
 * of: the long tasks (over 50 ms) after the first contentful paint, their blocking time (sum of each task's ms over
 * 50: Lighthouse's TBT, measured rather than simulated), the longest task, and the time until `<html
 * data-page-ready>` (hydration committed, docs/architecture.md "Server rendering: tests, figure, what remains").
 * `PROFILE=1` also records a CPU profile of one load per page and prints the functions with the most self time (ms).
 */
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp } from '../api/app.js';
import { buildWebIfStale } from '../bin/web-build.js';
import { SearchRecorder } from '../commands/catalog/record-search.js';
import { createDatabase } from '../platform/db/database.js';
import { PostgresEventStore } from '../platform/event-store/postgres.js';
import { ensureChromium } from '../platform/services/ensure-services.js';
import { runProjector } from '../projections/read-model.js';
import { READ_MODELS } from '../projections/read-models.js';
import { benchDatabaseUrl, fmt, median, printTable } from './support.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.RUNS ?? 5);
const CPU = Number(process.env.CPU ?? 4);
const PROFILE = process.env.PROFILE === '1';
const log = (line: string) => process.stderr.write(`${line}\n`);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

/** Self time in ms per function of a CDP CPU profile, largest first. */
function selfTimes(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

async function main() {
  buildWebIfStale(log);
  const chromePath = await ensureChromium(log);
  const url = await benchDatabaseUrl('shop_bench_storefront');
  const db = createDatabase(url, { max: 10 });
  const store = new PostgresEventStore(db, { listenConnectionString: url });
  const projectors = READ_MODELS.map((rm) => runProjector(db, store, rm, { retryMs: 200 }));
  await Promise.all(projectors.map((p) => p.caughtUp()));
  const app = await buildApp({
    db,
    store,
    now: () => new Date().toISOString(),
    webRoot: path.join(repoRoot, 'web', 'dist'),
    listingCacheTtlMs: 10_000,
    searches: new SearchRecorder(store, { flushIntervalMs: 100 }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const first = (await (await fetch(`${base}/v1/products?pageSize=24`)).json()) as { data: { results: { id: string }[] } };
  const pages = [
    { name: '/et/products', path: '/et/products' },
    { name: 'product page', path: `/products/view/${first.data.results[0]!.id}` },
    { name: 'content page', path: '/muugitingimused' },
  ];
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const rows: Record<string, string | number>[] = [];
  for (const page of pages) {
    const tbt: number[] = [];
    const count: number[] = [];
    const longest: number[] = [];
    const ready: number[] = [];
    for (let run = 0; run < RUNS + 1; run++) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      await tab.addInitScript(() => {
        const w = window as unknown as { __tasks: { start: number; duration: number }[] };
        w.__tasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__tasks.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: 'longtask', buffered: true });
      });
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
      const profiling = PROFILE && run === RUNS;
      if (profiling) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      await tab.goto(`${base}${page.path}`, { waitUntil: 'load' });
      await tab.waitForSelector('html[data-page-ready]', { state: 'attached', timeout: 60_000 });
      // Settled: no long task for 2 s (the idle callbacks and the effects after hydration included).
      await tab.waitForFunction(
        () => {
          const w = window as unknown as { __tasks: { start: number; duration: number }[] };
          const last = w.__tasks.at(-1);
          return performance.now() - (last ? last.start + last.duration : 0) > 2000;
        },
        undefined,
        { polling: 250, timeout: 60_000 },
      );
      const figures = await tab.evaluate(() => {
        const w = window as unknown as { __tasks: { start: number; duration: number }[] };
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
        const tasks = w.__tasks.filter((t) => t.start + t.duration > fcp);
        return { tasks };
      });
      if (profiling) {
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
        console.log(`\nSelf time, ms, at ${CPU}x: ${page.name}`);
        for (const [fn, ms] of selfTimes(profile).slice(0, 30)) console.log(`${fmt(ms).padStart(8)}  ${fn}`);
      } else if (run > 0) {
        // The first load of each page warms the server's caches and is left out.
        tbt.push(figures.tasks.reduce((s, t) => s + Math.max(0, t.duration - 50), 0));
        count.push(figures.tasks.length);
        longest.push(Math.max(0, ...figures.tasks.map((t) => t.duration)));
        ready.push(figures.tasks.length ? Math.max(...figures.tasks.map((t) => t.start + t.duration)) : 0);
      }
      await context.close();
    }
    rows.push({
      page: page.name,
      runs: tbt.length,
      'blocking ms (median)': fmt(median(tbt), 0),
      'all runs': tbt.map((v) => fmt(v, 0)).join(' '),
      'long tasks': median(count),
      'longest ms': fmt(median(longest), 0),
      'last long task ends, ms': fmt(median(ready), 0),
    });
  }
  await browser.close();
  console.log(`\nLong tasks after the first contentful paint at ${CPU}x CPU`);
  printTable(rows);
  await app.close();
  await Promise.all(projectors.map((p) => p.stop()));
  await store.close();
  await db.destroy();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
