/**
 * Analyses replayed blue/green (analytics/replay.ts, bin/analytics-replay.ts) on real PostgreSQL, with the live
 * analyses kept up to date by the harness's projectors:
 * - the storefront carries the anonymous shopper session from a search to a product step (X-Shopper-Session ->
 *   event metadata) and the search-conversion screen counts it;
 * - a replay twice gives the same content hash, equal to the live rows'; a dry run leaves the live schema alone;
 * - the CLI killed half-way (SIGKILL once its side schema's checkpoint moved) resumes from that checkpoint when run
 *   again and ends with the same hash;
 * - the analysis screen's api answers throughout a replay: no error, never empty once it had rows.
 * The history is tests/support/analytics-history.ts (deterministic, appended straight to the store).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisByName } from '../analytics/registry.js';
import { replayAnalysis } from '../analytics/replay.js';
import { hashReadModel, liveSchema } from '../projections/read-model.js';
import { appendAnalyticsHistory } from './support/analytics-history.js';
import { csrfHeaders } from './support/csrf.js';
import { patience } from './support/patience.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { cookieOf, createStaffSessions, registerStaff } from './support/staff-session.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'Analyytika-Pass-2026!';
const SESSION = '3b9d4c1e-7a0f-4e3b-9c2d-5f6a7b8c9d0e';
const conversion = analysisByName('search-conversion');
const funnel = analysisByName('order-funnel');

let h: ShopHarness;
const sessions = createStaffSessions('analytics');
let staff: string;
let databaseUrl: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  h = await createShopHarness('analytics_replay', { api: { sessions: sessions.deps() } });
  await registerStaff(h.store, [['analyst', ['CLIENT']]], { password: PASSWORD, now: h.clock.now });
  await appendAnalyticsHistory(h.store, { sessions: 700, seed: 7, start: '2026-10-01T06:00:00Z', days: 50 });
  await h.settle();
  staff = cookieOf(await sessions.signIn(h.app, 'analyst', PASSWORD));
  const name = (await sql<{ n: string }>`select current_database() as n`.execute(h.db)).rows[0]!.n;
  const url = new URL(process.env.TEST_DATABASE_ADMIN_URL!);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await h?.close();
  await sessions.cleanup();
});

const conversionData = async () => {
  const res = await h.app.inject({ url: '/v1/admin/analytics/search-conversion?range=all&pageSize=100', headers: { cookie: staff } });
  return res;
};

/** Runs the replay CLI; resolves with its exit, stdout and stderr. */
function runCli(args: string[]): { child: ChildProcess; done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bin/analytics-replay.ts'), ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done };
}

const sideCheckpoint = async (): Promise<string | null> => {
  const schema = `${liveSchema(conversion.readModel)}__rebuild`;
  const exists = await sql<{ n: number }>`select count(*)::int as n from information_schema.schemata where schema_name = ${schema}`.execute(h.db);
  if (!exists.rows[0]!.n) return null;
  try {
    return (await sql<{ checkpoint: string }>`select checkpoint from ${sql.id(schema, 'checkpoint')}`.execute(h.db)).rows[0]?.checkpoint ?? null;
  } catch {
    return null; // created but not yet committed
  }
};

