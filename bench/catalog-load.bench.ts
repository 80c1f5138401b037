/**
 * Listing and search under load, with no repeated query (`npm run bench:catalog-load`).
 *
 * The api role runs as its own process on the benchmark catalog (bench/catalog-setup.ts: 100,000+ listed products)
 * with its result cache off (LISTING_CACHE_TTL_MS=0: every figure is the cold path); a projector process follows
 * the event store. autocannon drives `CONNECTIONS` (default 50) connections for `DURATION` seconds (default 10) per
 * scenario, each request a new random one:
 * - health: GET /health, the HTTP ceiling of this machine, measured in the same run as the others;
 * - category: a random category, 0-2 random filters of its facets, a random sort, page 1-3, facets included;
 * - catalog: the whole catalog (the home page), a random sort and any page;
 * - search: a varying two-word query made of word prefixes of a random product's name ('pidur lam'), or a random
 *   product's part number as typed with or without its spaces and slashes;
 * - vehicle (when the catalog carries fitment, bench/catalog-setup.ts): `v=` a random generation or model year the
 *   products' applications name, half the time within a random category, a random sort, page 1-3: beside the
 *   category + filters scenario, the cost of a vehicle filter against a facet filter.
 * - render: the server-rendered listing page a first visit gets, `/et/products` with a random sort and any page (the
 *   same reads as "catalog", in process, plus React's render of the page: api/ssr): the listing's server render time
 *   beside GET /health. The web app is built first when stale (bin/web-build.ts).
 * Then the same scenarios again while a writer changes stock `WRITES_PER_SECOND` (default 20) times a second through the
 * AdjustStock command (the projector projects it, the api is told).
 * Prints p50/p95/p97.5/p99 in milliseconds and requests/s per scenario, and each scenario's p97.5 and req/s as a ratio
 * to health's in the same phase (the aims are on p97.5: docs/architecture.md "Caches, hot routes and recorded
 * searches"), and the api process's CPU time per request (user + system from /proc: on a shared machine it moves
 * less with the other processes' load than the latencies do), beside PostgreSQL's CPU, the projector process's and
 * that of the PostgreSQL backends serving the projector's connections (every search with `q` or filters records a
 * SearchPerformed event the projector follows: docs/architecture.md "Caches, hot routes and recorded searches"), the load generator's (this
 * process) and the whole machine's busy CPU per request: what one answer costs the machine, where the aims' arithmetic
 * (50 connections on 2 cores) is decided. Figures only: nothing passes or fails on time.
 *
 * Options (environment): `API_PROCESSES` (default 1: the api role as that many processes on one port, bin/role.ts;
 * the CPU per request is then the sum over them), `SCENARIOS` (comma-separated: category, catalog, search, vehicle, render; default all), `PHASES`
 * (`quiet`, `writes` or `quiet,writes`, the default), `ACCEPT_ENCODING` (e.g. `br`: every request asks for a compressed
 * answer as a browser does; default none, so the figures do not include the compression), `API_CPU_PROF` (a directory: the api child runs with
 * `--cpu-prof` and writes its profile there when the bench stops it; read it with bench/cpu-profile-top.ts),
 * `PROJECTOR_CPU_PROF` (the same for the projector process), `WARMUP` (seconds of each scenario's requests before
 * it is measured, not counted: default 0, so the figures include the JIT's warm-up of the scenario's code paths in
 * the api and the projector), `LOADGEN=wrk` (Debian's wrk, `apt-get install wrk`, drives the load instead of
 * autocannon in this process: the same connections and scenarios, each request the next of a file of paths made
 * beforehand by bench/wrk-paths.lua's rule, latencies from wrk's histogram; it costs the machine about a third of
 * autocannon's CPU per answer, which on 2 cores goes to the api and PostgreSQL instead), `WRK_THREADS` (default 1).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { API_NODE_FLAGS } from '../bin/api-node-flags.mjs';
import { buildWebIfStale } from '../bin/web-build.js';
import { adjustStock } from '../commands/stock/adjust-stock.js';
import { createDatabase, type Database } from '../platform/db/database.js';
import { PostgresEventStore } from '../platform/event-store/postgres.js';
import { setupBenchCatalog } from './catalog-setup.js';
import { catalogScenarios, pick, SORTS } from './catalog-scenarios.js';
import { cpuMs, fmt, machineBusyMs, percentile, pidsCpuMs, postgresBackendsOf, postgresCpuMs, printTable, waitFor } from './support.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3998);
const DURATION = Number(process.env.DURATION ?? 10);
/** Seconds of the same scenario's requests before each measured run, not counted (default 0: the run starts cold). */
const WARMUP = Number(process.env.WARMUP ?? 0);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const WRITES_PER_SECOND = Number(process.env.WRITES_PER_SECOND ?? 20);
const SCENARIOS = new Set((process.env.SCENARIOS ?? 'category,catalog,search,vehicle,render').split(','));
const PHASES = new Set((process.env.PHASES ?? 'quiet,writes').split(','));
const API_CPU_PROF = process.env.API_CPU_PROF;
const PROJECTOR_CPU_PROF = process.env.PROJECTOR_CPU_PROF;
const API_PROCESSES = Number(process.env.API_PROCESSES ?? 1);
/** `ACCEPT_ENCODING=br` (or gzip): every request asks for a compressed answer, as a browser does (default: none). */
const HEADERS: Record<string, string> = process.env.ACCEPT_ENCODING ? { 'accept-encoding': process.env.ACCEPT_ENCODING } : {};
const base = `http://127.0.0.1:${PORT}`;
/** `LOADGEN=wrk`: Debian's wrk drives the load instead of autocannon in this process (default `autocannon`). */
const LOADGEN = process.env.LOADGEN ?? 'autocannon';
/** Paths made per second of a wrk run: above any scenario's answers a second here, so none repeats. */
const WRK_PATHS_PER_SECOND = Number(process.env.WRK_PATHS_PER_SECOND ?? 8000);


