/**
 * The test run's connection peak (connection-peak.ts): connections opened to a test database show in the peak and
 * in the report line printed at the run's teardown.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleConnectionPeak } from './connection-peak.js';
import { createTestDatabase, type TestDatabase, testDatabaseAdminUrl } from './database.js';

let database: TestDatabase;
const clients: pg.Client[] = [];

beforeAll(async () => {
  database = await createTestDatabase('connection_peak');
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.end().catch(() => {})));
  await database?.drop();
});

describe('connection peak sampler', () => {
  it('counts the connections to the test databases and reports the peak', async () => {
    const sampler = await sampleConnectionPeak(await testDatabaseAdminUrl(), 10);
    try {
      for (let i = 0; i < 4; i++) {
        const client = new pg.Client({ connectionString: database.url, application_name: 'connection-peak-test' });
        await client.connect();
        clients.push(client);
      }
      const started = Date.now();
      while (sampler.peak().tests < 4 && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 20));
      expect(sampler.peak().tests).toBeGreaterThanOrEqual(4);
      expect(sampler.peak().server).toBeGreaterThanOrEqual(sampler.peak().tests);
    } finally {
      const report = await sampler.stop();
      expect(report).toMatch(/^connections: peak \d+ to the test databases .*peak \d+ to the whole server/);
    }
  });
});
