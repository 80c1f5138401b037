/**
 * Vitest global setup (runs once in the main vitest process, before any test file): makes sure
 * PostgreSQL and Redis are up when the environment does not already name them, so a bare
 * `npx vitest run` works like `npm test`. Worker processes inherit the variables it sets:
 * TEST_DATABASE_ADMIN_URL (superuser URL, database `postgres`) and REDIS_URL.
 *
 * It installs the npm tools under tools/ when missing (tool-packages.ts).
 *
 * It also samples the server's connections for the whole run and prints the peak at teardown
 * (connection-peak.ts; information only, never a failure).
 *
 * @throws Error from ensurePostgres / ensureRedis when a service cannot be reached, started or
 *   installed; vitest then reports the error and runs no tests.
 */
import { ensurePostgres, ensureRedis } from '../services/ensure-services';
import { sampleConnectionPeak } from './connection-peak';
import { ensureToolPackages } from './tool-packages';

const log = (line: string) => process.stderr.write(`${line}\n`);

export default async function setup(): Promise<() => Promise<void>> {
  if (!process.env.TEST_DATABASE_ADMIN_URL?.trim()) {
    process.env.TEST_DATABASE_ADMIN_URL = await ensurePostgres(log);
  }
  if (!process.env.REDIS_URL?.trim()) {
    process.env.REDIS_URL = await ensureRedis(log);
  }
  // The npm tools under tools/ (a stat when bin/test.ts has installed them already).
  const tools = ensureToolPackages(log);
  if (tools.problem) log(`warning: ${tools.problem}; the tests needing it will fail`);
  const sampler = await sampleConnectionPeak(process.env.TEST_DATABASE_ADMIN_URL);
  return async () => {
    log(await sampler.stop());
  };
}