interface Result {
  /** Answered requests. */
  count: number;
  /** Latency percentiles in milliseconds: 50, 95, 97.5, 99. */
  p50: number;
  p95: number;
  p975: number;
  p99: number;
  errors: number;
  rps: number;
  /** CPU time the api process spent (user + system), in milliseconds, per answered request. */
  cpuPerRequest: number;
  /** The same for PostgreSQL's processes (every database: the bench's share on a quiet machine only). */
  pgCpuPerRequest: number;
  /** The same for the projector process (incl. its children): following `$all`, e.g. the recorded searches. */
  projectorCpuPerRequest: number;
  /** The same for the PostgreSQL backends serving the projector's connections (found at the scenario's start). */
  projectorPgCpuPerRequest: number;
  /** The same for the load generator (this process with autocannon, the wrk child with LOADGEN=wrk). */
  loadCpuPerRequest: number;
  /** Busy CPU of the whole machine (every core and process) per answered request. */
  machineCpuPerRequest: number;
}

let apiPid: number | undefined;
let projectorPid: number | undefined;
/** The bench's own pool: finds the projector's PostgreSQL backends (bench/support.ts postgresBackendsOf). */
let benchDb: Database | undefined;

/** Autocannon's request list: every request the next path of `next`. */
const requestsOf = (next: () => string) => [{ method: 'GET', setupRequest: (req: Record<string, unknown>) => ({ ...req, path: next() }) }];

/** What the load generator measured: answered requests, latency percentiles (ms), non-2xx answers, requests/s. */
type LoadFigures = Pick<Result, 'count' | 'p50' | 'p95' | 'p975' | 'p99' | 'errors' | 'rps'>;

/** Drives the api with autocannon in this process for `seconds`, each request the next path of `next`. */
async function autocannonLoad(next: () => string, seconds: number): Promise<LoadFigures> {
  const times: number[] = [];
  let errors = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    headers: HEADERS,
    requests: requestsOf(next),
    setupClient: (client: { on(event: string, fn: (...args: number[]) => void): void }) => {
      client.on('response', (status: number, _bytes: number, responseTime: number) => {
        times.push(responseTime);
        if (status !== 200) errors++;
      });
    },
  } as never);
  return {
    count: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p975: percentile(times, 97.5),
    p99: percentile(times, 99),
    errors,
    rps: (result as { requests: { average: number } }).requests.average,
  };
}

/**
 * Drives the api with wrk (Debian's `wrk` package, C: a fraction of autocannon's CPU per request) for `seconds`, with
 * `WRK_THREADS` threads (default 1) over `CONNECTIONS` connections, each request the next line of a file of paths made
 * by `next` beforehand (bench/wrk-paths.lua), so no query repeats while the file lasts. Latencies from wrk's own
 * histogram. @throws Error when wrk is missing or fails.
 */
