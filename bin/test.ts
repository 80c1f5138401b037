/**
 * `npm test` (through bin/bootstrap.mjs): brings up PostgreSQL and Redis the same way
 * `npm start` does, installs the Debian packages the tests need when missing (Debian's `chromium` for the browser
 * tests, `fonts-dejavu-core` for the PDF tests: platform/testing/os-packages.ts) ONCE, in this one process, before
 * any test file starts, then runs the whole vitest suite once.
 *
 *   npm test                      # every test
 *   npm test -- platform/services # extra arguments go to `vitest run`
 *
 * Environment handed to the tests:
 * - TEST_DATABASE_ADMIN_URL: superuser URL of the PostgreSQL server (database `postgres`);
 *   platform/testing/database.ts creates one fresh database per test file from it.
 * - REDIS_URL: the Redis server.
 * - CHROMIUM_PATH: the browser tests' Chromium (when found or installed).
 * - TEST_OS_PACKAGES_CHECKED=browser: the vitest global setups need not check the packages again.
 * The tools under tools/ (platform/testing/tool-packages.ts) are installed with `npm ci` when missing.
 * A package that cannot be installed is reported here and fails only the tests that need it.
 * Exits with vitest's exit code.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePostgres, ensureRedis } from '../platform/services/ensure-services.js';
import { ensureTestPackages } from '../platform/testing/os-packages.js';
import { ensureToolPackages } from '../platform/testing/tool-packages.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<number> {
  const adminUrl = await ensurePostgres(log);
  const redisUrl = await ensureRedis(log);
  process.env.TEST_DATABASE_ADMIN_URL = adminUrl;
  process.env.REDIS_URL = redisUrl;
  // After the services: one apt-get update at most for everything this process installs.
  const packages = await ensureTestPackages(log, { browser: true });
  if (packages.problem) log(`[test] warning: ${packages.problem}; the tests needing it will fail`);
  else log(`[test] Chromium at ${packages.chromiumPath}, DejaVu fonts installed`);
  // The npm tools kept out of the shop's node_modules (tools/: openapi-typescript with its own TypeScript 5).
  const tools = ensureToolPackages(log);
  if (tools.problem) log(`[test] warning: ${tools.problem}; the tests needing it will fail`);

  if (!process.env.KURRENTDB_URL) {
    log('[test] KurrentDB contract suite skipped: KURRENTDB_URL is not set (no KurrentDB server can be installed here)');
  }

  const vitest = path.join(repoRoot, 'node_modules', '.bin', 'vitest');
  if (!existsSync(vitest)) throw new Error(`${vitest} is missing; run npm install`);
  const args = ['run', ...process.argv.slice(2)];
  log(`[test] vitest ${args.join(' ')}`);

  const child = spawn(process.execPath, [vitest, ...args], { cwd: repoRoot, stdio: 'inherit', env: process.env });
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const forward = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of signals) process.on(signal, forward);

  return new Promise<number>((resolve, reject) => {
    child.on('error', (error) => reject(new Error(`could not start vitest: ${error.message}`)));
    child.on('exit', (code, signal) => {
      for (const s of signals) process.off(s, forward);
      resolve(code ?? (signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : 1));
    });
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`[test] error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
