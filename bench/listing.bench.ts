/**
 * Listing and search latency under load (`npm run bench:listing`): the api role runs as its own process on the
 * benchmark catalog (bench/catalog-setup.ts, 100,000+ products) and autocannon drives it with 50 connections for
 * `DURATION` seconds (default 15) per scenario:
 * - listing: a category + two filters + a sort, facet counts included (GET /v1/products?c&f&sort);
 * - search: part numbers and name words, rotating (GET /v1/products?q=...; each appends SearchPerformed).
 * Prints p50/p95/p99 latency in milliseconds (from every response) and requests/s. `CONNECTIONS` (default 50) and
 * `LISTING_CACHE_TTL_MS=0` (the api without its result cache) measure single uncached requests.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import { setupBenchCatalog } from './catalog-setup.js';
import { fmt, percentile, printTable } from './support.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3999);
const DURATION = Number(process.env.DURATION ?? 15);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const base = `http://127.0.0.1:${PORT}`;

async function waitForApi(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('api did not start');
}

async function run(name: string, paths: string[]): Promise<Record<string, string | number>> {
  const times: number[] = [];
  let i = 0;
  let errors = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [{ method: 'GET', setupRequest: (req: Record<string, unknown>) => ({ ...req, path: paths[i++ % paths.length] }) }],
    setupClient: (client: { on(event: string, fn: (...args: number[]) => void): void }) => {
      client.on('response', (status: number, _bytes: number, responseTime: number) => {
        times.push(responseTime);
        if (status !== 200) errors++;
      });
    },
  } as never);
  return {
    scenario: name,
    requests: times.length,
    'non-200': errors,
    'p50 ms': fmt(percentile(times, 50)),
    'p95 ms': fmt(percentile(times, 95)),
    'p99 ms': fmt(percentile(times, 99)),
    'req/s': fmt((result as { requests: { average: number } }).requests.average, 0),
  };
}

async function main() {
  const url = await setupBenchCatalog();
  const api = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bin', 'role.ts'), 'api'], {
    cwd: repoRoot,
    // A role run alone is production (platform/config.ts): it needs its public address and a session secret.
    env: { ...process.env, DATABASE_URL: url, PORT: String(PORT), HOST: '127.0.0.1', PUBLIC_URL: base, SESSION_SECRET: process.env.SESSION_SECRET ?? `${randomUUID()}${randomUUID()}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForApi();
    // A big category and two of its facets, found through the API itself.
    const tree = (await (await fetch(`${base}/v1/categories`)).json()).data as { id: string; productCount: number }[];
    const category = [...tree].sort((a, b) => b.productCount - a.productCount)[0];
    const first = (await (await fetch(`${base}/v1/products?c=${category.id}`)).json()).data;
    const facets = (first.availableFilters as { name: string; options: Record<string, number> }[]).filter((f) => Object.keys(f.options).length > 1).slice(0, 2);
    const filter = Object.fromEntries(facets.map((f) => [f.name, Object.keys(f.options).slice(0, 2)]));
    const listing = [`/v1/products?c=${category.id}&f=${encodeURIComponent(JSON.stringify(filter))}&sort=total_price`, `/v1/products?c=${category.id}&f=${encodeURIComponent(JSON.stringify(filter))}&sort=-modified_at&page=2`];
    const searches = ['BF1018/1', 'bf 1018 1', 'W712/75', 'brake pad', 'kütusefilter', 'gasket set', 'piduriklotsid', 'oil filtr', 'TR6 gearbox', 'laager'].map((q) => `/v1/products?q=${encodeURIComponent(q)}`);
    console.log(`category "${category.id}" with ${category.productCount} products; filters ${JSON.stringify(filter)}`);
    const rows = [await run('listing: category + 2 filters + sort, facets', listing), await run('search: part numbers and words', searches), await run('listing: whole catalog, default sort, facets', ['/v1/products', '/v1/products?page=3'])];
    console.log(`listing/search benchmark: ${CONNECTIONS} connections, cache TTL ${process.env.LISTING_CACHE_TTL_MS ?? 10000} ms, ${DURATION} s per scenario, api in its own process`);
    printTable(rows);
  } finally {
    api.kill('SIGTERM');
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
