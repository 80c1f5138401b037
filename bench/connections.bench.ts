/**
 * Connections held by one `npm start` and projection lag under load (`npm run bench:connections`): every role in
 * this process as `npm start` composes them (bin/runtime.ts startEveryRole on a runtime of role `all`), on a fresh
 * database with the place-order bench's hot products (bench/place-order-load.ts), while `SHOPPERS` (default 16)
 * shoppers place orders for `DURATION` seconds (default 15).
 *
 * Prints the connections of the composition to its database (pg_stat_activity, the bench's own sampler excluded):
 * peak at start, peak under load, and by application_name at the peak; and the projection lag in milliseconds
 * (median, p95, max): from the moment an event is the newest committed one until every read model's checkpoint has
 * passed it, a probe every 100 ms during the load. Figures only; it never fails.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { importCatalog } from '../commands/catalog/import-catalog.js';
import { loadConfig } from '../platform/config.js';
import { createDatabase } from '../platform/db/database.js';
import { PostgresEventStore } from '../platform/event-store/postgres.js';
import { dropDatabase, ensureDatabase, ensurePostgres } from '../platform/services/ensure-services.js';
import { liveSchema } from '../projections/read-model.js';
import { READ_MODELS } from '../projections/read-models.js';
import { startSmtpSink } from '../tests/support/smtp-sink.js';
import { freePort } from '../tests/support/free-port.js';
import { openRuntime, startEveryRole } from '../bin/runtime.js';
import { hotProductRows, runPlaceOrderLoad } from './place-order-load.js';
import { fmt, percentile, printTable } from './support.js';

const SHOPPERS = Number(process.env.SHOPPERS ?? 16);
const DURATION = Number(process.env.DURATION ?? 15);
const SAMPLER = 'bench-connections-sampler';

async function main() {
  const admin = process.env.BENCH_DATABASE_ADMIN_URL ?? (await ensurePostgres((line) => process.stderr.write(`${line}\n`)));
  const dbName = `shop_bench_connections_${process.pid}`;
  const url = await ensureDatabase(admin, dbName);
  const sink = await startSmtpSink();
  // The api reads its place-order limits from the environment (api/plugins/rate-limits.ts): high enough for the load.
  for (const name of ['PLACE_ORDER_LIMIT_PER_IP', 'PLACE_ORDER_LIMIT_PER_EMAIL']) process.env[name] = '1000000';
  const port = await freePort();
  const config = loadConfig(
    { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', SMTP_URL: sink.url, MAIL_CATCHER: 'off', OMNIVA_LOCATIONS_URL: '', ITELLA_EE_LOCATIONS_URL: '', ITELLA_FI_LOCATIONS_URL: '' },
    'one-machine',
  );
  // The sampler's own connections are left out of every count (application_name).
  const sampler = new pg.Client({ connectionString: url, application_name: SAMPLER });
  await sampler.connect();
  const probeDb = createDatabase(url, { max: 1, applicationName: SAMPLER });
  const probeStore = new PostgresEventStore(probeDb);
  let phase: 'start' | 'load' | 'after' = 'start';
  const peaks = { start: 0, load: 0, after: 0 };
  let peakByName: Record<string, number> = {};
  let sampling = true;
  const sampling$ = (async () => {
    while (sampling) {
      const r = await sampler.query<{ application_name: string; n: number }>(
        `select application_name, count(*)::int as n from pg_stat_activity where datname = $1 and application_name <> $2 group by 1`,
        [dbName, SAMPLER],
      );
      const total = r.rows.reduce((sum, row) => sum + row.n, 0);
      if (total > peaks[phase]) {
        peaks[phase] = total;
        if (total >= Math.max(peaks.start, peaks.load, peaks.after)) peakByName = Object.fromEntries(r.rows.map((row) => [row.application_name, row.n]));
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();

  const rt = await openRuntime(config, 'all', { queuePrefix: `bench-connections-${process.pid}` });
  const rows = hotProductRows();
  const roles = await startEveryRole(rt, () => {}, {
    admin: { username: 'bench', password: 'bench-connections-password' },
    prepare: async () => {
      await importCatalog(rt.store, rows, { vatRatePercent: 24, concurrency: 4, now: () => new Date().toISOString() });
    },
  });
  try {
    // The smallest checkpoint of all read models (text order is `$all` order).
    const slowest = async () => {
      const union = sql.join(READ_MODELS.map((rm) => sql`select checkpoint from ${sql.id(liveSchema(rm), 'checkpoint')}`), sql` union all `);
      const r = await sql<{ checkpoint: string }>`select min(checkpoint) as checkpoint from (${union}) c`.execute(probeDb);
      return r.rows[0].checkpoint;
    };
    // Every 100 ms the newest committed event becomes a probe; every 20 ms the slowest read model's checkpoint
    // settles the probes it passed. A probe's lag: from its start until every read model passed its event.
    const lags: number[] = [];
    const pending: { head: string; started: number }[] = [];
    phase = 'load';
    let loading = true;
    const probing = (async () => {
      let lastProbe = 0;
      while (loading || pending.length) {
        if (loading && performance.now() - lastProbe >= 100) {
          lastProbe = performance.now();
          pending.push({ head: await probeStore.newestCommittedCheckpoint(), started: lastProbe });
        }
        const reached = await slowest();
        const now = performance.now();
        for (let i = pending.length - 1; i >= 0; i--) if (pending[i].head <= reached) lags.push(now - pending.splice(i, 1)[0].started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const load = await runPlaceOrderLoad({ address: `http://127.0.0.1:${port}`, productIds: rows.map((r) => r.productId), shoppers: SHOPPERS, durationS: DURATION });
    loading = false;
    await probing;
    phase = 'after';
    await roles.caughtUp();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const orders = load.statuses.get(200) ?? 0;
    printTable([
      {
        shoppers: SHOPPERS,
        'orders/s': fmt(orders / load.seconds),
        'order p95 ms': fmt(percentile(load.latencies, 95)),
        'other statuses': [...load.statuses].filter(([s]) => s !== 200).map(([s, n]) => `${s}x${n}`).join(' ') || '-',
        'conn peak start': peaks.start,
        'conn peak load': peaks.load,
        'conn peak after': peaks.after,
        'lag p50 ms': fmt(percentile(lags, 50)),
        'lag p95 ms': fmt(percentile(lags, 95)),
        'lag max ms': fmt(Math.max(...lags)),
        probes: lags.length,
      },
    ]);
    console.log(`connections at the peak by application_name: ${JSON.stringify(peakByName)}`);
  } finally {
    sampling = false;
    await sampling$.catch(() => {});
    await roles.stop();
    await rt.shopQueue().queue.obliterate({ force: true }).catch(() => {});
    await rt.close();
    await probeDb.destroy();
    await sampler.end();
    await sink.close();
    await dropDatabase(admin, dbName);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