describe('analytics: the anonymous shopper session reaches the events', () => {
  it('records a search and a product step with the tab\'s session, and the screen counts the click', async () => {
    const search = await h.app.inject({ url: '/v1/search?q=Wiring%20Harness&iu=user', headers: { 'x-shopper-session': SESSION } });
    expect(search.statusCode, search.body).toBe(200);
    const csrf = await csrfHeaders(h.app);
    const step = await h.app.inject({ method: 'POST', url: '/v1/shopper-step', headers: { ...csrf, 'x-shopper-session': SESSION }, payload: { step: 'product-opened', productId: 'p-wire' } });
    expect(step.statusCode, step.body).toBe(200);
    const noSession = await h.app.inject({ method: 'POST', url: '/v1/shopper-step?lang=en', headers: csrf, payload: { step: 'product-opened', productId: 'p-wire' } });
    expect(noSession.statusCode).toBe(400);
    expect(noSession.json()).toMatchObject({ success: false });
    const badBody = await h.app.inject({ method: 'POST', url: '/v1/shopper-step', headers: { ...csrf, 'x-shopper-session': SESSION }, payload: { step: 'cart-added', productId: 'p-wire', quantity: -1 } });
    expect(badBody.statusCode).toBe(400);
    const stored = await sql<{ type: string; session: string | null }>`
      select event_type as type, metadata->>'shopperSession' as session from es_events
      where event_type in ('SearchPerformed', 'ShopperOpenedProduct') and metadata->>'shopperSession' = ${SESSION} order by global_position`.execute(h.db);
    expect(stored.rows).toEqual([
      { type: 'SearchPerformed', session: SESSION },
      { type: 'ShopperOpenedProduct', session: SESSION },
    ]);
    await expect
      .poll(async () => ((await conversionData()).json().data.keywords as { keyword: string }[]).find((k) => k.keyword === 'wiring harness'), { timeout: patience(10_000) })
      .toMatchObject({ searches: 1, zeroResults: 1, trackedSearches: 1, clickedSearches: 1, noClickSearches: 0, productOpens: 1 });
  });

  it('answers the screens only to staff, and a bad range with 400 in the request\'s language', async () => {
    expect((await h.app.inject({ url: '/v1/admin/analytics/order-funnel' })).statusCode).toBe(401);
    const bad = await h.app.inject({ url: '/v1/admin/analytics/order-funnel?range=forever&lang=en', headers: { cookie: staff } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors?.[0]?.code ?? bad.body).toContain('statistics.range_invalid');
    const funnelRes = await h.app.inject({ url: '/v1/admin/analytics/order-funnel?range=all', headers: { cookie: staff } });
    expect(funnelRes.statusCode, funnelRes.body).toBe(200);
    const data = funnelRes.json().data as { weeks: { placed: number; paid: number; filled: number }[]; paymentMethods: { share: number }[] };
    expect(data.weeks.length).toBeGreaterThan(3);
    const placed = data.weeks.reduce((n, w) => n + w.placed, 0);
    const paid = data.weeks.reduce((n, w) => n + w.paid, 0);
    const filled = data.weeks.reduce((n, w) => n + w.filled, 0);
    expect(placed).toBeGreaterThan(paid);
    expect(paid).toBeGreaterThan(filled);
    expect(data.paymentMethods.reduce((n, m) => n + m.share, 0)).toBeCloseTo(1, 6);
    const csv = await h.app.inject({ url: '/v1/admin/analytics/search-conversion?range=all&format=csv&lang=en', headers: { cookie: staff } });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Keyword,Searches');
  });
});

describe('analytics:replay', () => {
  it('gives the same hash twice, equal to the live rows\', for each analysis; a dry run leaves live alone', async () => {
    for (const analysis of [conversion, funnel]) {
      await h.settle();
      const live = await hashReadModel(h.db, analysis.readModel);
      expect(live).not.toMatch(/:empty/);
      const first = await replayAnalysis(h.db, h.store, analysis);
      const second = await replayAnalysis(h.db, h.store, analysis);
      expect(first.hash).toBe(live);
      expect(second.hash).toBe(first.hash);
      expect(first.events).toBeGreaterThan(100);
      const oid = async () => (await sql<{ oid: number }>`select oid::int from pg_namespace where nspname = ${liveSchema(analysis.readModel)}`.execute(h.db)).rows[0]?.oid;
      const before = await oid();
      const dry = await replayAnalysis(h.db, h.store, analysis, { dryRun: true });
      expect(dry.hash).toBe(first.hash);
      expect(await oid()).toBe(before);
    }
  });

  it('replays a window: fewer searches from a later date, the whole history again without one', async () => {
    const all = await replayAnalysis(h.db, h.store, conversion);
    const windowed = await replayAnalysis(h.db, h.store, conversion, { window: { fromTime: '2026-11-01T00:00:00Z', toTime: null, fromPosition: null, toPosition: null } });
    expect(windowed.hash).not.toBe(all.hash);
    const first = await sql<{ d: string }>`select min(day)::text as d from rm_analysis_search_conversion.keyword_conversion`.execute(h.db);
    expect(first.rows[0]!.d >= '2026-11-01').toBe(true);
    expect((await replayAnalysis(h.db, h.store, conversion)).hash).toBe(all.hash);
  });

  it('resumes a replay killed half-way from its own checkpoint and ends with the same hash', async () => {
    await h.settle();
    const expected = await hashReadModel(h.db, conversion.readModel);
    // Paced so that it is surely killed in the middle: 20 events a batch, 400 events a second.
    const killed = runCli(['search-conversion', '--batch', '20', '--max-rate', '400']);
    let moved: string | null = null;
    await expect.poll(async () => (moved = await sideCheckpoint()), { timeout: patience(60_000), interval: 100 }).toBeTruthy();
    killed.child.kill('SIGKILL');
    const end = await killed.done;
    expect(end.signal).toBe('SIGKILL');
    const left = await sideCheckpoint();
    expect(left).toBeTruthy();
    expect(left! >= moved!).toBe(true);
    // The live analysis kept its rows meanwhile.
    expect(await hashReadModel(h.db, conversion.readModel)).toBe(expected);
    const rerun = await runCli(['search-conversion']).done;
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.stderr).toContain('resuming');
    expect(rerun.stdout).toContain('(resumed)');
    expect(rerun.stdout).toContain(`hash ${expected}`);
    expect(await sideCheckpoint()).toBeNull();
    expect(await hashReadModel(h.db, conversion.readModel)).toBe(expected);
  }, patience(240_000)); // two CLI starts (tsx) on a loaded machine

  it('keeps the screen\'s api answering throughout a replay: no error, never empty', async () => {
    let done = false;
    let polls = 0;
    const failures: string[] = [];
    const poller = (async () => {
      while (!done) {
        const res = await conversionData();
        polls++;
        if (res.statusCode !== 200) failures.push(`${res.statusCode} ${res.body.slice(0, 200)}`);
        else if ((res.json().data.keywords as unknown[]).length === 0) failures.push('empty');
        await new Promise((r) => setImmediate(r));
      }
    })();
    const replay = replayAnalysis(h.db, h.store, conversion, { batchSize: 25, maxRate: 1500, log: () => {} });
    // New events meanwhile too: the live runner keeps projecting until the switch.
    await h.app.inject({ url: '/v1/search?q=during%20replay&iu=user', headers: { 'x-shopper-session': randomUUID() } });
    await replay.finally(() => (done = true));
    await poller;
    expect(failures).toEqual([]);
    expect(polls).toBeGreaterThan(3);
    await expect
      .poll(async () => ((await conversionData()).json().data.keywords as { keyword: string }[]).some((k) => k.keyword === 'during replay'))
      .toBe(true);
  });
});