async function wrkLoad(next: () => string, seconds: number): Promise<LoadFigures> {
  const threads = Number(process.env.WRK_THREADS ?? 1);
  const pathCount = Math.max(1, Math.ceil(seconds * WRK_PATHS_PER_SECOND));
  const file = path.join(os.tmpdir(), `catalog-load-paths-${process.pid}.txt`);
  const lines: string[] = [];
  for (let i = 0; i < pathCount; i++) lines.push(next());
  writeFileSync(file, lines.join('\n') + '\n');
  const headers = Object.entries(HEADERS).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const args = [`-t${threads}`, `-c${CONNECTIONS}`, `-d${seconds}s`, '--timeout', '60s', ...headers, '-s', path.join(repoRoot, 'bench', 'wrk-paths.lua'), base, '--', file, String(threads)];
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.on('error', (e) => reject(new Error(`wrk could not start (apt-get install wrk): ${e.message}`)));
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}: ${text}`))));
  });
  unlinkSync(file);
  const json = out.split('\n').find((l) => l.startsWith('{"requests"'));
  if (!json) throw new Error(`wrk printed no figures: ${out}`);
  const w = JSON.parse(json) as { requests: number; durationUs: number; status: number; socketErrors: number; p50: number; p95: number; p97_5: number; p99: number };
  if (w.requests > pathCount && !lines.every((l) => l === lines[0])) console.log(`wrk: ${w.requests} requests from ${pathCount} paths (some repeated)`);
  return { count: w.requests, p50: w.p50, p95: w.p95, p975: w.p97_5, p99: w.p99, errors: w.status + w.socketErrors, rps: w.requests / (w.durationUs / 1e6) };
}

/** CPU time (user + system, milliseconds) of this process's ended and reaped children (the wrk runs). */
function reapedChildrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
}

async function run(next: () => string): Promise<Result> {
  const load = LOADGEN === 'wrk' ? wrkLoad : autocannonLoad;
  // Unmeasured first: the same kind of requests for WARMUP seconds (JIT compilation of the scenario's code paths).
  if (WARMUP > 0) await load(next, WARMUP);
  const projectorBackends = projectorPid && benchDb ? await postgresBackendsOf(projectorPid, benchDb) : [];
  const cpuBefore = cpuMs(apiPid);
  const projectorBefore = cpuMs(projectorPid);
  const projectorPgBefore = pidsCpuMs(projectorBackends);
  const pgBefore = postgresCpuMs();
  const machineBefore = machineBusyMs();
  const loadBefore = process.cpuUsage();
  const childrenBefore = reapedChildrenCpuMs();
  const figures = await load(next, DURATION);
  const own = process.cpuUsage(loadBefore);
  // With wrk the paths were made before it ran: its CPU is the reaped child's (this process only waited).
  const loadMs = LOADGEN === 'wrk' ? reapedChildrenCpuMs() - childrenBefore : (own.user + own.system) / 1000;
  const n = figures.count;
  return {
    ...figures,
    cpuPerRequest: (cpuMs(apiPid) - cpuBefore) / n,
    pgCpuPerRequest: (postgresCpuMs() - pgBefore) / n,
    projectorCpuPerRequest: (cpuMs(projectorPid) - projectorBefore) / n,
    projectorPgCpuPerRequest: (pidsCpuMs(projectorBackends) - projectorPgBefore) / n,
    loadCpuPerRequest: loadMs / n,
    machineCpuPerRequest: (machineBusyMs() - machineBefore) / n,
  };
}

function row(phase: string, name: string, r: Result, health: Result): Record<string, string | number> {
  return {
    phase,
    scenario: name,
    requests: r.count,
    'non-200': r.errors,
    'p50 ms': fmt(r.p50),
    'p95 ms': fmt(r.p95),
    'p97.5 ms': fmt(r.p975),
    'p99 ms': fmt(r.p99),
    'req/s': fmt(r.rps, 0),
    'api CPU ms/req': fmt(r.cpuPerRequest, 2),
    'PostgreSQL CPU ms/req': fmt(r.pgCpuPerRequest, 2),
    'projector CPU ms/req': fmt(r.projectorCpuPerRequest, 3),
    "projector's PostgreSQL backends CPU ms/req": fmt(r.projectorPgCpuPerRequest, 3),
    'load generator CPU ms/req': fmt(r.loadCpuPerRequest, 2),
    'machine CPU ms/req': fmt(r.machineCpuPerRequest, 2),
    'p97.5 / health p97.5': fmt(r.p975 / health.p975, 1),
    'req/s / health req/s': fmt(r.rps / health.rps, 3),
  };
}

async function main() {
  if (SCENARIOS.has('render')) buildWebIfStale((line) => console.log(line));
  const url = await setupBenchCatalog();
  const db = createDatabase(url, { max: 4 });
  const store = new PostgresEventStore(db);
  const env = {
    ...process.env,
    DATABASE_URL: url,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    SESSION_SECRET: process.env.SESSION_SECRET ?? randomUUID() + randomUUID(),
    LISTING_CACHE_TTL_MS: '0',
  };
  const children: ChildProcess[] = [];
  // Every api process says when it listens (bin/runtime.ts): the bench starts once all of them do.
  let apiListening = 0;
  const role = (name: string) => {
    const profileDir = name === 'api' ? API_CPU_PROF : PROJECTOR_CPU_PROF;
    const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(profileDir)] : [];
    // The api gets the Node flags it is started with everywhere (bin/api-node-flags.mjs).
    const flags = name === 'api' ? API_NODE_FLAGS : [];
    const child = spawn(process.execPath, [...flags, ...profile, '--import', 'tsx', path.join(repoRoot, 'bin', 'role.ts'), name], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout?.on('data', (d: Buffer) => {
      for (const line of d.toString().split('\n')) {
        if (/listing index|listening|rebuil|api processes/i.test(line)) console.log(`[${name}] ${line.trim()}`);
        if (name === 'api' && /api listening on port/.test(line)) apiListening++;
      }
    });
    children.push(child);
    return child;
  };
  let writer: NodeJS.Timeout | null = null;
  try {
    projectorPid = role('projector').pid;
    benchDb = db;
    apiPid = role('api').pid;
    await waitFor(`${base}/health`);
    while (apiListening < API_PROCESSES) await new Promise((r) => setTimeout(r, 200));

    // Categories and their facets, products' names and codes, from the api and the read model.
    const scenarios = await catalogScenarios(base, db);
    const { categories, sample, totalListed } = scenarios;
    console.log(`${categories.length} categories with products, ${totalListed} listed products; ${CONNECTIONS} connections, ${DURATION} s per scenario`);
    const { category: categoryPath, catalog: catalogPath, search: searchPath, render: renderPath } = scenarios;

    // Vehicles the products' applications name: a generation's id, or a year range's first model year.
    const vehicles = (
      await sql<{ v: string }>`
        select distinct case when a->>'kind' = 'generation' then concat_ws('.', a->>'make', a->>'model', a->>'generation')
                             else concat_ws('.', a->>'make', a->>'model', a->>'fromYear') end as v
        from rm_catalog.product_docs d, jsonb_array_elements(coalesce(d.doc->'fitment'->'applications', '[]'::jsonb)) a
        where a->>'kind' in ('generation', 'years') limit 1000`.execute(db)
    ).rows.map((r) => r.v);
    console.log(`${vehicles.length} vehicles named by the products' fitment${vehicles.length ? '' : ' (no fitment: the vehicle scenario is left out; run bench:setup with BENCH_FITMENT unset)'}`);
    const vehiclePath = () => {
      const c = Math.random() < 0.5 ? `&c=${pick(categories).id}` : '';
      return `/v1/products?v=${pick(vehicles)}${c}&sort=${pick(SORTS)}&page=${1 + Math.floor(Math.random() * 3)}`;
    };

    const rows: Record<string, string | number>[] = [];
    const phase = async (name: string) => {
      const health = await run(() => '/health');
      rows.push(row(name, 'health (HTTP ceiling)', health, health));
      if (SCENARIOS.has('category')) rows.push(row(name, 'category + filters + sort + page 1-3', await run(categoryPath), health));
      if (SCENARIOS.has('catalog')) rows.push(row(name, 'whole catalog, any sort, any page', await run(catalogPath), health));
      if (SCENARIOS.has('search')) rows.push(row(name, 'search, varying words or part number', await run(searchPath), health));
      if (SCENARIOS.has('vehicle') && vehicles.length) rows.push(row(name, 'vehicle v= (+ category half the time) + sort + page 1-3', await run(vehiclePath), health));
      if (SCENARIOS.has('render')) rows.push(row(name, 'server-rendered /et/products, any sort, any page', await run(renderPath), health));
    };
    if (PHASES.has('quiet')) await phase('quiet');
    if (!PHASES.has('writes')) {
      printTable(rows);
      return;
    }

    let writes = 0;
    let writeErrors = 0;
    const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: new Date().toISOString() });
    writer = setInterval(() => {
      const p = pick(sample);
      adjustStock(store, { productId: p.id, warehouseId: 'tallinn', delta: Math.random() < 0.5 ? 1 : 2 }, ctx()).then(
        () => writes++,
        () => writeErrors++,
      );
    }, 1000 / WRITES_PER_SECOND);
    const started = Date.now();
    await phase(`${WRITES_PER_SECOND} stock writes/s`);
    const seconds = (Date.now() - started) / 1000;
    clearInterval(writer);
    writer = null;
    printTable(rows);
    console.log(`writer: ${writes} stock changes in ${seconds.toFixed(0)} s (${(writes / seconds).toFixed(1)}/s), ${writeErrors} refused`);
  } finally {
    if (writer) clearInterval(writer);
    // Waits for the roles to stop (the api writes its CPU profile on the way out).
    const exited = children.map((c) => (c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => c.once('exit', () => resolve()))));
    for (const c of children) c.kill('SIGTERM');
    await Promise.race([Promise.all(exited), new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);
    await store.close();
    await db.destroy();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
