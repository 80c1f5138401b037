/**
 * Hydration's main-thread work (`npx tsx bench/hydration-profile.ts`): loads /et/products, a product page and a
 * content page (/muugitingimused) in Chromium, `RUNS` times each (default 5, after one warm-up load), over the catalog
 * the storefront bench imported (database `shop_bench_storefront`: run `bench/storefront.bench.ts` once first), with a
 * Chromium trace of each load. Each top-level task of the page's main thread is counted by its *thread* time (CPU
 * time, so a busy shared machine's waits are left out) times `CPU` (default 4, Lighthouse mobile's slowdown), from the
 * first contentful paint until the page is settled (`<html data-page-ready>`, then 2 s without a task over 10 ms).
 * Prints per page the medians of: the blocking time (each task's ms over 50, summed: Lighthouse's TBT with CPU time
 * instead of wall time), the same by wall time (what Lighthouse's simulation does with a trace: on a busy machine the
 * waits for a core count too), the tasks over 50 ms, the longest, and all main-thread CPU after the paint (ms, times
 * CPU).
 * `PROFILE=1` also records a CPU profile of one more load per page and prints the functions with the most self time
 * (ms, unscaled). `BREAKDOWN=1` also prints, per page, the medians of that main-thread work after the paint by kind
 * (script, style, layout, paint, parse, GC, other: the trace events' self thread time, ms times CPU), and the same
 * for the longest task alone: whether a long task is the app's JavaScript or the browser's style and layout.
 * `EXTRA_CSS='<rules>'` adds a style element with those rules to each page's HTML as it arrives (its
 * Content-Security-Policy header dropped for that): a style rule tried on the real pages before it is built in, run
 * beside a run with `EXTRA_CSS=''` (the same route, nothing added).
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
const BREAKDOWN = process.env.BREAKDOWN === '1';
const EXTRA_CSS = process.env.EXTRA_CSS;
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

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * The thread (CPU) time and the wall time in ms of each top-level task of the renderer main thread that painted first, from its first
 * contentful paint on (a task running across the paint counts whole).
 */
function mainThreadTasks(events: TraceEvent[]): { cpu: number; wall: number }[] {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('no firstContentfulPaint in the trace');
  const tasks = events
    .filter((e) => e.ph === 'X' && e.pid === fcp.pid && e.tid === fcp.tid && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'))
    .sort((x, y) => x.ts - y.ts);
  const top: TraceEvent[] = [];
  for (const t of tasks) {
    const last = top.at(-1);
    if (last && t.ts < last.ts + (last.dur ?? 0)) continue; // nested in the previous one
    top.push(t);
  }
  return top.filter((t) => t.ts + (t.dur ?? 0) >= fcp.ts).map((t) => ({ cpu: (t.tdur ?? t.dur ?? 0) / 1000, wall: (t.dur ?? 0) / 1000 }));
}

/** The kind of main-thread work a trace event's own time is (devtools.timeline event names). */
function kindOf(name: string): string {
  if (/^(FunctionCall|EvaluateScript|v8\.|V8\.|TimerFire|EventDispatch|FireAnimationFrame|FireIdleCallback|RunMicrotasks|v8::|CompileScript|CompileCode|ParseOnBackground|ScheduleStyleRecalculation$)/.test(name)) return 'script';
  if (/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|StyleRecalc)/.test(name)) return 'style';
  if (/^(Layout|UpdateLayerTree|IntersectionObserverController|ComputeIntersections)/.test(name)) return 'layout';
  if (/^(Paint|PrePaint|Layerize|CompositeLayers|UpdateLayer|Commit|RasterTask|PaintImage|Decode)/.test(name)) return 'paint';
  if (/^(ParseHTML|HTMLDocumentParser)/.test(name)) return 'parse';
  if (/GC|GarbageCollection|Scavenge/.test(name)) return 'GC';
  return 'other';
}

/**
 * The self thread time (ms, unscaled) by kind (`kindOf`) of the main thread's work from the first contentful paint
 * on: over every task (`all`) and within the longest task (`longest`). Nesting is read from the complete events' spans.
 */
