/**
 * Are two builds' listing answers the same bytes? (`npx tsx bench/catalog-answers-ab.ts <repo A> <repo B>`, `npm run
 * bench:catalog-answers-ab -- <repo A> <repo B>`): both checkouts' api (`bin/role.ts api`, listing cache off) on the
 * bench database of bench/catalog-setup.ts, then the same random requests of bench:catalog-load's scenarios
 * (bench/catalog-scenarios.ts) to both: `N` searches (default 1000; every fifth with a sort and page 2) and N/4 each
 * of category and whole-catalog pages, every third in English (`lang=en`). Compares each answer's status, body
 * (byte for byte, asked uncompressed unless `ACCEPT_ENCODING` says otherwise), x-pagination-* headers, content-type
 * and content-length, prints the first differences and the
 * totals, and exits 1 when any answer differs. The check behind "answers stay byte-for-byte the same" for a change
 * of the listing's code (docs/architecture.md "Caches, hot routes and recorded searches"). Ports: `BENCH_PORT` and
 * the one after (default 3998). Each search is recorded twice (SearchPerformed), like the load benches' searches.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createDatabase } from '../platform/db/database.js';
import { BENCH_DB } from './catalog-setup.js';
import { catalogScenarios } from './catalog-scenarios.js';
import { benchDatabaseUrl, waitFor } from './support.js';

const [repoA, repoB] = process.argv.slice(2).map((p) => path.resolve(p));
if (!repoA || !repoB) throw new Error('usage: catalog-answers-ab.ts <repo A> <repo B>');
const PORT = Number(process.env.BENCH_PORT ?? 3998);
const N = Number(process.env.N ?? 1000);
const HEADERS = ['x-pagination-total-count', 'x-pagination-page-count', 'x-pagination-current-page', 'x-pagination-per-page', 'content-type', 'content-length'];

async function main(): Promise<number> {
  const url = await benchDatabaseUrl(BENCH_DB);
  const db = createDatabase(url, { max: 2 });
  const children: ChildProcess[] = [];
  const start = (repo: string, port: number) => {
    const env = { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, SESSION_SECRET: randomUUID() + randomUUID(), LISTING_CACHE_TTL_MS: '0' };
    children.push(spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'bin', 'role.ts'), 'api'], { cwd: repo, env, stdio: ['ignore', 'ignore', 'inherit'] }));
  };
  try {
    start(repoA, PORT);
    start(repoB, PORT + 1);
    await Promise.all([PORT, PORT + 1].map((port) => waitFor(`http://127.0.0.1:${port}/health`)));
    const scenarios = await catalogScenarios(`http://127.0.0.1:${PORT}`, db);
    const answer = async (port: number, p: string) => {
      // The api's own bytes, not a decompressed copy (fetch asks for compression unless told; ACCEPT_ENCODING= to compare compressed answers' lengths too).
      const r = await fetch(`http://127.0.0.1:${port}${p}`, { headers: { 'accept-encoding': process.env.ACCEPT_ENCODING ?? 'identity' } });
      return { status: r.status, body: Buffer.from(await r.arrayBuffer()), headers: HEADERS.map((h) => r.headers.get(h)).join('|') };
    };
    let same = 0;
    let different = 0;
    let bytes = 0;
    const statuses = new Map<number, number>();
    const kinds: [string, () => string, number][] = [
      ['search', scenarios.search, N],
      ['category', scenarios.category, Math.floor(N / 4)],
      ['catalog', scenarios.catalog, Math.floor(N / 4)],
    ];
    for (const [kind, make, count] of kinds) {
      for (let i = 0; i < count; i++) {
        let p = make();
        if (i % 3 === 1) p += '&lang=en';
        if (kind === 'search' && i % 5 === 2) p += `&sort=${['name', '-total_price', 'id'][i % 3]}&page=2`;
        const [a, b] = await Promise.all([answer(PORT, p), answer(PORT + 1, p)]);
        bytes += a.body.length;
        statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
        if (a.status === b.status && a.headers === b.headers && a.body.equals(b.body)) same++;
        else if (++different <= 5) console.log(`different: ${p}: A ${a.status} ${a.headers} (${a.body.length} bytes), B ${b.status} ${b.headers} (${b.body.length} bytes)`);
      }
    }
    console.log(`statuses of A: ${[...statuses].map(([s, n]) => `${s} x${n}`).join(', ')}`);
    console.log(`${same} identical, ${different} different answers (${(bytes / 1e6).toFixed(1)} MB of A's answers compared)`);
    return different ? 1 : 0;
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
