/**
 * ProductList latency with 100,000+ products (`npm run bench:admin-products`; figures: ProductList p95
 * with 100,000 products, search + filter + sort). The benchmark catalog (bench/catalog-setup.ts, database
 * `shop_bench_catalog`), a staff user registered in it, the api role in its own process (as bench/listing.bench.ts
 * runs it) with staff sessions in the local Redis; autocannon drives GET /v1/admin/products signed in, each request
 * a random search (a part number typed with spaces or dashes, a part of one, or name words; or none) plus a random
 * filter (category, policy, visibility, stock state, no image, or none) and a random back-office sort and page, for
 * `DURATION` seconds (default 15) with `CONNECTIONS` (default 10: a back office, not a storefront); then GET /health
 * the same way in the same run. Prints p50/p95/p99 of both and the ratio ProductList / health. Figures only: it never
 * fails on time.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { registerUser } from '../commands/user/user-accounts.js';
import { createDatabase } from '../platform/db/database.js';
import { PostgresEventStore } from '../platform/event-store/postgres.js';
import { ensureReadModel, runProjector } from '../projections/read-model.js';
import { usersReadModel } from '../projections/users/writer.js';
import { setupBenchCatalog } from './catalog-setup.js';
import { fmt, percentile, printTable } from './support.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3998);
const DURATION = Number(process.env.DURATION ?? 15);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const PATHS = 2_000;
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'Bench-Products-2026!q';

/** A small seeded random generator (mulberry32), so every run asks the same requests. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function waitForApi(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('api did not start');
}

async function run(name: string, paths: string[], headers: Record<string, string>): Promise<{ row: Record<string, string | number>; p50: number; p95: number }> {
  const times: number[] = [];
  let i = 0;
  let errors = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
    requests: [{ method: 'GET', setupRequest: (req: Record<string, unknown>) => ({ ...req, path: paths[i++ % paths.length] }) }],
    setupClient: (client: { on(event: string, fn: (...args: number[]) => void): void }) => {
      client.on('response', (status: number, _bytes: number, responseTime: number) => {
        times.push(responseTime);
        if (status !== 200) errors++;
      });
    },
  } as never);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  return {
    p50,
    p95,
    row: {
      scenario: name,
      requests: times.length,
      'non-200': errors,
      'p50 ms': fmt(p50),
      'p95 ms': fmt(p95),
      'p99 ms': fmt(percentile(times, 99)),
      'req/s': fmt((result as { requests: { average: number } }).requests.average, 0),
    },
  };
}

/** Random ProductList requests from the catalog's own codes, names and categories. */
async function requestPaths(url: string, username: string): Promise<string[]> {
  const db = createDatabase(url, { max: 4 });
  const store = new PostgresEventStore(db);
  try {
    const now = new Date().toISOString();
    await registerUser(store, { username, password: PASSWORD, confirm: PASSWORD, roles: ['CLIENT'] }, { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now }, { usernameTaken: async () => false });
    await ensureReadModel(db, store, usersReadModel);
    const users = runProjector(db, store, usersReadModel);
    await users.caughtUp();
    await users.stop();
    const sample = await sql<{ code1: string; name_et: string; name_en: string }>`select code1, name_et, name_en from rm_catalog.products tablesample system (2) where seq > 0 limit 400`.execute(db);
    const categories = (await sql<{ id: string }>`select id::text from rm_catalog.categories where not deleted`.execute(db)).rows.map((r) => r.id);
    const count = (await sql<{ n: number }>`select count(*)::int as n from rm_catalog.products where seq > 0`.execute(db)).rows[0]!.n;
    console.log(`catalog: ${count} products, ${categories.length} categories; sampled ${sample.rows.length} products for searches`);
    const random = rng(11);
    const pick = <T,>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const spaced = (code: string) => code.replace(/[^A-Za-z0-9]+/g, pick([' ', '-', '', ' '])).toLowerCase();
    const searches: (() => string | null)[] = [
      () => null,
      () => spaced(pick(sample.rows).code1),
      () => pick(sample.rows).code1,
      () => pick(sample.rows).code1.replace(/[^A-Za-z0-9]/g, '').slice(0, 4),
      () => pick(sample.rows).name_et.split(/\s+/)[0]!,
      () => pick(sample.rows).name_en.split(/\s+/).slice(0, 2).map((w) => w.slice(0, Math.max(3, w.length - 2))).join(' '),
    ];
    const filters: (() => Record<string, string>)[] = [
      () => ({}),
      () => ({ category: pick(categories) }),
      () => ({ policy: pick(['available', 'on_demand', 'not_available', 'non_stock']) }),
      () => ({ visibility: pick(['visible', 'hidden', 'inaccessible']) }),
      () => ({ stock: pick(['in', 'low', 'out']) }),
      () => ({ noImage: '1' }),
      () => ({ noCategory: '1' }),
    ];
    const sorts = ['newest', 'oldest', 'name-asc', 'name-desc', 'price-asc', 'price-desc'];
    return Array.from({ length: PATHS }, () => {
      const q = pick(searches)();
      const query = new URLSearchParams({ lang: pick(['et', 'en']), ...(q ? { q: q.slice(0, 100) } : {}), ...pick(filters)(), sort: pick(sorts), ...(random() < 0.2 ? { page: String(2 + Math.floor(random() * 5)) } : {}) });
      return `/v1/admin/products?${query}`;
    });
  } finally {
    await store.close();
    await db.destroy();
  }
}

async function main() {
  const url = await setupBenchCatalog();
  const username = `bench-products-${process.pid}-${Date.now()}`;
  const paths = await requestPaths(url, username);
  const api = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bin', 'role.ts'), 'api'], {
    cwd: repoRoot,
    // A role run alone is production (platform/config.ts): it needs its public address and a session secret.
    env: { ...process.env, DATABASE_URL: url, PORT: String(PORT), HOST: '127.0.0.1', PUBLIC_URL: base, SESSION_SECRET: process.env.SESSION_SECRET ?? `${randomUUID()}${randomUUID()}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForApi();
    const csrf = await fetch(`${base}/v1/csrf-token`);
    const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const token = ((await csrf.json()) as { data: { token: string } }).data.token;
    const login = await fetch(`${base}/v1/login-session`, {
      method: 'POST',
      headers: { cookie: csrfCookie, 'x-csrf-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
    const cookie = [csrfCookie, ...login.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');
    // Warm-up and a check that the paths answer 200 (a 4xx would measure the error path).
    for (const p of paths.slice(0, 20)) {
      const res = await fetch(`${base}${p}`, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
    }
    const list = await run('GET /v1/admin/products (search + filter + sort, random)', paths, { cookie });
    const health = await run('GET /health', ['/health'], {});
    console.log(`ProductList benchmark: ${CONNECTIONS} connections, ${DURATION} s per scenario, ${paths.length} distinct requests, api in its own process`);
    printTable([list.row, health.row]);
    console.log(`ratio ProductList / health: p50 ${fmt(list.p50 / health.p50)}x, p95 ${fmt(list.p95 / health.p95)}x`);
  } finally {
    api.kill('SIGTERM');
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