function breakdown(events: TraceEvent[]): { all: Record<string, number>; longest: Record<string, number> } {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint')!;
  const onThread = events.filter((e) => e.ph === 'X' && e.pid === fcp.pid && e.tid === fcp.tid && e.dur !== undefined).sort((x, y) => x.ts - y.ts || (y.dur ?? 0) - (x.dur ?? 0));
  const all: Record<string, number> = {};
  const byTask = new Map<TraceEvent, Record<string, number>>();
  const stack: { e: TraceEvent; childCpu: number; task: TraceEvent }[] = [];
  const close = (until: number) => {
    while (stack.length && stack.at(-1)!.e.ts + (stack.at(-1)!.e.dur ?? 0) <= until) {
      const { e, childCpu, task } = stack.pop()!;
      const cpu = (e.tdur ?? e.dur ?? 0) / 1000;
      const self = Math.max(0, cpu - childCpu);
      if (stack.length) stack.at(-1)!.childCpu += cpu;
      if (task.ts + (task.dur ?? 0) < fcp.ts) continue;
      const kind = e === task ? 'other' : kindOf(e.name);
      all[kind] = (all[kind] ?? 0) + self;
      const mine = byTask.get(task) ?? {};
      mine[kind] = (mine[kind] ?? 0) + self;
      byTask.set(task, mine);
    }
  };
  for (const e of onThread) {
    close(e.ts);
    const task = stack[0]?.e ?? e;
    stack.push({ e, childCpu: 0, task });
  }
  close(Number.POSITIVE_INFINITY);
  let longest: Record<string, number> = {};
  let longestCpu = -1;
  for (const [task, kinds] of byTask) {
    const cpu = (task.tdur ?? task.dur ?? 0) / 1000;
    if (cpu > longestCpu) [longestCpu, longest] = [cpu, kinds];
  }
  return { all, longest };
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
  const kindRows: Record<string, string | number>[] = [];
  for (const page of pages) {
    const tbt: number[] = [];
    const wallTbt: number[] = [];
    const count: number[] = [];
    const longest: number[] = [];
    const ready: number[] = [];
    const kinds: { all: Record<string, number>; longest: Record<string, number> }[] = [];
    for (let run = 0; run < RUNS + 1; run++) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      if (EXTRA_CSS !== undefined) {
        await tab.route(
          (u) => u.pathname === page.path,
          async (route) => {
            const response = await route.fetch();
            const headers = { ...response.headers() };
            delete headers['content-security-policy'];
            delete headers['content-encoding'];
            delete headers['content-length'];
            const html = (await response.text()).replace('</head>', `<style>${EXTRA_CSS}</style></head>`);
            await route.fulfill({ response, headers, body: html });
          },
        );
      }
      await tab.addInitScript(() => {
        const w = window as unknown as { __tasks: { start: number; duration: number }[] };
        w.__tasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__tasks.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: 'longtask', buffered: true });
      });
      const cdp = await context.newCDPSession(tab);
      const profiling = PROFILE && run === RUNS;
      if (profiling) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      } else {
        await browser.startTracing(tab, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] });
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
      if (profiling) {
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
        console.log(`\nSelf time, ms: ${page.name}`);
        const times = selfTimes(profile);
        const busy = times.filter(([fn]) => !fn.startsWith('(idle)') && !fn.startsWith('(program)')).reduce((sum, [, ms]) => sum + ms, 0);
        console.log(`all but (idle) and (program): ${fmt(busy)} ms`);
        for (const [fn, ms] of times.slice(0, 40)) console.log(`${fmt(ms).padStart(8)}  ${fn}`);
      } else {
        const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
        const times = mainThreadTasks(trace.traceEvents);
        const tasks = times.map((t) => t.cpu * CPU);
        if (run > 0) {
          // The first load of each page warms the server's caches and is left out.
          tbt.push(tasks.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0));
          wallTbt.push(times.reduce((sum, t) => sum + Math.max(0, t.wall * CPU - 50), 0));
          count.push(tasks.filter((ms) => ms > 50).length);
          longest.push(Math.max(0, ...tasks));
          ready.push(tasks.reduce((sum, ms) => sum + ms, 0));
          if (BREAKDOWN) kinds.push(breakdown(trace.traceEvents));
        }
      }
      await context.close();
    }
    for (const part of ['all', 'longest'] as const) {
      if (!kinds.length) break;
      const row: Record<string, string | number> = { page: page.name, tasks: part === 'all' ? 'every task after the paint' : 'the longest task' };
      for (const kind of ['script', 'style', 'layout', 'paint', 'parse', 'GC', 'other']) row[kind] = fmt(median(kinds.map((k) => (k[part][kind] ?? 0) * CPU)), 0);
      kindRows.push(row);
    }
    rows.push({
      page: page.name,
      runs: tbt.length,
      'blocking ms (median)': fmt(median(tbt), 0),
      'all runs': tbt.map((v) => fmt(v, 0)).join(' '),
      'blocking by wall time (median)': fmt(median(wallTbt), 0),
      'tasks > 50 ms': median(count),
      'longest ms': fmt(median(longest), 0),
      'CPU after paint, ms': fmt(median(ready), 0),
    });
  }
  await browser.close();
  console.log(`\nMain-thread tasks after the first contentful paint, CPU time x ${CPU}`);
  printTable(rows);
  if (kindRows.length) {
    console.log(`\nThat work by kind (self thread time of the trace's events, ms x ${CPU}, medians)`);
    printTable(kindRows);
  }
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
