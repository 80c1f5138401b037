/**
 * Brings up the infrastructure the shop needs on a plain Debian 12 machine (as root, no Docker):
 * PostgreSQL, Redis and (for browser tests) Chromium; `aptInstall` installs any other Debian package the same way.
 *
 * Every `ensure*` function follows the same order:
 *   1. an explicit environment variable (`DATABASE_URL`, `REDIS_URL`, `CHROMIUM_PATH`) wins;
 *   2. otherwise a server already running on the usual local port is reused;
 *   3. otherwise an installed but stopped server is started;
 *   4. otherwise the OS package is installed with `apt-get` (root only) and started.
 * Each step is reported through the `log` callback. Every external command runs with a time limit,
 * so a broken machine produces an error message instead of a hang.
 *
 * One module per responsibility, re-exported here so importers keep one entry point:
 * - process-runner.ts: `run` (a command without a shell, time-limited), `findExecutable`, the `Log` type;
 * - apt.ts: `aptInstall` (serialised across processes by a lock file, `apt-get update` only when needed);
 * - postgres.ts: `ensurePostgres`, `ensureDatabase`, `dropDatabase`, URL helpers;
 * - redis.ts: `ensureRedis`, `pingRedis`;
 * - chromium.ts: `findChromium`, `ensureChromium`.
 */
export { aptInstall, aptListsEmpty, packagesWithCandidate } from './apt.js';
export { DEBIAN_CHROMIUM_PATH, ensureChromium, findChromium } from './chromium.js';
export { dropDatabase, ensureDatabase, ensurePostgres, REQUIRED_PG_EXTENSIONS, redactUrl, withDatabase } from './postgres.js';
export { findExecutable, type Log } from './process-runner.js';
export { ensureRedis, pingRedis } from './redis.js';
