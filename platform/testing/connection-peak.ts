/**
 * The test run's peak of PostgreSQL connections (docs/architecture.md "Connections"): the integration project's global
 * setup samples pg_stat_activity every `intervalMs` on one connection of its own for the whole run and prints, at
 * teardown, the most client connections the server held at once (all databases, and the run's test databases
 * `test_*`), with who held the most at that moment. The server's connections are shared with every running shop and
 * tool, so the figure is information: sampling never fails the run (a failed sample is skipped, a failed start
 * prints why and samples nothing).
 */
import pg from 'pg';

export interface ConnectionPeakSampler {
  /** The peaks so far: client connections to the test databases (`test_*`) and to the whole server. */
  peak(): { tests: number; server: number };
  /** Stops sampling and answers the report line. */
  stop(): Promise<string>;
}

/** Starts sampling the server at `adminUrl` (a superuser URL; its own connection is not counted). */
export async function sampleConnectionPeak(adminUrl: string, intervalMs = 100): Promise<ConnectionPeakSampler> {
  const client = new pg.Client({ connectionString: adminUrl, application_name: 'test-run-connection-sampler' });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    return { peak: () => ({ tests: 0, server: 0 }), stop: async () => `connections: not sampled (${(error as Error).message})` };
  }
  const peak = { server: 0, tests: 0, at: '', top: '' };
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        const r = await client.query<{ datname: string | null; application_name: string; n: number }>(
          `select datname, application_name, count(*)::int as n from pg_stat_activity
           where backend_type = 'client backend' and pid <> pg_backend_pid() group by 1, 2`,
        );
        samples++;
        const server = r.rows.reduce((sum, row) => sum + row.n, 0);
        const tests = r.rows.filter((row) => row.datname?.startsWith('test_')).reduce((sum, row) => sum + row.n, 0);
        if (server > peak.server) peak.server = server;
        if (tests > peak.tests) {
          peak.tests = tests;
          peak.at = new Date().toISOString();
          const byName = new Map<string, number>();
          for (const row of r.rows) if (row.datname?.startsWith('test_')) byName.set(row.application_name || '(none)', (byName.get(row.application_name || '(none)') ?? 0) + row.n);
          peak.top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([name, n]) => `${name} ${n}`).join(', ');
        }
      } catch {
        // A missed sample only makes the peak less exact.
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs).unref());
    }
  })();
  return {
    peak: () => ({ tests: peak.tests, server: peak.server }),
    stop: async () => {
      running = false;
      await loop;
      await client.end().catch(() => {});
      return (
        `connections: peak ${peak.tests} to the test databases (at ${peak.at || '-'}; ${peak.top || '-'}), ` +
        `peak ${peak.server} to the whole server (shared with anything else running), ${samples} samples every ${intervalMs} ms`
      );
    },
  };
}
