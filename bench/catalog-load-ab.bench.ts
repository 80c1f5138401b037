/**
 * Two builds of the api side by side under the same load (`npx tsx bench/catalog-load-ab.bench.ts <repo A> <repo B>`):
 * on a machine shared with other work, two bench:catalog-load runs one after the other see different background load
 * and their CPU per answer moves by a quarter from run to run. Here both api processes (each `bin/role.ts api` of its
 * own checkout, on the bench database of bench/catalog-setup.ts, listing cache off) run at once and take turns:
 * `ROUNDS` (default 6) rounds of `DURATION` seconds (default 5) per scenario and build, A then B then B then A..., so
 * both see the same period. Prints per scenario and build the median over rounds of the api's CPU ms per answer
 * (user + system from /proc) and of its PostgreSQL backends' (bench/support.ts postgresBackendsOf), of requests/s and of
 * p50/p97.5, and the ratios B/A of the CPU medians. The scenarios are
 * bench:catalog-load's `category`, `catalog` and `search` (SCENARIOS=); `ACCEPT_ENCODING=br` asks for compressed answers. Ports: `BENCH_PORT` and the one after
 * (default 3998). `NODE_FLAGS_A` / `NODE_FLAGS_B`: Node or V8 flags (space-separated) for that build's api process
 * only, to weigh a runtime setting on one checkout (both repos the same path). Needs the bench database (npm run
 * bench:setup). Figures only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import { API_NODE_FLAGS } from '../bin/api-node-flags.mjs';
import { createDatabase } from '../platform/db/database.js';
import { BENCH_DB } from './catalog-setup.js';
import { catalogScenarios } from './catalog-scenarios.js';
import { benchDatabaseUrl, cpuMs, fmt, percentile, pidsCpuMs, postgresBackendsOf, printTable, waitFor } from './support.js';

const [repoA, repoB] = process.argv.slice(2).map((p) => path.resolve(p));
if (!repoA || !repoB) throw new Error('usage: catalog-load-ab.bench.ts <repo A> <repo B>');
const PORT = Number(process.env.BENCH_PORT ?? 3998);
const DURATION = Number(process.env.DURATION ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SCENARIOS = (process.env.SCENARIOS ?? 'category,catalog,search').split(',');
/** `ACCEPT_ENCODING=br` (or gzip): every request asks for a compressed answer, as a browser does (default: none). */
const HEADERS: Record<string, string> = process.env.ACCEPT_ENCODING ? { 'accept-encoding': process.env.ACCEPT_ENCODING } : {};


async function main() {
  const url = await benchDatabaseUrl(BENCH_DB);
  const db = createDatabase(url, { max: 2 });
  const children: ChildProcess[] = [];
  const start = (repo: string, port: number, flags: string | undefined) => {
    const env = { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, SESSION_SECRET: randomUUID() + randomUUID(), LISTING_CACHE_TTL_MS: '0' };
    // The api's Node flags (bin/api-node-flags.mjs), then this build's own (NODE_FLAGS_A/B).
    const child = spawn(process.execPath, [...API_NODE_FLAGS, ...(flags ?? '').split(' ').filter(Boolean), '--import', 'tsx', path.join(repo, 'bin', 'role.ts'), 'api'], { cwd: repo, env, stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(child);
    return child;
  };
  try {
    const builds = [
      { name: 'A', repo: repoA, port: PORT, pid: start(repoA, PORT, process.env.NODE_FLAGS_A).pid! },
      { name: 'B', repo: repoB, port: PORT + 1, pid: start(repoB, PORT + 1, process.env.NODE_FLAGS_B).pid! },
    ];
    await Promise.all(builds.map((b) => waitFor(`http://127.0.0.1:${b.port}/health`)));
    const base = `http://127.0.0.1:${PORT}`;
    // The paths of bench:catalog-load's scenarios.
    const scenarios = await catalogScenarios(base, db);
    const { categories, totalListed } = scenarios;
    const paths: Record<string, () => string> = { category: scenarios.category, catalog: scenarios.catalog, search: scenarios.search };
    console.log(`A ${repoA}${process.env.NODE_FLAGS_A ? ` (${process.env.NODE_FLAGS_A})` : ""}, B ${repoB}${process.env.NODE_FLAGS_B ? ` (${process.env.NODE_FLAGS_B})` : ""}; ${categories.length} categories, ${totalListed} listed; ${ROUNDS} rounds of ${DURATION} s per build and scenario, ${CONNECTIONS} connections`);
    const rows: Record<string, string | number>[] = [];
    for (const scenario of SCENARIOS) {
      const runs = new Map<string, { cpu: number; pg: number; rps: number; p50: number; p975: number }[]>(builds.map((b) => [b.name, []]));
      for (let round = 0; round < ROUNDS; round++) {
        for (const b of round % 2 === 0 ? builds : [...builds].reverse()) {
          const times: number[] = [];
          // The api's PostgreSQL backends (its pool opens them on demand: looked up again each round).
          const backends = await postgresBackendsOf(b.pid, db);
          const pgBefore = pidsCpuMs(backends);
          const before = cpuMs(b.pid);
          const result = await autocannon({
            url: `http://127.0.0.1:${b.port}`,
            connections: CONNECTIONS,
            duration: DURATION,
            headers: HEADERS,
            requests: [{ method: 'GET', setupRequest: (req: Record<string, unknown>) => ({ ...req, path: paths[scenario]() }) }],
            setupClient: (client: { on(event: string, fn: (...args: number[]) => void): void }) => client.on('response', (_s: number, _b: number, t: number) => times.push(t)),
          } as never);
          runs.get(b.name)!.push({ cpu: (cpuMs(b.pid) - before) / times.length, pg: (pidsCpuMs(backends) - pgBefore) / times.length, rps: (result as { requests: { average: number } }).requests.average, p50: percentile(times, 50), p975: percentile(times, 97.5) });
        }
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const cpuA = median(runs.get('A')!.map((r) => r.cpu));
      const pgA = median(runs.get('A')!.map((r) => r.pg));
      for (const b of builds) {
        const r = runs.get(b.name)!;
        rows.push({
          scenario,
          build: b.name,
          'CPU ms/answer (median)': fmt(median(r.map((x) => x.cpu)), 3),
          'CPU per round': r.map((x) => x.cpu.toFixed(2)).join(' '),
          'PostgreSQL CPU ms/answer (median)': fmt(median(r.map((x) => x.pg)), 3),
          'PostgreSQL B/A': b.name === 'B' ? fmt(median(r.map((x) => x.pg)) / pgA, 3) : '',
          'req/s': fmt(median(r.map((x) => x.rps)), 0),
          'p50 ms': fmt(median(r.map((x) => x.p50))),
          'p97.5 ms': fmt(median(r.map((x) => x.p975))),
          'CPU B/A': b.name === 'B' ? fmt(median(r.map((x) => x.cpu)) / cpuA, 3) : '',
        });
      }
    }
    printTable(rows);
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await db.destroy();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
