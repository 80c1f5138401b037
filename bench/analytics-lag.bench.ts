/**
 * Report lag of the analyses (`npm run bench:analytics-lag`): the time from a search appended (commands/catalog/
 * record-search.ts, with a shopper session) to its keyword visible in what the search-conversion screen reads
 * (analytics/search-conversion/queries.ts keywordConversions), with the live projectors running as in the projector
 * role (runProjector, woken by the event store's NOTIFY). Baseline in the same run: the same search visible in the
 * keyword statistics read model (search_stats). SAMPLES (default 40) searches one after the other over a history of
 * HISTORY sessions (default 2,000, tests/support/analytics-history.ts) in database `bench_analytics_lag`; prints
 * median and p95 in milliseconds.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { searchConversionReadModel } from '../analytics/registry.js';
import { keywordConversions } from '../analytics/search-conversion/queries.js';
import { recordSearch } from '../commands/catalog/record-search.js';
import { createDatabase } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import { PostgresEventStore } from '../platform/event-store/postgres.js';
import { ensureReadModel, runProjector } from '../projections/read-model.js';
import { searchStatsReadModel } from '../projections/search-stats/writer.js';
import { appendAnalyticsHistory } from '../tests/support/analytics-history.js';
import { benchDatabaseUrl, fmt, median, percentile, printTable } from './support.js';

async function main() {
  const samples = Number(process.env.SAMPLES ?? 40);
  const url = await benchDatabaseUrl('bench_analytics_lag');
  const db = createDatabase(url, { max: 10 });
  await migrate(db);
  const store = new PostgresEventStore(db, { listenConnectionString: url });
  if (Number((await sql<{ n: string }>`select count(*)::text as n from es_events`.execute(db)).rows[0]!.n) === 0) {
    await appendAnalyticsHistory(store, { sessions: Number(process.env.HISTORY ?? 2000), seed: 5 });
  }
  const models = [searchConversionReadModel, searchStatsReadModel];
  for (const rm of models) await ensureReadModel(db, store, rm);
  const running = models.map((rm) => runProjector(db, store, rm));
  await Promise.all(running.map((r) => r.caughtUp()));
  const lag = { conversion: [] as number[], stats: [] as number[] };
  const all = { from: null, to: null };
  for (let i = 0; i < samples; i++) {
    const keyword = `lag ${randomUUID().slice(0, 8)}`;
    const now = new Date().toISOString();
    const started = performance.now();
    await recordSearch(store, { query: keyword, categoryId: null, filters: {}, resultCount: 1, typedByUser: true, language: 'et' }, { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now, shopperSession: randomUUID() });
    let conversionSeen: number | null = null;
    let statsSeen: number | null = null;
    while (conversionSeen === null || statsSeen === null) {
      if (conversionSeen === null) {
        const r = await sql<{ n: number }>`select count(*)::int as n from rm_analysis_search_conversion.keyword_conversion where keyword = ${keyword}`.execute(db);
        if (r.rows[0]!.n) conversionSeen = performance.now() - started;
      }
      if (statsSeen === null) {
        const r = await sql<{ n: number }>`select count(*)::int as n from rm_search_stats.search_keywords where query = ${keyword}`.execute(db);
        if (r.rows[0]!.n) statsSeen = performance.now() - started;
      }
      if (performance.now() - started > 60_000) throw new Error(`not visible after 60 s: ${keyword}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    lag.conversion.push(conversionSeen);
    lag.stats.push(statsSeen);
  }
  // The screen's query itself, once the row is there (what a staff member's request adds on top).
  const q: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    await keywordConversions(db, { range: all, page: 1, pageSize: 1000 });
    q.push(performance.now() - started);
  }
  console.log(`report lag: search appended -> row visible, ${samples} samples, live projectors (NOTIFY wake-up)`);
  printTable([
    { reader: 'search-conversion analysis', 'p50 ms': fmt(median(lag.conversion)), 'p95 ms': fmt(percentile(lag.conversion, 95)) },
    { reader: 'search_stats read model (baseline)', 'p50 ms': fmt(median(lag.stats)), 'p95 ms': fmt(percentile(lag.stats, 95)) },
    { reader: 'screen query (all time, 1000 keywords)', 'p50 ms': fmt(median(q)), 'p95 ms': fmt(percentile(q, 95)) },
  ]);
  await Promise.all(running.map((r) => r.stop()));
  await store.close();
  await db.destroy();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
